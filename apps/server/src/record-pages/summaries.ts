import { Hono } from 'hono';
import { eq, sql } from 'drizzle-orm';
import { can, recordPageOf, type AreaKey, type DriverSummary, type StateChip, type VehicleSummary } from '@raahi/domain';
import type { AppEnv } from '../auth/middleware';
import { roleOf } from '../auth/permissions';
import { companyToday } from '../company-time';
import type { Database } from '../db/client';
import { fuelTotals } from '../dashboard/dashboard';
import { notFound } from '../http/errors';
import { recordMissing, recordSelection } from '../operations/stored-record';
import { resourceOf } from '../resources';
import { costRows, periodCost, windowOdometer, type CostSources } from './vehicle-cost';
import { scheduleDueColumns } from '../resources/service-schedules';
import { derivedValue } from '../http/derived-sql';
import { derivedColumnsOf } from '../http/resource';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * GET /api/vehicles/:id/summary and GET /api/drivers/:id/summary (issue 19, decision 0042): the heads of the
 * vehicle and driver pages. Mounted under the areas' guards (app.ts), so a role that may not view vehicles
 * (drivers) is refused as for the area's own read; an unknown id answers the area's own 404.
 */

/** The vehicle page's window: today (company's) and the 89 days before. */
export const SUMMARY_WINDOW_DAYS = 90;

/**
 * The chips: a vehicle's compliance documents (entity = the vehicle) and service schedules by state, each the
 * count of the vehicle page's tab filtered by that state's derived filter (compliance `expiry`, schedules `due`).
 */
export const VEHICLE_CHIPS = [
  { area: 'compliance', tab: 'documents', filter: 'expiry', value: 'Expired', state: 'Expired' },
  { area: 'compliance', tab: 'documents', filter: 'expiry', value: 'Expires Soon', state: 'Due Soon' },
  { area: 'service-schedules', tab: 'schedules', filter: 'due', value: 'Overdue', state: 'Overdue' },
  { area: 'service-schedules', tab: 'schedules', filter: 'due', value: 'Due Soon', state: 'Due Soon' },
] as const;

/**
 * The chips' counts: the vehicle's documents (Entity ID = the vehicle) and schedules grouped by their derived state
 * as the lists judge it (the areas' own declarations, derivedValue). A schedule's state reads the vehicle's current
 * odometer: given here as the one the summary computed by the same rule (vehicle_odometer's), not once per row.
 */
async function chipCounts(
  database: Database,
  area: AreaKey,
  vehicleId: string,
  filter: string,
  today: string,
  odometer: number | null,
): Promise<Map<string, number>> {
  const def = resourceOf(area);
  const { all } = recordSelection(def);
  const state = def.area.derived![filter];
  const columns = area === 'service-schedules' ? { ...all, ...scheduleDueColumns(all, sql`${odometer}::integer`) } : derivedColumnsOf(def, all);
  const owner = area === 'service-schedules' ? all.vehicleId : all.entityId;
  const rows = await database.db
    .select({ state: sql<string>`state`, count: sql<number>`count(*)::int` })
    .from(
      sql`(${database.db
        .select({ state: sql`${derivedValue(state, columns as Record<string, PgColumn>, today)}`.as('state') })
        .from(def.table)
        .where(eq(owner, vehicleId))}) AS states`,
    )
    .groupBy(sql`state`);
  return new Map(rows.map((row) => [row.state, Number(row.count)]));
}

export async function vehicleChips(database: Database, vehicleId: string, today: string, role: string, odometer: number | null): Promise<StateChip[]> {
  const chips = VEHICLE_CHIPS.filter((chip) => can(role, chip.area, 'view'));
  const areas = [...new Set(chips.map((chip) => chip.area))];
  const counts = new Map(
    await Promise.all(
      areas.map(async (area) => [area, await chipCounts(database, area, vehicleId, chips.find((c) => c.area === area)!.filter, today, odometer)] as const),
    ),
  );
  return chips.map((chip) => ({
    area: chip.area,
    state: chip.state,
    count: counts.get(chip.area)?.get(chip.value) ?? 0,
    // The page's tab keeps its list's parameters under its own name (`documents.expiry`), as the web's tabs do.
    href: `${recordPageOf('vehicles', vehicleId, chip.tab)}&${new URLSearchParams({ [`${chip.tab}.${chip.filter}`]: chip.value }).toString()}`,
  }));
}

