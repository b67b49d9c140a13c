/**
 * npm run bench [-- --vehicles N --duration S --connections C --samples N]
 *
 * Seeds a fresh database (a temporary PGlite data directory, or with DATABASE_URL a temporary database
 * on that PostgreSQL server), starts the real server on it as a child process, signs in and measures
 * vehicle list pages: latency of one client alone (sequential requests) and latency and throughput
 * under load (autocannon, fixed connections). Prints a table and writes bench/results/latest-<kind>.json.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed/demo';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_PASSWORD = 'bench-' + randomBytes(12).toString('hex');

/**
 * What users type into the vehicle search: a plate's state and RTO (MH12 is Pune, TN28 Namakkal, HR55
 * Gurugram), a maker, a model or a number. From rare (about 1% of rows) to common (Tata, about 28%).
 */
const SEARCH_TERMS = ['mh12', 'ka05', 'dl01', 'tn28', 'gj12', 'hr55', 'tata', 'leyl', 'eich', 'sign', 'dost', '2049'];

interface Scenario {
  name: string;
  description: string;
  /** Request paths, used in turn. */
  paths: string[];
}

const SCENARIOS: Scenario[] = [
  {
    name: 'searched',
    description: 'search (12 terms in turn) + status=Active + sort=year desc, page 1 of 50',
    paths: SEARCH_TERMS.map((q) => `/api/vehicles?q=${encodeURIComponent(q)}&status=Active&sort=year&order=desc`),
  },
  { name: 'default', description: 'no search or filter, newest first, page 1 of 50', paths: ['/api/vehicles'] },
];

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
  stop(): Promise<void>;
}

/** Starts the real server (TypeScript through tsx, nothing built) and waits until /readyz answers. */
async function startServer(database: BenchDatabase): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    RAAHI_DATA_DIR: database.dataDir,
    RAAHI_ADMIN_PASSWORD: ADMIN_PASSWORD,
    RAAHI_LOG_REQUESTS: '0',
    NODE_ENV: 'production',
  };
  if (database.url) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
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
      if (response.ok) return { origin, stop };
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
  /** Matching rows per path (the page's total), to show the searches hit real data. */
  matches: Record<string, number>;
  /** One client, one request at a time. */
  sequential: LatencySummary & { perPath: Record<string, LatencySummary> };
  /** autocannon with `connections` concurrent connections. */
  loaded: LatencySummary & { connections: number; durationS: number; requestsPerSecond: number; non2xx: number; errors: number; timeouts: number };
}

