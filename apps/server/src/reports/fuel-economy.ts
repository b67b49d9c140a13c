import { addDays, LITRE_FUELS, type ReportColumn, type ReportRow } from '@raahi/domain';
import { companyTimeZone } from '../company-time';
import type { Database } from '../db/client';
import type { ReportDefinition, ReportParams, ReportResult } from './report';

/**
 * Report 2 of issue 20, fuel economy by vehicle (decision 0045): per vehicle, the km and litres its counted fills
 * (fuel_fills, decision 0044: a full fill counts the km since the last full fill and the litres since, a partial
 * fill's carried to it, the vehicle's first fill only the start) add up to over the period, counted into it as the
 * dashboard counts a fill into its window (its expense's day or its log's day in it), and the same over the 90
 * days before the period: the vehicle's own baseline. A vehicle 15 % or more below its baseline is flagged. The
 * fleet's km/L is Σkm ÷ Σlitres, never a mean of ratios. Read through two index ranges over the fills (migration
 * 0041's covering indexes by expense day and by log time), never the whole table.
 */

/** The days before the period that make a vehicle's own baseline. */
export const BASELINE_DAYS = 90;
/** Flagged at this share of the baseline or below (15 % or more below it). */
export const FLAG_AT_SHARE = 0.85;
/** The chart's bars: this many lowest and this many highest km/L. */
export const CHART_EACH_END = 10;

const COLUMNS: ReportColumn[] = [
  { key: 'vehicle', label: 'Vehicle', kind: 'text' },
  { key: 'km', label: 'Km', kind: 'km' },
  { key: 'litres', label: 'Litres', kind: 'litres' },
  { key: 'kmPerLitre', label: 'km/L', kind: 'kmPerLitre' },
  { key: 'baselineKmPerLitre', label: `km/L, ${BASELINE_DAYS} days before`, kind: 'kmPerLitre' },
  { key: 'changePercent', label: 'Change %', kind: 'percent' },
  { key: 'flagged', label: 'Flagged (15% or more below)', kind: 'flag' },
];

