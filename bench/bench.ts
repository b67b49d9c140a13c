/**
 * npm run bench [-- --vehicles N --drivers N --trips N --expenses N --refueling-logs N --cache on|off|both --duration S --connections C --samples N --writes S
 *                  --search-statistics N (experiment: planner statistics target of the search_text columns)
 *                  --history-entries N (bench/history.ts: reading the change log; 0 leaves it out)
 *                  --reminder-documents N (bench/reminders.ts: reminder runs and the bell; 0 leaves it out)
 *                  --dashboard-vehicles N (bench/dashboard.ts: GET /api/dashboard uncached, its own seeded database of N vehicles; 0 leaves it out)
 *                  --record-pages-vehicles N (bench/record-pages.ts: the vehicle page uncached, a fleet of N vehicles and one with
 *                  10,000 trips and 10,000 expenses; default 10,000; 0 leaves it out)
 *                  --margin-trips N (bench/margin.ts: the trips list sorted by margin, uncached, its own database of N trips, default 1,000,000; 0 leaves it out)
 *                  --file-samples N (bench/files.ts: upload and download throughput of 1 MB and 10 MB files on the disk and on s3rver, N of each, default 10; 0 leaves it out)
 *                  --report-samples N (bench/reports.ts: the ten reports' first page over one and twelve months, N samples each, default 20; 0 leaves it out)
 *                  --report-vehicles N (bench/reports.ts: its own seeded database of N vehicles with the records scaled alike; default --vehicles)
 *                  --import-trips N (bench/import.ts: a CSV of N trips checked and committed by the import, its own database; default 50,000; 0 leaves it out)
 *                  --storm-downloads N (bench/report-storm.ts: N parallel PDFs of a 2,000-row report, /livez p50/p99/max meanwhile;
 *                  default 50; 0 leaves it out)
 *                  --storm-workbooks N (with the storm, N dry runs of the worst workbook the import allows, after one alone: its time
 *                  and the server's peak memory; default 10; 0 leaves them out)]
 *
 * --writes S: creates per second through the operation layer with and without their change entry, S seconds per
 * mode and area (bench/writes.ts; 0 skips).
 *
 * Seeds a fresh database (a temporary PGlite data directory, or with DATABASE_URL a temporary database
 * on that PostgreSQL server) with vehicles, drivers and trips, starts the real server on it as a child
 * process, signs in and measures list pages of vehicles and trips: latency of one client alone
 * (sequential requests) and latency and throughput under load (autocannon, fixed connections). It
 * does so twice, with the server's list cache on (its default) and off (RAAHI_LIST_CACHE_SECONDS=0:
 * every request runs its page and count queries), then shows EXPLAIN (ANALYZE, BUFFERS) of the exact statements the
 * server runs for each page. Prints tables and writes bench/results/latest-<kind>.json and
 * bench/results/explain-<kind>.txt.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { EXACT_COUNT_LIMIT, MAX_LIST_OFFSET, MAX_PAGE_SIZE, lastReachablePage } from '@raahi/domain';
import { openDatabase, PGLITE_EXTENSIONS, pgliteDatabase, type Database, type Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { listQueries, listQuerySchema, withListSort, type ListQuery, type ResourceDefinition } from '../apps/server/src/http/resource';
import { resourceOf } from '../apps/server/src/resources';
import { benchHistory } from './history';
import { benchReminders } from './reminders';
import { benchDashboard } from './dashboard';
import { benchFiles } from './files';
import { benchReports } from './reports';
import { benchImport } from './import';
import { benchReportStorm } from './report-storm';
import { benchMargin } from './margin';
import { benchRecordPages } from './record-pages';
import { describeWrites, measureWrites } from './writes';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * Trips seeded by default: the issue's full size. On a quiet 2-core machine a whole run takes about
 * 4 minutes on PostgreSQL and 5 on the embedded database (--trips 200000 for a quicker look).
 */
const DEFAULT_TRIPS = 1_000_000;
const ADMIN_PASSWORD = 'bench-' + randomBytes(12).toString('hex');

/**
 * What users type into the vehicle search: a plate's state and RTO (MH12 is Pune, TN28 Namakkal, HR55
 * Gurugram), a maker, a model or a number. From rare (about 1% of rows) to common (Tata, about 28%).
 */
const SEARCH_TERMS = ['mh12', 'ka05', 'dl01', 'tn28', 'gj12', 'hr55', 'tata', 'leyl', 'eich', 'sign', 'dost', '2049'];

/**
 * Trip searches that match only through the vehicle's label ('make model (plate)'), which the trips'
 * search text carries: plate prefixes (state and RTO, one with its series: mh12ab) and model names.
 * From rare (mh12ab, about 0.1% of trips) to common (signa, several per cent).
 */
const TRIP_TERMS = ['mh12', 'ka05', 'tn28', 'hr55', 'gj12', 'dl01', 'mh12ab', 'signa', 'prima', 'dost', 'blazo', 'ultra'];

/**
 * Expense searches: through the vehicle's label (plates, models) and the expense's own vendor and
 * description (pump brands, toll plazas, dhabas). From rare (mh12ab) to common (fastag, a third of rows).
 */
const EXPENSE_TERMS = ['mh12', 'ka05', 'tn28', 'mh12ab', 'signa', 'prima', 'indian oil', 'fastag', 'khed', 'meal allow', 'nayara', 'tyre'];

