import { describe, expect, it } from 'vitest';
import { vehicleCost } from '../record-pages/vehicle-cost';
import { ROLLUPS, rollupDifferences } from '../rollups/rollups';
import { challansReport } from './challans';
import { maintenanceCostReport } from './maintenance-cost';
import { MONEY_REPORTS } from './money-reports';
import { reportFixture } from './report-fixture';
import type { ReportDefinition, ReportParams } from './report';
import { stationSettlementsReport } from './station-settlements';
import { tripProfitabilityReport } from './trip-profitability';

/**
 * The money reports (decision 0048) on a small fixture, each figure computed by hand. The period 15 Sep – 10 Nov 2026
 * starts and ends mid-month: October is read from the rollups, 15–30 Sep and 1–10 Nov from the records; records on
 * 14 Sep and 11 Nov (company's days, Asia/Kolkata) lie outside it.
 */
const fixture = reportFixture(`
    INSERT INTO drivers (id, name, license, contact, email, status) VALUES
      ('DRV-1', 'Ramesh Kumar', 'L1', '9999999999', 'r@example.in', 'Active'), ('DRV-2', 'Suresh Patil', 'L2', '9999999998', 's@example.in', 'Active');
    INSERT INTO partner_fuel_stations (id, station_name, address, phone, email, status, payment_mode, settlement_cycle) VALUES
      ('STN-1', 'Alpha Fuels', 'Pune', '9000000001', 'a@example.in', 'Active', 'Credit', 'Monthly'), ('STN-2', 'Bravo Petroleum', 'Mumbai', '9000000002', 'b@example.in', 'Active', 'Credit', 'Monthly');
    INSERT INTO sales_orders (id, customer_name, payment_status, status) VALUES
      ('SO-1', 'Acme Logistics', 'Pending', 'Confirmed'), ('SO-2', 'Acme Logistics', 'Pending', 'Confirmed'), ('SO-3', 'Bharat Cement', 'Pending', 'Confirmed');
    INSERT INTO maintenance_jobs (id, vehicle_id, job_type, description, scheduled_date, completion_date, status, cost) VALUES
      ('J1', 'VEH-1', 'Preventive', 'Oil', '2026-09-10', '2026-09-15', 'Completed', 1000.10),
      ('J2', 'VEH-1', 'Preventive', 'Filters', '2026-10-05', NULL, 'Scheduled', 2500.25),
      ('J3', 'VEH-1', 'Corrective', 'Clutch', '2026-10-20', '2026-11-11', 'Completed', 9999.99),
      ('J4', 'VEH-2', 'Emergency', 'Tyre', '2026-11-10', NULL, 'In Progress', 700.05),
      ('J5', 'VEH-2', 'Emergency', 'Brake', '2026-10-12', NULL, 'Cancelled', 5000),
      ('J6', 'VEH-2', 'Emergency', 'Lamp', '2026-09-14', NULL, 'Completed', 333.33),
      ('J7', 'VEH-2', 'Corrective', 'Wiper', '2026-10-31', '2026-10-31', 'Completed', 0.01);
    INSERT INTO challans (id, date, vehicle_id, driver_id, offense_type, amount, status) VALUES
      ('C1', '2026-09-15', 'VEH-1', 'DRV-1', 'Speeding', 500.50, 'Pending Payment'),
      ('C2', '2026-10-03', 'VEH-1', 'DRV-1', 'Speeding', 1000.00, 'Paid'),
      ('C3', '2026-10-20', 'VEH-1', 'DRV-1', 'No Entry', 250.25, 'Overdue'),
      ('C4', '2026-11-10', 'VEH-2', 'DRV-1', 'Overloading', 2000, 'Disputed'),
      ('C5', '2026-11-11', 'VEH-2', 'DRV-2', 'Speeding', 3000, 'Pending Payment'),
      ('C6', '2026-10-05', 'VEH-2', NULL, 'Illegal Parking', 400, 'Paid'),
      ('C7', '2026-10-06', 'VEH-2', 'DRV-2', 'Speeding', 800, 'Cancelled'),
      ('C8', '2026-09-01', 'VEH-1', 'DRV-1', 'Speeding', 99, 'Pending Payment');
    INSERT INTO trips (id, origin, destination, vehicle_id, driver_id, status, start_date, freight, cost, distance_km, sales_order_id) VALUES
      ('T1', 'Pune', 'Mumbai', 'VEH-1', 'DRV-1', 'Delivered', '2026-09-14T19:00:00Z', 10000.00, 3000.50, 150.5, 'SO-1'),
      ('T2', 'Pune', 'Mumbai', 'VEH-1', 'DRV-1', 'Delivered', '2026-10-10T05:00:00Z', 12000.00, 4000.25, 149.6, 'SO-2'),
      ('T3', 'Pune', 'Nashik', 'VEH-2', 'DRV-2', 'In Transit', '2026-11-10T10:00:00Z', NULL, 500.00, NULL, 'SO-3'),
      ('T4', 'Pune', 'Mumbai', 'VEH-2', 'DRV-1', 'Scheduled', '2026-11-10T18:45:00Z', 5000, 0, NULL, 'SO-1'),
      ('T5', 'Delhi', 'Jaipur', 'VEH-2', 'DRV-2', 'Delivered', '2026-10-01T00:00:00Z', 8000.10, 8500.20, 280, NULL);
    INSERT INTO fuel_station_invoices (id, station_id, amount, date_range_start, date_range_end, payment_status, generated_on, paid_amount) VALUES
      ('I1', 'STN-1', 10000, '2026-09-01', '2026-09-15', 'Paid', '2026-09-20', 10000),
      ('I2', 'STN-1', 5000, '2026-09-01', '2026-09-14', 'Partially Paid', '2026-09-15', 2000.50),
      ('I3', 'STN-1', 3000, '2026-09-16', '2026-09-30', 'Pending', '2026-10-01', NULL),
      ('I4', 'STN-2', 7000.70, '2026-10-01', '2026-10-31', 'Disputed', '2026-11-10', NULL),
      ('I5', 'STN-2', 100, '2026-11-01', '2026-11-10', 'Pending', '2026-11-11', NULL),
      ('I6', 'STN-2', 900, '2026-09-01', '2026-09-30', 'Cancelled', '2026-10-15', NULL),
      ('I7', 'STN-2', 50, '2026-08-01', '2026-08-31', 'Pending', '2026-09-14', NULL);
    INSERT INTO fuel_expenses (id, type, date, vehicle_id, amount) VALUES
      ('E1', 'Fuel', '2026-10-01', 'VEH-1', 4321.09), ('E2', 'Toll', '2026-10-31', 'VEH-1', 310), ('E3', 'Toll', '2026-11-01', 'VEH-1', 999);
    INSERT INTO refueling_logs (id, vehicle_id, station_id, fuel_type, total_cost, "timestamp", refuel_method) VALUES
      ('L1', 'VEH-1', 'STN-1', 'Diesel', 1234.56, '2026-09-30T18:30:00Z', 'Card'), ('L2', 'VEH-1', 'STN-1', 'Diesel', 777.77, '2026-10-31T18:29:59Z', 'Card');
  `);

