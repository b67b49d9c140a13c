import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_STATUSES, INCIDENT_SEVERITIES, INCIDENT_STATUSES, incidentsArea, JOB_STATUSES, VEHICLE_STATUSES, type ListTotal } from '@raahi/domain';
import { declaredBody } from '../testing/declared-body';
import { companyTimeZone, companyToday } from '../company-time';
import type { Database } from '../db/client';
import { seedDemo } from '../db/seed/demo';
import { createRandom } from '../db/seed/random';
import { keepCountsInZone } from '../http/kept-counts';
import { filterParams, listQueries, type ListQuery, type ResourceDefinition } from '../http/resource';
import { resourceOf } from '../resources';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server';

/**
 * The counts the database keeps (migration 0042, decision 0046): equal to a count of the tables after any mix of
 * writes, and every total they answer equal to the total counted from the rows.
 */
const KEPT_AREAS = ['vehicles', 'drivers', 'maintenance', 'incidents', 'trips'] as const;

/** The keys whose kept count differs from a count of the table now. */
const wrongCounts = (database: Database) => database.query('SELECT * FROM record_counts_wrong()');

/** A total from the kept counts (as the lists answer), and the same counted from the rows (the resource without its counts). */
async function bothTotals(database: Database, def: ResourceDefinition, filters: Record<string, string>): Promise<[ListTotal, ListTotal]> {
  const query = { ...filters, today: companyToday() } as Partial<ListQuery>;
  return Promise.all([listQueries(database, def).total(query), listQueries(database, { ...def, keptCounts: undefined }).total(query)]);
}

let server: TestServer;
let admin: TestClient;
const generator = createRandom(46);
const random = () => generator.next();

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn();
  // Nothing that refers to trips, job cards or incidents, so that the test may delete them freely.
  await seedDemo(server.database, {
    vehicles: 60,
    drivers: 30,
    trips: 400,
    maintenance: 120,
    incidents: 80,
    expenses: 0,
    training: 0,
    health: 0,
    insurance: 0,
    coldChain: 0,
    schedules: 0,
    seed: 46,
  });
}, 120_000);
afterAll(() => server?.close());

