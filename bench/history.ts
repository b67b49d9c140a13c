/**
 * npx tsx bench/history.ts [--entries N] [--samples N] [--months N]   (also run by `npm run bench`, --history-entries N)
 *
 * Reading the change log at scale: fills a fresh database (with DATABASE_URL a temporary database on that
 * PostgreSQL server, else a temporary PGlite directory) with N change entries in one INSERT … SELECT
 * generate_series, spread over the last months (their partitions made first with change_log_partition_for),
 * plus one trip with 1,000 changes. Then serves the real app in this process, signs in as an administrator
 * and measures, one request at a time: a record's history (first page), the Activity Log's first page
 * unfiltered and with each filter, and Recent Activity; then EXPLAIN (ANALYZE, BUFFERS) of each statement.
 * Targets (PostgreSQL, 10,000,000 entries): a record's history with 1,000 changes p95 ≤ 20 ms, the Activity
 * Log's first page p95 ≤ 30 ms (no cache: the Activity Log has none).
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { PERMISSION_AREAS } from '@raahi/domain';
import { ensureAdmin } from '../apps/server/src/auth/users';
import type { Database } from '../apps/server/src/db/client';
import { servedSignedIn, temporaryDatabase } from './in-process';

export const HISTORY_TARGETS = { recordHistoryP95: 20, activityFirstPageP95: 30 };
const RECORD_CHANGES = 1_000;
const BENCH_RECORD = 'TRP000000BNCH';
const USERS = 40;

interface Options {
  /** A PostgreSQL server (a temporary database is made on it), or none for PGlite. */
  serverUrl?: string;
  entries: number;
  samples?: number;
  months?: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * N entries over the last `months` months, newest now: a user of 40 (a few system entries), any of the 20
 * areas, records reused so that each has a history, mostly updates of one field, some creates and deletes, a
 * few exports (0.1%) and sign-ins (0.02%).
 */
async function fill(database: Database, entries: number, months: number) {
  await database.query(`SELECT change_log_partition_for((now() - make_interval(months => m))::date) FROM generate_series(0, $1::int) AS m`, [months]);
  const areas = `ARRAY[${PERMISSION_AREAS.map((a) => `'${a}'`).join(',')}]`;
  const seconds = months * 30 * 86400;
  // Whole numbers checked by the caller, written into the statement: one plan, no parameter types to infer.
  await database.exec(
    `INSERT INTO change_log (at, actor_type, actor_id, actor_name, area, record_id, operation, batch_id, changes, snapshot)
     SELECT now() - (i * ${seconds / entries}) * interval '1 second',
            CASE WHEN i % 97 = 0 THEN 'system' ELSE 'user' END,
            CASE WHEN i % 97 = 0 THEN 'import' ELSE 'USR' || lpad((i % ${USERS})::text, 6, '0') || 'BNCH' END,
            CASE WHEN i % 97 = 0 THEN 'Import' ELSE 'Bench User ' || (i % ${USERS}) END,
            CASE WHEN i % 5000 = 3 THEN 'auth' ELSE (${areas})[1 + ((i / 7) % ${PERMISSION_AREAS.length})::int] END,
            'REC' || lpad(((i / 7) % 500000)::text, 7, '0'),
            CASE WHEN i % 5000 = 3 THEN 'sign_in' WHEN i % 1000 = 2 THEN 'export' WHEN i % 20 = 0 THEN 'create' WHEN i % 20 = 1 THEN 'delete' ELSE 'update' END,
            CASE WHEN i % 97 = 0 THEN 'BATCH' || (i / 9700) ELSE NULL END,
            CASE WHEN i % 20 > 1 THEN jsonb_build_array(jsonb_build_object('field', 'status', 'before', 'Scheduled', 'after', 'In Transit')) END,
            CASE WHEN i % 20 <= 1 THEN jsonb_build_object('id', 'REC' || i, 'status', 'Scheduled', 'notes', 'Bench entry') END
     FROM generate_series(1::bigint, ${entries}::bigint) AS i`,
  );
  // One trip edited 1,000 times over the last weeks.
  await database.query(
    `INSERT INTO change_log (at, actor_type, actor_id, actor_name, area, record_id, operation, changes)
     SELECT now() - i * interval '30 minutes', 'user', 'USR000001BNCH', 'Bench User 1', 'trips', $1, 'update',
            jsonb_build_array(jsonb_build_object('field', 'notes', 'before', 'Edit ' || i, 'after', 'Edit ' || (i + 1)))
     FROM generate_series(1, $2::int) AS i`,
    [BENCH_RECORD, RECORD_CHANGES],
  );
  await database.exec('VACUUM ANALYZE change_log');
}

