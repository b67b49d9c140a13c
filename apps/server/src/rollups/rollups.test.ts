import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openDatabase } from '../db/client';
import { seedDemo } from '../db/seed/demo';
import { openTestDatabase, testDatabaseUrl } from '../testing/test-server';
import { fleetCostDifferences, ROLLUPS, rollupDifferences } from './rollups';

/**
 * The monthly rollups (decision 0048) equal their recomputation from the records after random writes: inserts,
 * updates moving records to another vehicle, month, driver or status, deletes, bulk statements and TRUNCATE; and
 * so do the cost per km's kept vehicle-months and fleet months (decision 0057), odometer readings moved alike.
 */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedDemo(database, {
    vehicles: 12,
    drivers: 10,
    trips: 120,
    training: 0,
    health: 0,
    insurance: 0,
    maintenance: 80,
    incidents: 0,
    expenses: 200,
    challans: 80,
    sales: 12,
    fuelStations: 5,
    refuelingLogs: 150,
    stationInvoices: 40,
    seed: 48,
    now: Date.parse('2026-11-24T06:00:00Z'),
  });
}, 180_000);
afterAll(() => drop?.());

const allRight = async (db: Database = database) => {
  for (const rollup of ROLLUPS) expect({ rollup, differences: await rollupDifferences(db, rollup) }).toEqual({ rollup, differences: [] });
  // The cost per km's figures kept from the vehicle cost rollup and the odometer's month marks (decision 0057).
  expect(await fleetCostDifferences(db)).toEqual([]);
};