async function checkPaths(origin: string, cookie: string, paths: string[]): Promise<Record<string, number>> {
  const matches: Record<string, number> = {};
  for (const path of paths) {
    const response = await fetch(origin + path, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET ${path} answered HTTP ${response.status}: ${await response.text()}`);
    const page = (await response.json()) as { items: unknown[]; total: number };
    if (page.items.length === 0) throw new Error(`GET ${path} found no vehicles: the scenario would measure an empty page.`);
    matches[path] = page.total;
  }
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
  return rows.map((r, n) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ') + (n === 0 ? '\n' + widths.map((w) => '-'.repeat(w)).join('  ') : '')).join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      vehicles: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      samples: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const vehicles = positive(values.vehicles, 100_000, 'vehicles');
  const durationS = positive(values.duration, 10, 'duration');
  const warmupS = positive(values.warmup, 3, 'warmup');
  const connections = positive(values.connections, 10, 'connections');
  const samples = positive(values.samples, 300, 'samples');
  const seed = positive(values.seed, 20_241_121, 'seed');

  const started = performance.now();
  const loadBefore = os.loadavg()[0];
  const database = await freshDatabase(process.env.DATABASE_URL || undefined);
  let server: RunningServer | null = null;
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

  try {
    console.log(`Raahi bench: ${database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} at ${database.label}, ${vehicles.toLocaleString('en-IN')} vehicles, ${os.cpus().length} cores.`);

    // Migrate and seed in this process, then close: an embedded data directory has one owner at a time.
    let t = performance.now();
    const db = await openDatabase({ url: database.url, dataDir: join(database.dataDir, 'db'), poolSize: 1 });
    const migrateMs = Math.round(performance.now() - t);
    const report = await seedDemo(db, { vehicles, seed });
    const [{ version }] = await db.query<{ version: string }>('SELECT version() AS version');
    await db.close();
    console.log(`Seeded ${vehicles.toLocaleString('en-IN')} vehicles in ${(report.totalMs / 1000).toFixed(1)} s (${Object.entries(report.timings).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(', ')}); migrations ${(migrateMs / 1000).toFixed(1)} s.`);

    t = performance.now();
    server = await startServer(database);
    console.log(`Server ready in ${((performance.now() - t) / 1000).toFixed(1)} s at ${server.origin}.`);
    const cookie = await signIn(server.origin);

    const results: ScenarioResult[] = [];
    for (const scenario of SCENARIOS) {
      const matches = await checkPaths(server.origin, cookie, scenario.paths);
      process.stdout.write(`${scenario.name}: warm-up ${warmupS} s`);
      await load(server.origin, cookie, scenario.paths, connections, warmupS);
      process.stdout.write(`, ${samples} sequential requests`);
      const seq = await sequential(server.origin, cookie, scenario.paths, samples);
      process.stdout.write(`, ${durationS} s at ${connections} connections`);
      const loaded = await load(server.origin, cookie, scenario.paths, connections, durationS);
      process.stdout.write('.\n');
      if (loaded.non2xx || loaded.errors) console.warn(`  ${loaded.non2xx} non-2xx answers and ${loaded.errors} errors under load.`);
      results.push({ name: scenario.name, description: scenario.description, matches, sequential: seq, loaded });
    }
    await server.stop();
    server = null;

    const ms = (v: number) => v.toFixed(1);
    console.log(`\n${database.kind} · ${vehicles.toLocaleString('en-IN')} vehicles · ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}) · load average before ${loadBefore.toFixed(1)}\n`);
    console.log(
      table([
        ['scenario', '1 client p50', 'p95', `${connections} conns p50`, 'p95', 'p99', 'req/s', 'errors'],
        ...results.map((r) => [
          r.name,
          ms(r.sequential.p50),
          ms(r.sequential.p95),
          ms(r.loaded.p50),
          ms(r.loaded.p95),
          ms(r.loaded.p99),
          String(r.loaded.requestsPerSecond),
          String(r.loaded.non2xx + r.loaded.errors),
        ]),
      ]),
    );
    console.log('(latencies in ms)\n\nOne client, per search term (matching rows · p50 · p95 ms):');
    const searched = results.find((r) => r.name === 'searched')!;
    console.log(
      table([
        ['term', 'matches', 'p50', 'p95'],
        ...SEARCH_TERMS.map((term, i) => {
          const path = SCENARIOS[0].paths[i];
          const s = searched.sequential.perPath[path];
          return [term, searched.matches[path].toLocaleString('en-IN'), ms(s.p50), ms(s.p95)];
        }),
      ]),
    );

    const output = {
      date: new Date().toISOString(),
      database: { kind: database.kind, version },
      rows: { vehicles },
      machine: {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model.trim(),
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
        loadAverageBefore: Math.round(loadBefore * 100) / 100,
        loadAverageAfter: Math.round(os.loadavg()[0] * 100) / 100,
      },
      settings: { connections, durationS, warmupS, sequentialSamples: samples, seed },
      seeding: { totalMs: report.totalMs, migrateMs, ...report.timings },
      scenarios: results,
    };
    const dir = join(ROOT, 'bench', 'results');
    await mkdir(dir, { recursive: true });
    const file = join(dir, `latest-${database.kind}.json`);
    await writeFile(file, JSON.stringify(output, null, 2) + '\n');
    console.log(`\nWrote ${file} (whole run ${((performance.now() - started) / 1000).toFixed(0)} s).`);
  } finally {
    await cleanUp();
  }
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    console.error(err.stack ?? err.message);
    process.exit(1);
  },
);
