/**
 * Report files under load (issue 32, decision 0060): fifty parallel PDF downloads of a 2,000-row report while /livez
 * is asked every 20 ms from a process of its own (neither the server's nor the downloads'), as the issue measured the stall.
 * Part of `npm run bench` (--storm-downloads N, default 50; 0 leaves it out), or alone:
 *   npx tsx bench/report-storm.ts [--rows N --downloads N --users N --format pdf|csv --workbooks N --src DIR --built]      (DATABASE_URL for PostgreSQL)
 * --workbooks N adds N dry runs of the worst workbook the import allows to the storm, after one alone (npm run bench: 10).
 * Seeds a fresh database (a temporary PGlite directory, or with DATABASE_URL a temporary database on that server)
 * with N inventory items (the inventory valuation report: one row each) and the users, starts the server from a
 * checkout (default this one; --src the directory of another, e.g. main before the change; --built its bundle,
 * apps/server/dist/main.js, as npm start runs it, after npm run build) as its own process on
 * 127.0.0.1, signs the users in, and fires the downloads spread over the users at once. Prints the answers by status,
 * how long the fifty took, and /livez's p50, p99 and max meanwhile with the machine's load average. Bounded: the
 * server is stopped after 5 minutes whatever happens. --baseline fires the same number of GET /api/auth/me instead: what
 * /livez waits behind any burst of fifty small requests on the machine as it is. Target (issue 32): /livez under 200 ms throughout.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createUser, ensureAdmin } from '../apps/server/src/auth/users';
import { openDatabase } from '../apps/server/src/db/client';
import { startLivezProber } from '../apps/server/src/testing/livez-prober';
import { multipartBody, temporaryPostgresDatabase, TestClient } from '../apps/server/src/testing/test-server';
import { worstAllowedWorkbook } from '../apps/server/src/testing/workbooks';

export const LIVEZ_TARGET_MS = 200;
const PASSWORD = 'storm-' + randomBytes(9).toString('hex');

export interface ReportStormOptions {
  serverUrl: string | undefined;
  /** Rows of the report (inventory items). */
  rows: number;
  downloads: number;
  users: number;
  format: 'pdf' | 'csv';
  /** The checkout whose server runs (default this one). */
  src?: string;
  /** Run its bundle (apps/server/dist/main.js) instead of its sources. */
  built?: boolean;
  /** GET /api/auth/me instead of the files: what a burst of small requests costs. */
  baseline?: boolean;
  /**
   * Dry runs of the worst workbook the import's limits allow (testing/workbooks.ts), fired with the files: first one
   * alone (its time and the server's peak memory above its level before), then this many among the downloads.
   */
  workbooks?: number;
}
const load = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const ms = (v: number) => `${Math.round(v).toLocaleString('en-IN')} ms`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-IN')} MB`;

/** The server's resident memory now (VmRSS) or its peak since the last reset (VmHWM), from Linux's /proc; NaN elsewhere. */
async function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  try {
    const line = (await readFile(`/proc/${pid}/status`, 'utf8')).split('\n').find((l) => l.startsWith(field));
    return Number(line!.split(/\s+/)[1]) * 1024;
  } catch {
    return NaN;
  }
}
/** Starts a new peak (VmHWM) at the present level: writing 5 to clear_refs. */
const resetPeak = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => undefined);

async function freePort() {
  return new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/** One GET on its own connection; resolves with the status once the whole body is read. */
const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; retryAfter: string | undefined; bytes: number }>((done, fail) => {
    const req = http.get(url, { agent: false, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, bytes }));
      res.on('error', fail);
    });
    req.on('error', fail);
  });

