import { describe, expect, it } from 'vitest';
import { vehicleCost } from '../record-pages/vehicle-cost';
import { costPerKmReport, odometerAt, odometerEnds } from './cost-per-km';
import { reportFixture } from './report-fixture';
import type { ReportParams } from './report';

/**
 * Cost per km by vehicle and month (decision 0048), computed by hand over 15 Sep – 10 Nov 2026: September's and
 * November's days from the records, October from the rollup; km from the odometer lane's marks (a reading on 1 Sep
 * 10,000, 1 Oct 13,000, 1 Nov 16,100, 21 Nov 17,100: 15 Sep is 11,400 and 11 Nov 16,600 by interpolation).
 */
const fixture = reportFixture(`
    INSERT INTO partner_fuel_stations (id, station_name, address, phone, email, status, payment_mode, settlement_cycle) VALUES
      ('STN-1', 'Alpha Fuels', 'Pune', '9000000001', 'a@example.in', 'Active', 'Credit', 'Monthly');
    INSERT INTO fuel_expenses (id, type, date, vehicle_id, amount, odometer, fuel_type, quantity) VALUES
      ('X1', 'Fuel', '2026-09-01', 'VEH-1', 5000.00, 10000, 'Diesel', 50), ('X2', 'Fuel', '2026-10-01', 'VEH-1', 6000.50, 13000, 'Diesel', 60),
      ('X3', 'Fuel', '2026-11-01', 'VEH-1', 4000.25, 16100, 'Diesel', 40), ('X4', 'Toll', '2026-11-21', 'VEH-1', 300, 17100, '', NULL),
      ('X5', 'Toll', '2026-10-10', 'VEH-2', 150, NULL, '', NULL);
    INSERT INTO maintenance_jobs (id, vehicle_id, job_type, description, scheduled_date, completion_date, status, cost) VALUES
      ('J1', 'VEH-1', 'Preventive', 'Oil', '2026-10-10', '2026-10-15', 'Completed', 2500);
    INSERT INTO challans (id, date, vehicle_id, offense_type, amount, status) VALUES ('C1', '2026-09-20', 'VEH-1', 'Speeding', 1000, 'Paid');
    INSERT INTO refueling_logs (id, vehicle_id, station_id, fuel_type, total_cost, "timestamp", refuel_method) VALUES
      ('L1', 'VEH-1', 'STN-1', 'Diesel', 777.77, '2026-10-31T18:29:59Z', 'Card');
  `);

const run = (from: string, to: string, filters: ReportParams['filters'] = {}) =>
  costPerKmReport.run(fixture(), { from, to, filters, today: '2026-11-24', role: 'administrator', offset: 0, limit: 50 });
const none = { fuel: 0, maintenance: 0, toll: 0, meal: 0, parking: 0, other: 0, refuelling: 0, jobCards: 0, challans: 0 };