const zoneLiteral = () => companyTimeZone().replace(/'/g, '');

/**
 * The statement's CTEs: `r`, one row per vehicle with a counted fill in the period: km, litres, base_km, base_litres
 * (null without a fill in the baseline), ratio (km/L), change (%, numeric) and flagged. $1 the baseline's first
 * day, $2 the period's first, $3 its last, $4 the vehicle when filtered. Also for the bench's EXPLAIN.
 */
export function perVehicleStatement(vehicle: boolean): string {
  const zone = zoneLiteral();
  const one = vehicle ? ' AND vehicle_id = $4' : '';
  const logDay = `(log_at AT TIME ZONE '${zone}')::date`;
  return `WITH f AS (
      SELECT vehicle_id, km, litres, expense_day, ${logDay} AS log_day FROM fuel_fills
       WHERE km IS NOT NULL${one} AND expense_day BETWEEN $1::date AND $3::date
      UNION ALL
      SELECT vehicle_id, km, litres, expense_day, ${logDay} FROM fuel_fills
       WHERE km IS NOT NULL${one} AND log_at >= ($1::date)::timestamp AT TIME ZONE '${zone}' AND log_at < ($3::date + 1)::timestamp AT TIME ZONE '${zone}'
         AND (expense_day IS NULL OR expense_day NOT BETWEEN $1::date AND $3::date)),
    c AS (
      SELECT vehicle_id, km, litres,
             coalesce(expense_day BETWEEN $2::date AND $3::date, false) OR coalesce(log_day BETWEEN $2::date AND $3::date, false) AS in_period,
             coalesce(expense_day BETWEEN $1::date AND $2::date - 1, false) OR coalesce(log_day BETWEEN $1::date AND $2::date - 1, false) AS in_base
        FROM f),
    s AS (
      SELECT vehicle_id, sum(km) FILTER (WHERE in_period) AS km, sum(litres) FILTER (WHERE in_period) AS litres,
             sum(km) FILTER (WHERE in_base) AS base_km, sum(litres) FILTER (WHERE in_base) AS base_litres
        FROM c GROUP BY vehicle_id HAVING bool_or(in_period)),
    v AS (
      SELECT s.*, coalesce(nullif(x.license_plate, ''), s.vehicle_id) AS vehicle,
             CASE WHEN litres > 0 THEN km::numeric / litres::numeric END AS ratio,
             CASE WHEN base_litres > 0 AND base_km > 0 THEN base_km::numeric / base_litres::numeric END AS base_ratio
        FROM s LEFT JOIN vehicles x ON x.id = s.vehicle_id),
    r AS (
      SELECT v.*, round((ratio / base_ratio - 1) * 100, 1) AS change,
             CASE WHEN base_ratio IS NULL OR ratio IS NULL THEN NULL ELSE ratio <= ${FLAG_AT_SHARE} * base_ratio END AS flagged
        FROM v)`;
}

const rowOf = (row: Record<string, unknown>): ReportRow => {
  const figure = (value: unknown, places: number) => (value === null || value === undefined ? null : Math.round(Number(value) * 10 ** places) / 10 ** places);
  return {
    vehicle: String(row.vehicle),
    km: figure(row.km, 1),
    litres: figure(row.litres, 2),
    kmPerLitre: figure(row.ratio, 1),
    baselineKmPerLitre: figure(row.base_ratio, 1),
    changePercent: figure(row.change, 1),
    flagged: row.flagged === null || row.flagged === undefined ? null : Boolean(row.flagged),
  };
};

/** The non-litre fills (CNG in kg, electric charge) of the period: left out, and said so. */
function leftOutStatement(vehicle: boolean): string {
  const zone = zoneLiteral();
  const one = vehicle ? ' AND vehicle_id = $3' : '';
  const litre = LITRE_FUELS.map((fuel) => `'${fuel}'`).join(', ');
  return `SELECT (SELECT count(*) FROM fuel_expenses WHERE type = 'Fuel' AND odometer IS NOT NULL AND vehicle_id IS NOT NULL AND date BETWEEN $1::date AND $2::date${one}
                    AND fuel_type NOT IN (${litre}))::int
               + (SELECT count(*) FROM refueling_logs WHERE odometer IS NOT NULL AND "timestamp" >= ($1::date)::timestamp AT TIME ZONE '${zone}'
                    AND "timestamp" < ($2::date + 1)::timestamp AT TIME ZONE '${zone}'${one} AND fuel_type NOT IN (${litre}))::int AS n`;
}

export async function runFuelEconomy(database: Database, params: ReportParams): Promise<ReportResult> {
  const vehicle = params.filters.vehicle;
  const base = [addDays(params.from, -BASELINE_DAYS), params.from, params.to, ...(vehicle === undefined ? [] : [vehicle])];
  const cte = perVehicleStatement(vehicle !== undefined);
  const n = base.length;
  // The page, the totals and the chart's points from one pass over the fills (r is computed once, then read thrice).
  const order = 'change NULLS LAST, vehicle, vehicle_id';
  const [[answer], [leftOut]] = await Promise.all([
    database.query<{ page: unknown; totals: unknown; points: unknown }>(
      `${cte}
       SELECT (SELECT coalesce(json_agg(p ORDER BY ${order}), '[]'::json) FROM (SELECT * FROM r ORDER BY ${order} OFFSET $${n + 1} LIMIT $${n + 2}) p) AS page,
              (SELECT row_to_json(t) FROM (
                 SELECT count(*)::int AS vehicles, sum(km)::float8 AS km, sum(litres)::float8 AS litres,
                        sum(km) FILTER (WHERE base_ratio IS NOT NULL)::float8 AS compared_km, sum(litres) FILTER (WHERE base_ratio IS NOT NULL)::float8 AS compared_litres,
                        sum(base_km) FILTER (WHERE base_ratio IS NOT NULL)::float8 AS base_km, sum(base_litres) FILTER (WHERE base_ratio IS NOT NULL)::float8 AS base_litres,
                        count(*) FILTER (WHERE base_ratio IS NULL)::int AS without_baseline FROM r) t) AS totals,
              (SELECT coalesce(json_agg(q ORDER BY low), '[]'::json) FROM (
                 SELECT * FROM (SELECT r.*, row_number() OVER (ORDER BY ratio, vehicle, vehicle_id) AS low,
                                       row_number() OVER (ORDER BY ratio DESC, vehicle DESC, vehicle_id DESC) AS high FROM r WHERE ratio IS NOT NULL) ranked
                  WHERE low <= ${CHART_EACH_END} OR high <= ${CHART_EACH_END}) q) AS points`,
      [...base, params.offset, params.limit],
    ),
    database.query<{ n: number }>(leftOutStatement(vehicle !== undefined), [params.from, params.to, ...(vehicle === undefined ? [] : [vehicle])]),
  ]);
  const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  const page = parsed<Record<string, unknown>[]>(answer.page);
  const totals = parsed<Record<string, unknown>>(answer.totals);
  const points = parsed<Record<string, unknown>[]>(answer.points);
  const vehicles = Number(totals.vehicles);
  const notes: string[] = [];
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (Number(leftOut.n) > 0)
    notes.push(`${count(Number(leftOut.n), 'fill of a fuel', 'fills of fuels')} not sold by the litre (CNG in kg, electric charge) in the period left out.`);
  if (Number(totals.without_baseline) > 0)
    notes.push(
      `${Number(totals.without_baseline)} of ${count(vehicles, 'vehicle', 'vehicles')} without a counted fill in the ${BASELINE_DAYS} days before the period: no baseline, not flagged.`,
    );
  if (vehicles > points.length) notes.push(`The chart shows the ${CHART_EACH_END} lowest and ${CHART_EACH_END} highest km/L of ${vehicles} vehicles.`);
  const ratio = (km: unknown, litres: unknown) => (Number(litres) > 0 ? Math.round((Number(km) / Number(litres)) * 10) / 10 : null);
  // The fleet's change compares like with like: the vehicles with a baseline, their period against their baseline.
  const fleetRatio = Number(totals.compared_litres) > 0 ? Number(totals.compared_km) / Number(totals.compared_litres) : null;
  const fleetBase = Number(totals.base_litres) > 0 && Number(totals.base_km) > 0 ? Number(totals.base_km) / Number(totals.base_litres) : null;
  return {
    rows: page.map(rowOf),
    totals:
      vehicles === 0
        ? null
        : {
            vehicle: count(vehicles, 'vehicle', 'vehicles'),
            km: Math.round(Number(totals.km) * 10) / 10,
            litres: Math.round(Number(totals.litres) * 100) / 100,
            kmPerLitre: ratio(totals.km, totals.litres),
            baselineKmPerLitre: ratio(totals.base_km, totals.base_litres),
            changePercent: fleetRatio !== null && fleetBase !== null ? Math.round((fleetRatio / fleetBase - 1) * 1000) / 10 : null,
            flagged: null,
          },
    points: points.map((point) => {
      const row = rowOf(point);
      return { vehicle: row.vehicle, kmPerLitre: row.kmPerLitre, baselineKmPerLitre: row.baselineKmPerLitre };
    }),
    notes,
  };
}

export const fuelEconomyReport: ReportDefinition = {
  description: {
    key: 'fuel-economy',
    title: 'Fuel economy by vehicle',
    description: `Each vehicle's km per litre over the period (full fills; a partial fill's km and litres carried to the next full one) against its own over the ${BASELINE_DAYS} days before; 15% or more below it is flagged.`,
    period: true,
    filters: ['vehicle'],
    columns: COLUMNS,
    chart: { type: 'bar', x: 'vehicle', series: ['kmPerLitre', 'baselineKmPerLitre'] },
  },
  // The fills merge both kinds of record (decision 0044): shown to a role that may view both.
  areas: ['fuel-expenses', 'refueling-logs'],
  run: runFuelEconomy,
};
