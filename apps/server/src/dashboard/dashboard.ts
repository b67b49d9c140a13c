import { Hono } from 'hono';
import { LITRE_FUELS, addDays, can, formatFuelEconomy, type DashboardAnswer, type DashboardCard, type DashboardNumber, type ListTotal } from '@raahi/domain';
import type { AppEnv } from '../auth/middleware';
import { roleOf } from '../auth/permissions';
import { companyTimeZone, companyToday } from '../company-time';
import type { Database } from '../db/client';
import { ListCache } from '../http/list-cache';
import { listQueries, type ListQuery } from '../http/resource';
import { resourceOf } from '../resources';

/**
 * GET /api/dashboard (decision 0036): the dashboard's numbers, each the total of the list that shows exactly
 * its records. A number is the list's own total (listQueries().total, the same statement, cap, estimate and
 * cache as /api/<area>/total), of the list its `href` opens and its `totalUrl` counts. Only areas the role may
 * view are answered: a card of another area is left out. Today is the company's (RAAHI_TIME_ZONE).
 */
type Filters = Record<string, string>;

interface CardDeclaration {
  key: string;
  title: string;
  area: string;
  /** The web screen of the area. */
  path: string;
  filters: Filters;
  sub: { key: string; title: string; filters: Filters; detail: (count: string) => string };
}

/** Spec 000's four cards: the card counts its records, the sub-line a part of them. */
export const DASHBOARD_CARDS: readonly CardDeclaration[] = [
  {
    key: 'totalVehicles',
    title: 'Total Vehicles',
    area: 'vehicles',
    path: '/vehicle-management',
    filters: { fleet: 'In Fleet' },
    sub: { key: 'vehiclesAddedThisMonth', title: 'Added this month', filters: { fleet: 'In Fleet', added: 'This Month' }, detail: (n) => `+${n} this month` },
  },
  {
    key: 'activeDrivers',
    title: 'Active Drivers',
    area: 'drivers',
    path: '/driver-management',
    filters: { status: 'Active' },
    sub: { key: 'driversJoinedThisMonth', title: 'Joined this month', filters: { status: 'Active', joined: 'This Month' }, detail: (n) => `+${n} new` },
  },
  {
    key: 'pendingMaintenance',
    title: 'Pending Maintenance',
    area: 'maintenance',
    path: '/maintenance',
    filters: { pending: 'Pending' },
    sub: { key: 'maintenanceOverdue', title: 'Overdue', filters: { overdue: 'Overdue' }, detail: (n) => `${n} overdue` },
  },
  {
    key: 'openIncidents',
    title: 'Open Incidents',
    area: 'incidents',
    path: '/incident-emergency',
    filters: { open: 'Open' },
    sub: { key: 'criticalIncidents', title: 'Critical', filters: { open: 'Open', severity: 'Critical' }, detail: (n) => `${n} critical` },
  },
];

export const ON_TIME = { area: 'trips', path: '/fleet-management', onTime: { delivery: 'On Time (30d)' }, delivered: { delivered: 'Delivered (30d)' } };

const numberFormat = new Intl.NumberFormat('en-IN');
/** A count as the card shows it: Indian grouping, "about" above the exact-count cap (as the list says it). */
const countText = ({ total, totalIsEstimate }: ListTotal) => `${totalIsEstimate ? 'about ' : ''}${numberFormat.format(total)}`;
const query = (filters: Filters) => new URLSearchParams(filters).toString();

/** The fuel economy window: today and the 29 days before, in the company's days. */
export const FUEL_WINDOW_DAYS = 30;
/** The memory the fuel totals may group in (SET LOCAL, for that statement's transaction only). */
export const FUEL_WORK_MEM = '32MB';

/**
 * The fleet's km and litres over the window (today and the 29 days before, company's days), computed in the
 * database exactly as fuelEconomy() (packages/domain/src/fuel-economy.ts) does, so that only one row comes
 * back: per vehicle, the fills with an odometer and a litre fuel, one per odometer reading (an expense and a
 * log of the same fill merged: each source's litres summed, the larger taken, partial only if all say so);
 * the first fill only sets the start, and the km and litres of every fill after it up to the vehicle's last
 * full fill count (the partial fills in between carried to the next full one add up to the same sums: Σkm
 * telescopes to last full − first). Read through the window's date indexes (0033), never a table whole.
 * `sources` are the areas the role may view.
 */
