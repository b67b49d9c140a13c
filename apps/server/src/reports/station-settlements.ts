import { dayText, keyFilters, runGroupedReport, rupees, text, whole } from '../rollups/report-run';
import type { ReportDefinition } from './report';

/**
 * 8 Partner station settlements by station and month (issue 20; decision 0048): the station invoices Generated On
 * in the period, Cancelled ones left out: invoiced (Amount), paid (the Paid Amount of a Paid or Partially Paid one)
 * and outstanding (invoiced − paid; Pending and Disputed invoices are outstanding whole). Oldest month first.
 */
export const stationSettlementsReport: ReportDefinition = {
  description: {
    key: 'station-settlements',
    title: 'Partner Station Settlements',
    description: 'Station invoices by station and month of Generated On (Cancelled left out): invoiced, paid and outstanding.',
    period: true,
    filters: ['station'],
    columns: [
      { key: 'station', label: 'Station', kind: 'text' },
      { key: 'month', label: 'Month', kind: 'month' },
      { key: 'invoices', label: 'Invoices', kind: 'integer' },
      { key: 'invoiced', label: 'Invoiced (₹)', kind: 'money' },
      { key: 'paid', label: 'Paid (₹)', kind: 'money' },
      { key: 'outstanding', label: 'Outstanding (₹)', kind: 'money' },
    ],
    chart: { type: 'stacked-bar', x: 'month', series: ['paid', 'outstanding'] },
  },
  areas: ['fuel-station-invoices'],
  run(database, params) {
    const { where, params: values } = keyFilters(params.filters, { station: 'station_id' });
    const sums = `sum(invoices) AS invoices, sum(invoiced) AS invoiced, sum(paid) AS paid, sum(outstanding) AS outstanding`;
    return runGroupedReport(database, params, {
      rollup: 'rollup_station_invoices',
      where,
      params: values,
      grouped: `SELECT station_id, month, ${sums} FROM p GROUP BY station_id, month`,
      page: `SELECT g.*, s.station_name FROM g LEFT JOIN partner_fuel_stations s ON s.id = g.station_id ORDER BY g.month, s.station_name, g.station_id`,
      totals: `SELECT ${sums} FROM g`,
      // One point per month (at most 61 in five years).
      points: `SELECT month, ${sums} FROM g GROUP BY month ORDER BY month`,
      toRow: (row) => ({
        station: text(row.station_name) ?? String(row.station_id),
        stationId: String(row.station_id),
        month: dayText(row.month, 7),
        ...figures(row),
      }),
      toTotals: figures,
      toPoint: (row) => ({ month: dayText(row.month, 7), ...figures(row) }),
    });
  },
};

const figures = (row: Record<string, unknown>) => ({
  invoices: whole(row.invoices),
  invoiced: rupees(row.invoiced) ?? 0,
  paid: rupees(row.paid) ?? 0,
  outstanding: rupees(row.outstanding) ?? 0,
});