describe('kept record counts', () => {
  it('equal a count of the tables after a seed, random inserts, updates and deletes (one by one and in bulk), a rollback and a truncate', async () => {
    const db = server.database;
    expect(await wrongCounts(db)).toEqual([]);
    // Every count a resource reads is declared in the database (and the dashboard's fuel sums).
    const declared = (await db.query<{ counted: string }>(`SELECT counted FROM record_counts_declared ORDER BY counted`)).map((r) => r.counted);
    expect(declared).toEqual([...KEPT_AREAS.map((key) => resourceOf(key).keptCounts!.name), 'fuel-fills'].sort());
    const ids = async (table: string, share: number) =>
      (await db.query<{ id: string }>(`SELECT id FROM ${table} ORDER BY id`)).map((r) => r.id).filter(() => random() < share);
    const pick = <T>(values: readonly T[]) => generator.pick(values);
    const days = () => Math.floor(random() * 70) - 40;
    let copies = 0;
    for (let round = 0; round < 24; round++) {
      const share = pick([0.02, 0.3]); // a form's save or two, or a bulk statement
      switch (round % 6) {
        case 0:
          await db.query(`UPDATE vehicles SET status = $2 WHERE id = ANY($1)`, [await ids('vehicles', share), pick(VEHICLE_STATUSES)]);
          break;
        case 1:
          await db.query(`UPDATE drivers SET status = $2 WHERE id = ANY($1)`, [await ids('drivers', share), pick(DRIVER_STATUSES)]);
          break;
        case 2:
          // Trips delivered at random instants around the window's edges, with an ETA before, at or after the end, or none.
          await db.query(
            `UPDATE trips SET status = 'Delivered', end_date = now() + $2 * interval '1 day' + (random() * 24) * interval '1 hour',
                 eta = CASE WHEN random() < 0.2 THEN NULL WHEN random() < 0.3 THEN end_date ELSE now() + $2 * interval '1 day' + (random() * 24) * interval '1 hour' END
              WHERE id = ANY($1) AND status NOT IN ('In Transit', 'Delayed')`,
            [await ids('trips', share), days()],
          );
          break;
        case 3:
          await db.query(`UPDATE incidents SET status = $2, severity = $3 WHERE id = ANY($1)`, [
            await ids('incidents', share),
            pick(INCIDENT_STATUSES),
            pick(INCIDENT_SEVERITIES),
          ]);
          await db.query(`UPDATE maintenance_jobs SET status = $2 WHERE id = ANY($1)`, [await ids('maintenance_jobs', share), pick(JOB_STATUSES)]);
          break;
        case 4: {
          // Copies of some records (a bulk insert), then some deleted (a bulk delete).
          const table = pick(['trips', 'maintenance_jobs', 'incidents']);
          const suffix = `C${++copies}`;
          const where = table === 'trips' ? `AND status NOT IN ('In Transit', 'Delayed')` : '';
          await db.exec(`CREATE TEMP TABLE copied AS SELECT * FROM ${table} WHERE random() < ${share} ${where};
                         UPDATE copied SET id = id || '${suffix}'; INSERT INTO ${table} SELECT * FROM copied; DROP TABLE copied;`);
          await db.query(`DELETE FROM ${table} WHERE id = ANY($1)`, [await ids(table, share / 2)]);
          break;
        }
        default:
          // A transaction rolled back leaves the counts as they were.
          await expect(
            db.transaction(async (tx) => {
              await tx.query(`UPDATE vehicles SET status = 'Sold'`);
              await tx.query(`DELETE FROM incidents`);
              throw new Error('rolled back');
            }),
          ).rejects.toThrow('rolled back');
      }
      if (round % 6 === 5) expect(await wrongCounts(db)).toEqual([]);
    }
    // Some made through the API (the write path, one record a statement).
    for (const severity of ['Critical', 'Low']) {
      const body = declaredBody(
        incidentsArea.fields,
        {},
        { location: 'NH 48, Khalapur', description: 'Clutch failure', severity, status: 'Open', vehicleId: null, driverId: null, images: [] },
      );
      const incident = await admin.post('/api/incidents', body);
      expect(incident.status).toBe(201);
      expect((await admin.put(`/api/incidents/${incident.body.id}`, { ...body, status: 'Resolved', version: incident.body.version })).status).toBe(200);
      if (severity === 'Low') expect((await admin.del(`/api/incidents/${incident.body.id}`)).status).toBe(204);
    }
    expect(await wrongCounts(db)).toEqual([]);
    const sum = async (counted: string) =>
      (await db.query<{ n: number }>(`SELECT coalesce(sum(n), 0)::int AS n FROM record_counts WHERE counted = $1`, [counted]))[0].n;
    expect(await sum('incidents')).toBeGreaterThan(0);
    await db.exec(`TRUNCATE incidents CASCADE`);
    expect(await sum('incidents')).toBe(0);
    expect(await wrongCounts(db)).toEqual([]);
  });

  it('answer every filter they declare, alone and in pairs, as the rows do, and the lists read them (exact, no cap)', async () => {
    // The window's edges on purpose: a trip ended at the first instant of the window's first day, one just before it.
    const zone = companyTimeZone();
    const today = companyToday();
    await server.database.query(
      `UPDATE trips SET status = 'Delivered', end_date = (($1::date - 29)::timestamp AT TIME ZONE '${zone}') - CASE WHEN id < 'TRP5' THEN interval '1 microsecond' ELSE interval '0' END, eta = (($1::date - 29)::timestamp AT TIME ZONE '${zone}')
        WHERE id IN (SELECT id FROM trips WHERE status NOT IN ('In Transit', 'Delayed') ORDER BY id LIMIT 6)`,
      [today],
    );
    let compared = 0;
    for (const key of KEPT_AREAS) {
      const def = resourceOf(key);
      const kept = def.keptCounts!;
      expect(kept.answers.every((name) => filterParams(def).includes(name))).toBe(true);
      const choices = (name: string) => def.area.filters[name] as readonly string[];
      const cases: Record<string, string>[] = [{}];
      for (const [i, name] of kept.answers.entries()) {
        for (const value of choices(name)) {
          cases.push({ [name]: value });
          for (const other of kept.answers.slice(i + 1)) for (const second of choices(other)) cases.push({ [name]: value, [other]: second });
        }
      }
      for (const filters of cases) {
        const [fromCounts, fromRows] = await bothTotals(server.database, def, filters);
        expect([key, filters, fromCounts]).toEqual([key, filters, fromRows]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
    // Some of each of the dashboard's trips, so that the comparisons above say something.
    const trips = resourceOf('trips');
    for (const filters of [{ delivered: 'Delivered (30d)' }, { delivery: 'On Time (30d)' }, { delivery: 'Late (30d)' }] as Record<string, string>[])
      expect((await bothTotals(server.database, trips, filters))[0].total).toBeGreaterThan(0);

    // The list's own total endpoint answers the same, and the lists read the counts: a kept count moved by hand shows (then put back).
    const vehicles = resourceOf('vehicles');
    const inFleet = () => listQueries(server.database, vehicles).total({ fleet: 'In Fleet', today } as Partial<ListQuery>);
    const before = await inFleet();
    expect((await admin.get('/api/vehicles/total?fleet=In+Fleet')).body).toEqual(before);
    expect(before).toEqual((await bothTotals(server.database, vehicles, { fleet: 'In Fleet' }))[1]);
    const [moved] = await server.database.query<{ key: unknown }>(
      `UPDATE record_counts SET n = n + 100000 WHERE counted = 'vehicles' AND key = (SELECT key FROM record_counts WHERE counted = 'vehicles' AND key->>'status' <> 'Sold' ORDER BY key LIMIT 1) RETURNING key`,
    );
    try {
      expect([moved, await inFleet()]).toEqual([moved, { total: before.total + 100_000, totalIsEstimate: false }]);
    } finally {
      await server.database.query(`UPDATE record_counts SET n = n - 100000 WHERE counted = 'vehicles' AND n >= 100000`);
    }
    expect(await wrongCounts(server.database)).toEqual([]);
  });

  it('count rows while they are kept in another zone, and are kept in the server’s zone again', async () => {
    const trips = resourceOf('trips');
    const filters = { delivered: 'Delivered (30d)' };
    const [expected] = await bothTotals(server.database, trips, filters);
    await server.database.query(`UPDATE record_counts_zone SET time_zone = 'America/Los_Angeles'`);
    await server.database.query(`SELECT record_counts_rebuild('trips')`);
    // Kept in another zone: the total is counted from the rows meanwhile (the same number), and the counts are made again.
    expect((await bothTotals(server.database, trips, filters))[0]).toEqual(expected);
    await keepCountsInZone(server.database);
    expect((await server.database.query<{ time_zone: string }>(`SELECT time_zone FROM record_counts_zone`))[0].time_zone).toBe(companyTimeZone());
    expect(await wrongCounts(server.database)).toEqual([]);
    expect((await bothTotals(server.database, trips, filters))[0]).toEqual(expected);
  });
});

describe('kept record counts written at once', () => {
  it('stay right when two connections change the same keys at once, in opposite directions (on PostgreSQL, two connections)', async () => {
    const db = server.database;
    const vehicles = (await db.query<{ id: string }>(`SELECT id FROM vehicles ORDER BY id`)).map((r) => r.id);
    const half = Math.floor(vehicles.length / 2);
    await db.query(`UPDATE vehicles SET status = CASE WHEN id = ANY($1) THEN 'Active' ELSE 'In Maintenance' END`, [vehicles.slice(0, half)]);
    // Each moves vehicles between the same two keys, the other way round, and holds its locks a while before committing.
    const slowly = (ids: string[], status: string) =>
      db.transaction(async (tx) => {
        await tx.query(`UPDATE vehicles SET status = $2 WHERE id = ANY($1)`, [ids, status]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.query(`UPDATE vehicles SET type = type WHERE id = ANY($1)`, [ids]);
      });
    for (let round = 0; round < 3; round++) {
      await Promise.all([
        slowly(
          vehicles.slice(0, half).filter(() => random() < 0.5),
          'In Maintenance',
        ),
        slowly(
          vehicles.slice(half).filter(() => random() < 0.5),
          'Active',
        ),
      ]);
    }
    expect(await wrongCounts(db)).toEqual([]);
  });
});