/**
 * Refuelling log searches: through the vehicle's label (plates, models), the station's name (brand, town)
 * and the fuel type. From rare (mh12ab) to common (diesel, most rows).
 */
const REFUELING_TERMS = ['mh12', 'ka05', 'tn28', 'mh12ab', 'signa', 'prima', 'iocl', 'bpcl', 'vashi', 'jamtha', 'cng', 'diesel'];
/** Partner stations the logs are spread over (IOCL, BPCL and HPCL outlets on the highways). */
const BENCH_FUEL_STATIONS = 200;

interface Scenario {
  name: string;
  description: string;
  resource: ResourceDefinition;
  /** Request paths, used in turn. */
  paths: string[];
  /** The searches per path, for the per-term table. */
  terms?: string[];
}

function scenarios(withTrips: boolean, documents: number, withExpenses: boolean, withRefuelingLogs = false): Scenario[] {
  const list: Scenario[] = [
    {
      name: 'vehicles searched',
      description: 'vehicles: search (12 terms in turn) + status=Active + sort=year desc, page 1 of 50',
      resource: resourceOf('vehicles'),
      paths: SEARCH_TERMS.map((q) => `/api/vehicles?q=${encodeURIComponent(q)}&status=Active&sort=year&order=desc`),
      terms: SEARCH_TERMS,
    },
    {
      name: 'vehicles default',
      description: 'vehicles: no search or filter, newest first, page 1 of 50',
      resource: resourceOf('vehicles'),
      paths: ['/api/vehicles'],
    },
  ];
  if (withTrips) {
    list.push(
      {
        name: 'trips searched',
        description: "trips: search matching through the vehicle's label (12 terms in turn), newest first, page 1 of 50",
        resource: resourceOf('trips'),
        paths: TRIP_TERMS.map((q) => `/api/trips?q=${encodeURIComponent(q)}`),
        terms: TRIP_TERMS,
      },
      {
        name: 'trips searched total',
        description: 'trips: the total of the same 12 searches, the request the table makes beside the page',
        resource: resourceOf('trips'),
        paths: TRIP_TERMS.map((q) => `/api/trips/total?q=${encodeURIComponent(q)}`),
        terms: TRIP_TERMS,
      },
      { name: 'trips default', description: 'trips: no search or filter, newest first, page 1 of 50', resource: resourceOf('trips'), paths: ['/api/trips'] },
      {
        name: 'trips deepest page',
        description: `trips: the deepest page a list reaches (page ${lastReachablePage(MAX_PAGE_SIZE)} of ${MAX_PAGE_SIZE}, rows ${MAX_LIST_OFFSET - MAX_PAGE_SIZE + 1}–${MAX_LIST_OFFSET}), newest first`,
        resource: resourceOf('trips'),
        paths: [`/api/trips?page=${lastReachablePage(MAX_PAGE_SIZE)}&pageSize=${MAX_PAGE_SIZE}`],
      },
    );
  }
  if (documents > 0) {
    list.push({
      name: 'documents expiring soon',
      description: "compliance documents: the derived Expires Soon filter (expiry from the user's today to today + 30), newest first, page 1 of 50",
      resource: resourceOf('compliance'),
      paths: [`/api/compliance?expiry=${encodeURIComponent('Expires Soon')}`],
    });
  }
  if (withExpenses) {
    list.push({
      name: 'fuel expenses searched',
      description: "fuel expenses: search through the vehicle's label, vendor and description (12 terms in turn), newest first, page 1 of 50",
      resource: resourceOf('fuel-expenses'),
      paths: EXPENSE_TERMS.map((q) => `/api/fuel-expenses?q=${encodeURIComponent(q)}`),
      terms: EXPENSE_TERMS,
    });
  }
  if (withRefuelingLogs) {
    list.push({
      name: 'refuelling logs searched',
      description:
        "refuelling logs: search through the vehicle's label, the station's name and the fuel type (12 terms in turn), newest refuelling first, page 1 of 50",
      resource: resourceOf('refueling-logs'),
      paths: REFUELING_TERMS.map((q) => `/api/refueling-logs?q=${encodeURIComponent(q)}`),
      terms: REFUELING_TERMS,
    });
  }
  return list;
}

/** The issue's targets, checked against each run. */
const TARGETS = {
  vehiclesP95: { postgres: 50, pglite: 150 },
  vehiclesRps: { postgres: 1000 },
  /** Issue 8: the page never waits on counting, so a searched page of 1,000,000 trips stays this fast. */
  tripsSearchedP95: { postgres: 30 },
  /** Issue 9: a derived-state filter (Expires Soon) at 100,000 documents. */
  documentsExpiringP95: { postgres: 30 },
  tripsSearchedRps: { postgres: 300 },
  /** An uncached searched page of 1,000,000 expenses. */
  expensesSearchedP95: { postgres: 30 },
  /** An uncached searched page of 1,000,000 refuelling logs. */
  refuelingLogsSearchedP95: { postgres: 30 },
};

interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

