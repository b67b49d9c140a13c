import { EXPENSE_TYPES, addDays, dayStart, interpolateOdometer, kmBetween, perKm, type CostLine, type OdometerReading, type PeriodCost } from '@raahi/domain';
import { companyTimeZone } from '../company-time';
import type { Database } from '../db/client';

/**
 * A vehicle's cost and km over a period (decision 0042), for the vehicle page and the reports that follow.
 *
 * Costs: the records of the vehicle dated in [from, to] (company's days, both included), one line per kind:
 * each fuel & expense type ('Fuel', 'Toll', …; its Date), 'Refuelling' (refuelling logs' Total Cost; the
 * Timestamp's day in the company's zone), 'Job Cards' (job cards' Cost, not Cancelled ones; on the Completion
 * Date, else the Scheduled Date, as the odometer readings date them) and 'Challans' (Amount; its Date). A record
 * without an amount counts nothing; a kind without records has no line.
 *
 * Km: the odometer at the end of `to` − at the start of `from`, each interpolated in time between the nearest
 * readings (packages/domain/src/odometer.ts: a reading's day is taken as read when it begins), the readings being
 * those of the odometer rule (kept per day by migration 0041, outliers flagged by the median anchor left out). Null
 * without a reading on both sides of each end, or when the readings go backwards.
 */

/** The kinds of cost, in the order of the lines. */
export const COST_KINDS = [...EXPENSE_TYPES, 'Refuelling', 'Job Cards', 'Challans'] as const;

