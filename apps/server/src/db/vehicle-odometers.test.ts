import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, currentOdometer, dayStart, odometerAt, odometerDays, odometerMonthMarks, type OdometerReading } from '@raahi/domain';
import type { Database } from './client';
import { createRandom } from './seed/random';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * Migration 0041 (decision 0045): each vehicle's odometer, its counted readings per day and its month marks are
 * kept by triggers on the four reading tables. Held here to a recomputation from the records (the
 * odometer_readings view) through the domain functions and odometer_from, after every kind of write.
 */

/** The seed's generator (mulberry32), so that a failure can be run again. */
const seeded = (seed: number) => {
  const random = createRandom(seed);
  return () => random.next();
};

let server: TestServer;
let db: Database;
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => db.query<T>(text, params);

beforeAll(async () => {
  server = await startTestServer();
  db = server.database;
  await q(
    `INSERT INTO partner_fuel_stations (id, station_name, address, phone, email, status, payment_mode, settlement_cycle) VALUES ('STNODO', 'IOCL Odometer', 'Khed', '9800000000', 's@example.in', 'Active', 'Credit', 'Monthly')`,
  );
});
afterAll(() => server?.close());

const grouped = (rows: { vehicle_id: string; km: number; read_on: string }[]) => {
  const byVehicle = new Map<string, OdometerReading[]>();
  for (const r of rows) byVehicle.set(r.vehicle_id, [...(byVehicle.get(r.vehicle_id) ?? []), { km: Number(r.km), date: String(r.read_on).slice(0, 10) }]);
  return byVehicle;
};

/** The kept tables against the records, vehicle by vehicle; returns how many vehicles had readings. */
async function expectKeptAsRecomputed(random: () => number): Promise<number> {
  const readings = grouped(await q(`SELECT vehicle_id, km, read_on::text AS read_on FROM odometer_readings WHERE km IS NOT NULL AND read_on IS NOT NULL`));
  const kept = await q<{ vehicle_id: string; km: number; anchor_km: number }>(`SELECT vehicle_id, km, anchor_km FROM vehicle_odometers ORDER BY vehicle_id`);
  const sqlRule = await q<{ vehicle_id: string; km: number }>(
    `SELECT vehicle_id, odometer_from(array_agg(km), array_agg(read_on)) AS km FROM odometer_readings WHERE km IS NOT NULL AND read_on IS NOT NULL GROUP BY vehicle_id ORDER BY vehicle_id`,
  );
  // The current odometer: the domain's, odometer_from's and the kept one alike, for exactly the vehicles with readings.
  expect(kept.map((r) => [r.vehicle_id, r.km])).toEqual(sqlRule.map((r) => [r.vehicle_id, r.km]));
  expect(Object.fromEntries(kept.map((r) => [r.vehicle_id, r.km]))).toEqual(Object.fromEntries([...readings].map(([v, rs]) => [v, currentOdometer(rs).km])));
  const days = grouped(await q(`SELECT vehicle_id, km, day::text AS read_on FROM vehicle_odometer_days ORDER BY vehicle_id, day`));
  const months = new Map<string, { month: string; km: number }[]>();
  for (const r of await q<{ vehicle_id: string; month: string; km: string }>(
    `SELECT vehicle_id, month::text AS month, km::text AS km FROM vehicle_odometer_months ORDER BY vehicle_id, month`,
  ))
    months.set(r.vehicle_id, [...(months.get(r.vehicle_id) ?? []), { month: r.month, km: Number(r.km) }]);
  expect([...days.keys()].sort()).toEqual([...readings.keys()].sort());
  for (const [vehicle, rs] of readings) {
    expect(days.get(vehicle), vehicle).toEqual(odometerDays(rs));
    const marks = odometerMonthMarks(rs);
    const keptMarks = months.get(vehicle) ?? [];
    expect(
      keptMarks.map((m) => m.month),
      vehicle,
    ).toEqual(marks.map((m) => m.month));
    // Each mark the interpolated odometer at the month's start, to 0.1 km.
    for (const mark of keptMarks)
      expect(Math.abs(mark.km - odometerAt(rs, dayStart(mark.month))!), `${vehicle} ${mark.month}`).toBeLessThanOrEqual(0.05 + 1e-9);
  }
  // vehicle_odometer_at on random days (some before the first reading and after the last: null) is odometerAt.
  const vehicles = [...readings.keys()];
  for (let i = 0; i < 40; i++) {
    const vehicle = vehicles[Math.floor(random() * vehicles.length)];
    const day = addDays('2024-12-01', Math.floor(random() * 480));
    const [row] = await q<{ km: string | null }>(`SELECT vehicle_odometer_at($1, $2::date)::text AS km`, [vehicle, day]);
    const expected = odometerAt(readings.get(vehicle)!, dayStart(day));
    if (expected === null) expect(row.km, `${vehicle} ${day}`).toBeNull();
    else expect(Number(row.km), `${vehicle} ${day}`).toBeCloseTo(expected, 6);
  }
  // A month's km: the next mark − its own, null for the last covered month or when the readings go backwards.
  const monthKm = await q<{ vehicle_id: string; month: string; km: string | null }>(
    `SELECT vehicle_id, month::text AS month, km::text AS km FROM vehicle_km_by_month ORDER BY vehicle_id, month`,
  );
  for (const row of monthKm) {
    const marks = months.get(row.vehicle_id)!;
    const at = marks.findIndex((m) => m.month === row.month);
    const next = marks[at + 1];
    const expected = next && next.km >= marks[at].km ? Math.round((next.km - marks[at].km) * 10) / 10 : null;
    expect(row.km === null ? null : Number(row.km), `${row.vehicle_id} ${row.month}`).toBe(expected);
  }
  return readings.size;
}

