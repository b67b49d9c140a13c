import v8 from 'node:v8';
import vm from 'node:vm';
import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema';
import { resources } from '../resources';
import {
  driverBody,
  startTestServer,
  testDatabaseUrl,
  trainingBody,
  tripBody,
  vehicleBody,
  type Json,
  type TestClient,
  type TestListener,
  type TestServer,
} from '../testing/test-server';
import { entryBytes, ListCache } from './list-cache';

describe('ListCache', () => {
  it('returns what was stored until records change', () => {
    const cache = new ListCache(60_000);
    cache.set('a', 'page', cache.version());
    expect(cache.get('a')).toBe('page');
    cache.invalidate();
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not store what a query read before a change', () => {
    const cache = new ListCache(60_000);
    const readUnder = cache.version();
    cache.invalidate(); // a write committed while the query ran
    cache.set('a', 'stale page', readUnder);
    expect(cache.get('a')).toBeUndefined();
  });

  it('remembers what a read found, unless records changed while it read', async () => {
    const cache = new ListCache(60_000);
    let reads = 0;
    const read = async () => `page ${++reads}`;
    expect(await cache.remember('a', read)).toBe('page 1');
    expect(await cache.remember('a', read)).toBe('page 1');
    expect(
      await cache.remember('b', async () => {
        cache.invalidate(); // a write committed while this read ran
        return 'stale';
      }),
    ).toBe('stale');
    expect(await cache.remember('b', read)).toBe('page 2');
  });

  it('forgets entries after their time', () => {
    let now = 1_000;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const cache = new ListCache(500);
      cache.set('a', 'page', cache.version());
      now += 499;
      expect(cache.get('a')).toBe('page');
      now += 2;
      expect(cache.get('a')).toBeUndefined();
    } finally {
      Date.now = realNow;
    }
  });

  it('keeps within its size, dropping the least recently used first', () => {
    // Each entry below costs entryBytes('a', 'A') = 204 bytes: eight fit in 1,700.
    const cache = new ListCache(60_000, { maxBytes: 1700 });
    cache.set('a', 'A', cache.version());
    cache.set('b', 'B', cache.version());
    expect(cache.get('a')).toBe('A'); // a is now the more recently used
    for (const key of ['c', 'd', 'e', 'f', 'g', 'h']) cache.set(key, key, cache.version());
    cache.set('i', 'I', cache.version());
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('i')).toBe('I');
    cache.set('huge', 'H'.repeat(100), cache.version()); // more than an eighth of the whole: not kept
    expect(cache.get('huge')).toBeUndefined();
  });

  it('counts what an entry really holds: its key as well as its value', () => {
    expect(entryBytes('k'.repeat(300), '')).toBeGreaterThanOrEqual(600);
    expect(entryBytes('k', { total: 12, totalIsEstimate: false })).toBeGreaterThan(2 * JSON.stringify({ total: 12, totalIsEstimate: false }).length);
  });

  it('bounds the memory it really uses, whatever is searched for', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const maxBytes = 4 * 1024 * 1024;
    const cache = new ListCache(60_000, { maxBytes });
    gc();
    const before = process.memoryUsage().heapUsed;
    // One user searching for 60,000 different things, each caching an empty page and its total, as the list endpoint does.
    for (let i = 0; i < 60_000; i++) {
      const q = `no such plate ${i} `.padEnd(200, 'z');
      cache.set(
        `trips page|${JSON.stringify({ q, page: 1, pageSize: 50, sort: 'createdAt', order: 'desc' })}`,
        JSON.stringify({ items: [], hasMore: false, page: 1, pageSize: 50 }),
        cache.version(),
      );
      cache.set(`trips total|true|\u0000${JSON.stringify({ pattern: `%${q}%` })}`, { total: 0, totalIsEstimate: false }, cache.version());
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(grown).toBeLessThan(maxBytes * 1.25);
    expect(cache.get('anything')).toBeUndefined(); // keeps the cache alive until here
  });

  it('stores nothing with no time to keep it, or while changes may go unheard', () => {
    const off = new ListCache(0);
    off.set('a', 'page', off.version());
    expect(off.get('a')).toBeUndefined();
    const deaf = new ListCache(60_000, { trusted: false });
    deaf.set('a', 'page', deaf.version());
    expect(deaf.get('a')).toBeUndefined();
  });
});