/** A random generator that repeats (the writes are the same each run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('monthly rollups', () => {
  it('hold what the seed wrote, and are not empty', async () => {
    await allRight();
    for (const rollup of ROLLUPS) {
      const [{ n }] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${rollup}`);
      expect(n, rollup).toBeGreaterThan(0);
    }
  });

  it('are found wrong when a figure is off by a paisa (the check checks)', async () => {
    await database.transaction(async (tx) => {
      await tx.query(
        `UPDATE rollup_vehicle_cost SET amount = amount + 0.01 WHERE (month, vehicle_id, kind, detail) = (SELECT month, vehicle_id, kind, detail FROM rollup_vehicle_cost ORDER BY 1, 2, 3, 4 LIMIT 1)`,
      );
      const differences = await rollupDifferences(tx, 'rollup_vehicle_cost');
      expect(differences.map((d) => d.side)).toEqual(['recomputed', 'stored']);
      await tx.query(
        `UPDATE rollup_vehicle_cost SET amount = amount - 0.01 WHERE (month, vehicle_id, kind, detail) = (SELECT month, vehicle_id, kind, detail FROM rollup_vehicle_cost ORDER BY 1, 2, 3, 4 LIMIT 1)`,
      );
    });
    await allRight();
    await database.transaction(async (tx) => {
      await tx.query(`UPDATE fleet_cost_months SET km = km + 0.1 WHERE month = (SELECT min(month) FROM fleet_cost_months)`);
      expect((await fleetCostDifferences(tx)).map((d) => `${d.kept} ${d.side}`)).toEqual(['fleet_cost_months recomputed', 'fleet_cost_months stored']);
      await tx.query(`UPDATE fleet_cost_months SET km = km - 0.1 WHERE month = (SELECT min(month) FROM fleet_cost_months)`);
    });
  });

  it('stay equal to their recomputation after random single and bulk writes', async () => {
    const next = random(7);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
    const vehicles = (await database.query<{ id: string }>('SELECT id FROM vehicles ORDER BY id')).map((r) => r.id);
    const drivers = (await database.query<{ id: string }>('SELECT id FROM drivers ORDER BY id')).map((r) => r.id);
    const ids = async (table: string) => (await database.query<{ id: string }>(`SELECT id FROM ${table} ORDER BY id`)).map((r) => r.id);
    for (let round = 0; round < 6; round++) {
      const expense = pick(await ids('fuel_expenses'));
      // Another vehicle and month, a new amount (paise), or none.
      await database.query(`UPDATE fuel_expenses SET vehicle_id = $2, date = date + $3::int, amount = $4, trip_id = NULL WHERE id = $1`, [
        expense,
        pick(vehicles),
        Math.floor(next() * 80) - 40,
        next() < 0.2 ? null : (Math.floor(next() * 1_000_000) / 100).toFixed(2),
      ]);
      const job = pick(await ids('maintenance_jobs'));
      await database.query(
        `UPDATE maintenance_jobs SET status = $2, completion_date = CASE WHEN $3 THEN NULL ELSE scheduled_date + 3 END, job_type = $4, cost = $5 WHERE id = $1`,
        [
          job,
          pick(['Scheduled', 'Completed', 'Cancelled', 'In Progress']),
          next() < 0.5,
          pick(['Preventive', 'Corrective', 'Inspection', 'Emergency']),
          (Math.floor(next() * 5_000_000) / 100).toFixed(2),
        ],
      );
      const challan = pick(await ids('challans'));
      await database.query(`UPDATE challans SET status = $2, driver_id = $3, vehicle_id = $4, date = date - $5::int, trip_id = NULL WHERE id = $1`, [
        challan,
        pick(['Pending Payment', 'Paid', 'Disputed', 'Overdue', 'Cancelled']),
        next() < 0.3 ? null : pick(drivers),
        pick(vehicles),
        Math.floor(next() * 60),
      ]);
      const log = pick(await ids('refueling_logs'));
      await database.query(
        `UPDATE refueling_logs SET "timestamp" = "timestamp" + make_interval(hours => $2::int), total_cost = total_cost + 0.01, trip_id = NULL WHERE id = $1`,
        [log, Math.floor(next() * 2000) - 1000],
      );
      // Odometer readings moved: a month's km changes with its marks, backwards readings leave it without one.
      const reading = pick(await ids('refueling_logs'));
      await database.query(`UPDATE refueling_logs SET odometer = CASE WHEN $2 THEN NULL ELSE odometer + $3::int END, trip_id = NULL WHERE id = $1`, [
        reading,
        next() < 0.2,
        Math.floor(next() * 6000) - 3000,
      ]);
      await database.query(`UPDATE vehicles SET current_mileage = current_mileage + $2::int WHERE id = $1`, [pick(vehicles), Math.floor(next() * 900)]);
      const trip = pick(await ids('trips'));
      await database.query(`UPDATE trips SET driver_id = $2, start_date = start_date - interval '20 days', freight = $3, distance_km = $4 WHERE id = $1`, [
        trip,
        pick(drivers),
        next() < 0.3 ? null : (Math.floor(next() * 9_000_000) / 100).toFixed(2),
        next() < 0.3 ? null : Math.floor(next() * 20000) / 10,
      ]);
      const invoice = pick(await ids('fuel_station_invoices'));
      await database.query(
        `UPDATE fuel_station_invoices SET payment_status = $2, paid_amount = CASE WHEN $2 = 'Partially Paid' THEN round(amount / 3, 2) WHEN $2 = 'Paid' THEN amount END, generated_on = generated_on + 17 WHERE id = $1`,
        [invoice, pick(['Pending', 'Paid', 'Partially Paid', 'Disputed', 'Cancelled'])],
      );
      // A cost record's write moves its trip's stored cost (another statement on trips).
      await database.query(`UPDATE trips SET cost = cost + 12.34 WHERE id = $1`, [trip]);
      await allRight();
    }
    // Bulk: copies of many records (one statement each), a bulk move, a bulk delete.
    await database.query(
      `INSERT INTO fuel_expenses (id, type, date, vehicle_id, amount, fuel_type) SELECT id || 'x', type, date + 40, vehicle_id, amount * 2, fuel_type FROM fuel_expenses`,
    );
    await database.query(
      `INSERT INTO challans (id, date, vehicle_id, driver_id, offense_type, amount, status) SELECT id || 'x', date - 31, vehicle_id, driver_id, offense_type, amount + 0.05, 'Overdue' FROM challans`,
    );
    await database.query(`UPDATE maintenance_jobs SET vehicle_id = $1 WHERE id IN (SELECT id FROM maintenance_jobs ORDER BY id LIMIT 30)`, [vehicles[0]]);
    await database.query(
      `UPDATE trips SET start_date = start_date + interval '45 days', origin = 'Pune' WHERE id IN (SELECT id FROM trips ORDER BY id DESC LIMIT 50)`,
    );
    await database.query(`DELETE FROM fuel_expenses WHERE id LIKE '%x' AND amount > 1000`);
    await database.query(`DELETE FROM challans WHERE status = 'Paid' AND trip_id IS NULL`);
    await database.query(`UPDATE fuel_station_invoices SET amount = amount + 1`);
    await database.query(`UPDATE refueling_logs SET odometer = odometer + 250 WHERE id IN (SELECT id FROM refueling_logs ORDER BY id LIMIT 40)`);
    await database.query(`DELETE FROM refueling_logs WHERE id IN (SELECT id FROM refueling_logs ORDER BY id DESC LIMIT 20)`);
    await allRight();
    const [{ rows }] = await database.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM vehicle_cost_months WHERE km IS NOT NULL`);
    expect(rows).toBeGreaterThan(0);
  });

  it('are made again when a source is emptied (TRUNCATE)', async () => {
    await database.exec(`TRUNCATE fuel_station_invoices`);
    const [{ n }] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM rollup_station_invoices`);
    expect(n).toBe(0);
    // Challans are one source of the vehicle cost rollup among four: the others stay.
    await database.exec(`TRUNCATE challans`);
    await allRight();
    const [{ kinds }] = await database.query<{ kinds: number }>(`SELECT count(DISTINCT kind)::int AS kinds FROM rollup_vehicle_cost`);
    expect(kinds).toBeGreaterThan(1);
  });
});

describe.runIf(testDatabaseUrl())('monthly rollups under two writers (PostgreSQL)', () => {
  it('stay right when two connections write the same groups at once', async () => {
    const url = await databaseUrlOf(database);
    const second = await openDatabase({ url, poolSize: 4, migrate: false });
    try {
      const vehicles = (await database.query<{ id: string }>('SELECT id FROM vehicles ORDER BY id LIMIT 3')).map((r) => r.id);
      const writer = (db: Database, tag: string) =>
        Promise.all(
          Array.from({ length: 4 }, (_, lane) =>
            (async () => {
              for (let i = 0; i < 15; i++) {
                // Each transaction touches several groups in both orders; the triggers upsert them in key order.
                await db.transaction(async (tx) => {
                  const order = (i + lane) % 2 === 0 ? vehicles : [...vehicles].reverse();
                  await tx.query(
                    `INSERT INTO challans (id, date, vehicle_id, offense_type, amount, status) SELECT $1 || v.n, '2026-10-15', v.id, 'Speeding', 500.25, 'Pending Payment'
                       FROM unnest($2::text[]) WITH ORDINALITY AS v(id, n)`,
                    [`C${tag}${lane}-${i}-`, order],
                  );
                  await tx.query(`UPDATE challans SET status = 'Paid', amount = amount + 0.5 WHERE id = $1`, [`C${tag}${lane}-${i}-1`]);
                  if (i % 3 === 0) await tx.query(`DELETE FROM challans WHERE id = $1`, [`C${tag}${lane}-${i}-2`]);
                });
              }
            })(),
          ),
        );
      // A third writer moves the same vehicles' odometer readings (their month marks, so their months' km) while the
      // challans add vehicle-months: a new vehicle-month's km must be read after the marks it depends on.
      const readings = (db: Database) =>
        (async () => {
          for (let i = 0; i < 20; i++) {
            await db.transaction(async (tx) => {
              await tx.query(
                `INSERT INTO refueling_logs (id, "timestamp", vehicle_id, station_id, fuel_type, quantity, rate, total_cost, refuel_method, odometer)
                 SELECT 'R2w' || $1 || '-' || v.n, timestamptz '2026-09-20 10:00+05:30' + make_interval(days => $1::int), v.id, o.station_id, 'Diesel', 10, 90, 900, o.refuel_method, 200000 + $1::int * 400
                   FROM unnest($2::text[]) WITH ORDINALITY AS v(id, n), (SELECT station_id, refuel_method FROM refueling_logs ORDER BY id LIMIT 1) o`,
                [i, vehicles],
              );
            });
          }
        })();
      await Promise.all([writer(database, 'a'), writer(second, 'b'), readings(second)]);
      await allRight();
      const [{ n }] = await database.query<{ n: number }>(
        `SELECT sum(records)::int AS n FROM rollup_challans WHERE month = '2026-10-01' AND vehicle_id = ANY($1)`,
        [vehicles],
      );
      const [{ m }] = await database.query<{ m: number }>(
        `SELECT count(*)::int AS m FROM challans WHERE date >= '2026-10-01' AND date < '2026-11-01' AND vehicle_id = ANY($1)`,
        [vehicles],
      );
      expect(n).toBe(m);
    } finally {
      await second.close();
    }
  }, 120_000);
});

async function databaseUrlOf(db: Database): Promise<string> {
  const [{ name }] = await db.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(testDatabaseUrl()!);
  url.pathname = `/${name}`;
  return url.toString();
}