describe('vehicle odometers kept on write', () => {
  it('equal a recomputation from the records after random readings (typos, backwards, moved, deleted, in bulk and one by one)', async () => {
    const random = seeded(41);
    const day = () => addDays('2025-01-01', Math.floor(random() * 400));
    const at = (d: string) => `${d}T${String(Math.floor(random() * 24)).padStart(2, '0')}:30:00+05:30`;
    // 70 vehicles in one statement (more than 64: the bulk path), a recorded mileage for most.
    const vehicles = Array.from({ length: 70 }, (_, i) => `VEHODO${String(i).padStart(3, '0')}`);
    await q(
      `INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status, current_mileage, updated_at)
       SELECT v, 'Tata', 'Prima', 2022, 'VINODO' || v, 'MH12OD' || substr(v, 7), 'Truck', 'Active', m, u::timestamptz FROM unnest($1::text[], $2::integer[], $3::text[]) AS r(v, m, u)`,
      [vehicles, vehicles.map(() => (random() < 0.2 ? 0 : 50_000 + Math.floor(random() * 50_000))), vehicles.map(() => at(day()))],
    );
    // Readings one statement at a time (the per-vehicle path): a trend with typos far above and below, and backwards.
    let n = 0;
    const reading = (trend: number) => {
      const r = random();
      return r < 0.08 ? trend * 10 : r < 0.14 ? Math.floor(trend / 10) : r < 0.22 ? trend - Math.floor(random() * 3_000) : trend;
    };
    const ids = { expenses: [] as string[], logs: [] as string[], jobs: [] as string[] };
    for (const vehicle of vehicles.slice(0, 30)) {
      let trend = 40_000 + Math.floor(random() * 60_000);
      for (let i = 0; i < 6; i++) {
        trend += Math.floor(random() * 4_000);
        const kind = random();
        const id = `ODO${++n}`;
        if (kind < 0.5) {
          await q(
            `INSERT INTO fuel_expenses (id, type, date, vehicle_id, fuel_type, quantity, price_per_unit, amount, odometer) VALUES ($1, 'Fuel', $2::date, $3, 'Diesel', 50, 90, 4500, $4)`,
            [id, day(), vehicle, reading(trend)],
          );
          ids.expenses.push(id);
        } else if (kind < 0.8) {
          await q(
            `INSERT INTO refueling_logs (id, vehicle_id, station_id, fuel_type, quantity, rate, total_cost, "timestamp", refuel_method, odometer) VALUES ($1, $2, 'STNODO', 'Diesel', 50, 90, 4500, $3::timestamptz, 'Pump', $4)`,
            [id, vehicle, at(day()), reading(trend)],
          );
          ids.logs.push(id);
        } else {
          const scheduled = day();
          await q(
            `INSERT INTO maintenance_jobs (id, vehicle_id, job_type, description, status, scheduled_date, completion_date, odometer) VALUES ($1, $2, 'Oil Change', 'Oil', 'Completed', $3::date, $4::date, $5)`,
            [id, vehicle, scheduled, random() < 0.5 ? null : addDays(scheduled, 3), reading(trend)],
          );
          ids.jobs.push(id);
        }
      }
    }
    expect(await expectKeptAsRecomputed(random)).toBeGreaterThan(50);
    // A bulk insert: 300 expenses over every vehicle in one statement.
    const bulk = Array.from({ length: 300 }, (_, i) => ({
      id: `ODOBULK${i}`,
      vehicle: vehicles[i % vehicles.length],
      km: reading(60_000 + Math.floor(random() * 40_000)),
      date: day(),
    }));
    await q(
      `INSERT INTO fuel_expenses (id, type, date, vehicle_id, fuel_type, quantity, price_per_unit, amount, odometer)
       SELECT i, 'Fuel', d::date, v, 'Diesel', 40, 90, 3600, k FROM unnest($1::text[], $2::text[], $3::integer[], $4::text[]) AS r(i, v, k, d)`,
      [bulk.map((b) => b.id), bulk.map((b) => b.vehicle), bulk.map((b) => b.km), bulk.map((b) => b.date)],
    );
    ids.expenses.push(...bulk.map((b) => b.id));
    await expectKeptAsRecomputed(random);
    // One by one: readings moved to another vehicle, odometers and days changed, a recorded mileage saved, deletes.
    for (let i = 0; i < 25; i++) {
      const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
      const what = random();
      if (what < 0.2) await q(`UPDATE fuel_expenses SET vehicle_id = $2 WHERE id = $1`, [pick(ids.expenses), pick(vehicles)]);
      else if (what < 0.35)
        await q(`UPDATE refueling_logs SET odometer = $2, "timestamp" = $3::timestamptz WHERE id = $1`, [pick(ids.logs), reading(80_000), at(day())]);
      else if (what < 0.5)
        await q(`UPDATE maintenance_jobs SET completion_date = $2::date, vehicle_id = $3 WHERE id = $1`, [
          pick(ids.jobs),
          random() < 0.3 ? null : day(),
          pick(vehicles),
        ]);
      else if (what < 0.65)
        await q(`UPDATE vehicles SET current_mileage = $2, updated_at = $3::timestamptz WHERE id = $1`, [
          pick(vehicles),
          random() < 0.2 ? 0 : reading(90_000),
          at(day()),
        ]);
      else if (what < 0.75) await q(`UPDATE fuel_expenses SET odometer = NULL WHERE id = $1`, [pick(ids.expenses)]);
      else if (what < 0.9) {
        const [gone] = ids.expenses.splice(Math.floor(random() * ids.expenses.length), 1);
        await q(`DELETE FROM fuel_expenses WHERE id = $1`, [gone]);
      } else await q(`UPDATE fuel_expenses SET description = 'noted' WHERE id = $1`, [pick(ids.expenses)]);
    }
    await expectKeptAsRecomputed(random);
    // Bulk updates and deletes (more than 64 vehicles' readings in one statement), then one that changes no reading.
    await q(`UPDATE fuel_expenses SET odometer = odometer + 700, date = date + 3 WHERE odometer IS NOT NULL`);
    await q(`UPDATE vehicles SET current_mileage = current_mileage + 100 WHERE current_mileage > 0`);
    await expectKeptAsRecomputed(random);
    const before = await q(`SELECT * FROM vehicle_odometer_months ORDER BY vehicle_id, month`);
    await q(`UPDATE fuel_expenses SET description = 'bulk note'`);
    expect(await q(`SELECT * FROM vehicle_odometer_months ORDER BY vehicle_id, month`)).toEqual(before);
    await q(`DELETE FROM fuel_expenses WHERE id LIKE 'ODOBULK%' AND odometer % 3 = 0`);
    await expectKeptAsRecomputed(random);
    // Every vehicle made again at once (the bulk path's rebuild) changes nothing.
    const kept = async () => [
      await q(`SELECT * FROM vehicle_odometers ORDER BY vehicle_id`),
      await q(`SELECT * FROM vehicle_odometer_days ORDER BY vehicle_id, day`),
      await q(`SELECT * FROM vehicle_odometer_months ORDER BY vehicle_id, month`),
    ];
    const whole = await kept();
    await q(`SELECT vehicle_odometers_rebuild(array_agg(id)) FROM vehicles`);
    expect(await kept()).toEqual(whole);
    // Emptied: made again from what is left; a vehicle deleted takes its rows with it.
    await q(`TRUNCATE maintenance_jobs CASCADE`);
    await expectKeptAsRecomputed(random);
    const lone = vehicles[vehicles.length - 1];
    await q(`DELETE FROM fuel_expenses WHERE vehicle_id = $1`, [lone]);
    await q(`DELETE FROM refueling_logs WHERE vehicle_id = $1`, [lone]);
    await q(`DELETE FROM vehicles WHERE id = $1`, [lone]);
    for (const table of ['vehicle_odometers', 'vehicle_odometer_days', 'vehicle_odometer_months'])
      expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE vehicle_id = $1`, [lone]))[0].n, table).toBe(0);
    await expectKeptAsRecomputed(random);
  });

  it('two readings of one vehicle saved at the same time are both counted (on PostgreSQL, two connections)', async () => {
    await q(
      `INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status, current_mileage) VALUES ('VEHODOCONC', 'Tata', 'Prima', 2022, 'VINODOCONC', 'MH12ODCONC', 'Truck', 'Active', 0)`,
    );
    let n = 0;
    // Job cards: no other trigger of theirs takes a lock per vehicle (fuel fills' do, for expenses and logs).
    const insert = (tx: Database, date: string, odometer: number) =>
      tx.query(
        `INSERT INTO maintenance_jobs (id, vehicle_id, job_type, description, status, scheduled_date, odometer) VALUES ($1, 'VEHODOCONC', 'Oil Change', 'Oil', 'Completed', $2::date, $3)`,
        [`ODOCONC${++n}`, date, odometer],
      );
    await insert(db, '2026-01-01', 10_000);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // The first judges the vehicle with 10,500 and holds its transaction open; the second, started meanwhile, must
    // judge it with both (without the lock it would judge it without 10,500 and write 10,300 over it once the first commits).
    await Promise.all([
      db.transaction(async (tx) => {
        await insert(tx, '2026-01-05', 10_500);
        await pause(400);
      }),
      pause(100).then(() => db.transaction((tx) => insert(tx, '2026-01-03', 10_300))),
    ]);
    expect(await q(`SELECT km, first_day::text AS first, last_day::text AS last FROM vehicle_odometers WHERE vehicle_id = 'VEHODOCONC'`)).toEqual([
      { km: 10_500, first: '2026-01-01', last: '2026-01-05' },
    ]);
    expect(await q(`SELECT day::text AS day, km FROM vehicle_odometer_days WHERE vehicle_id = 'VEHODOCONC' ORDER BY day`)).toEqual([
      { day: '2026-01-01', km: 10_000 },
      { day: '2026-01-03', km: 10_300 },
      { day: '2026-01-05', km: 10_500 },
    ]);
  });
});
