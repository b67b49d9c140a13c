import { EXPENSE_TYPE_LABELS, perKm } from '@raahi/domain';
import { COST_KINDS } from '../record-pages/vehicle-cost';
import { dayText, keyFilters, reportParts, rupees, tenths, text } from '../rollups/report-run';
import { day, ensureRollupZone, periodRows, splitPeriod } from '../rollups/rollups';
import type { ReportDefinition } from './report';

/** A cost kind's column key: fuel, maintenance, toll, meal, parking, other, refuelling, jobCards, challans. */
const kindKey = (kind: string) => kind.charAt(0).toLowerCase() + kind.slice(1).replace(/ (\w)/g, (_, c: string) => c.toUpperCase());
const KINDS = COST_KINDS.map((kind) => ({ kind, key: kindKey(kind), label: `${EXPENSE_TYPE_LABELS[kind] ?? kind} (₹)` }));

/**
 * The odometer at the start of the day `on` of the rows `c`, read set-based from vehicle_odometer_days (decision
 * 0048): the nearest counted day at or before it (joined as `${alias}b`) and at or after it (`${alias}a`), by the
 * (vehicle_id, day) key, only for days other than a month's first (those have the month marks); interpolated exactly
 * as vehicle_odometer_at (0041, decision 0042) does, unrounded; NULL without readings on both sides.
 */
export const odometerEnds = (alias: string, on: string) => `
  LEFT JOIN LATERAL (SELECT d.day, d.km FROM vehicle_odometer_days d
                      WHERE extract(day FROM ${on}) <> 1 AND d.vehicle_id = c.vehicle_id AND d.day <= ${on} ORDER BY d.day DESC LIMIT 1) ${alias}b ON true
  LEFT JOIN LATERAL (SELECT d.day, d.km FROM vehicle_odometer_days d
                      WHERE extract(day FROM ${on}) <> 1 AND d.vehicle_id = c.vehicle_id AND d.day >= ${on} ORDER BY d.day LIMIT 1) ${alias}a ON true`;
export const odometerAt = (alias: string, on: string) =>
  `CASE WHEN ${alias}b.day = ${alias}a.day THEN ${alias}b.km::numeric ELSE ${alias}b.km + (${alias}a.km - ${alias}b.km)::numeric * (${on} - ${alias}b.day) / (${alias}a.day - ${alias}b.day) END`;

/** The month mark of the rows `c` on `on` (joined as `alias`), looked up only when `on` is a month's first day (OFFSET 0 keeps the
 * subquery whole, so the day test gates the lookup instead of filtering its result). */
const monthMark = (alias: string, on: string) =>
  `LEFT JOIN LATERAL (SELECT m.km FROM vehicle_odometer_months m WHERE extract(day FROM ${on}) = 1 AND m.vehicle_id = c.vehicle_id AND m.month = ${on} OFFSET 0) ${alias} ON true`;

/**
 * The odometer mark at the start of a day `on` (to 0.1 km) of the rows `c`: the odometer lane's month marks
 * (vehicle_odometer_months, joined as `alias`) on a month's first day, else the set-based ends above rounded alike
 * (decision 0045); NULL without readings on both sides.
 */
const mark = (alias: string, on: string) => `coalesce(${alias}.km, CASE WHEN extract(day FROM ${on}) <> 1 THEN round(${odometerAt(alias, on)}, 1) END)`;

/**
 * 1 Cost per km by vehicle and month, with the breakdown by kind (issue 20; decision 0048): each month's costs of a
 * vehicle from the vehicle cost rollup (dated as the vehicle page dates them, decision 0042: a month here equals
 * vehicleCost over that month to the paisa), its km = the odometer mark at the end of the month's days in the
 * period − at their start (the odometer lane's marks; N/A without readings on both sides or going backwards), and
 * cost per km = total ÷ km. Totals: the cost per km of the rows with km. One row per vehicle and month with a cost.
 */