/** The areas of a vehicle's costs the role may view (a line of another area is left out, as the dashboard does). */
export const costSourcesOf = (role: string): CostSources => ({
  expenses: can(role, 'fuel-expenses', 'view'),
  logs: can(role, 'refueling-logs', 'view'),
  jobCards: can(role, 'maintenance', 'view'),
  challans: can(role, 'challans', 'view'),
});

const idParam = (id: string) => {
  if (id.length > 64) throw notFound('No such record.');
  return id;
};

export async function vehicleSummary(database: Database, vehicleId: string, role: string, today = companyToday()): Promise<VehicleSummary | null> {
  const sources = costSourcesOf(role);
  // km/L merges expenses and refuelling logs (decision 0044): for a role that may view both.
  const fuelViewable = sources.expenses && sources.logs;
  // One pass over the vehicle's readings chooses the window (up to its last reading) and finds the odometers at its ends.
  const [[vehicle], { from, to, current, readings }] = await Promise.all([
    database.query<{ id: string; license_plate: string; make: string; model: string; type: string; status: string }>(
      'SELECT id, license_plate, make, model, type, status FROM vehicles WHERE id = $1',
      [vehicleId],
    ),
    windowOdometer(database, vehicleId, today, SUMMARY_WINDOW_DAYS),
  ]);
  if (!vehicle) return null;
  const [rows, fuel, chips] = await Promise.all([
    costRows(database, vehicleId, from, to, sources),
    fuelViewable ? fuelTotals(database, to, { vehicleId, days: SUMMARY_WINDOW_DAYS }) : null,
    vehicleChips(database, vehicleId, today, role, current),
  ]);
  const cost = periodCost(from, to, rows, readings);
  return {
    id: vehicle.id,
    licensePlate: vehicle.license_plate,
    make: vehicle.make,
    model: vehicle.model,
    type: vehicle.type,
    status: vehicle.status,
    odometerKm: current,
    // Lines of areas the role may not view are left out: say so, lest the total read as the vehicle's whole cost.
    last90Days: { ...cost, partial: !Object.values(sources).every(Boolean) },
    kmPerLitre: fuel && fuel.litres > 0 ? Math.round((fuel.km / fuel.litres) * 100) / 100 : null,
    chips,
  };
}

export async function driverSummary(database: Database, driverId: string, role: string): Promise<DriverSummary | null> {
  const [driver] = await database.query<{ id: string; name: string; license: string; contact: string; status: string; joining_date: string | null }>(
    'SELECT id, name, license, contact, status, joining_date::text AS joining_date FROM drivers WHERE id = $1',
    [driverId],
  );
  if (!driver) return null;
  return {
    id: driver.id,
    name: driver.name,
    license: driver.license,
    contact: driver.contact,
    status: driver.status,
    joiningDate: driver.joining_date,
    personalData: can(role, 'driver-health', 'view'),
  };
}

/** The two routes, mounted at the API's root under the vehicles' and drivers' guards (app.ts). */
export function recordPageRoutes(database: Database) {
  const app = new Hono<AppEnv>();
  app.get('/vehicles/:id/summary', async (c) => {
    const id = idParam(c.req.param('id'));
    const summary = await vehicleSummary(database, id, roleOf(c));
    if (!summary) throw recordMissing(resourceOf('vehicles'), id);
    return c.json(summary);
  });
  app.get('/drivers/:id/summary', async (c) => {
    const id = idParam(c.req.param('id'));
    const summary = await driverSummary(database, id, roleOf(c));
    if (!summary) throw recordMissing(resourceOf('drivers'), id);
    return c.json(summary);
  });
  return app;
}
