import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { fuelEconomyReport } from './fuel-economy';
import { FUEL_REPORTS } from './fuel-reports';
import type { ReportParams } from './report';

/**
 * Report 2 of issue 20 on hand-computed fills. Period May 2026; the baseline is the 90 days before it
 * (31 Jan – 30 Apr 2026).
 */
let server: TestServer;
const q = (text: string, params: unknown[] = []) => server.database.query(text, params);
const PERIOD = { from: '2026-05-01', to: '2026-05-31' };
const run = (more: Partial<ReportParams> = {}) =>
  fuelEconomyReport.run(server.database, { ...PERIOD, filters: {}, today: '2026-06-15', role: 'admin', offset: 0, limit: 51, ...more });

let n = 0;
const expense = (vehicle: string, date: string, odometer: number, litres: number, partial = false, fuelType = 'Diesel') =>
  q(
    `INSERT INTO fuel_expenses (id, type, date, vehicle_id, fuel_type, quantity, price_per_unit, amount, odometer, partial_fill) VALUES ($1, 'Fuel', $2::date, $3, $4, $5::float8, 90, $5::numeric * 90, $6::integer, $7::boolean)`,
    [`EXPFE${++n}`, date, vehicle, fuelType, litres, odometer, partial],
  );
const log = (vehicle: string, at: string, odometer: number, litres: number) =>
  q(
    `INSERT INTO refueling_logs (id, vehicle_id, station_id, fuel_type, quantity, rate, total_cost, "timestamp", refuel_method, odometer) VALUES ($1, $2, 'STNFE', 'Diesel', $3::float8, 90, $3::numeric * 90, $4::timestamptz, 'Pump', $5::integer)`,
    [`LOGFE${++n}`, vehicle, litres, at, odometer],
  );

beforeAll(async () => {
  server = await startTestServer();
  await q(
    `INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status) SELECT 'VEHFE' || g, 'Tata', 'Prima', 2022, 'VINFE' || g, 'MH12FE000' || g, 'Truck', 'Active' FROM generate_series(1, 5) g`,
  );
  await q(
    `INSERT INTO partner_fuel_stations (id, station_name, address, phone, email, status, payment_mode, settlement_cycle) VALUES ('STNFE', 'IOCL Khed', 'Khed', '9800000000', 's@example.in', 'Active', 'Credit', 'Monthly')`,
  );
  // 1: the first fill only sets the start; two full fills in the baseline, 1,000 km on 200 L = 5.0. In May a full
  // fill (400 km, 100 L), a partial one (carried) and a full one (400 km on 50 + 50 L): 800 km on 200 L = 4.0, −20 %.
  await expense('VEHFE1', '2026-02-01', 10_000, 100);
  await expense('VEHFE1', '2026-03-01', 10_500, 100);
  await expense('VEHFE1', '2026-04-01', 11_000, 100);
  await expense('VEHFE1', '2026-05-05', 11_400, 100);
  await expense('VEHFE1', '2026-05-10', 11_600, 50, true);
  await expense('VEHFE1', '2026-05-20', 11_800, 50);
  // 2: baseline 600 km on 100 L = 6.0; May 510 km on 100 L = 5.1, exactly 15 % below: flagged.
  await expense('VEHFE2', '2026-03-10', 20_000, 100);
  await expense('VEHFE2', '2026-04-10', 20_600, 100);
  await expense('VEHFE2', '2026-05-15', 21_110, 100);
  // 3: baseline 400 km on 80 L = 5.0, May 500 km on 100 L = 5.0; a partial fill at the end waits for the next full
  // one; a CNG fill is left out (and said so).
  await expense('VEHFE3', '2026-04-01', 30_000, 100);
  await expense('VEHFE3', '2026-04-20', 30_400, 80);
  await expense('VEHFE3', '2026-05-02', 30_900, 100);
  await expense('VEHFE3', '2026-05-25', 31_200, 30, true);
  await expense('VEHFE3', '2026-05-28', 31_300, 12, false, 'CNG');
  // 4: refuelling logs only, both in May (days in India): 300 km on 60 L = 5.0, no baseline.
  await log('VEHFE4', '2026-05-03T10:00:00+05:30', 40_000, 80);
  await log('VEHFE4', '2026-05-18T23:30:00+05:30', 40_300, 60);
  // 5: the baseline's edges. A full fill on 30 Jan (91 days before) is not in it; the one on 31 Jan is: 200 km on
  // 100 L = 2.0 (with the 30 Jan one it would be 5.0). May 400 km on 100 L = 4.0 (+100 %); 1 June is not in May.
  await expense('VEHFE5', '2026-01-20', 60_000, 100);
  await expense('VEHFE5', '2026-01-30', 60_800, 100);
  await expense('VEHFE5', '2026-01-31', 61_000, 100);
  await expense('VEHFE5', '2026-05-10', 61_400, 100);
  await expense('VEHFE5', '2026-06-01', 61_800, 100);
});
afterAll(() => server?.close());

