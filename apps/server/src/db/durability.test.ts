import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer as startServerProcess, waitFor, type RunningServer } from '../testing/server-process';
import { agentRequest, prepareEmbeddedDataDir, temporaryPostgresDatabase, TestClient, testDatabaseUrl, vehicleBody } from '../testing/test-server';

/**
 * The real server as its own process on the embedded database (PGlite on a data directory):
 * what it acknowledged survives a crash, and a stop lets in-flight work finish.
 * (The data directory starts from the migrated test template; initdb on disk alone would take
 * most of this file's time budget.)
 */

const PASSWORD = 'durable-test-password';

const started: RunningServer[] = [];
const dataDirs: string[] = [];
let dataDir: string;

// Each test has its own data directory, holding a freshly migrated database with no users yet.
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'raahi-durability-'));
  dataDirs.push(dataDir);
  await prepareEmbeddedDataDir(join(dataDir, 'db'));
});
afterEach(() => {
  for (const server of started.splice(0)) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
});
afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * Starts `node --import tsx apps/server/src/main.ts` on the data directory (and on `databaseUrl` when
 * given, else the embedded database there) and waits until it listens.
 */
async function startServer(databaseUrl?: string): Promise<RunningServer> {
  const server = await startServerProcess(dataDir, { RAAHI_ADMIN_PASSWORD: PASSWORD, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, false);
  started.push(server);
  await waitFor(
    () => /Raahi is running at[^]*(First start|Sign in with your account)/.test(server.output()),
    server.exited,
    () => `the server did not start:\n${server.output()}`,
  );
  return server;
}

async function signIn(server: RunningServer): Promise<TestClient> {
  const client = new TestClient(server.url);
  const res = await client.login('admin', PASSWORD);
  expect(res.status, server.output()).toBe(200);
  return client;
}

async function allVehicleIds(client: TestClient): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const res = await client.get(`/api/vehicles?pageSize=200&page=${page}`);
    expect(res.status).toBe(200);
    for (const v of res.body.items) ids.add(v.id);
    if (res.body.items.length < 200) {
      expect(ids.size).toBe((await client.get('/api/vehicles/total')).body.total);
      return ids;
    }
  }
}