function summarise(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  // Nearest-rank percentile: the smallest sample with at least p% of the samples at or below it.
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    count: sorted.length,
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted[sorted.length - 1]),
    mean: round(sorted.reduce((sum, v) => sum + v, 0) / sorted.length),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function positive(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1 (got "${raw}").`);
  return value;
}

/** A fresh, empty database for this run and how to remove it afterwards. */
interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  /** RAAHI_DATA_DIR for the server (the embedded database lives in <dataDir>/db). */
  dataDir: string;
  url: string | undefined;
  /** Where it is, for the report (never with a password). */
  label: string;
  drop(): Promise<void>;
}

async function freshDatabase(serverUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(join(os.tmpdir(), 'raahi-bench-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (!serverUrl) return { kind: 'pglite', dataDir, url: undefined, label: join(dataDir, 'db'), drop: removeDir };

  const name = `raahi_bench_${randomBytes(4).toString('hex')}`;
  const maintenance = new URL(serverUrl);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    dataDir,
    url: url.toString(),
    label: `${url.host}/${name}`,
    drop: async () => {
      const client = new pg.Client({ connectionString: maintenance.toString() });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
      await removeDir();
    },
  };
}

interface RunningServer {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the real server (TypeScript through tsx, nothing built) and waits until /readyz answers. */
async function startServer(database: BenchDatabase, listCache: boolean): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    RAAHI_LIST_CACHE_SECONDS: listCache ? undefined : '0',
    PORT: String(port),
    HOST: '127.0.0.1',
    RAAHI_DATA_DIR: database.dataDir,
    RAAHI_ADMIN_PASSWORD: ADMIN_PASSWORD,
    RAAHI_LOG_REQUESTS: '0',
    NODE_ENV: 'production',
  };
  if (database.url) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  if (listCache) delete env.RAAHI_LIST_CACHE_SECONDS; // the server's default
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (!running) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (!running) throw new Error(`The server exited while starting:\n${output}`);
    try {
      const response = await fetch(`${origin}/readyz`);
      if (response.ok) return { origin, pid: child.pid!, stop };
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`The server did not become ready within 90 s:\n${output}`);
}

/** Signs in as the admin the server created from RAAHI_ADMIN_PASSWORD; returns the session cookie. */
async function signIn(origin: string): Promise<string> {
  // No Origin header: like any non-browser client (the CSRF check refuses only foreign origins).
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Sign-in failed: HTTP ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('raahi_session='));
  if (!cookie) throw new Error('Sign-in answered without a raahi_session cookie.');
  return cookie.split(';')[0];
}

interface ScenarioResult {
  name: string;
  description: string;
  /** The server's list cache: on (default) or off (RAAHI_LIST_CACHE_SECONDS=0). */
  listCache: 'on' | 'off';
  /** One-minute load average of the machine before and after the scenario (2 cores: above 2 means waiting). */
  loadAverage: { before: number; after: number };
  /** Matching rows per path (the page's total), to show the searches hit real data. */
  matches: Record<string, number>;
  /** One client, one request at a time. */
  sequential: LatencySummary & { perPath: Record<string, LatencySummary> };
  /** autocannon with `connections` concurrent connections. */
  loaded: LatencySummary & { connections: number; durationS: number; requestsPerSecond: number; non2xx: number; errors: number; timeouts: number };
}

/** The total request of a list path (or the path itself when it is one): search and filters, no paging or sort. */
function totalPath(path: string) {
  const url = new URL(path, 'http://bench.invalid');
  if (url.pathname.endsWith('/total')) return path;
  for (const name of ['page', 'pageSize', 'sort', 'order']) url.searchParams.delete(name);
  return `${url.pathname}/total${url.search}`;
}

/** Resident memory of a process in MiB (Linux). */
async function residentMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

interface ExportResult {
  rows: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  rssMiB: { before: number; peak: number };
}

/** Downloads the whole trips export (every row, newest first) and watches the server's memory meanwhile. */
async function measureExport(server: RunningServer, cookie: string): Promise<ExportResult> {
  process.stdout.write('  trips export (every row as CSV)');
  const before = await residentMiB(server.pid);
  let peak = before;
  const watch = setInterval(
    () =>
      void residentMiB(server.pid).then(
        (mib) => (peak = Math.max(peak, mib)),
        () => undefined,
      ),
    100,
  );
  const started = performance.now();
  const response = await fetch(`${server.origin}/api/trips/export?tz=Asia%2FKolkata`, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`The export answered HTTP ${response.status}.`);
  let firstByteMs = 0;
  let bytes = 0;
  let rows = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) rows++;
  }
  const totalMs = performance.now() - started;
  clearInterval(watch);
  peak = Math.max(peak, await residentMiB(server.pid));
  const result = { rows: rows - 1, bytes, firstByteMs: Math.round(firstByteMs), totalMs: Math.round(totalMs), rssMiB: { before, peak } };
  process.stdout.write(
    `: ${result.rows} rows, ${(bytes / 2 ** 20).toFixed(1)} MiB in ${(totalMs / 1000).toFixed(1)} s (first byte ${result.firstByteMs} ms); server memory ${before} → peak ${peak} MiB.\n`,
  );
  return result;
}

async function checkPaths(origin: string, cookie: string, paths: string[]): Promise<Record<string, number>> {
  const matches: Record<string, number> = {};
  for (const path of paths) {
    const response = await fetch(origin + totalPath(path), { headers: { cookie } });
    if (!response.ok) throw new Error(`GET ${totalPath(path)} answered HTTP ${response.status}: ${await response.text()}`);
    matches[path] = ((await response.json()) as { total: number }).total;
  }
  // A rare term may find nothing in a small fleet; a scenario of empty pages would measure nothing.
  if (Object.values(matches).every((total) => total === 0)) throw new Error(`${paths.join(', ')} found no records: the scenario would measure empty pages.`);
  return matches;
}

async function sequential(origin: string, cookie: string, paths: string[], samples: number) {
  const all: number[] = [];
  const byPath = new Map<string, number[]>(paths.map((p) => [p, []]));
  for (let i = 0; i < samples; i++) {
    const path = paths[i % paths.length];
    const started = performance.now();
    const response = await fetch(origin + path, { headers: { cookie } });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`GET ${path} answered HTTP ${response.status}`);
    all.push(ms);
    byPath.get(path)!.push(ms);
  }
  const perPath = Object.fromEntries([...byPath].map(([path, values]) => [path, summarise(values)]));
  return { ...summarise(all), perPath };
}

async function load(origin: string, cookie: string, paths: string[], connections: number, durationS: number) {
  let next = 0;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: durationS,
        headers: { cookie },
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    // Every response's own time, for exact percentiles (autocannon's summary has p97.5 but no p95).
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode < 300) latencies.push(responseTime);
    });
  });
  const ok = result['2xx'];
  return {
    ...summarise(latencies),
    connections,
    durationS: Math.round(result.duration * 10) / 10,
    requestsPerSecond: Math.round(ok / result.duration),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map(
      (r, n) =>
        r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ') +
        (n === 0 ? '\n' + widths.map((w) => '-'.repeat(w)).join('  ') : ''),
    )
    .join('\n');
}

const loadAverage = () => Math.round(os.loadavg()[0] * 100) / 100;

// --- EXPLAIN of the exact statements the server runs ---

interface CapturedStatement {
  sql: string;
  params: unknown[];
}

/**
 * A Database like the server's whose drizzle records every statement it runs, so that the list
 * machinery itself (listQueries, the server's code) says which SQL and parameters a page runs.
 */
async function capturingDatabase(database: BenchDatabase, captured: CapturedStatement[]): Promise<Database> {
  const logger = { logQuery: (sql: string, params: unknown[]) => void captured.push({ sql, params }) };
  if (!database.url) {
    const client = await PGlite.create(join(database.dataDir, 'db'), { extensions: PGLITE_EXTENSIONS });
    return { ...pgliteDatabase(client), db: drizzlePglite(client, { schema, logger }) as unknown as Db };
  }
  const pool = new pg.Pool({ connectionString: database.url, max: 1, options: '-c plan_cache_mode=force_custom_plan' });
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema, logger }) as unknown as Db,
    exec: async (sql) => void (await pool.query(sql)),
    execInTransaction: async (sql) => void (await pool.query(`BEGIN; ${sql}; COMMIT`)),
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
    transaction: () => Promise.reject(new Error('EXPLAIN runs no transaction.')),
    listen: () => undefined, // EXPLAIN caches nothing
    close: () => pool.end(),
  };
}

interface ExplainSummary {
  path: string;
  statement: 'page' | 'count';
  executionMs: number;
  /** The plan's first lines (top nodes), for the summary table. */
  top: string;
}

/** Runs each scenario path's list and count statements under EXPLAIN (ANALYZE, BUFFERS). */
async function explainPaths(database: BenchDatabase, list: Scenario[]): Promise<{ summaries: ExplainSummary[]; text: string }> {
  const captured: CapturedStatement[] = [];
  const db = await capturingDatabase(database, captured);
  const summaries: ExplainSummary[] = [];
  let text = '';
  try {
    for (const scenario of list) {
      const run = listQueries(db, scenario.resource);
      const schemaFor = listQuerySchema(scenario.resource.area, scenario.resource.referenceFilters);
      for (const path of scenario.paths) {
        const url = new URL(path, 'http://bench.invalid');
        if (url.pathname.endsWith('/total')) continue; // its count statement is explained with its page
        // The sort the server would use: the one asked for, else the default of its filters.
        const query = withListSort(scenario.resource.area, schemaFor.parse(Object.fromEntries(url.searchParams))) as ListQuery;
        captured.length = 0;
        await run.page(query);
        await run.total(query);
        const statements = captured.filter((c) => !c.sql.startsWith('EXPLAIN'));
        for (const [n, statement] of statements.entries()) {
          const kind = statement.sql.includes('count(*)') ? 'count' : 'page';
          // Twice: the first run warms the cache like the benchmark's warm-up did; the second is reported.
          await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
          const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
          const plan = rows.map((r) => r['QUERY PLAN']);
          const executionMs = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? NaN);
          const nodes = plan.filter((line) => /^\s*(->\s*)?[A-Z][A-Za-z ]+(Scan|Join|Limit|Sort|Aggregate|Loop|Append|Result)/.test(line));
          const top = nodes
            .slice(0, 4)
            .map((line) =>
              line
                .trim()
                .replace(/^->\s*/, '')
                .replace(/\s+\(cost=.*?\)/, '')
                .replace(/\(actual time=\d+(?:\.\d+)?\.\.(\d+(?:\.\d+)?) rows=(\d+) loops=(\d+)\)/, '[$1 ms, $2 rows×$3]'),
            )
            .join(' ← ');
          summaries.push({ path, statement: kind, executionMs, top });
          text += `=== ${scenario.name} · ${path} · ${kind} statement ${n + 1}\n${statement.sql}\n-- params: ${JSON.stringify(statement.params)}\n${plan.join('\n')}\n\n`;
        }
      }
    }
  } finally {
    await db.close();
  }
  return { summaries, text };
}

async function main() {
  const { values } = parseArgs({
    options: {
      vehicles: { type: 'string' },
      drivers: { type: 'string' },
      trips: { type: 'string' },
      documents: { type: 'string' },
      expenses: { type: 'string' },
      'refueling-logs': { type: 'string' },
      cache: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      samples: { type: 'string' },
      seed: { type: 'string' },
      'search-statistics': { type: 'string' },
      writes: { type: 'string' },
      explain: { type: 'boolean', default: true },
      'no-explain': { type: 'boolean', default: false },
      // bench/history.ts: change entries to read (0 leaves it out; default 10,000,000 on PostgreSQL, 1,000,000 embedded).
      'history-entries': { type: 'string' },
      // bench/reminders.ts: compliance documents the reminder runs judge (0 leaves it out; default 100,000 with 50,000 drivers and 1,000,000 notifications).
      'reminder-documents': { type: 'string' },
      // bench/dashboard.ts: GET /api/dashboard uncached on its own seeded database (0 leaves it out).
      'dashboard-vehicles': { type: 'string' },
      // bench/margin.ts: the trips list sorted by margin on its own seeded database (0 leaves it out; default 1,000,000 trips).
      'margin-trips': { type: 'string' },
      // bench/record-pages.ts: the vehicle page uncached on its own seeded database (0 leaves it out).
      'record-pages-vehicles': { type: 'string' },
      // bench/files.ts: upload and download throughput on both stores (0 leaves it out; default 10 of each).
      'file-samples': { type: 'string' },
      // bench/reports.ts: the ten reports' first page, samples each (0 leaves it out; default 20), on its own database of N vehicles.
      'report-samples': { type: 'string' },
      'report-vehicles': { type: 'string' },
      // bench/import.ts: a CSV of N trips checked (dry run) and committed (0 leaves it out; default 50,000).
      'import-trips': { type: 'string' },
      // bench/report-storm.ts: N parallel PDFs of a 2,000-row report against the server as its own process (0 leaves it out; default 50).
      'storm-downloads': { type: 'string' },
      // With them, N dry runs of the worst workbook the import allows (after one alone: its time and peak memory; default 10).
      'storm-workbooks': { type: 'string' },
    },
  });
  const vehicles = positive(values.vehicles, 100_000, 'vehicles');
  const trips = values.trips === '0' ? 0 : positive(values.trips, DEFAULT_TRIPS, 'trips');
  // The issue's size: a million expenses (about 2 minutes of seeding, mostly the trigram index); --expenses 0 leaves them out.
  const expenses = values.expenses === '0' ? 0 : positive(values.expenses, 1_000_000, 'expenses');
  // A million refuelling logs at partner stations, seeded like the expenses; --refueling-logs 0 leaves them out.
  const refuelingLogs = values['refueling-logs'] === '0' ? 0 : positive(values['refueling-logs'], 1_000_000, 'refueling-logs');
  const drivers = positive(values.drivers, Math.max(1, Math.min(50_000, Math.ceil(trips / 20))), 'drivers');
  const documents = values.documents === '0' ? 0 : positive(values.documents, 100_000, 'documents');
  const durationS = positive(values.duration, 10, 'duration');
  const warmupS = positive(values.warmup, 3, 'warmup');
  const connections = positive(values.connections, 10, 'connections');
  const samples = positive(values.samples, 300, 'samples');
  // Seconds per mode (with and without the change entry) and area of bench/writes.ts; 0 skips it.
  const writesS = values.writes === '0' ? 0 : positive(values.writes, 6, 'writes');
  const seed = positive(values.seed, 20_241_121, 'seed');
  const cacheModes: ('on' | 'off')[] =
    values.cache === undefined || values.cache === 'both' ? ['on', 'off'] : values.cache === 'on' || values.cache === 'off' ? [values.cache] : [];
  if (cacheModes.length === 0) throw new Error(`--cache must be on, off or both (got "${values.cache}").`);
  const explain = values.explain && !values['no-explain'];
  // An experiment, not the migration's schema: the planner's statistics target for the search_text columns.
  const searchStatistics = values['search-statistics'] === undefined ? undefined : positive(values['search-statistics'], 100, 'search-statistics');
  const list = scenarios(trips > 0, documents, expenses > 0, refuelingLogs > 0);

  const started = performance.now();
  const loadBefore = loadAverage();
  const database = await freshDatabase(process.env.DATABASE_URL || undefined);
  let server: RunningServer | null = null;
  let exportResult: ExportResult | null = null;
  const cleanUp = async () => {
    await server?.stop().catch(() => undefined);
    server = null;
    await database.drop().catch((err) => console.error(`Could not remove the bench database ${database.label}: ${err.message}`));
  };
  const interrupted = () => {
    console.error('\nInterrupted: removing the bench database.');
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  const n = (value: number) => value.toLocaleString('en-IN');
  try {
    const rows = `${n(vehicles)} vehicles${trips ? `, ${n(drivers)} drivers, ${n(trips)} trips` : ''}${expenses ? `, ${n(expenses)} expenses` : ''}${refuelingLogs ? `, ${n(refuelingLogs)} refuelling logs` : ''}${documents ? `, ${n(documents)} compliance documents` : ''}`;
    console.log(
      `Raahi bench: ${database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} at ${database.label}, ${rows}, ${os.cpus().length} cores, load average ${loadBefore}.`,
    );

    // Migrate and seed in this process, then close: an embedded data directory has one owner at a time.
    let t = performance.now();
    const db = await openDatabase({ url: database.url, dataDir: join(database.dataDir, 'db'), poolSize: 1 });
    const migrateMs = Math.round(performance.now() - t);
    if (searchStatistics) {
      for (const table of ['vehicles', 'drivers', 'trips', 'driver_training_records', 'driver_health_reports', 'fuel_expenses']) {
        await db.exec(`ALTER TABLE ${table} ALTER COLUMN search_text SET STATISTICS ${searchStatistics}`);
      }
      console.log(`Experiment: statistics target ${searchStatistics} for every search_text column (the migrations leave the default, 100).`);
    }
    const seedLoad = { before: loadAverage(), after: 0 };
    const report = await seedDemo(db, {
      vehicles,
      drivers: trips ? drivers : 0,
      trips,
      training: 0,
      health: 0,
      insurance: 0,
      maintenance: 0,
      incidents: 0,
      coldChain: 0,
      expenses,
      compliance: documents,
      seed,
      ...(refuelingLogs ? { fuelStations: BENCH_FUEL_STATIONS, refuelingLogs } : {}),
    });
    seedLoad.after = loadAverage();
    const [{ version }] = await db.query<{ version: string }>('SELECT version() AS version');
    await db.close();
    const seconds = (ms: number | undefined) => `${((ms ?? 0) / 1000).toFixed(1)} s`;
    const areas = Object.entries(report.inserted)
      .filter(([, count]) => count > 0)
      .map(
        ([area, count]) =>
          `${n(count)} ${area} ${seconds(report.timings[area])} (${Object.entries(report.phases[area] ?? {})
            .map(([phase, ms]) => `${phase} ${seconds(ms)}`)
            .join(', ')})`,
      );
    console.log(
      `Seeded in ${seconds(report.totalMs)}: ${areas.join('; ')}; search-text check ${seconds(report.timings.check)}, vacuum ${seconds(report.timings.vacuum)}; migrations ${seconds(migrateMs)}. Load average ${seedLoad.before} → ${seedLoad.after}.`,
    );

    const results: ScenarioResult[] = [];
    for (const mode of cacheModes) {
      t = performance.now();
      server = await startServer(database, mode === 'on');
      console.log(
        `\nList cache ${mode === 'on' ? 'ON (server default)' : 'OFF (RAAHI_LIST_CACHE_SECONDS=0: every request queries)'}: server ready in ${seconds(performance.now() - t)}.`,
      );
      const cookie = await signIn(server.origin);
      for (const scenario of list) {
        const matches = await checkPaths(server.origin, cookie, scenario.paths);
        const before = loadAverage();
        process.stdout.write(`  ${scenario.name}: warm-up ${warmupS} s`);
        await load(server.origin, cookie, scenario.paths, connections, warmupS);
        process.stdout.write(`, ${samples} sequential requests`);
        const seq = await sequential(server.origin, cookie, scenario.paths, samples);
        process.stdout.write(`, ${durationS} s at ${connections} connections`);
        const loaded = await load(server.origin, cookie, scenario.paths, connections, durationS);
        const after = loadAverage();
        process.stdout.write(` (load average ${before} → ${after}).\n`);
        if (loaded.non2xx || loaded.errors) console.warn(`  ${loaded.non2xx} non-2xx answers and ${loaded.errors} errors under load.`);
        results.push({
          name: scenario.name,
          description: scenario.description,
          listCache: mode,
          loadAverage: { before, after },
          matches,
          sequential: seq,
          loaded,
        });
      }
      if (trips > 0 && mode === cacheModes[0]) exportResult = await measureExport(server, cookie);
      await server.stop();
      server = null;
    }

    // Creates through the operation layer, with and without their change entry (no server holds the database now).
    const writes = writesS ? await measureWrites({ url: database.url, dataDir: join(database.dataDir, 'db') }, writesS) : null;

    let explained: Awaited<ReturnType<typeof explainPaths>> | null = null;
    if (explain) explained = await explainPaths(database, list);

    const ms = (v: number) => v.toFixed(1);
    const experiment = searchStatistics ? ` · EXPERIMENT: search_text statistics ${searchStatistics}` : '';
    console.log(`\n${database.kind} · ${rows} · ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()})${experiment} · latencies in ms\n`);
    console.log(
      table([
        ['list cache', 'scenario', '1 client p50', 'p95', 'p99', `${connections} conns p50`, 'p95', 'p99', 'req/s', 'errors', 'load avg'],
        ...results.map((r) => [
          r.listCache,
          r.name,
          ms(r.sequential.p50),
          ms(r.sequential.p95),
          ms(r.sequential.p99),
          ms(r.loaded.p50),
          ms(r.loaded.p95),
          ms(r.loaded.p99),
          String(r.loaded.requestsPerSecond),
          String(r.loaded.non2xx + r.loaded.errors),
          `${r.loadAverage.before}→${r.loadAverage.after}`,
        ]),
      ]),
    );
    for (const scenario of list.filter((s) => s.terms)) {
      console.log(
        `\n${scenario.name}, one client, per search term (matching rows · p50 · p95 ms per list cache mode${explained ? ' · EXPLAIN ANALYZE ms of the page and count statements' : ''}):`,
      );
      const header = ['term', 'matches', ...cacheModes.flatMap((m) => [`${m} p50`, `${m} p95`]), ...(explained ? ['page ms', 'count ms'] : [])];
      console.log(
        table([
          header,
          ...scenario.terms!.map((term, i) => {
            const path = scenario.paths[i];
            const runs = cacheModes.map((m) => results.find((r) => r.name === scenario.name && r.listCache === m)!);
            const total = runs[0].matches[path];
            const exp = (kind: 'page' | 'count') => explained?.summaries.find((e) => e.path === path && e.statement === kind)?.executionMs;
            return [
              term,
              total > EXACT_COUNT_LIMIT ? `~${n(total)}` : n(total),
              ...runs.flatMap((r) => [ms(r.sequential.perPath[path].p50), ms(r.sequential.perPath[path].p95)]),
              ...(explained ? [ms(exp('page') ?? NaN), ms(exp('count') ?? NaN)] : []),
            ];
          }),
        ]),
      );
    }

    // The issue's targets.
    const verdicts: string[] = [];
    const kind = database.kind;
    for (const r of results) {
      const where = `${r.name}, list cache ${r.listCache}`;
      const p95 = `1 client p95 ${ms(r.sequential.p95)} ms, ${connections} conns p95 ${ms(r.loaded.p95)} ms`;
      if (r.name.startsWith('vehicles')) {
        const limit = TARGETS.vehiclesP95[kind];
        verdicts.push(`${r.sequential.p95 < limit ? 'met   ' : 'MISSED'} ${where}: p95 < ${limit} ms (${p95})`);
        if (kind === 'postgres')
          verdicts.push(
            `${r.loaded.requestsPerSecond >= TARGETS.vehiclesRps.postgres ? 'met   ' : 'MISSED'} ${where}: ≥ ${TARGETS.vehiclesRps.postgres} req/s (${r.loaded.requestsPerSecond} req/s)`,
          );
      } else if (r.name === 'trips searched' && kind === 'postgres' && trips >= 1_000_000) {
        verdicts.push(
          `${r.sequential.p95 <= TARGETS.tripsSearchedP95.postgres ? 'met   ' : 'MISSED'} ${where}: p95 ≤ ${TARGETS.tripsSearchedP95.postgres} ms at ${n(trips)} trips (${p95})`,
        );
        if (connections === 10)
          verdicts.push(
            `${r.loaded.requestsPerSecond >= TARGETS.tripsSearchedRps.postgres ? 'met   ' : 'MISSED'} ${where}: ≥ ${TARGETS.tripsSearchedRps.postgres} req/s at 10 connections (${r.loaded.requestsPerSecond} req/s)`,
          );
      } else if (r.name === 'documents expiring soon' && kind === 'postgres' && documents >= 100_000) {
        verdicts.push(
          `${r.sequential.p95 <= TARGETS.documentsExpiringP95.postgres ? 'met   ' : 'MISSED'} ${where}: p95 ≤ ${TARGETS.documentsExpiringP95.postgres} ms at ${n(documents)} documents (${p95})`,
        );
      } else if (r.name === 'fuel expenses searched' && r.listCache === 'off' && kind === 'postgres' && expenses >= 1_000_000) {
        verdicts.push(
          `${r.sequential.p95 <= TARGETS.expensesSearchedP95.postgres ? 'met   ' : 'MISSED'} ${where}: p95 ≤ ${TARGETS.expensesSearchedP95.postgres} ms at ${n(expenses)} expenses (${p95})`,
        );
      } else if (r.name === 'refuelling logs searched' && r.listCache === 'off' && kind === 'postgres' && refuelingLogs >= 1_000_000) {
        verdicts.push(
          `${r.sequential.p95 <= TARGETS.refuelingLogsSearchedP95.postgres ? 'met   ' : 'MISSED'} ${where}: p95 ≤ ${TARGETS.refuelingLogsSearchedP95.postgres} ms at ${n(refuelingLogs)} refuelling logs (${p95})`,
        );
      }
    }
    if (writes) {
      console.log(`\nCreates per second through the operation layer, one client:\n${table(describeWrites(writes).table)}`);
      verdicts.push(...describeWrites(writes).verdicts);
    }
    if (vehicles !== 100_000) verdicts.push(`(the vehicle targets are for 100,000 vehicles; this run had ${n(vehicles)})`);
    console.log(`\nTargets (p95 of one client; under load shown alongside):\n${verdicts.map((v) => '  ' + v).join('\n')}`);

    const dir = join(ROOT, 'bench', 'results');
    await mkdir(dir, { recursive: true });
    if (explained) {
      const file = join(dir, `explain-${database.kind}${searchStatistics ? `-statistics-${searchStatistics}` : ''}.txt`);
      await writeFile(file, explained.text);
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of every page's statements: ${file}`);
    }
    const output = {
      date: new Date().toISOString(),
      database: { kind: database.kind, version },
      rows: { vehicles, drivers: trips ? drivers : 0, trips, expenses, refuelingLogs },
      machine: {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model.trim(),
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadAverage(),
      },
      export: exportResult,
      writes,
      settings: {
        connections,
        durationS,
        warmupS,
        sequentialSamples: samples,
        seed,
        listCache: cacheModes,
        searchStatistics: searchStatistics ?? 'default (100)',
      },
      seeding: { totalMs: report.totalMs, migrateMs, loadAverage: seedLoad, ...report.timings, phases: report.phases },
      scenarios: results,
      targets: verdicts,
      explain: explained?.summaries,
    };
    const file = join(dir, `latest-${database.kind}${searchStatistics ? `-statistics-${searchStatistics}` : ''}.json`);
    await writeFile(file, JSON.stringify(output, null, 2) + '\n');
    console.log(`Wrote ${file} (whole run ${((performance.now() - started) / 1000).toFixed(0)} s).`);
  } finally {
    await cleanUp();
  }
  if (values['file-samples'] !== '0') {
    const { lines } = await benchFiles({ serverUrl: process.env.DATABASE_URL || undefined, samples: positive(values['file-samples'], 10, 'file-samples') });
    console.log(['', ...lines].join('\n'));
  }
  if (values['history-entries'] !== '0') {
    const postgres = Boolean(process.env.DATABASE_URL);
    const entries = positive(values['history-entries'], postgres ? 10_000_000 : 1_000_000, 'history-entries');
    const { lines, verdicts } = await benchHistory({ serverUrl: process.env.DATABASE_URL || undefined, entries });
    console.log(['', ...lines, '', 'History targets:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
  }
  if (values['reminder-documents'] !== '0') {
    const documents = positive(values['reminder-documents'], 100_000, 'reminder-documents');
    const { lines, verdicts } = await benchReminders({
      serverUrl: process.env.DATABASE_URL || undefined,
      documents,
      drivers: 50_000,
      notifications: 1_000_000,
    });
    console.log(['', ...lines, '', 'Reminder targets:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
  }
  if (values['dashboard-vehicles'] !== '0') {
    const dashboardVehicles = positive(values['dashboard-vehicles'], vehicles, 'dashboard-vehicles');
    const scale = (per100k: number) => Math.round((per100k * dashboardVehicles) / 100_000);
    const { lines, verdicts } = await benchDashboard({
      serverUrl: process.env.DATABASE_URL || undefined,
      vehicles: dashboardVehicles,
      drivers: scale(50_000),
      trips: scale(300_000),
      maintenance: scale(100_000),
      incidents: scale(50_000),
      expenses: scale(300_000),
      refuelingLogs: scale(300_000),
    });
    console.log(['', ...lines, '', 'Dashboard targets:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
  }
  if (values['margin-trips'] !== '0') {
    const marginTrips = positive(values['margin-trips'], 1_000_000, 'margin-trips');
    const { lines, verdicts } = await benchMargin({
      serverUrl: process.env.DATABASE_URL || undefined,
      trips: marginTrips,
      vehicles: Math.max(100, Math.round(marginTrips / 50)),
      drivers: Math.max(50, Math.min(50_000, Math.ceil(marginTrips / 20))),
      expenses: Math.round(marginTrips / 5),
    });
    console.log(['', ...lines, '', 'Margin targets:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
  }
  if (values['record-pages-vehicles'] !== '0') {
    const recordPagesVehicles = positive(values['record-pages-vehicles'], 10_000, 'record-pages-vehicles');
    const { lines, verdicts } = await benchRecordPages({
      serverUrl: process.env.DATABASE_URL || undefined,
      vehicles: recordPagesVehicles,
      vehicleTrips: 10_000,
      vehicleExpenses: 10_000,
    });
    console.log(['', ...lines, '', 'Record pages targets:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
  }
  if (values['report-samples'] !== '0') {
    const { lines, verdicts } = await benchReports({
      serverUrl: process.env.DATABASE_URL || undefined,
      vehicles: positive(values['report-vehicles'], vehicles, 'report-vehicles'),
      samples: positive(values['report-samples'], 20, 'report-samples'),
    });
    console.log(['', ...lines, '', 'Report targets:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
  }
  if (values['import-trips'] !== '0') {
    const { lines, verdicts } = await benchImport({
      serverUrl: process.env.DATABASE_URL || undefined,
      trips: positive(values['import-trips'], 50_000, 'import-trips'),
    });
    console.log(['', ...lines, '', 'Import targets:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
  }
  if (values['storm-downloads'] !== '0') {
    const downloads = positive(values['storm-downloads'], 50, 'storm-downloads');
    const workbooks = values['storm-workbooks'] === '0' ? 0 : positive(values['storm-workbooks'], 10, 'storm-workbooks');
    const { lines, verdicts } = await benchReportStorm({
      serverUrl: process.env.DATABASE_URL || undefined,
      rows: 2000,
      downloads,
      users: 5,
      format: 'pdf',
      workbooks,
    });
    console.log(['', ...lines, '', 'Report storm target:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
  }
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    console.error(err.stack ?? err.message);
    process.exit(1);
  },
);
