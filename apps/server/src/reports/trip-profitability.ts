import { TRIP_COST_AREAS } from '@raahi/domain';
import { keyFilters, percentOf, runGroupedReport, rupees, tenths, text, whole } from '../rollups/report-run';
import type { ReportDefinition } from './report';

/**
 * 3 Trip profitability by customer, route (origin → destination) and driver (issue 20; decision 0048): one row per
 * customer (the trip's sales order's), route and driver, over the trips whose Start Date (company's day, the trip
 * list's period) lies in the period, every status: trips, freight, cost (stored, decision 0041), margin
 * (freight − cost of the trips with a freight, as the trip list's margin), margin % of the freight, distance.
 * Filters: customer (its name), driver, vehicle. Highest freight first.
 */
export const tripProfitabilityReport: ReportDefinition = {
  description: {
    key: 'trip-profitability',
    title: 'Trip Profitability',
    description: 'Trips by customer, route and driver on their Start Date: freight, cost, margin (trips with a freight) and distance.',
    period: true,
    filters: ['customer', 'driver', 'vehicle'],
    columns: [
      { key: 'customer', label: 'Customer', kind: 'text' },
      { key: 'route', label: 'Route', kind: 'text' },
      { key: 'driver', label: 'Driver', kind: 'text' },
      { key: 'trips', label: 'Trips', kind: 'integer' },
      { key: 'freight', label: 'Freight (₹)', kind: 'money' },
      { key: 'cost', label: 'Cost (₹)', kind: 'money' },
      { key: 'margin', label: 'Margin (₹)', kind: 'money' },
      { key: 'marginPercent', label: 'Margin %', kind: 'percent' },
      { key: 'distance', label: 'Distance (km)', kind: 'km' },
    ],
    chart: { type: 'bar', x: 'customer', series: ['freight', 'cost', 'margin'] },
  },
  areas: ['trips', ...TRIP_COST_AREAS],
  run(database, params) {
    const { where, params: values } = keyFilters(params.filters, { driver: 'driver_id', vehicle: 'vehicle_id' });
    if (params.filters.customer !== undefined) {
      values.push(params.filters.customer);
      const at = values.length;
      where.sales_order_id = (key) => `${key} IN (SELECT id FROM sales_orders WHERE customer_name = $${at})`;
    }
    const sums = `sum(trips) AS trips, sum(freight) AS freight, sum(cost) AS cost, sum(margin) AS margin, sum(distance) AS distance`;
    return runGroupedReport(database, params, {
      rollup: 'rollup_trips',
      where,
      params: values,
      // Grouped by customer name: many sales orders of one customer are one row.
      grouped: `SELECT coalesce(o.customer_name, '') AS customer, p.origin, p.destination, p.driver_id, sum(p.records) AS trips, sum(p.freight) AS freight,
                       sum(p.cost) AS cost, sum(p.margin) AS margin, sum(p.distance) AS distance
                  FROM p LEFT JOIN sales_orders o ON o.id = p.sales_order_id AND p.sales_order_id <> ''
                 GROUP BY 1, 2, 3, 4`,
      // The driver's label for the page's rows only (a subquery is evaluated after the sort and limit, a join before).
      page: `SELECT g.*, (SELECT driver_label(d.name, d.id) FROM drivers d WHERE d.id = g.driver_id) AS driver FROM g
              ORDER BY g.freight DESC, g.customer, g.origin, g.destination, g.driver_id`,
      totals: `SELECT ${sums} FROM g`,
      // The ten customers with the most freight.
      points: `SELECT customer, ${sums} FROM g GROUP BY customer ORDER BY sum(freight) DESC, customer LIMIT 10`,
      toRow: (row) => ({
        customer: text(row.customer),
        route: `${String(row.origin)} → ${String(row.destination)}`,
        driver: text(row.driver) ?? String(row.driver_id),
        driverId: String(row.driver_id),
        ...figures(row),
      }),
      toTotals: figures,
      toPoint: (row) => ({ customer: text(row.customer) ?? 'No customer', ...figures(row) }),
      notes: ['Margin and Margin % count the trips with a freight; a trip without one adds its cost to Cost only.'],
    });
  },
};

const figures = (row: Record<string, unknown>) => ({
  trips: whole(row.trips),
  freight: rupees(row.freight) ?? 0,
  cost: rupees(row.cost) ?? 0,
  margin: rupees(row.margin) ?? 0,
  marginPercent: percentOf(row.margin, row.freight),
  distance: tenths(row.distance) ?? 0,
});