export async function benchHistory({ serverUrl, entries, samples = 300, months = 24 }: Options): Promise<{ lines: string[]; verdicts: string[] }> {
  const n = (v: number) => v.toLocaleString('en-IN');
  const { database, label, drop } = await temporaryDatabase(serverUrl, 'history', 4);
  const lines: string[] = [];
  const verdicts: string[] = [];
  try {
    console.log(
      `History bench: ${label}, ${n(entries)} entries over ${months} months + one trip with ${n(RECORD_CHANGES)} changes, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)}.`,
    );
    let t = performance.now();
    await fill(database, entries, months);
    console.log(`Filled in ${((performance.now() - t) / 1000).toFixed(1)} s (with VACUUM ANALYZE).`);

    const password = `bench-${randomBytes(9).toString('hex')}`;
    await ensureAdmin(database, password);
    await database.query(`UPDATE users SET role = 'administrator' WHERE username = 'admin'`);
    // Uncached: the list cache off, so every request runs its statements.
    const { origin, cookie, close } = await servedSignedIn(database, 'history', password);
    try {
      const today = new Date().toISOString().slice(0, 10);
      const monthAgo = new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10);
      const scenarios: [name: string, path: string][] = [
        [`record history (${n(RECORD_CHANGES)} changes)`, `/api/trips/${BENCH_RECORD}/history`],
        ['activity log, first page', '/api/activity'],
        ['activity log, page 2', '/api/activity?page=2'],
        ['activity log, one user', '/api/activity?actorId=USR000007BNCH'],
        ['activity log, one area', '/api/activity?area=challans'],
        ['activity log, area with none (users)', '/api/activity?area=users'],
        ['activity log, deletes', '/api/activity?operation=delete'],
        ['activity log, exports (0.1%)', '/api/activity?operation=export'],
        ['activity log, sign-ins (0.02%)', '/api/activity?operation=sign_in'],
        ['activity log, last 30 days', `/api/activity?from=${monthAgo}&to=${today}`],
        ['activity log, user + area + month', `/api/activity?actorId=USR000007BNCH&area=trips&from=${monthAgo}&to=${today}`],
        ['recent activity (7, batches as one)', '/api/activity/recent'],
        ['activity log actors', '/api/activity/actors'],
      ];
      const rows: string[][] = [['scenario', 'items', 'p50', 'p95', 'p99', 'max']];
      for (const [name, path] of scenarios) {
        const times: number[] = [];
        let items = 0;
        for (let i = 0; i < samples + 5; i++) {
          const started = performance.now();
          const response = await fetch(origin + path, { headers: { cookie } });
          const body = (await response.json()) as { items?: unknown[]; actors?: unknown[] };
          if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
          if (i >= 5) times.push(performance.now() - started); // the first few prepare and warm
          items = (body.items ?? body.actors ?? []).length;
        }
        times.sort((a, b) => a - b);
        const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p));
        rows.push([name, String(items), p50.toFixed(1), p95.toFixed(1), p99.toFixed(1), times[times.length - 1].toFixed(1)]);
        if (name.startsWith('record history'))
          verdicts.push(
            `${p95 <= HISTORY_TARGETS.recordHistoryP95 ? 'met   ' : 'MISSED'} a record's history with ${n(RECORD_CHANGES)} changes: p95 ≤ ${HISTORY_TARGETS.recordHistoryP95} ms (${p95.toFixed(1)} ms at ${n(entries)} entries)`,
          );
        if (name === 'activity log, first page')
          verdicts.push(
            `${p95 <= HISTORY_TARGETS.activityFirstPageP95 ? 'met   ' : 'MISSED'} the Activity Log's first page: p95 ≤ ${HISTORY_TARGETS.activityFirstPageP95} ms (${p95.toFixed(1)} ms at ${n(entries)} entries)`,
          );
      }
      const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
      lines.push(...rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')));
      t = performance.now();
      lines.push('', ...(await explainActivity(database, monthAgo, today)));
      console.log(`EXPLAIN in ${((performance.now() - t) / 1000).toFixed(1)} s.`);
    } finally {
      await close();
    }
  } finally {
    await drop();
  }
  return { lines, verdicts };
}

/** The plans of the Activity Log's first pages: each should read one index range, not the table. */
async function explainActivity(database: Database, from: string, to: string): Promise<string[]> {
  const page = (where: string) => `SELECT * FROM change_log ${where} ORDER BY at DESC, id DESC LIMIT 51`;
  const day = (d: string, next = false) => `('${d}'::date${next ? ' + 1' : ''})::timestamp AT TIME ZONE 'Asia/Kolkata'`;
  const statements: [string, string][] = [
    ['record history', `SELECT * FROM change_log WHERE area = 'trips' AND record_id = '${BENCH_RECORD}' ORDER BY at DESC, id DESC LIMIT 51`],
    ['first page', page('')],
    ['one user', page(`WHERE actor_id = 'USR000007BNCH'`)],
    ['one area', page(`WHERE area = 'challans'`)],
    ['area with none', page(`WHERE area = 'users'`)],
    ['deletes', page(`WHERE operation = 'delete'`)],
    ['exports', page(`WHERE operation = 'export'`)],
    ['sign-ins', page(`WHERE operation = 'sign_in'`)],
    ['last 30 days', page(`WHERE at >= ${day(from)} AND at < ${day(to, true)}`)],
  ];
  const out: string[] = [];
  for (const [name, statement] of statements) {
    const plan = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement}`);
    const text = plan.map((row) => row['QUERY PLAN']);
    const [planning, execution] = ['Planning Time', 'Execution Time'].map((label) => text.find((line) => line.startsWith(label)));
    // The top of the plan says which index serves it; the partitions below repeat it.
    out.push(`-- ${name}: ${planning}, ${execution}`, ...text.slice(0, 6).map((line) => `   ${line}`));
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { entries: { type: 'string' }, samples: { type: 'string' }, months: { type: 'string' } } });
  const serverUrl = process.env.DATABASE_URL || undefined;
  // The target is PostgreSQL's at ten million; the embedded database gets a tenth unless told.
  const entries = Number(values.entries ?? (serverUrl ? 10_000_000 : 1_000_000));
  if (!Number.isInteger(entries) || entries < 1) throw new Error(`--entries must be a whole number of at least 1 (got "${values.entries}").`);
  benchHistory({
    serverUrl,
    entries,
    samples: values.samples ? Number(values.samples) : undefined,
    months: values.months ? Number(values.months) : undefined,
  }).then(
    ({ lines, verdicts }) => {
      console.log(['', ...lines, '', 'Targets:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
      process.exit(0);
    },
    (err: Error) => {
      console.error(err.stack ?? err.message);
      process.exit(1);
    },
  );
}
