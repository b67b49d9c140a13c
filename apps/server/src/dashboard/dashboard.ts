import { Hono } from 'hono';
import {
  addDays,
  can,
  formatFuelEconomy,
  screenPathOf,
  type AreaKey,
  type DashboardAnswer,
  type DashboardCard,
  type DashboardNumber,
  type ListTotal,
} from '@raahi/domain';
import type { AppEnv } from '../auth/middleware';
import { roleOf } from '../auth/permissions';
import { companyTimeZone, companyToday } from '../company-time';
import type { Database } from '../db/client';
import { keepCountsInZone } from '../http/kept-counts';
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
  area: AreaKey;
  filters: Filters;
  sub: { key: string; title: string; filters: Filters; detail: (count: string) => string };
}

/** Spec 000's four cards: the card counts its records, the sub-line a part of them. */
export const DASHBOARD_CARDS: readonly CardDeclaration[] = [
  {
    key: 'totalVehicles',
    title: 'Total Vehicles',
    area: 'vehicles',
    filters: { fleet: 'In Fleet' },
    sub: { key: 'vehiclesAddedThisMonth', title: 'Added this month', filters: { fleet: 'In Fleet', added: 'This Month' }, detail: (n) => `+${n} this month` },
  },
  {
    key: 'activeDrivers',
    title: 'Active Drivers',
    area: 'drivers',
    filters: { status: 'Active' },
    sub: { key: 'driversJoinedThisMonth', title: 'Joined this month', filters: { status: 'Active', joined: 'This Month' }, detail: (n) => `+${n} new` },
  },
  {
    key: 'pendingMaintenance',
    title: 'Pending Maintenance',
    area: 'maintenance',
    filters: { pending: 'Pending' },
    sub: { key: 'maintenanceOverdue', title: 'Overdue', filters: { overdue: 'Overdue' }, detail: (n) => `${n} overdue` },
  },
  {
    key: 'openIncidents',
    title: 'Open Incidents',
    area: 'incidents',
    filters: { open: 'Open' },
    sub: { key: 'criticalIncidents', title: 'Critical', filters: { open: 'Open', severity: 'Critical' }, detail: (n) => `${n} critical` },
  },
];

export const ON_TIME = { area: 'trips' as const, onTime: { delivery: 'On Time (30d)' }, delivered: { delivered: 'Delivered (30d)' } };

const numberFormat = new Intl.NumberFormat('en-IN');
/** A count as the card shows it: Indian grouping, "about" above the exact-count cap (as the list says it). */
const countText = ({ total, totalIsEstimate }: ListTotal) => `${totalIsEstimate ? 'about ' : ''}${numberFormat.format(total)}`;
const query = (filters: Filters) => new URLSearchParams(filters).toString();

/** The fuel economy window: today and the 29 days before, in the company's days. */
export const FUEL_WINDOW_DAYS = 30;
/**
 * The fleet's km and litres over the window (today and the 29 days before, company's days): the sums of the fills
 * counted in it, which the database keeps as fuel expenses and refuelling logs are written (migration 0039,
 * decision 0044) exactly as countFills() (packages/domain/src/fuel-economy.ts) counts them — per vehicle, one fill
 * per odometer reading, the vehicle's first fill only setting the start, partial fills carried to the next full
 * one. A fill is the window's when the earliest day of its expenses or of its logs is. The fleet's: a sum over the
 * kept sums of counted fills by those two days (record_counts, migration 0042, decision 0046), a few keys a day;
 * one vehicle's (or the fleet's while the sums are kept in another zone): through the two indexes of counted fills
 * by day. Never a table whole. The figure merges both kinds of record, so it is answered to a role that may view
 * both (every role that views one views the other).
 */
export async function fuelTotals(database: Database, today: string, scope: FuelScope = {}): Promise<{ km: number; litres: number }> {
  const { text, params } = fuelTotalsStatement(today, scope);
  let [row] = await database.query<{ km: number | null; litres: number | null; zone?: string }>(text, params);
  if (row?.zone !== undefined && row.zone !== companyTimeZone()) {
    void keepCountsInZone(database);
    const fills = fuelFillsStatement(today, scope);
    [row] = await database.query<{ km: number | null; litres: number | null }>(fills.text, fills.params);
  }
  return { km: Number(row?.km ?? 0), litres: Number(row?.litres ?? 0) };
}

/**
 * Which fills the totals read: one vehicle's (a vehicle page's km/L) or the fleet's, over `days` days ending
 * today (the dashboard's FUEL_WINDOW_DAYS by default).
 */