describe('list answers with the cache on', () => {
  let server: TestServer;
  let other: TestListener;
  let client: TestClient;
  let otherClient: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ listCacheMs: 60_000 });
    other = await server.listen({}); // a second server on the same database, with a cache of its own
    client = await server.signedIn();
    otherClient = await other.signedIn();
    // Nothing is cached until both servers listen to the database's change notifications.
    if (testDatabaseUrl()) await eventually(async () => (await listeningConnections()) >= 2);
  });
  afterAll(() => server?.close());

  /** Polls until `check` passes: notifications from the database arrive shortly after the commit. */
  async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('Not true within the time allowed.');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const ids = (res: { body: Json }) => (res.body.items as Json[]).map((v) => v.id);

  async function listeningConnections() {
    const [{ listening }] = await server.database.query<{ listening: number }>(
      `SELECT count(*)::int AS listening FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    return listening;
  }

  const insertVehicle = (id: string, model: string) =>
    `INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status) VALUES ('${id}', 'Tata', '${model}', 2024, 'VIN${id}', 'MH01${id}', 'Truck', 'Active')`;

  it('answers a repeated request from memory until records change', async () => {
    expect((await client.get('/api/vehicles/total?q=silentone')).body.total).toBe(0);
    // A write that announces nothing (its trigger off) is not seen: the page is the one kept.
    await server.database.exec(
      `ALTER TABLE vehicles DISABLE TRIGGER records_changed; ${insertVehicle('VEH9999SILENT', 'SilentOne')}; ALTER TABLE vehicles ENABLE TRIGGER records_changed`,
    );
    expect((await client.get('/api/vehicles/total?q=silentone')).body.total).toBe(0);
    expect(ids(await client.get('/api/vehicles?q=silentone&pageSize=10'))).toEqual(['VEH9999SILENT']); // another page is read
    // Any write through the API drops what was kept.
    expect((await client.post('/api/vehicles', vehicleBody())).status).toBe(201);
    expect((await client.get('/api/vehicles/total?q=silentone')).body.total).toBe(1);
  });

  it("keeps each area's totals apart (one cache serves them all)", async () => {
    const lead = {
      companyName: 'Cache Apart Ltd.',
      contactPerson: 'Asha Rao',
      contactInfo: '+91 98200 12345',
      leadSource: 'Website',
      assignedTo: '',
      status: 'New',
      industry: '',
      region: '',
      notes: '',
    };
    expect((await client.post('/api/sales-leads', lead)).status).toBe(201);
    const leads = (await client.get('/api/sales-leads/total')).body.total;
    expect(leads).toBeGreaterThan(0);
    expect((await client.get('/api/sales-orders/total')).body.total).toBe(0);
    expect((await client.get('/api/sales-leads/total')).body.total).toBe(leads);
  });

  it("shows this server's own changes at once", async () => {
    const before = await client.get('/api/vehicles?q=cachetest');
    expect(before.body.items).toEqual([]);
    const created = await client.post('/api/vehicles', vehicleBody({ model: 'CacheTest One' }));
    expect(created.status, created.text).toBe(201);
    const after = await client.get('/api/vehicles?q=cachetest');
    expect(ids(after)).toEqual([created.body.id]);
    expect((await client.get('/api/vehicles/total?q=cachetest')).body.total).toBe(1);

    const renamed = await client.put(`/api/vehicles/${created.body.id}`, { ...vehicleBody({ model: 'Renamed' }), version: created.body.version });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await client.get('/api/vehicles/total?q=cachetest')).body.total).toBe(0);

    expect((await client.del(`/api/vehicles/${created.body.id}`)).status).toBe(204);
    expect((await client.get('/api/vehicles/total?q=renamed')).body.total).toBe(0);
  });

  it('shows changes made through another server', async () => {
    expect((await client.get('/api/vehicles/total?q=elsewhere')).body.total).toBe(0);
    const created = await otherClient.post('/api/vehicles', vehicleBody({ model: 'Elsewhere Made' }));
    expect(created.status, created.text).toBe(201);
    await eventually(async () => ids(await client.get('/api/vehicles?q=elsewhere')).includes(created.body.id));
  });

  it('shows rows written straight into the database (the seed command, another tool)', async () => {
    expect((await client.get('/api/vehicles/total?q=straightin')).body.total).toBe(0);
    await server.database.query(insertVehicle('VEH9999STRAIGHT', 'StraightIn'));
    await eventually(async () => (await client.get('/api/vehicles/total?q=straightin')).body.total === 1);
  });

  it("shows a renamed vehicle's new label in the trips searched by it", async () => {
    const vehicle = (await client.post('/api/vehicles', vehicleBody({ make: 'Ashok', model: 'Oldname 1920' }))).body;
    const driver = (await client.post('/api/drivers', driverBody())).body;
    const trip = (await client.post('/api/trips', tripBody(vehicle.id, driver.id))).body;
    expect(ids(await client.get('/api/trips?q=oldname'))).toEqual([trip.id]);
    expect((await client.get('/api/trips/total?q=newname')).body.total).toBe(0);
    // Renamed through the other server: this one's cached trips pages must not keep the old label.
    const renamed = await otherClient.put(`/api/vehicles/${vehicle.id}`, {
      ...vehicleBody({ make: 'Ashok', model: 'Newname 1920' }),
      version: vehicle.version,
    });
    expect(renamed.status, renamed.text).toBe(200);
    await eventually(async () => ids(await client.get('/api/trips?q=newname')).includes(trip.id));
    expect((await client.get('/api/trips/total?q=oldname')).body.total).toBe(0);
  });

  it("keeps a filter's values present until records change", async () => {
    const driver = (await client.post('/api/drivers', driverBody())).body;
    expect((await client.get('/api/driver-training/values/trainingType')).body).toEqual({ values: [] });
    const created = await otherClient.post('/api/driver-training', trainingBody(driver.id, { trainingType: 'Hazmat Handling' }));
    expect(created.status, created.text).toBe(201);
    await eventually(async () => (await client.get('/api/driver-training/values/trainingType')).body.values.includes('Hazmat Handling'));
  });

  it.skipIf(!testDatabaseUrl())('caches nothing while the connection that listens is lost, and hears changes again after', async () => {
    const [{ killed }] = await server.database.query<{ killed: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS killed FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    expect(killed).toBeGreaterThanOrEqual(2); // one per server
    await server.database.query(insertVehicle('VEH9999UNHEARD', 'Unheard'));
    await eventually(async () => (await client.get('/api/vehicles/total?q=unheard')).body.total === 1);
    // Listening again: a later change is heard too.
    await eventually(async () => (await listeningConnections()) >= 2);
    await client.get('/api/vehicles?q=heardagain');
    await server.database.query(insertVehicle('VEH9999HEARD', 'HeardAgain'));
    await eventually(async () => (await client.get('/api/vehicles/total?q=heardagain')).body.total === 1);
  });

  it('is told of changes to every table a list reads', async () => {
    const rows = await server.database.query<{ table: string }>(
      `SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname = 'records_changed' ORDER BY 1`,
    );
    const listed = [...resources.map((r) => getTableName(r.table)), getTableName(files)].sort();
    expect(rows.map((r) => r.table)).toEqual(listed);
  });
});