export const costPerKmReport: ReportDefinition = {
  description: {
    key: 'cost-per-km',
    title: 'Cost per km',
    description: 'Cost per km by vehicle and month, with the cost by kind (fuel & expense types, refuelling, job cards, challans) and the km run.',
    period: true,
    filters: ['vehicle'],
    columns: [
      { key: 'vehicle', label: 'Vehicle', kind: 'text' },
      { key: 'month', label: 'Month', kind: 'month' },
      ...KINDS.map(({ key, label }) => ({ key, label, kind: 'money' as const })),
      { key: 'total', label: 'Total (₹)', kind: 'money' },
      { key: 'km', label: 'km', kind: 'km' },
      { key: 'costPerKm', label: 'Cost per km (₹)', kind: 'money' },
    ],
    chart: { type: 'line', x: 'month', series: ['costPerKm'] },
  },
  areas: ['vehicles', 'fuel-expenses', 'refueling-logs', 'maintenance', 'challans'],
  async run(database, params) {
    await ensureRollupZone(database);
    const { where, params: values } = keyFilters(params.filters, { vehicle: 'vehicle_id' });
    const vehicle = where.vehicle_id;
    const { wholeFrom, wholeTo, days } = splitPeriod(params.from, params.to);
    const inWhole = (column: string) => `${column} >= ${day(wholeFrom)} AND ${column} < ${day(wholeTo)}`;
    // The partial months at the period's ends from the records, grouped per vehicle-month as the kept table is.
    const ends = await Promise.all(days.map(([start, end]) => periodRows(database, 'rollup_vehicle_cost', start, end, where)));
    const start = `greatest(month, ${day(params.from)})`;
    const end = `(least((month + interval '1 month')::date, ${day(params.to)} + 1))`;
    const kinds = KINDS.map(({ kind, key }) => `sum(amount) FILTER (WHERE kind = '${kind}') AS "${key}"`).join(', ');
    const withKm = `sum(total) FILTER (WHERE km IS NOT NULL) AS counted, sum(km) AS km, count(*) FILTER (WHERE km IS NULL) AS without_km`;
    // The whole months' figures per month and per kind: kept for the fleet (fleet_cost_months, fleet_cost_kinds),
    // summed from the vehicle's rows for one vehicle.
    const wholeMonths = vehicle
      ? `SELECT month, sum(total) AS total, ${withKm} FROM vehicle_cost_months WHERE ${inWhole('month')} AND ${vehicle('vehicle_id')} GROUP BY month`
      : `SELECT month, total, counted, km, without_km FROM fleet_cost_months WHERE ${inWhole('month')}`;
    const wholeKinds = vehicle
      ? `SELECT kind, amount FROM rollup_vehicle_cost WHERE ${inWhole('month')} AND ${vehicle('vehicle_id')}`
      : `SELECT kind, amount FROM fleet_cost_kinds WHERE ${inWhole('month')}`;
    const parts = await reportParts(database, params, values, {
      // e: the ends' vehicle-months — a month's days in the period [s, e), its km from the marks at their ends.
      // w: the whole months' vehicle-months (kept), of which the page needs the first offset + limit only.
      ctes: `p AS (${ends.length ? ends.join(' UNION ALL ') : 'SELECT NULL::text AS vehicle_id, NULL::date AS month, NULL::text AS kind, NULL::numeric AS amount WHERE false'}),
             e AS MATERIALIZED (SELECT c.*, CASE WHEN c.m1 >= c.m0 THEN c.m1 - c.m0 END AS km FROM (
                  SELECT c.*, ${mark('a', 'c.s')} AS m0, ${mark('b', 'c.e')} AS m1 FROM (
                    SELECT vehicle_id, month, ${kinds}, sum(amount) AS total, ${start} AS s, ${end}::date AS e FROM p GROUP BY vehicle_id, month) c
                  ${monthMark('a', 'c.s')}
                  ${monthMark('b', 'c.e')}
                  ${odometerEnds('a', 'c.s')}
                  ${odometerEnds('b', 'c.e')}) c),
             w AS (SELECT vehicle_id, month, total, km FROM vehicle_cost_months WHERE ${inWhole('month')}${vehicle ? ` AND ${vehicle('vehicle_id')}` : ''}
                    ORDER BY vehicle_id, month LIMIT $${values.length + 1}::bigint + $${values.length + 2}::bigint),
             months AS (${wholeMonths} UNION ALL SELECT month, sum(total), ${withKm} FROM e GROUP BY month),
             kinds AS (SELECT ${kinds} FROM (${wholeKinds}) k)`,
      page: `SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) AS vehicle, x.vehicle_id, x.month, x.total, x.km,
                    ${KINDS.map(({ key }) => `coalesce(e."${key}", k."${key}") AS "${key}"`).join(', ')}
               FROM (SELECT vehicle_id, month, total, km, false AS partial FROM w UNION ALL SELECT vehicle_id, month, total, km, true FROM e) x
               LEFT JOIN e ON x.partial AND e.vehicle_id = x.vehicle_id AND e.month = x.month
               LEFT JOIN LATERAL (SELECT ${kinds} FROM rollup_vehicle_cost r WHERE NOT x.partial AND r.vehicle_id = x.vehicle_id AND r.month = x.month) k ON true
               LEFT JOIN vehicles v ON v.id = x.vehicle_id
              ORDER BY x.vehicle_id, x.month`,
      totals: `SELECT ${KINDS.map(({ key }) => `coalesce((SELECT "${key}" FROM kinds), 0) + coalesce((SELECT sum("${key}") FROM e), 0) AS "${key}"`).join(', ')},
                      sum(total) AS total, sum(counted) AS counted, sum(km) AS km, sum(without_km) AS without_km FROM months`,
      points: `SELECT month, sum(total) AS total, sum(counted) AS counted, sum(km) AS km FROM months GROUP BY month ORDER BY month`,
    });
    const rows = parts.rows.map((row) => ({
      vehicle: text(row.vehicle) ?? String(row.vehicle_id),
      vehicleId: String(row.vehicle_id),
      month: dayText(row.month, 7),
      ...byKind(row),
      total: rupees(row.total) ?? 0,
      km: tenths(row.km),
      costPerKm: perKm(rupees(row.total), tenths(row.km)),
    }));
    const sums = parts.totals ?? {};
    const totals = { ...byKind(sums), total: rupees(sums.total) ?? 0, km: tenths(sums.km), costPerKm: perKm(rupees(sums.counted), tenths(sums.km)) };
    const points = parts.points.map((row) => ({
      month: dayText(row.month, 7),
      total: rupees(row.total) ?? 0,
      km: tenths(row.km),
      costPerKm: perKm(rupees(row.counted), tenths(row.km)),
    }));
    const without = Number(sums.without_km ?? 0);
    const notes = without
      ? [
          `${without.toLocaleString('en-IN')} vehicle-month${without === 1 ? ' has' : 's have'} no km (no odometer readings on both sides of the month's days, or readings going backwards): left out of the cost per km of the totals and the chart.`,
        ]
      : [];
    return { rows, totals, points, notes };
  },
};

const byKind = (row: Record<string, unknown>) => Object.fromEntries(KINDS.map(({ key }) => [key, rupees(row[key]) ?? 0]));