describe('the embedded database', () => {
  it('keeps every acknowledged create after the server is killed with SIGKILL mid-writes', { timeout: 150_000 }, async () => {
    const first = await startServer();
    expect(first.output()).toContain('First start: created the user "admin" with the password from RAAHI_ADMIN_PASSWORD.');
    const client = await signIn(first);

    const acknowledged: string[] = [];
    let killed = false;
    let failures = 0;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !killed; i++) {
        try {
          const res = await client.post('/api/vehicles', vehicleBody({ make: `Writer${w}`, vin: `DUR${w}N${i}` }));
          if (res.status === 201) acknowledged.push(res.body.id);
          else throw new Error(`create answered ${res.status} ${res.text}`);
        } catch (err) {
          if (!killed) throw err;
          failures++; // the request the kill cut off
          return;
        }
      }
    });
    const allWriters = Promise.all(writers);
    allWriters.catch(() => undefined); // awaited below; a writer failing early must not go unhandled meanwhile
    // Let writes flow, then kill while several are in flight.
    const deadline = Date.now() + 4000;
    while ((acknowledged.length < 40 || Date.now() < deadline - 3000) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const ackedBeforeKill = acknowledged.length;
    killed = true;
    first.child.kill('SIGKILL');
    const { signal } = await first.exited;
    await allWriters;
    expect(signal).toBe('SIGKILL');
    expect(first.output()).not.toContain('Stopped cleanly.');
    expect(ackedBeforeKill).toBeGreaterThanOrEqual(10);
    expect(failures).toBeGreaterThan(0); // writes really were in flight

    const second = await startServer();
    expect(second.output()).not.toContain('First start');
    const after = await signIn(second);
    expect((await after.get('/readyz')).status).toBe(200);
    const present = await allVehicleIds(after);
    expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
    // At most the cut-off requests may have been written without an answer.
    expect(present.size).toBeGreaterThanOrEqual(acknowledged.length);
    expect(present.size).toBeLessThanOrEqual(acknowledged.length + 4);
    // And the database takes writes again.
    expect((await after.post('/api/vehicles', vehicleBody())).status).toBe(201);
    second.child.kill('SIGKILL');
    await second.exited;
  });

  it('on SIGTERM finishes the request in flight, closes the database, exits 0 and keeps the write', { timeout: 150_000 }, async () => {
    const server = await startServer();
    const client = await signIn(server);
    const body = JSON.stringify(vehicleBody({ make: 'InFlight', vin: 'SIGTERM0001' }));

    // A create whose body arrives slowly: the handler is waiting for it when SIGTERM comes.
    const answer = new Promise<{ status: number; text: string; connection: string | undefined }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/vehicles`, {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: `raahi_session=${client.cookie}`,
          'x-csrf-token': client.csrfToken!,
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text, connection: res.headers.connection }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 20));
      setTimeout(async () => {
        server.child.kill('SIGTERM');
        try {
          await waitFor(
            () => server.output().includes('SIGTERM received'),
            server.exited,
            () => `no SIGTERM message:\n${server.output()}`,
          );
          // A stopping server takes no new connections...
          await expect(fetch(`${server.url}/livez`)).rejects.toThrow();
        } finally {
          // ...but the request in flight completes.
          req.end(body.slice(20));
        }
      }, 300);
    });

    const res = await answer;
    expect(res.status, res.text).toBe(201);
    // ...and tells the client that its connection closes, so it sends nothing more on it.
    expect(res.connection).toBe('close');
    const created = JSON.parse(res.text);
    expect(created.make).toBe('InFlight');
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(server.output()).toContain('SIGTERM received: finishing in-flight requests, then closing the database.');
    expect(server.output()).toContain('Stopped cleanly.');

    const again = await startServer();
    const reader = await signIn(again);
    expect((await reader.get(`/api/vehicles/${created.id}`)).body).toEqual(created);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
    expect(again.output()).toContain('Stopped cleanly.');
  });
});

// On the database this run tests: PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set, else the embedded one.
describe(`stopping under write load (${testDatabaseUrl() ? 'PostgreSQL' : 'embedded database'})`, () => {
  it(
    'answers every request it takes, closes each open connection after one more answer, and writes nothing it did not acknowledge',
    { timeout: 150_000 },
    async () => {
      const serverUrl = testDatabaseUrl();
      const postgres = serverUrl ? await temporaryPostgresDatabase(serverUrl) : undefined;
      try {
        const server = await startServer(postgres?.url);
        const client = await signIn(server);
        const acknowledged: string[] = [];
        let signalled = false;
        let failed = 0;
        // Eight writers, each on its own keep-alive connection, writing until the server is gone.
        const writers = Array.from({ length: 8 }, async (_, w) => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          try {
            for (let i = 0; ; i++) {
              const res = await agentRequest(agent, `${server.url}/api/vehicles`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', cookie: `raahi_session=${client.cookie}`, 'x-csrf-token': client.csrfToken! },
                body: JSON.stringify(vehicleBody({ make: `Load${w}`, vin: `LOAD${w}N${i}` })),
              }).catch(() => null);
              if (!res) {
                if (!signalled) throw new Error(`a write failed before the server was stopped:\n${server.output()}`);
                failed++;
                return;
              }
              expect(res.status, res.text).toBe(201);
              acknowledged.push(JSON.parse(res.text).id);
            }
          } finally {
            agent.destroy();
          }
        });
        const allWriters = Promise.all(writers);
        allWriters.catch(() => undefined);
        while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 10));
        const signalledAt = Date.now();
        signalled = true;
        server.child.kill('SIGTERM');
        await allWriters;
        const { code } = await server.exited;
        const stoppedAfterMs = Date.now() - signalledAt;
        expect(code, server.output()).toBe(0);
        expect(server.output()).toContain('Stopped cleanly.');
        // No connection was held open until a timer cut it.
        expect(stoppedAfterMs).toBeLessThan(8000);
        expect(failed).toBe(8); // every writer ended when its connection was closed or refused

        const again = await startServer(postgres?.url);
        const stored = await allVehicleIds(await signIn(again));
        // Exactly what was acknowledged was stored: nothing lost, nothing written without an answer.
        expect([...stored].sort()).toEqual([...acknowledged].sort());
        again.child.kill('SIGTERM');
        expect((await again.exited).code).toBe(0);
      } finally {
        await postgres?.drop();
      }
    },
  );
});
