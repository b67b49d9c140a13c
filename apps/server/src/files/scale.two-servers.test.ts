import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, vehicleBody } from '../testing/test-server';
import { startTwoServers, twoServersSkipReason, type TwoServers } from '../testing/two-servers';
import { startS3TestServer, type S3TestServer } from './s3-test-server';
import { s3Storage } from './storage';

/**
 * The topology the README's "Running at scale" shows, run for real: two app server processes behind no
 * balancer but driven alternately, on one PostgreSQL database and one S3-compatible bucket (s3rver).
 * Nothing passes between them but the database and the bucket. (That the reminder run and the digest
 * happen once across servers is proven by reminders/two-servers.test.ts and
 * notifications/digest.two-servers.test.ts on this same harness; the lease check below holds it here too.)
 */
const skipReason = twoServersSkipReason();

describe.skipIf(skipReason !== null)(`two app servers, one PostgreSQL, one bucket${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let s3: S3TestServer;
  let servers: TwoServers;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    servers = await startTwoServers({
      ...s3.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // Lists cached as in production, so that dropping them across servers is what is tested.
      RAAHI_LIST_CACHE_SECONDS: '60',
      // Guesses are counted per client address; the test speaks for several through X-Forwarded-For.
      RAAHI_TRUST_PROXY: '1',
      RAAHI_REMINDER_MINUTES: '0.05',
    });
  }, 120_000);
  afterAll(async () => {
    await servers?.close();
    await s3?.close();
  }, 60_000);

  it('signs in on one server and carries on, and signs out, on the other', async () => {
    const onA = await servers.a.signedIn();
    const onB = new TestClient(servers.b.url);
    onB.cookie = onA.cookie;
    onB.csrfToken = onA.csrfToken;
    expect((await onB.get('/api/auth/me')).body.user.username).toBe('admin');
    const created = await onB.post('/api/vehicles', vehicleBody());
    expect(created.status, created.text).toBe(201);
    expect((await onA.get(`/api/vehicles/${created.body.id}`)).body.id).toBe(created.body.id);
    expect((await onB.post('/api/auth/logout')).status).toBeLessThan(300);
    expect((await onA.get('/api/vehicles')).status).toBe(401);
  });

  it('a write on one server drops the other server’s cached list within a second', async () => {
    const [onA, onB] = await Promise.all([servers.a.signedIn(), servers.b.signedIn()]);
    const make = `Cached${randomBytes(3).toString('hex')}`;
    const list = async () => (await onB.get(`/api/vehicles?q=${make}`)).body.items as { id: string; model: string }[];
    const first = (await onA.post('/api/vehicles', vehicleBody({ make }))).body;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await list()).map((v) => v.model)).toEqual(['Prima 4028.S']);
    // A change no trigger announces (replica mode): B keeps answering its cached page, so the cache is on.
    await servers.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE vehicles SET model = 'Unannounced' WHERE id = ${first.id}`);
    });
    expect((await list()).map((v) => v.model)).toEqual(['Prima 4028.S']);
    // A write through A: B drops its cache and answers from the database within a second.
    const created = await onA.post('/api/vehicles', vehicleBody({ make }));
    expect(created.status, created.text).toBe(201);
    const written = Date.now();
    let items = await list();
    while (items.length < 2 && Date.now() - written < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      items = await list();
    }
    expect(Date.now() - written).toBeLessThan(1000);
    expect(items.map((v) => v.model).sort()).toEqual(['Prima 4028.S', 'Unannounced']);
  });

  it('counts sign-in guesses across both servers', async () => {
    const from = { 'x-forwarded-for': '203.0.113.77' };
    for (let guess = 0; guess < 10; guess++) {
      const server = guess % 2 === 0 ? servers.a : servers.b;
      const res = await server.client().login(`nobody${guess}`, 'wrong-password-123', from);
      expect(res.status, `guess ${guess + 1}`).toBe(401);
    }
    for (const server of [servers.a, servers.b]) {
      const refused = await server.client().login('admin', 'wrong-password-123', from);
      expect(refused.status).toBe(429);
    }
    // Another address is not held up by these.
    expect((await servers.b.client().login('admin', undefined, { 'x-forwarded-for': '203.0.113.78' })).status).toBe(200);
  });

  it('serves from one server a file uploaded through the other, from the bucket', async () => {
    const [onA, onB] = await Promise.all([servers.a.signedIn(), servers.b.signedIn()]);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2 * 1024 * 1024)]);
    const uploaded = await onA.upload('Fitness Certificate.pdf', pdf);
    expect(uploaded.status, uploaded.text).toBe(201);
    const download = await onB.get(`/api/files/${uploaded.body.id}`);
    expect(download.status).toBe(200);
    expect(download.bytes.equals(pdf)).toBe(true);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Fitness Certificate.pdf"; filename*=UTF-8''Fitness%20Certificate.pdf`);
    const [row] = await servers.database.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE id = $1', [uploaded.body.id]);
    expect(await s3Storage(s3.config).size(row.storage_key)).toBe(pdf.length);
    // Both report the store ready; neither says which it is.
    for (const server of [servers.a, servers.b]) expect((await server.client().get('/readyz/storage')).body).toEqual({ status: 'ready' });
  });

  it('catches a version conflict across servers', async () => {
    const [onA, onB] = await Promise.all([servers.a.signedIn(), servers.b.signedIn()]);
    const body = vehicleBody();
    const created = (await onA.post('/api/vehicles', body)).body;
    const first = await onA.put(`/api/vehicles/${created.id}`, { ...body, currentMileage: 130000, version: 1 });
    expect(first.status, first.text).toBe(200);
    const stale = await onB.put(`/api/vehicles/${created.id}`, { ...body, currentMileage: 99000, version: 1 });
    expect(stale.status).toBe(409);
    expect((await onB.get(`/api/vehicles/${created.id}`)).body).toMatchObject({ currentMileage: 130000, version: 2 });
  });

  it('runs the periodic reminder run on one server only (one lease holder)', async () => {
    const leases = await servers.database.query<{ job: string; holder: string }>(
      `SELECT job, holder FROM job_leases WHERE job = 'reminders' AND expires_at > now()`,
    );
    expect(leases).toHaveLength(1);
  });

  it('on SIGTERM of one server under load, loses no acknowledged write while the other keeps answering', async () => {
    const [onA, onB] = await Promise.all([servers.a.signedIn(), servers.b.signedIn()]);
    const acknowledged: string[] = [];
    const failedOnB: string[] = [];
    let aDown = false;
    let stopB = false;
    const writer = async (client: TestClient, onServerB: boolean) => {
      while (onServerB ? !stopB : !aDown) {
        try {
          const res = await client.post('/api/vehicles', vehicleBody({ make: onServerB ? 'LoadB' : 'LoadA' }));
          if (res.status === 201) acknowledged.push(res.body.id);
          else if (onServerB) failedOnB.push(`${res.status} ${res.text}`);
        } catch (err) {
          // A stopped server refuses the connection: that write was never acknowledged.
          if (onServerB) failedOnB.push((err as Error).message);
          else aDown = true;
        }
      }
    };
    const writers = [...Array.from({ length: 4 }, () => writer(onA, false)), ...Array.from({ length: 2 }, () => writer(onB, true))];
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const beforeStop = acknowledged.length;
    servers.a.process.child.kill('SIGTERM');
    const exit = await servers.a.process.exited;
    aDown = true;
    const afterStop = acknowledged.length;
    // B goes on answering once A is gone.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stopB = true;
    await Promise.all(writers);

    expect(exit.code, servers.a.output()).toBe(0);
    expect(servers.a.output()).toContain('Stopped cleanly.');
    expect(beforeStop).toBeGreaterThan(10);
    expect(acknowledged.length).toBeGreaterThan(afterStop);
    expect(failedOnB).toEqual([]);
    const stored = new Set((await servers.database.query<{ id: string }>(`SELECT id FROM vehicles WHERE make IN ('LoadA', 'LoadB')`)).map((r) => r.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // A write cut off by the stop may be stored without its answer; no more than the writers in flight.
    expect(stored.size - acknowledged.length).toBeLessThanOrEqual(4);
  }, 60_000);
});
