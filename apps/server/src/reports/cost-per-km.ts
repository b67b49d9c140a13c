import { EXPENSE_TYPE_LABELS, perKm } from '@raahi/domain';
import { COST_KINDS } from '../record-pages/vehicle-cost';
import { dayText, runGroupedReport, keyFilters, rupees, tenths, text } from '../rollups/report-run';
import { day } from '../rollups/rollups';
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
    const { where, params: values } = keyFilters(params.filters, { vehicle: 'vehicle_id' });
    const start = `greatest(month, ${day(params.from)})`;
    const end = `(least((month + interval '1 month')::date, ${day(params.to)} + 1))`;
    const kinds = KINDS.map(({ kind, key }) => `sum(amount) FILTER (WHERE kind = '${kind}') AS "${key}"`).join(', ');
    const kindSums = KINDS.map(({ key }) => `sum("${key}") AS "${key}"`).join(', ');
    const withKm = `sum(total) FILTER (WHERE km IS NOT NULL) AS counted, sum(km) AS km, count(*) FILTER (WHERE km IS NULL) AS without_km`;
    const result = await runGroupedReport(database, params, {
      rollup: 'rollup_vehicle_cost',
      where,
      params: values,
      // A month's days in the period: [s, e); its km from the marks at their ends.
      grouped: `SELECT c.*, CASE WHEN c.m1 >= c.m0 THEN c.m1 - c.m0 END AS km FROM (
                  SELECT c.*, ${mark('a', 'c.s')} AS m0, ${mark('b', 'c.e')} AS m1 FROM (
                    SELECT vehicle_id, month, ${kinds}, sum(amount) AS total, ${start} AS s, ${end}::date AS e FROM p GROUP BY vehicle_id, month) c
                  LEFT JOIN vehicle_odometer_months a ON a.vehicle_id = c.vehicle_id AND a.month = c.s
                  LEFT JOIN vehicle_odometer_months b ON b.vehicle_id = c.vehicle_id AND b.month = c.e
                  ${odometerEnds('a', 'c.s')}
                  ${odometerEnds('b', 'c.e')}) c`,
      page: `SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) AS vehicle, g.* FROM g LEFT JOIN vehicles v ON v.id = g.vehicle_id ORDER BY g.vehicle_id, g.month`,
      totals: `SELECT ${kindSums}, sum(total) AS total, ${withKm} FROM g`,
      points: `SELECT month, sum(total) AS total, ${withKm} FROM g GROUP BY month ORDER BY month`,
      toRow: (row) => ({
        vehicle: text(row.vehicle) ?? String(row.vehicle_id),
        vehicleId: String(row.vehicle_id),
        month: dayText(row.month, 7),
        ...byKind(row),
        total: rupees(row.total) ?? 0,
        km: tenths(row.km),
        costPerKm: perKm(rupees(row.total), tenths(row.km)),
      }),
      toTotals: (row) => ({ ...byKind(row), total: rupees(row.total) ?? 0, km: tenths(row.km), costPerKm: perKm(rupees(row.counted), tenths(row.km)), withoutKm: Number(row.without_km ?? 0) }),
      toPoint: (row) => ({ month: dayText(row.month, 7), total: rupees(row.total) ?? 0, km: tenths(row.km), costPerKm: perKm(rupees(row.counted), tenths(row.km)) }),
    });
    const without = Number(result.totals?.withoutKm ?? 0);
    if (result.totals) delete result.totals.withoutKm;
    const notes = without
      ? [`${without.toLocaleString('en-IN')} vehicle-month${without === 1 ? ' has' : 's have'} no km (no odometer readings on both sides of the month's days, or readings going backwards): left out of the cost per km of the totals and the chart.`]
      : [];
    return { ...result, notes: [...result.notes, ...notes] };
  },
};

const byKind = (row: Record<string, unknown>) => Object.fromEntries(KINDS.map(({ key }) => [key, rupees(row[key]) ?? 0]));