const row = (
  vehicle: string,
  km: number,
  litres: number,
  kmPerLitre: number,
  baselineKmPerLitre: number | null,
  changePercent: number | null,
  flagged: boolean | null,
) => ({
  vehicle,
  km,
  litres,
  kmPerLitre,
  baselineKmPerLitre,
  changePercent,
  flagged,
});

describe('the fuel economy report', () => {
  it('is registered as fuel-economy, over a period, filtered by vehicle, for roles that view fuel expenses and refuelling logs', () => {
    expect(FUEL_REPORTS.map((r) => r.description.key)).toEqual(['fuel-economy']);
    expect(fuelEconomyReport.description).toMatchObject({
      title: 'Fuel economy by vehicle',
      period: true,
      filters: ['vehicle'],
      chart: { type: 'bar', x: 'vehicle' },
    });
    expect(fuelEconomyReport.areas).toEqual(['fuel-expenses', 'refueling-logs']);
  });

  it('gives each vehicle its km, litres and km/L against its own 90 days before, flagged at 15 % or more below, worst first', async () => {
    const result = await run();
    expect(result.rows).toEqual([
      row('MH12FE0001', 800, 200, 4, 5, -20, true),
      row('MH12FE0002', 510, 100, 5.1, 6, -15, true),
      row('MH12FE0003', 500, 100, 5, 5, 0, false),
      row('MH12FE0005', 400, 100, 4, 2, 100, false),
      row('MH12FE0004', 300, 60, 5, null, null, null),
    ]);
    // Σkm ÷ Σlitres: 2,510 km on 560 L = 4.48; the change over the vehicles with a baseline: 2,210 km on 500 L (4.42)
    // against 2,200 km on 480 L (4.583) = −3.6 %.
    expect(result.totals).toEqual({
      vehicle: '5 vehicles',
      km: 2510,
      litres: 560,
      kmPerLitre: 4.5,
      baselineKmPerLitre: 4.6,
      changePercent: -3.6,
      flagged: null,
    });
    expect(result.points.map((p) => [p.vehicle, p.kmPerLitre])).toEqual([
      ['MH12FE0001', 4],
      ['MH12FE0005', 4],
      ['MH12FE0003', 5],
      ['MH12FE0004', 5],
      ['MH12FE0002', 5.1],
    ]);
    expect(result.notes).toEqual([
      '1 fill of a fuel not sold by the litre (CNG in kg, electric charge) in the period left out.',
      '1 of 5 vehicles without a counted fill in the 90 days before the period: no baseline, not flagged.',
    ]);
  });

  it('pages by offset and limit in the same order, totals over every row; a vehicle filter answers that vehicle alone', async () => {
    const page = await run({ offset: 1, limit: 2 });
    expect(page.rows.map((r) => r.vehicle)).toEqual(['MH12FE0002', 'MH12FE0003']);
    expect(page.totals).toEqual((await run()).totals);
    const one = await run({ filters: { vehicle: 'VEHFE1' } });
    expect(one.rows).toEqual([row('MH12FE0001', 800, 200, 4, 5, -20, true)]);
    expect(one.totals).toMatchObject({ vehicle: '1 vehicle', km: 800, litres: 200, kmPerLitre: 4, baselineKmPerLitre: 5, changePercent: -20 });
    expect(one.notes).toEqual([]);
  });

  it('answers no rows and no totals for a period without counted fills', async () => {
    expect(await run({ from: '2020-01-01', to: '2020-01-31' })).toEqual({ rows: [], totals: null, points: [], notes: [] });
  });
});