export interface FuelScope {
  vehicleId?: string;
  days?: number;
}

/** The window's first day: `days` days ending today. */
function windowStart(today: string, scope: FuelScope) {
  const days = scope.days ?? FUEL_WINDOW_DAYS;
  if (!Number.isInteger(days) || days < 1) throw new Error(`A fuel window is a whole number of days (got ${days})`);
  return addDays(today, -(days - 1));
}

/** The statement of fuelTotals, also for the benches' EXPLAIN: the fleet's from the kept sums (with their zone), a vehicle's from its fills. */
export function fuelTotalsStatement(today: string, scope: FuelScope = {}): { text: string; params: string[] } {
  if (scope.vehicleId !== undefined) return fuelFillsStatement(today, scope);
  const text = `SELECT (SELECT time_zone FROM record_counts_zone) AS zone, sum(sums[1])::float8 AS km, sum(sums[2])::float8 AS litres
      FROM record_counts WHERE counted = 'fuel-fills'
       AND ((key->>'expense_day')::date BETWEEN $1::date AND $2::date OR (key->>'log_day')::date BETWEEN $1::date AND $2::date)`;
  return { text, params: [windowStart(today, scope), today] };
}

/** The window's counted fills summed from fuel_fills' indexes. */
function fuelFillsStatement(today: string, scope: FuelScope): { text: string; params: string[] } {
  const from = windowStart(today, scope);
  const zone = companyTimeZone().replace(/'/g, '');
  const vehicle = scope.vehicleId === undefined ? '' : ' AND vehicle_id = $3';
  // Two index-only ranges (by expense day, then by log time for the fills no expense day already put in the window),
  // rather than one scan with an OR that must visit the table.
  const text = `SELECT sum(km)::float8 AS km, sum(litres)::float8 AS litres FROM (
      SELECT km, litres FROM fuel_fills WHERE km IS NOT NULL${vehicle} AND expense_day BETWEEN $1::date AND $2::date
      UNION ALL
      SELECT km, litres FROM fuel_fills WHERE km IS NOT NULL${vehicle}
        AND log_at >= ($1::date)::timestamp AT TIME ZONE '${zone}' AND log_at < ($2::date + 1)::timestamp AT TIME ZONE '${zone}'
        AND (expense_day IS NULL OR expense_day NOT BETWEEN $1::date AND $2::date)) AS counted`;
  return { text, params: scope.vehicleId === undefined ? [from, today] : [from, today, scope.vehicleId] };
}

export function dashboardRoutes(database: Database, cache = new ListCache(0)) {
  const areas = [...new Set([...DASHBOARD_CARDS.map((card) => card.area), ON_TIME.area, 'fuel-expenses' as const])];
  const lists = new Map(areas.map((key) => [key, listQueries(database, resourceOf(key), cache)]));
  const total = (area: AreaKey, filters: Filters, today: string) => lists.get(area)!.total({ ...filters, today } as Partial<ListQuery>);

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
          href: `${screenPathOf(card.area)}?${query(card.filters)}`,
          totalUrl: `/api/${card.area}/total?${query(card.filters)}`,
          sub: {
            key: card.sub.key,
            title: card.sub.title,
            value: part.total,
            totalIsEstimate: part.totalIsEstimate,
            detail: card.sub.detail(countText(part)),
            href: `${screenPathOf(card.area)}?${query(card.sub.filters)}`,
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
            href: `${screenPathOf(ON_TIME.area)}?${query(ON_TIME.onTime)}`,
            totalUrl: `/api/${ON_TIME.area}/total?${query(ON_TIME.onTime)}`,
          };
        }),
      );
    }
    if (viewable('fuel-expenses') && viewable('refueling-logs')) {
      performance.push(
        fuelTotals(database, today).then(({ km, litres }) => {
          const kmPerLitre = litres > 0 ? km / litres : null;
          const from = addDays(today, -(FUEL_WINDOW_DAYS - 1));
          // The fuel expenses of the window (the fills it is computed from, with those that lack an odometer).
          const expenses = query({ type: 'Fuel', dateFrom: from, dateTo: today });
          return {
            key: 'fuelEconomy',
            title: 'Avg Fuel Eco',
            value: kmPerLitre === null ? null : Math.round(kmPerLitre * 10) / 10,
            totalIsEstimate: false,
            detail: formatFuelEconomy(kmPerLitre),
            href: `${screenPathOf('fuel-expenses')}?${expenses}`,
            totalUrl: `/api/fuel-expenses/total?${expenses}`,
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