export async function fuelTotals(database: Database, today: string, sources: { expenses: boolean; logs: boolean }, scope: FuelScope = {}): Promise<{ km: number; litres: number; vehicles: number }> {
  if (!sources.expenses && !sources.logs) return { km: 0, litres: 0, vehicles: 0 };
  const { text, params } = fuelTotalsStatement(today, sources, scope);
  type Row = { km: number | null; litres: number | null; vehicles: number };
  // A month of a large fleet's fills is tens of thousands of rows: grouped in memory, not spilled to disk by the
  // default work_mem. One vehicle's are a few hundred at most: one statement, no transaction.
  const [row] =
    scope.vehicleId !== undefined
      ? await database.query<Row>(text, params)
      : await database.transaction(async (tx) => {
          await tx.query(`SET LOCAL work_mem = '${FUEL_WORK_MEM}'`);
          return tx.query<Row>(text, params);
        });
  return { km: Number(row?.km ?? 0), litres: Number(row?.litres ?? 0), vehicles: Number(row?.vehicles ?? 0) };
}

/**
 * Which fills the totals read: one vehicle's (a vehicle page's km/L, through its (vehicle, date) indexes of 0038)
 * or the fleet's, over `days` days ending today (the dashboard's FUEL_WINDOW_DAYS by default).
 */
export interface FuelScope {
  vehicleId?: string;
  days?: number;
}