/** Which areas' costs a period's figure takes (a role's view: a line of an area it may not view is left out). */
export interface CostSources {
  expenses: boolean;
  logs: boolean;
  jobCards: boolean;
  challans: boolean;
}
export const ALL_COST_SOURCES: CostSources = { expenses: true, logs: true, jobCards: true, challans: true };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const zoneLiteral = () => companyTimeZone().replace(/'/g, '');

/** The statement of a period's cost lines: $1 vehicle, $2 from, $3 to. Also for the bench's EXPLAIN. */
export function costLinesStatement(sources: CostSources = ALL_COST_SOURCES): string {
  const zone = zoneLiteral();
  const parts = [
    ...(sources.expenses
      ? [`SELECT type AS kind, amount FROM fuel_expenses WHERE vehicle_id = $1 AND date >= $2::date AND date <= $3::date AND amount IS NOT NULL`]
      : []),
    ...(sources.logs
      ? [
          `SELECT 'Refuelling', total_cost FROM refueling_logs WHERE vehicle_id = $1 AND "timestamp" >= ($2::date)::timestamp AT TIME ZONE '${zone}'
            AND "timestamp" < ($3::date + 1)::timestamp AT TIME ZONE '${zone}' AND total_cost IS NOT NULL`,
        ]
      : []),
    ...(sources.jobCards
      ? [
          `SELECT 'Job Cards', cost FROM maintenance_jobs WHERE vehicle_id = $1 AND coalesce(completion_date, scheduled_date) >= $2::date
            AND coalesce(completion_date, scheduled_date) <= $3::date AND cost IS NOT NULL AND status <> 'Cancelled'`,
        ]
      : []),
    ...(sources.challans
      ? [`SELECT 'Challans', amount FROM challans WHERE vehicle_id = $1 AND date >= $2::date AND date <= $3::date AND amount IS NOT NULL`]
      : []),
  ];
  if (parts.length === 0) return `SELECT NULL::text AS kind, 0::float8 AS amount, 0 AS records WHERE false`;
  return `SELECT kind, sum(amount)::float8 AS amount, count(*)::int AS records FROM (${parts.join('\n UNION ALL ')}) costs(kind, amount) GROUP BY kind`;
}

/**
 * Rows of the vehicle's counted readings ($1) nearest some days' starts (SQL date expressions): the last day at or
 * before each and the first at or after, each day's highest — from the kept days (vehicle_odometer_days, migration
 * 0041: the odometer rule applied as the readings are written), two primary-key lookups per day.
 */
const nearRows = (days: string[]) =>
  days
    .flatMap((day) => [
      `(SELECT 'near' AS what, day::text AS read_on, km::float8 AS km FROM vehicle_odometer_days WHERE vehicle_id = $1 AND day <= ${day} ORDER BY day DESC LIMIT 1)`,
      `(SELECT 'near', day::text, km::float8 FROM vehicle_odometer_days WHERE vehicle_id = $1 AND day >= ${day} ORDER BY day LIMIT 1)`,
    ])
    .join('\n    UNION ');

/** The vehicle's current odometer (its kept row: the highest counted reading), as a 'current' row. */
const CURRENT_ROW = `SELECT 'current' AS what, NULL AS read_on, (SELECT km FROM vehicle_odometers WHERE vehicle_id = $1)::float8 AS km`;

/**
 * The vehicle's current odometer and its counted readings nearest the starts of some days ($2…; a reading's day
 * is read when it begins, so an instant at a day's start is that day). Also for the bench's EXPLAIN.
 */
export function odometerNearStatement(instants: number): string {
  return `${CURRENT_ROW}
    UNION ALL (${nearRows(Array.from({ length: instants }, (_, i) => `$${i + 2}::date`))})`;
}

/**
 * The vehicle page's odometer: as odometerNearStatement, with the window chosen in the statement ($2 today, $3 the
 * window's days): it ends at the start of the vehicle's last counted reading's day when that is not after today,
 * else at the end of today (the 'end' row), and starts $3 days earlier.
 */
export function windowOdometerStatement(): string {
  return `WITH e AS MATERIALIZED (SELECT CASE WHEN max(last_day) <= $2::date THEN max(last_day) ELSE $2::date + 1 END AS end_day FROM vehicle_odometers WHERE vehicle_id = $1)
    ${CURRENT_ROW}
    UNION ALL SELECT 'end', end_day::text, NULL FROM e
    UNION ALL (${nearRows(['(SELECT end_day FROM e)', '(SELECT end_day - $3::int FROM e)'])})`;
}

type OdometerRow = { what: string; read_on: string | null; km: number | null };
const readingsOf = (rows: OdometerRow[]) => ({
  current: ((km) => (km === null || km === undefined ? null : Number(km)))(rows.find((row) => row.what === 'current')?.km),
  readings: rows
    .filter((row) => row.what === 'near' && row.read_on !== null && row.km !== null)
    .map((row) => ({ km: Number(row.km), date: String(row.read_on).slice(0, 10) })),
});

/** The current odometer and the counted readings nearest some days' starts (see odometerNearStatement). */
export async function odometerNear(
  database: Pick<Database, 'query'>,
  vehicleId: string,
  days: readonly string[],
): Promise<{ current: number | null; readings: OdometerReading[] }> {
  return readingsOf(await database.query<OdometerRow>(odometerNearStatement(days.length), [vehicleId, ...days]));
}

/**
 * The vehicle page's window of `days` days (see windowOdometerStatement): its first and last day, the current
 * odometer and the readings nearest its ends.
 */
export async function windowOdometer(
  database: Pick<Database, 'query'>,
  vehicleId: string,
  today: string,
  days: number,
): Promise<{ from: string; to: string; current: number | null; readings: OdometerReading[] }> {
  const rows = await database.query<OdometerRow>(windowOdometerStatement(), [vehicleId, today, days]);
  const end = String(rows.find((row) => row.what === 'end')?.read_on ?? addDays(today, 1)).slice(0, 10);
  return { from: addDays(end, -days), to: addDays(end, -1), ...readingsOf(rows) };
}

/** The lines in COST_KINDS order, rupees to the paisa. */
function costLines(rows: { kind: string; amount: number | string; records: number }[]): CostLine[] {
  const order = (kind: string) => {
    const at = (COST_KINDS as readonly string[]).indexOf(kind);
    return at < 0 ? COST_KINDS.length : at;
  };
  return rows
    .map((row) => ({ kind: row.kind, amount: Math.round(Number(row.amount) * 100) / 100, records: Number(row.records) }))
    .sort((a, b) => order(a.kind) - order(b.kind) || a.kind.localeCompare(b.kind));
}

function checkedPeriod(from: string, to: string) {
  if (!DATE.test(from) || !DATE.test(to) || Number.isNaN(dayStart(from)) || Number.isNaN(dayStart(to)))
    throw new Error(`A period is two dates YYYY-MM-DD (got ${from}–${to})`);
  if (from > to) throw new Error(`A period ends on or after its start (got ${from}–${to})`);
}

/** A period's cost with the vehicle's current odometer (read in the same pass over its readings). */
export async function periodCostAndOdometer(
  database: Pick<Database, 'query'>,
  vehicleId: string,
  from: string,
  to: string,
  sources: CostSources = ALL_COST_SOURCES,
): Promise<{ cost: PeriodCost; currentOdometer: number | null }> {
  checkedPeriod(from, to);
  const [rows, odometer] = await Promise.all([costRows(database, vehicleId, from, to, sources), odometerNear(database, vehicleId, [from, addDays(to, 1)])]);
  return { cost: periodCost(from, to, rows, odometer.readings), currentOdometer: odometer.current };
}

type CostRow = { kind: string; amount: number | string; records: number };
export const costRows = (database: Pick<Database, 'query'>, vehicleId: string, from: string, to: string, sources: CostSources = ALL_COST_SOURCES) =>
  database.query<CostRow>(costLinesStatement(sources), [vehicleId, from, to]);

/** A period's PeriodCost from its cost rows and the counted readings nearest its ends. */
export function periodCost(from: string, to: string, rows: CostRow[], readings: OdometerReading[]): PeriodCost {
  const lines = costLines(rows);
  const total = Math.round(lines.reduce((sum, line) => sum + line.amount * 100, 0)) / 100;
  const km = kmBetween(interpolateOdometer(readings, dayStart(from)), interpolateOdometer(readings, dayStart(to) + 1));
  return { from, to, lines, total, km, costPerKm: perKm(total, km) };
}

/**
 * A vehicle's costs and km over the days [from, to] (company's days, both included): PeriodCost. `sources`
 * leaves out the areas a role may not view (all by default).
 */
export async function vehicleCost(
  database: Pick<Database, 'query'>,
  vehicleId: string,
  from: string,
  to: string,
  sources: CostSources = ALL_COST_SOURCES,
): Promise<PeriodCost> {
  return (await periodCostAndOdometer(database, vehicleId, from, to, sources)).cost;
}
