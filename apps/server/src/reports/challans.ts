import { dayText, keyFilters, runGroupedReport, rupees, text, whole } from '../rollups/report-run';
import { day } from '../rollups/rollups';
import type { ReportDefinition } from './report';

/** The statuses of a challan not yet paid (nor cancelled): migration 0044's rollup and partial indexes. */
const UNPAID = `('Pending Payment', 'Overdue', 'Disputed')`;

/**
 * 5 Challans by driver and by vehicle (issue 20; decision 0048): one row per driver and vehicle, with the
 * challans of the period on their Date (Cancelled ones left out), their ₹ total, the unpaid ones (Pending
 * Payment, Overdue, Disputed) and the oldest unpaid one's date (read from a partial index per row of the page).
 * Most unpaid first. The driver filter and the vehicle filter narrow it to one driver's or one vehicle's.
 */
export const challansReport: ReportDefinition = {
  description: {
    key: 'challans',
    title: 'Challans by Driver and Vehicle',
    description: 'Challans (Cancelled left out) by driver and vehicle: count, total, unpaid (Pending Payment, Overdue, Disputed) and the oldest unpaid.',
    period: true,
    filters: ['driver', 'vehicle'],
    columns: [
      { key: 'driver', label: 'Driver', kind: 'text' },
      { key: 'vehicle', label: 'Vehicle', kind: 'text' },
      { key: 'challans', label: 'Challans', kind: 'integer' },
      { key: 'amount', label: 'Total (₹)', kind: 'money' },
      { key: 'unpaidChallans', label: 'Unpaid', kind: 'integer' },
      { key: 'unpaid', label: 'Unpaid (₹)', kind: 'money' },
      { key: 'oldestUnpaid', label: 'Oldest Unpaid', kind: 'date' },
    ],
    chart: { type: 'bar', x: 'driver', series: ['amount', 'unpaid'] },
  },
  areas: ['challans'],
  run(database, params) {
    const { where, params: values } = keyFilters(params.filters, { driver: 'driver_id', vehicle: 'vehicle_id' });
    const period = `c.date >= ${day(params.from)} AND c.date <= ${day(params.to)} AND c.status IN ${UNPAID}`;
    return runGroupedReport(database, params, {
      rollup: 'rollup_challans',
      where,
      params: values,
      grouped: `SELECT driver_id, vehicle_id, sum(challans) AS challans, sum(amount) AS amount, sum(unpaid_challans) AS unpaid_challans, sum(unpaid) AS unpaid
                  FROM p GROUP BY driver_id, vehicle_id HAVING sum(challans) > 0`,
      page: `SELECT driver_label(d.name, d.id) AS driver, vehicle_label(v.make, v.model, v.license_plate, v.id) AS vehicle, g.*,
                    CASE WHEN g.unpaid_challans > 0 THEN (SELECT min(c.date) FROM challans c WHERE c.vehicle_id = g.vehicle_id AND coalesce(c.driver_id, '') = g.driver_id AND ${period}) END AS oldest_unpaid
               FROM g LEFT JOIN drivers d ON d.id = g.driver_id LEFT JOIN vehicles v ON v.id = g.vehicle_id
              ORDER BY g.unpaid DESC, g.amount DESC, g.driver_id, g.vehicle_id`,
      totals: `SELECT sum(challans) AS challans, sum(amount) AS amount, sum(unpaid_challans) AS unpaid_challans, sum(unpaid) AS unpaid,
                      (SELECT min(c.date) FROM challans c WHERE ${[period, ...Object.entries(where).map(([key, condition]) => condition(`c.${key}`))].join(' AND ')}) AS oldest_unpaid
                 FROM g`,
      // The ten drivers with the most challans' amount (a driver's vehicles together; '' is no driver).
      points: `SELECT g.driver_id, driver_label(d.name, d.id) AS driver, sum(g.amount) AS amount, sum(g.unpaid) AS unpaid FROM g LEFT JOIN drivers d ON d.id = g.driver_id
                GROUP BY g.driver_id, d.name, d.id ORDER BY sum(g.amount) DESC, g.driver_id LIMIT 10`,
      toRow: (row) => ({
        driver: text(row.driver) ?? (row.driver_id ? String(row.driver_id) : 'No driver'),
        driverId: text(row.driver_id),
        vehicle: text(row.vehicle) ?? String(row.vehicle_id),
        vehicleId: String(row.vehicle_id),
        challans: whole(row.challans),
        amount: rupees(row.amount),
        unpaidChallans: whole(row.unpaid_challans),
        unpaid: rupees(row.unpaid),
        oldestUnpaid: dayText(row.oldest_unpaid),
      }),
      toTotals: (row) => ({
        challans: whole(row.challans),
        amount: rupees(row.amount) ?? 0,
        unpaidChallans: whole(row.unpaid_challans),
        unpaid: rupees(row.unpaid) ?? 0,
        oldestUnpaid: dayText(row.oldest_unpaid),
      }),
      toPoint: (row) => ({
        driver: text(row.driver) ?? (row.driver_id ? String(row.driver_id) : 'No driver'),
        amount: rupees(row.amount),
        unpaid: rupees(row.unpaid),
      }),
    });
  },
};
