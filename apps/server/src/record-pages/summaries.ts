import { Hono } from 'hono';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, can, recordPageOf, type DriverSummary, type StateChip, type VehicleSummary } from '@raahi/domain';
import type { AppEnv } from '../auth/middleware';
import { roleOf } from '../auth/permissions';
import { companyToday } from '../company-time';
import type { Database } from '../db/client';
import { fuelTotals } from '../dashboard/dashboard';
import { notFound } from '../http/errors';
import { listConditions } from '../http/resource';
import { recordMissing, recordSelection } from '../operations/stored-record';
import { resourceOf } from '../resources';
import { odometerNear, periodCostAndOdometer, type CostSources } from './vehicle-cost';

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
  { area: 'service-schedules', tab: 'service-schedules', filter: 'due', value: 'Overdue', state: 'Overdue' },
  { area: 'service-schedules', tab: 'service-schedules', filter: 'due', value: 'Due Soon', state: 'Due Soon' },
] as const;

/** How each chip's area names the vehicle: compliance by its Entity ID, schedules by their Vehicle. */
const VEHICLE_FIELD: Record<string, string> = { compliance: 'entityId', 'service-schedules': 'vehicleId' };

/** The chip's count: the list's own condition for the state (listConditions, as its total) and the vehicle. */
async function chipCount(database: Database, area: string, vehicleId: string, filter: string, value: string, today: string): Promise<number> {
  const def = resourceOf(area);
  const { all } = recordSelection(def);
  const where = and(eq(all[VEHICLE_FIELD[area]], vehicleId), listConditions(def, all, undefined, [[filter, value]], today));
  const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(def.table).where(where);
  return Number(row?.count ?? 0);
}

export async function vehicleChips(database: Database, vehicleId: string, today: string, role: string): Promise<StateChip[]> {
  const chips = VEHICLE_CHIPS.filter((chip) => can(role, chip.area, 'view'));
  const counts = await Promise.all(chips.map((chip) => chipCount(database, chip.area, vehicleId, chip.filter, chip.value, today)));
  return chips.map((chip, i) => ({
    area: chip.area,
    state: chip.state,
    count: counts[i],
    href: `${recordPageOf('vehicles', vehicleId, chip.tab)}&${new URLSearchParams({ [chip.filter]: chip.value }).toString()}`,
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

/**
 * The last day of the vehicle page's 90 days: today, or the day before the vehicle's last counted reading when
 * that is earlier (a reading's day is read when it begins, so it closes the day before exactly). No reading can
 * lie after today, so a window ending today would never have a km (N/A without a reading on both sides); ending
 * at the last reading, its cost and km cover the same days and the page says which (PeriodCost's from and to).
 */
export async function summaryWindowEnd(database: Pick<Database, 'query'>, vehicleId: string, today: string): Promise<string> {
  const { readings } = await odometerNear(database, vehicleId, []);
  const last = readings[0]?.date;
  return last !== undefined && last <= today ? addDays(last, -1) : today;
}

export async function vehicleSummary(database: Database, vehicleId: string, role: string, today = companyToday()): Promise<VehicleSummary | null> {
  const [vehicle] = await database.query<{ id: string; license_plate: string; make: string; model: string; type: string; status: string }>(
    'SELECT id, license_plate, make, model, type, status FROM vehicles WHERE id = $1',
    [vehicleId],
  );
  if (!vehicle) return null;
  const to = await summaryWindowEnd(database, vehicleId, today);
  const from = addDays(to, -(SUMMARY_WINDOW_DAYS - 1));
  const sources = costSourcesOf(role);
  const fuelSources = { expenses: sources.expenses, logs: sources.logs };
  const [{ cost, currentOdometer }, fuel, chips] = await Promise.all([
    periodCostAndOdometer(database, vehicleId, from, to, sources),
    fuelTotals(database, to, fuelSources, { vehicleId, days: SUMMARY_WINDOW_DAYS }),
    vehicleChips(database, vehicleId, today, role),
  ]);
  return {
    id: vehicle.id,
    licensePlate: vehicle.license_plate,
    make: vehicle.make,
    model: vehicle.model,
    type: vehicle.type,
    status: vehicle.status,
    odometerKm: currentOdometer,
    last90Days: cost,
    kmPerLitre: fuel.litres > 0 ? Math.round((fuel.km / fuel.litres) * 100) / 100 : null,
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