export async function benchReportStorm(options: ReportStormOptions): Promise<{ lines: string[]; verdicts: string[] }> {
  const { serverUrl, rows: ROWS, downloads: DOWNLOADS, users: USERS } = options;
  const SRC = resolve(options.src ?? fileURLToPath(new URL('..', import.meta.url)));
  const args = { built: options.built, baseline: options.baseline, format: options.format };
  const lines: string[] = [];
  const verdicts: string[] = [];
  const dataDir = await mkdtemp(join(os.tmpdir(), 'raahi-report-storm-'));
  const temporary = serverUrl ? await temporaryPostgresDatabase(serverUrl) : undefined;
  let child: ReturnType<typeof spawn> | undefined;
  try {
    // The records and users, written before the server starts (the embedded database is one process's).
    const database = await openDatabase(temporary ? { url: temporary.url, poolSize: 2 } : { dataDir: join(dataDir, 'db') });
    await ensureAdmin(database, PASSWORD);
    for (let i = 0; i < USERS; i++) await createUser(database, { username: `storm${i}`, password: PASSWORD, role: 'fleet_manager' });
    await database.query(
      `INSERT INTO inventory_items (id, name, part_number, quantity, reorder_level, cost_per_unit, supplier, location)
       SELECT 'INVSTORM' || lpad(n::text, 6, '0'), 'Brake pad set ' || n, 'BP-' || n, n % 40, 10, 1234.5 + n, 'Supplier ' || (n % 17), 'Rack ' || (n % 23)
         FROM generate_series(1, $1::int) AS n`,
      [ROWS],
    );
    await database.close();

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, args.built ? ['apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: SRC,
      env: { ...process.env, DATABASE_URL: temporary?.url ?? '', PORT: String(port), HOST: '127.0.0.1', RAAHI_DATA_DIR: dataDir, RAAHI_LOG_REQUESTS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = child;
    const stopAnyway = setTimeout(() => started.kill('SIGKILL'), 5 * 60_000);
    stopAnyway.unref();
    let output = '';
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    for (let i = 0; !output.includes('Raahi is running'); i++) {
      if (i > 1200 || child.exitCode !== null) throw new Error(`The server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const cookies: string[] = [];
    const clients: TestClient[] = [];
    for (let i = 0; i < USERS; i++) {
      const client = new TestClient(url);
      if ((await client.login(`storm${i}`, PASSWORD)).status !== 200) throw new Error(`storm${i} could not sign in`);
      cookies.push(`raahi_session=${client.cookie}`);
      clients.push(client);
    }
    const WORKBOOKS = options.workbooks ?? 0;
    const pid = child.pid!;
    const workbook =
      WORKBOOKS > 0
        ? multipartBody([
            { name: 'file', filename: 'worst.xlsx', data: worstAllowedWorkbook() },
            { name: 'mode', data: 'dry-run' },
          ])
        : undefined;
    const dryRun = (client: TestClient) =>
      client.request('POST', '/api/vehicles/import', { body: workbook!.body, headers: { 'content-type': workbook!.contentType } });
    if (workbook) {
      // The worst allowed workbook alone: how long its dry run takes and how much memory it takes on top.
      await dryRun(clients[0]);
      const before = await memoryOf(pid, 'VmRSS');
      await resetPeak(pid);
      const started = performance.now();
      const answer = await dryRun(clients[0]);
      const took = performance.now() - started;
      const peak = await memoryOf(pid, 'VmHWM');
      lines.push(
        `The worst allowed workbook (${Math.round(workbook.body.length / 1024).toLocaleString('en-IN')} KB upload, 31 MB of shared strings, 5,000 rows of 32,000 characters), a dry run alone: ${answer.status} in ${ms(took)}; the server's peak memory ${mb(peak)}, ${mb(peak - before)} above its ${mb(before)} before.`,
      );
    }
    const pdf = `${url}/api/reports/inventory-valuation?format=${args.format}`;
    // One PDF first, as on a server that has made one before (fonts read, the worker started where there is one).
    const first = performance.now();
    const warm = await get(pdf, { cookie: cookies[0] });
    const alone = performance.now() - first;

    // /livez asked from a process of its own: this one's event loop is busy with the fifty answers.
    const prober = await startLivezProber(url);
    await new Promise((r) => setTimeout(r, 200));
    const rssBefore = await memoryOf(pid, 'VmRSS');
    await resetPeak(pid);
    const t = performance.now();
    const target = args.baseline ? `${url}/api/auth/me` : pdf;
    const dryRuns = Promise.all(
      Array.from({ length: WORKBOOKS }, (_, i) => dryRun(clients[i % USERS]).then((res) => ({ status: res.status, ms: performance.now() - t }))),
    );
    let refusalsAnswered = 0;
    const answers = await Promise.all(
      Array.from({ length: DOWNLOADS }, (_, i) =>
        get(target, { cookie: cookies[i % USERS] }).then((res) => {
          if (res.status === 429) refusalsAnswered = Date.now();
          return { ...res, ms: performance.now() - t };
        }),
      ),
    );
    const workbookAnswers = await dryRuns;
    const took = performance.now() - t;
    const stormPeak = await memoryOf(pid, 'VmHWM');
    await new Promise((r) => setTimeout(r, 200));
    const { latencies: livez, sentAt, failures } = await prober.stop();
    if (failures.length) throw new Error(`/livez failed meanwhile: ${failures.slice(0, 5).join(', ')}`);

    const byStatus = new Map<number, number>();
    for (const res of answers) byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
    const admitted = answers.filter((res) => res.status === 200);
    const sorted = [...livez].sort((a, b) => a - b);
    const where = temporary ? 'PostgreSQL' : 'embedded (PGlite)';
    lines.push(`Report storm: ${SRC}${args.built ? ' (built)' : ''}, ${where}, ${os.cpus().length} cores, load average ${await load()}.`);
    lines.push(
      `One ${ROWS.toLocaleString('en-IN')}-row ${args.format.toUpperCase()} alone: ${warm.status} in ${ms(alone)} (${Math.round(warm.bytes / 1024)} KB).`,
    );
    lines.push(
      `${DOWNLOADS} parallel ${args.baseline ? 'GET /api/auth/me (--baseline: what a burst of small requests costs)' : `${args.format.toUpperCase()}s`} from ${USERS} users: ${[...byStatus].map(([status, n]) => `${n} × ${status}`).join(', ')} in ${ms(took)}` +
        (admitted.length ? `; the admitted ones took ${ms(Math.min(...admitted.map((r) => r.ms)))} – ${ms(Math.max(...admitted.map((r) => r.ms)))}` : '') +
        (byStatus.get(429) ? `; Retry-After ${answers.find((r) => r.status === 429)?.retryAfter} s` : ''),
    );
    if (WORKBOOKS > 0) {
      const byWorkbookStatus = new Map<number, number>();
      for (const res of workbookAnswers) byWorkbookStatus.set(res.status, (byWorkbookStatus.get(res.status) ?? 0) + 1);
      const checked = workbookAnswers.filter((res) => res.status < 300);
      lines.push(
        `With them, ${WORKBOOKS} dry runs of the worst allowed workbook: ${[...byWorkbookStatus].map(([status, n]) => `${n} × ${status}`).join(', ')}` +
          (checked.length ? `; the admitted ones took ${ms(Math.min(...checked.map((r) => r.ms)))} – ${ms(Math.max(...checked.map((r) => r.ms)))}` : '') +
          `; the server's peak memory meanwhile ${mb(stormPeak)}, ${mb(stormPeak - rssBefore)} above its ${mb(rssBefore)} before.`,
      );
    }
    const max = sorted.at(-1) ?? 0;
    const what = `${DOWNLOADS} parallel ${args.format.toUpperCase()}s${WORKBOOKS ? ` and ${WORKBOOKS} worst workbooks` : ''}`;
    const p99 = percentile(sorted, 99);
    verdicts.push(
      `/livez p99 ${ms(p99)} (max ${ms(max)}) during ${what} (${where}): ${p99 < LIVEZ_TARGET_MS ? 'PASS' : 'FAIL'} (target p99 < ${LIVEZ_TARGET_MS} ms)`,
    );
    lines.push(
      `/livez meanwhile (${sorted.length} probes): p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(max)} — ${max < LIVEZ_TARGET_MS ? 'meets' : 'misses'} the target of ${LIVEZ_TARGET_MS} ms.`,
    );
    if (refusalsAnswered) {
      // The probes sent once every refusal was answered wait only for the files being made; those before, behind the burst too.
      const making = livez.filter((_, i) => sentAt[i] > refusalsAnswered);
      const behind = livez.filter((_, i) => sentAt[i] <= refusalsAnswered);
      lines.push(
        `  behind the burst of ${DOWNLOADS} requests (${behind.length} probes): max ${ms(Math.max(0, ...behind))}; while the admitted files were made (${making.length}): max ${ms(Math.max(0, ...making))}.`,
      );
    }
    lines.push(`Load average after: ${await load()}.`);
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await temporary?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return { lines, verdicts };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '2000' },
      downloads: { type: 'string', default: '50' },
      users: { type: 'string', default: '5' },
      format: { type: 'string', default: 'pdf' },
      src: { type: 'string' },
      built: { type: 'boolean', default: false },
      baseline: { type: 'boolean', default: false },
      workbooks: { type: 'string', default: '0' },
    },
  });
  const whole = (raw: string, name: string) => {
    const value = Number(raw);
    if (raw.length > 7 || !Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number ≥ 1 (got "${raw.slice(0, 20)}").`);
    return value;
  };
  if (values.format !== 'pdf' && values.format !== 'csv') throw new Error('--format is pdf or csv.');
  const { lines, verdicts } = await benchReportStorm({
    serverUrl: process.env.DATABASE_URL || undefined,
    rows: whole(values.rows, 'rows'),
    downloads: whole(values.downloads, 'downloads'),
    users: whole(values.users, 'users'),
    format: values.format,
    src: values.src,
    built: values.built,
    baseline: values.baseline,
    workbooks: values.workbooks === '0' ? 0 : whole(values.workbooks, 'workbooks'),
  });
  console.log([...lines, '', 'Report storm target:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
  process.exit(0);
}