/** The statement of fuelTotals (at least one source), also for the bench's EXPLAIN. */
export function fuelTotalsStatement(today: string, sources: { expenses: boolean; logs: boolean }, scope: FuelScope = {}): { text: string; params: string[] } {
  const days = scope.days ?? FUEL_WINDOW_DAYS;
  if (!Number.isInteger(days) || days < 1) throw new Error(`A fuel window is a whole number of days (got ${days})`);
  const from = addDays(today, -(days - 1));
  const vehicle = scope.vehicleId === undefined ? '' : ' AND vehicle_id = $3';
  const zone = companyTimeZone().replace(/'/g, '');
  const fuels = LITRE_FUELS.map((fuel) => `'${fuel}'`).join(', ');
  const parts = [
    ...(sources.expenses
      ? [`SELECT vehicle_id, odometer, quantity, partial_fill, true AS expense FROM fuel_expenses
          WHERE type = 'Fuel' AND odometer IS NOT NULL AND vehicle_id IS NOT NULL AND date >= $1::date AND date <= $2::date AND fuel_type IN (${fuels}) AND quantity > 0${vehicle}`]
      : []),
    ...(sources.logs
      ? [`SELECT vehicle_id, odometer, quantity, partial_fill, false AS expense FROM refueling_logs
          WHERE odometer IS NOT NULL AND timestamp >= ($1::date)::timestamp AT TIME ZONE '${zone}' AND timestamp < ($2::date + 1)::timestamp AT TIME ZONE '${zone}'
            AND fuel_type IN (${fuels}) AND quantity > 0${vehicle}`]
      : []),
  ];
  const text = `WITH fills AS (${parts.join(' UNION ALL ')}),
    merged AS (
      SELECT vehicle_id, odometer,
             greatest(coalesce(sum(quantity) FILTER (WHERE expense), 0), coalesce(sum(quantity) FILTER (WHERE NOT expense), 0)) AS litres,
             bool_and(partial_fill) AS partial
      FROM fills GROUP BY vehicle_id, odometer),
    ends AS (
      SELECT vehicle_id, min(odometer) AS first, max(odometer) FILTER (WHERE NOT partial) AS last_full
      FROM merged GROUP BY vehicle_id),
    vehicles AS (
      SELECT e.vehicle_id, e.last_full - e.first AS km, sum(m.litres) AS litres
      FROM ends e JOIN merged m ON m.vehicle_id = e.vehicle_id AND m.odometer > e.first AND m.odometer <= e.last_full
      WHERE e.last_full > e.first
      GROUP BY e.vehicle_id, e.first, e.last_full)
    SELECT sum(km)::float8 AS km, sum(litres)::float8 AS litres, count(*)::int AS vehicles FROM vehicles`;
  return { text, params: scope.vehicleId === undefined ? [from, today] : [from, today, scope.vehicleId] };
}

export function dashboardRoutes(database: Database, cache = new ListCache(0)) {
  const areas = [...new Set([...DASHBOARD_CARDS.map((card) => card.area), ON_TIME.area, 'fuel-expenses'])];
  const lists = new Map(areas.map((key) => [key, listQueries(database, resourceOf(key), cache)]));
  const total = (area: string, filters: Filters, today: string) => lists.get(area)!.total({ ...filters, today } as Partial<ListQuery>);

  async function answer(role: string): Promise<DashboardAnswer> {
    const today = companyToday();
    const viewable = (area: string) => can(role, area, 'view');
    const cards = Promise.all(
      DASHBOARD_CARDS.filter((card) => viewable(card.area)).map(async (card): Promise<DashboardCard> => {
        const [whole, part] = await Promise.all([total(card.area, card.filters, today), total(card.area, card.sub.filters, today)]);
        return {
          key: card.key,
          title: card.title,
          value: whole.total,
          totalIsEstimate: whole.totalIsEstimate,
          detail: countText(whole),
          href: `${card.path}?${query(card.filters)}`,
          totalUrl: `/api/${card.area}/total?${query(card.filters)}`,
          sub: {
            key: card.sub.key,
            title: card.sub.title,
            value: part.total,
            totalIsEstimate: part.totalIsEstimate,
            detail: card.sub.detail(countText(part)),
            href: `${card.path}?${query(card.sub.filters)}`,
            totalUrl: `/api/${card.area}/total?${query(card.sub.filters)}`,
          },
        };
      }),
    );
    const performance: Promise<DashboardNumber>[] = [];
    if (viewable(ON_TIME.area)) {
      performance.push(
        Promise.all([total(ON_TIME.area, ON_TIME.onTime, today), total(ON_TIME.area, ON_TIME.delivered, today)]).then(([onTime, delivered]) => {
          const percent = delivered.total > 0 ? Math.round((onTime.total / delivered.total) * 100) : null;
          return {
            key: 'onTimeDelivery',
            title: 'On-time Delivery',
            value: percent,
            totalIsEstimate: onTime.totalIsEstimate || delivered.totalIsEstimate,
            detail: percent === null ? 'N/A' : `${percent}%`,
            href: `${ON_TIME.path}?${query(ON_TIME.onTime)}`,
            totalUrl: `/api/${ON_TIME.area}/total?${query(ON_TIME.onTime)}`,
          };
        }),
      );
    }
    const sources = { expenses: viewable('fuel-expenses'), logs: viewable('refueling-logs') };
    if (sources.expenses || sources.logs) {
      performance.push(
        fuelTotals(database, today, sources).then(({ km, litres }) => {
          const kmPerLitre = litres > 0 ? km / litres : null;
          const from = addDays(today, -(FUEL_WINDOW_DAYS - 1));
          // The fuel expenses of the window (the fills it is computed from, with those that lack an odometer).
          const expenses = query({ type: 'Fuel', dateFrom: from, dateTo: today });
          const logs = query({ section: 'logs', 'logs.timestampFrom': from, 'logs.timestampTo': today });
          return {
            key: 'fuelEconomy',
            title: 'Avg Fuel Eco',
            value: kmPerLitre === null ? null : Math.round(kmPerLitre * 10) / 10,
            totalIsEstimate: false,
            detail: formatFuelEconomy(kmPerLitre),
            href: sources.expenses ? `/fuel-expense?${expenses}` : `/partner-fuel-stations?${logs}`,
            totalUrl: sources.expenses ? `/api/fuel-expenses/total?${expenses}` : `/api/refueling-logs/total?${query({ timestampFrom: from, timestampTo: today })}`,
          };
        }),
      );
    }
    return { today, timeZone: companyTimeZone(), cards: await cards, performance: await Promise.all(performance) };
  }

  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await answer(roleOf(c))));
  return app;
}
