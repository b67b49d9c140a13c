import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, ensureAdmin } from '../auth/users';
import { openDatabase } from '../db/client';
import { pdfText } from '../testing/pdf-text';
import { startServer, type RunningServer } from '../testing/server-process';
import { httpRequest, prepareEmbeddedDataDir, temporaryPostgresDatabase, testDatabaseUrl, TestClient, type ApiResponse } from '../testing/test-server';
import { REPORT_FILES_PER_SERVER, REPORT_FILES_PER_USER } from './routes';

/**
 * Issue 32, "Reports cannot stall the server": fifty parallel PDF downloads of a 2,000-row report, from five users,
 * while /livez is asked every 20 ms. The server runs as its own process (as the issue measured it: the test's own
 * clients do not share its event loop), on the embedded database or, with DATABASE_URL, on PostgreSQL. Before
 * decision 0060 it rendered each PDF on its event loop and /livez waited seconds (20–37 s). Now the files past the
 * limits are refused at once (429, Retry-After), the admitted ones rendered in a worker thread, /livez answers within
 * 200 ms throughout, and the slots are given back when the files end.
 */
let server: RunningServer;
let dataDir: string;
let dropDatabase: (() => Promise<void>) | undefined;
const USERS = 5;
const PER_USER = 10;
const PASSWORD = 'Report-Storm-Password-2026';
const clients: TestClient[] = [];
const PDF = '/api/reports/inventory-valuation?format=pdf';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'raahi-report-storm-'));
  const serverUrl = testDatabaseUrl();
  const temporary = serverUrl ? await temporaryPostgresDatabase(serverUrl) : undefined;
  dropDatabase = temporary?.drop;
  if (!temporary) await prepareEmbeddedDataDir(join(dataDir, 'db'));
  // The records and users are written before the server starts (the embedded database is one process's).
  const database = await openDatabase(temporary ? { url: temporary.url, poolSize: 2 } : { dataDir: join(dataDir, 'db') });
  await ensureAdmin(database, PASSWORD);
  for (let i = 0; i < USERS; i++) await createUser(database, { username: `storm${i}`, password: PASSWORD, role: 'fleet_manager' });
  await database.query(
    `INSERT INTO inventory_items (id, name, part_number, quantity, reorder_level, cost_per_unit, supplier, location)
     SELECT 'INVLOAD' || lpad(n::text, 5, '0'), 'Brake pad set ' || n, 'BP-' || n, n % 40, 10, 1234.5 + n, 'Supplier ' || (n % 17), 'Rack ' || (n % 23)
       FROM generate_series(1, 2000) AS n`,
  );
  await database.close();
  server = await startServer(dataDir, temporary ? { DATABASE_URL: temporary.url } : {});
  for (let i = 0; i < USERS; i++) {
    const client = new TestClient(server.url);
    expect((await client.login(`storm${i}`, PASSWORD)).status).toBe(200);
    clients.push(client);
  }
  // One PDF first: the worker is started and the fonts read, as on a server that has made one before.
  expect((await clients[0].get(PDF)).status).toBe(200);
}, 120_000);
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await dropDatabase?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('report files under load', () => {
  it('fifty parallel PDFs of 2,000 rows: /livez within 200 ms, the ones past the limits refused with 429 and Retry-After, the rest valid PDFs', async () => {
    const livez: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const started = performance.now();
        const res = await httpRequest(server.url + '/livez');
        livez.push(performance.now() - started);
        expect(res.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    let answers: ApiResponse[];
    try {
      answers = await Promise.all(Array.from({ length: USERS * PER_USER }, (_, i) => clients[i % USERS].get(PDF)));
    } finally {
      polling = false;
      await poller;
    }
    const admitted = answers.filter((res) => res.status === 200);
    const refused = answers.filter((res) => res.status === 429);
    expect(admitted.length + refused.length).toBe(answers.length);
    // At least the server's limit admitted (each user may hold REPORT_FILES_PER_USER), none past it at once.
    expect(admitted.length).toBeGreaterThanOrEqual(Math.min(REPORT_FILES_PER_SERVER, USERS * REPORT_FILES_PER_USER));
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.body.title).toBe('Too Many Requests');
      expect(res.body.message).toMatch(/running/);
    }
    for (const res of admitted) {
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const pages = await pdfText(admitted[0].bytes);
    expect(pages[0]).toContain('This PDF holds all 2,000 rows of the report.');
    expect(pages.join('\n')).toContain('Brake pad set 2000');
    const slowest = Math.max(...livez);
    expect(livez.length).toBeGreaterThan(5);
    expect(slowest, `slowest /livez ${Math.round(slowest)} ms over ${livez.length} probes`).toBeLessThan(200);

    // The slots came back: a new download of each kind is admitted.
    expect((await clients[1].get(PDF)).status).toBe(200);
    expect((await clients[1].get('/api/reports/inventory-valuation?format=csv')).status).toBe(200);
  }, 60_000);

  it('a client that goes away gives its slot back, for a PDF and for a CSV', async () => {
    const cookie = `raahi_session=${clients[2].cookie}`;
    for (const format of ['pdf', 'csv']) {
      // Each asked and dropped before its answer: the server finishes (or drops) the file and frees the slot.
      for (let i = 0; i < REPORT_FILES_PER_USER; i++) {
        await new Promise<void>((resolve) => {
          const req = http.get(`${server.url}/api/reports/inventory-valuation?format=${format}`, { headers: { cookie }, agent: false }, (res) => {
            res.destroy();
            resolve();
          });
          req.on('error', () => resolve());
          setTimeout(() => (req.destroy(), resolve()), format === 'pdf' ? 20 : 1_000);
        });
      }
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await clients[2].get(`/api/reports/inventory-valuation?format=${format}`)).status;
        if (status !== 200) {
          expect(status).toBe(429);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      expect(status, `a ${format} admitted again after its clients left`).toBe(200);
    }
  }, 30_000);
});