const run = (report: ReportDefinition, from: string, to: string, filters: ReportParams['filters'] = {}, offset = 0, limit = 50) =>
  report.run(fixture(), { from, to, filters, today: '2026-11-24', role: 'admin', offset, limit });

describe('money reports, hand-computed', () => {
  it('are registered, each with its key, columns and areas', () => {
    expect(MONEY_REPORTS.map((r) => r.description.key)).toEqual(['cost-per-km', 'trip-profitability', 'challans', 'maintenance-cost', 'station-settlements']);
    for (const report of MONEY_REPORTS) {
      expect(report.areas.length).toBeGreaterThan(0);
      for (const key of [report.description.chart.x, ...report.description.chart.series]) expect(report.description.columns.map((c) => c.key)).toContain(key);
    }
  });

  it('maintenance cost by vehicle and job type over a period starting and ending mid-month', async () => {
    const answer = await run(maintenanceCostReport, '2026-09-15', '2026-11-10');
    expect(answer.rows).toEqual([
      { vehicle: 'Tata Prima (MH12AB1234)', vehicleId: 'VEH-1', jobType: 'Preventive', jobs: 2, cost: 3500.35 },
      { vehicle: 'Ashok Leyland Dost (MH12AB1235)', vehicleId: 'VEH-2', jobType: 'Emergency', jobs: 1, cost: 700.05 },
      { vehicle: 'Ashok Leyland Dost (MH12AB1235)', vehicleId: 'VEH-2', jobType: 'Corrective', jobs: 1, cost: 0.01 },
    ]);
    expect(answer.totals).toEqual({ jobs: 4, cost: 4200.41 });
    expect(answer.points).toEqual([
      { jobType: 'Preventive', cost: 3500.35 },
      { jobType: 'Corrective', cost: 0.01 },
      { jobType: 'Emergency', cost: 700.05 },
    ]);
    const one = await run(maintenanceCostReport, '2026-09-15', '2026-11-10', { vehicle: 'VEH-2' });
    expect(one.totals).toEqual({ jobs: 2, cost: 700.06 });
    // Paged: the second row alone; totals still over every row.
    const page = await run(maintenanceCostReport, '2026-09-15', '2026-11-10', {}, 1, 1);
    expect(page.rows.map((r) => r.cost)).toEqual([700.05]);
    expect(page.totals).toEqual({ jobs: 4, cost: 4200.41 });
  });

  it('challans by driver and vehicle: count, total, unpaid and the oldest unpaid', async () => {
    const answer = await run(challansReport, '2026-09-15', '2026-11-10');
    expect(answer.rows).toEqual([
      {
        driver: 'Ramesh Kumar (DRV-1)',
        driverId: 'DRV-1',
        vehicle: 'Ashok Leyland Dost (MH12AB1235)',
        vehicleId: 'VEH-2',
        challans: 1,
        amount: 2000,
        unpaidChallans: 1,
        unpaid: 2000,
        oldestUnpaid: '2026-11-10',
      },
      {
        driver: 'Ramesh Kumar (DRV-1)',
        driverId: 'DRV-1',
        vehicle: 'Tata Prima (MH12AB1234)',
        vehicleId: 'VEH-1',
        challans: 3,
        amount: 1750.75,
        unpaidChallans: 2,
        unpaid: 750.75,
        oldestUnpaid: '2026-09-15',
      },
      {
        driver: 'No driver',
        driverId: null,
        vehicle: 'Ashok Leyland Dost (MH12AB1235)',
        vehicleId: 'VEH-2',
        challans: 1,
        amount: 400,
        unpaidChallans: 0,
        unpaid: 0,
        oldestUnpaid: null,
      },
    ]);
    expect(answer.totals).toEqual({ challans: 5, amount: 4150.75, unpaidChallans: 3, unpaid: 2750.75, oldestUnpaid: '2026-09-15' });
    expect(answer.points).toEqual([
      { driver: 'Ramesh Kumar (DRV-1)', amount: 3750.75, unpaid: 2750.75 },
      { driver: 'No driver', amount: 400, unpaid: 0 },
    ]);
    // Within one month: from the records only.
    const inside = await run(challansReport, '2026-10-05', '2026-10-20');
    expect(inside.rows.map((r) => [r.driverId, r.vehicleId, r.challans, r.amount, r.unpaid, r.oldestUnpaid])).toEqual([
      ['DRV-1', 'VEH-1', 1, 250.25, 250.25, '2026-10-20'],
      [null, 'VEH-2', 1, 400, 0, null],
    ]);
    const vehicle = await run(challansReport, '2026-09-15', '2026-11-10', { vehicle: 'VEH-1', driver: 'DRV-1' });
    expect(vehicle.totals).toEqual({ challans: 3, amount: 1750.75, unpaidChallans: 2, unpaid: 750.75, oldestUnpaid: '2026-09-15' });
  });

  it('trip profitability by customer, route and driver, on the Start Date in the company zone', async () => {
    const answer = await run(tripProfitabilityReport, '2026-09-15', '2026-11-10');
    expect(answer.rows).toEqual([
      {
        customer: 'Acme Logistics',
        route: 'Pune → Mumbai',
        driver: 'Ramesh Kumar (DRV-1)',
        driverId: 'DRV-1',
        trips: 2,
        freight: 22000,
        cost: 7000.75,
        margin: 14999.25,
        marginPercent: 68.2,
        distance: 300.1,
      },
      {
        customer: null,
        route: 'Delhi → Jaipur',
        driver: 'Suresh Patil (DRV-2)',
        driverId: 'DRV-2',
        trips: 1,
        freight: 8000.1,
        cost: 8500.2,
        margin: -500.1,
        marginPercent: -6.3,
        distance: 280,
      },
      {
        customer: 'Bharat Cement',
        route: 'Pune → Nashik',
        driver: 'Suresh Patil (DRV-2)',
        driverId: 'DRV-2',
        trips: 1,
        freight: 0,
        cost: 500,
        margin: 0,
        marginPercent: null,
        distance: 0,
      },
    ]);
    expect(answer.totals).toEqual({ trips: 4, freight: 30000.1, cost: 16000.95, margin: 14499.15, marginPercent: 48.3, distance: 580.1 });
    expect(answer.points.map((p) => [p.customer, p.freight])).toEqual([
      ['Acme Logistics', 22000],
      ['No customer', 8000.1],
      ['Bharat Cement', 0],
    ]);
    expect((await run(tripProfitabilityReport, '2026-09-15', '2026-11-10', { customer: 'Acme Logistics' })).totals).toMatchObject({
      trips: 2,
      freight: 22000,
      margin: 14999.25,
    });
    expect((await run(tripProfitabilityReport, '2026-09-15', '2026-11-10', { driver: 'DRV-2' })).rows.length).toBe(2);
    expect((await run(tripProfitabilityReport, '2026-09-15', '2026-11-10', { vehicle: 'VEH-2' })).totals).toMatchObject({ trips: 2, cost: 9000.2 });
  });

  it('station settlements by station and month', async () => {
    const answer = await run(stationSettlementsReport, '2026-09-15', '2026-11-10');
    expect(answer.rows).toEqual([
      { station: 'Alpha Fuels', stationId: 'STN-1', month: '2026-09', invoices: 2, invoiced: 15000, paid: 12000.5, outstanding: 2999.5 },
      { station: 'Alpha Fuels', stationId: 'STN-1', month: '2026-10', invoices: 1, invoiced: 3000, paid: 0, outstanding: 3000 },
      { station: 'Bravo Petroleum', stationId: 'STN-2', month: '2026-11', invoices: 1, invoiced: 7000.7, paid: 0, outstanding: 7000.7 },
    ]);
    expect(answer.totals).toEqual({ invoices: 4, invoiced: 25000.7, paid: 12000.5, outstanding: 13000.2 });
    expect(answer.points).toEqual([
      { month: '2026-09', invoices: 2, invoiced: 15000, paid: 12000.5, outstanding: 2999.5 },
      { month: '2026-10', invoices: 1, invoiced: 3000, paid: 0, outstanding: 3000 },
      { month: '2026-11', invoices: 1, invoiced: 7000.7, paid: 0, outstanding: 7000.7 },
    ]);
    expect((await run(stationSettlementsReport, '2026-09-15', '2026-11-10', { station: 'STN-2' })).totals).toEqual({
      invoices: 1,
      invoiced: 7000.7,
      paid: 0,
      outstanding: 7000.7,
    });
  });

  it("the vehicle cost rollup's month equals the vehicle page's cost (vehicleCost) to the paisa", async () => {
    for (const vehicle of ['VEH-1', 'VEH-2'])
      for (const [from, to] of [
        ['2026-09-01', '2026-09-30'],
        ['2026-10-01', '2026-10-31'],
        ['2026-11-01', '2026-11-30'],
      ]) {
        const page = await vehicleCost(fixture(), vehicle, from, to);
        const rows = await fixture().query<{ kind: string; amount: string; records: number }>(
          `SELECT kind, sum(amount) AS amount, sum(records)::int AS records FROM rollup_vehicle_cost WHERE vehicle_id = $1 AND month = $2 GROUP BY kind`,
          [vehicle, from],
        );
        const byKind = Object.fromEntries(rows.map((r) => [r.kind, { amount: Number(r.amount), records: r.records }]));
        expect(byKind, `${vehicle} ${from}`).toEqual(Object.fromEntries(page.lines.map((l) => [l.kind, { amount: l.amount, records: l.records }])));
      }
    // The refuelling log of 30 Sep 18:30 UTC is 1 Oct 00:00 in Kolkata: October's.
    expect((await vehicleCost(fixture(), 'VEH-1', '2026-10-01', '2026-10-31')).lines.find((l) => l.kind === 'Refuelling')).toMatchObject({
      amount: 2012.33,
      records: 2,
    });
    for (const rollup of ROLLUPS) expect(await rollupDifferences(fixture(), rollup)).toEqual([]);
  });
});