describe('cost per km report', () => {
  it('by vehicle and month, with the cost by kind, over a period starting and ending mid-month', async () => {
    const answer = await run('2026-09-15', '2026-11-10');
    const v1 = { vehicle: 'Tata Prima (MH12AB1234)', vehicleId: 'VEH-1' };
    expect(answer.rows).toEqual([
      { ...v1, month: '2026-09', ...none, challans: 1000, total: 1000, km: 1600, costPerKm: 0.63 },
      { ...v1, month: '2026-10', ...none, fuel: 6000.5, refuelling: 777.77, jobCards: 2500, total: 9278.27, km: 3100, costPerKm: 2.99 },
      { ...v1, month: '2026-11', ...none, fuel: 4000.25, total: 4000.25, km: 500, costPerKm: 8 },
      { vehicle: 'Ashok Leyland Dost (MH12AB1235)', vehicleId: 'VEH-2', month: '2026-10', ...none, toll: 150, total: 150, km: null, costPerKm: null },
    ]);
    expect(answer.totals).toEqual({
      ...none,
      fuel: 10000.75,
      toll: 150,
      refuelling: 777.77,
      jobCards: 2500,
      challans: 1000,
      total: 14428.52,
      km: 5200,
      costPerKm: 2.75,
    });
    expect(answer.points).toEqual([
      { month: '2026-09', total: 1000, km: 1600, costPerKm: 0.63 },
      { month: '2026-10', total: 9428.27, km: 3100, costPerKm: 2.99 },
      { month: '2026-11', total: 4000.25, km: 500, costPerKm: 8 },
    ]);
    expect(answer.notes).toEqual([expect.stringContaining('1 vehicle-month has no km')]);
    expect((await run('2026-09-15', '2026-11-10', { vehicle: 'VEH-2' })).rows.map((r) => r.total)).toEqual([150]);
  });

  it("one vehicle's totals and chart from its own kept months (decision 0057), and a page further on", async () => {
    const answer = await run('2026-09-15', '2026-11-10', { vehicle: 'VEH-1' });
    expect(answer.totals).toEqual({ ...none, fuel: 10000.75, refuelling: 777.77, jobCards: 2500, challans: 1000, total: 14278.52, km: 5200, costPerKm: 2.75 });
    expect(answer.points).toEqual([
      { month: '2026-09', total: 1000, km: 1600, costPerKm: 0.63 },
      { month: '2026-10', total: 9278.27, km: 3100, costPerKm: 2.99 },
      { month: '2026-11', total: 4000.25, km: 500, costPerKm: 8 },
    ]);
    expect(answer.notes).toEqual([]);
    // Whole months only (the kept rows): the fleet's second and third vehicle-months, in (vehicle, month) order.
    const later = await costPerKmReport.run(fixture(), {
      from: '2026-09-01',
      to: '2026-11-30',
      filters: {},
      today: '2026-11-24',
      role: 'administrator',
      offset: 1,
      limit: 2,
    });
    expect(later.rows.map((r) => [r.vehicleId, r.month, r.total, r.km])).toEqual([
      ['VEH-1', '2026-10', 9278.27, 3100],
      ['VEH-1', '2026-11', 4300.25, null],
    ]);
    expect(later.totals).toMatchObject({ total: 19728.52, fuel: 15000.75, toll: 450 });
  });

  it("equals the vehicle page's cost and km (vehicleCost) over each whole month, to the paisa", async () => {
    for (const [from, to] of [
      ['2026-09-01', '2026-09-30'],
      ['2026-10-01', '2026-10-31'],
      ['2026-11-01', '2026-11-30'],
    ]) {
      const page = await vehicleCost(fixture(), 'VEH-1', from, to);
      const [row] = (await run(from, to, { vehicle: 'VEH-1' })).rows;
      expect({ total: row.total, km: row.km, costPerKm: row.costPerKm }, from).toEqual({ total: page.total, km: page.km, costPerKm: page.costPerKm });
    }
  });

  it('reads the mid-month ends set-based exactly as vehicle_odometer_at does, to 0.1 km, over random readings', async () => {
    // Random readings (a fixed seed) of three vehicles in 2025, outside the periods above: gaps, several a day, outliers.
    let seed = 20;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const values: string[] = [];
    for (const vehicle of ['VEH-R1', 'VEH-R2', 'VEH-R3']) {
      let km = Math.floor(random() * 50_000);
      for (let i = 0; i < 40; i += 1) {
        km += Math.floor(random() * 900);
        const date = new Date(Date.UTC(2025, 0, 1 + Math.floor(random() * 365))).toISOString().slice(0, 10);
        const reading = random() < 0.1 ? km + 200_000 : random() < 0.1 ? Math.max(km - 3_000, 0) : km;
        values.push(`('R-${vehicle}-${i}', 'Toll', '${date}', '${vehicle}', 1, ${reading}, '', NULL)`);
      }
    }
    await fixture().exec(`
      INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status) VALUES
        ('VEH-R1', 'Tata', 'Ace', 2022, 'VINR1', 'MH12RR0001', 'Truck', 'Active'), ('VEH-R2', 'Tata', 'Ace', 2022, 'VINR2', 'MH12RR0002', 'Truck', 'Active'),
        ('VEH-R3', 'Tata', 'Ace', 2022, 'VINR3', 'MH12RR0003', 'Truck', 'Active');
      INSERT INTO fuel_expenses (id, type, date, vehicle_id, amount, odometer, fuel_type, quantity) VALUES ${values.join(', ')};
    `);
    const rows = await fixture().query<{ vehicle_id: string; on_day: string; at: string | null; ends: string | null }>(
      `SELECT c.vehicle_id, c.on_day::text, round(vehicle_odometer_at(c.vehicle_id, c.on_day), 1)::text AS at, round(${odometerAt('x', 'c.on_day')}, 1)::text AS ends
         FROM (SELECT v AS vehicle_id, g::date AS on_day FROM unnest(ARRAY['VEH-R1', 'VEH-R2', 'VEH-R3']) v, generate_series('2024-12-25'::date, '2026-01-05'::date, interval '1 day') g
                WHERE extract(day FROM g) <> 1) c
         ${odometerEnds('x', 'c.on_day')}`,
    );
    expect(rows.length).toBe(3 * 364);
    expect(rows.filter((r) => r.at !== null).length).toBeGreaterThan(600);
    expect(rows.filter((r) => r.at !== r.ends)).toEqual([]);
  });
});
