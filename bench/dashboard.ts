/**
 * npx tsx bench/dashboard.ts [--vehicles N --drivers N --trips N --maintenance N --incidents N --expenses N --refueling-logs N --samples N]
 * (also run by `npm run bench`; --dashboard-vehicles 0 there leaves it out)
 *
 * GET /api/dashboard uncached (the server's list cache off: every request counts): fills a fresh database (with
 * DATABASE_URL a temporary database on that PostgreSQL server, else a temporary PGlite directory) with seed:demo's
 * records, serves the real app in this process, signs in as an administrator and asks for the dashboard one
 * request at a time; then prints EXPLAIN (ANALYZE, BUFFERS) of every statement the dashboard runs (each card's
 * and sub-line's capped count, on-time delivery's two, and the fuel fills) and whether any reads a table whole.
 * Target (PostgreSQL): p95 ≤ 50 ms, no sequential scan of a whole table.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { EXACT_COUNT_LIMIT, type AreaKey } from '@raahi/domain';
import { ensureAdmin } from '../apps/server/src/auth/users';
import { companyToday } from '../apps/server/src/company-time';
import { DASHBOARD_CARDS, ON_TIME, fuelTotalsStatement } from '../apps/server/src/dashboard/dashboard';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import type { Database } from '../apps/server/src/db/client';
import { listQueries, type ListQuery } from '../apps/server/src/http/resource';
import { resourceOf } from '../apps/server/src/resources';
import { servedSignedIn, temporaryDatabase } from './in-process';

export const DASHBOARD_TARGET_P95_MS = 50;

export interface DashboardBenchOptions {
  serverUrl?: string;
  vehicles: number;
  drivers: number;
  trips: number;
  maintenance: number;
  incidents: number;
  expenses: number;
  refuelingLogs: number;
  samples?: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const n = (v: number) => v.toLocaleString('en-IN');

/**
 * Every statement the dashboard runs, as SQL with its parameters: each total's first statement as its list runs it
 * (listQueries().totalStatement: the kept counts' sum where they answer the filters, else the capped count), and the
 * fuel fills.
 */
function statements(database: Database, today: string): { name: string; text: string; params: unknown[] }[] {
  const list: { name: string; area: AreaKey; filters: Record<string, string> }[] = [
    ...DASHBOARD_CARDS.flatMap((card) => [
      { name: card.title, area: card.area, filters: card.filters },
      { name: `${card.title}: ${card.sub.title}`, area: card.area, filters: card.sub.filters },
    ]),
    { name: 'On-time Delivery: on time', area: ON_TIME.area, filters: ON_TIME.onTime },
    { name: 'On-time Delivery: delivered', area: ON_TIME.area, filters: ON_TIME.delivered },
  ];
  return list
    .map(({ name, area, filters }) => ({ name, ...listQueries(database, resourceOf(area)).totalStatement({ ...filters, today } as Partial<ListQuery>) }))
    .concat([{ name: 'Avg Fuel Eco: km and litres of the window', ...fuelTotalsStatement(today) }]);
}

export async function benchDashboard(options: DashboardBenchOptions): Promise<{ lines: string[]; verdicts: string[]; p95: number }> {
  const { database, label, drop } = await temporaryDatabase(options.serverUrl, 'dashboard');
  const samples = options.samples ?? 200;
  const lines: string[] = [];
  const verdicts: string[] = [];
  try {
    console.log(`Dashboard bench: ${label}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)}.`);
    const t = performance.now();
    await seedDemo(database, {
      vehicles: options.vehicles,
      drivers: options.drivers,
      trips: options.trips,
      maintenance: options.maintenance,
      incidents: options.incidents,
      expenses: options.expenses,
      training: 0,
      health: 0,
      insurance: 0,
      coldChain: 0,
      compliance: 0,
      ...(options.refuelingLogs ? { fuelStations: 200, refuelingLogs: options.refuelingLogs } : {}),
      seed: 36,
    });
    await database.exec('ANALYZE');
    console.log(
      `Seeded in ${((performance.now() - t) / 1000).toFixed(1)} s: ${n(options.vehicles)} vehicles, ${n(options.drivers)} drivers, ${n(options.trips)} trips, ${n(options.maintenance)} job cards, ${n(options.incidents)} incidents, ${n(options.expenses)} expenses, ${n(options.refuelingLogs)} refuelling logs.`,
    );

    const password = `bench-${randomBytes(9).toString('hex')}`;
    await ensureAdmin(database, password);
    await database.query(`UPDATE users SET role = 'administrator' WHERE username = 'admin'`);
    // Uncached: the list cache off, so every request runs its statements.
    const { origin, cookie, close } = await servedSignedIn(database, 'dashboard', password);
    try {
      const ask = async () => {
        const started = performance.now();
        const res = await fetch(`${origin}/api/dashboard`, { headers: { cookie } });
        const body = await res.json();
        if (!res.ok) throw new Error(`GET /api/dashboard answered ${res.status}: ${JSON.stringify(body)}`);
        return { ms: performance.now() - started, body };
      };
      const first = await ask();
      for (let i = 0; i < 10; i++) await ask();
      const times: number[] = [];
      for (let i = 0; i < samples; i++) times.push((await ask()).ms);
      times.sort((a, b) => a - b);
      const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p));
      const figures = [
        ...first.body.cards.flatMap((c: { title: string; detail: string; sub: { detail: string } }) => [`${c.title} ${c.detail} (${c.sub.detail})`]),
        ...first.body.performance.map((p: { title: string; detail: string }) => `${p.title} ${p.detail}`),
      ];
      lines.push(`GET /api/dashboard, uncached, ${samples} sequential requests: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms.`);
      lines.push(`Figures: ${figures.join('; ')}.`);

      const today = companyToday();
      let wholeTables = 0;
      const executions: string[] = [];
      let executionMs = 0;
      for (const statement of statements(database, today)) {
        const rows = await database.transaction(async (tx) => {
          return tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
        });
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        // A sequential scan stopped by the exact-count cap (50,001 rows read, then the LIMIT) reads part of its table.
        // The kept counts (record_counts, a few rows a key: statuses, days) are read whole when they are that small: they
        // hold keys, not records, and grow with the days, not with the fleet.
        const seq = plan.split('\n').filter((line) => line.includes('Seq Scan on') && !/Seq Scan on record_counts(_zone)?\b/.test(line));
        const whole = seq.filter((line) => !line.includes(`rows=${EXACT_COUNT_LIMIT + 1} loops=1`));
        wholeTables += whole.length;
        const note = seq.length ? `  (sequential scan${whole.length ? ' of a WHOLE table' : `, stopped by the cap at ${n(EXACT_COUNT_LIMIT + 1)} rows`})` : '';
        lines.push('', `-- ${statement.name}${note}`, plan);
        const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
        executionMs += ms;
        executions.push(`${statement.name} ${ms.toFixed(2)} ms`);
      }
      // What the statements take in the database, apart from HTTP and the pool's queueing (they run in parallel).
      lines.push('', `Statements' execution times (EXPLAIN ANALYZE): ${executions.join('; ')}; summed ${executionMs.toFixed(2)} ms.`);
      verdicts.push(
        `${p95 <= DASHBOARD_TARGET_P95_MS ? 'MET' : 'MISSED'}: dashboard p95 ${p95.toFixed(1)} ms ≤ ${DASHBOARD_TARGET_P95_MS} ms (uncached, ${options.serverUrl ? 'PostgreSQL' : 'PGlite'})`,
      );
      const [{ keys }] = await database.query<{ keys: number }>('SELECT count(*)::int AS keys FROM record_counts');
      verdicts.push(
        `${wholeTables === 0 ? 'MET' : 'MISSED'}: no statement reads a table of records whole (${wholeTables} sequential scans not stopped by the count's cap; the kept counts hold ${n(keys)} keys)`,
      );
      return { lines, verdicts, p95 };
    } finally {
      await close();
    }
  } finally {
    await drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      vehicles: { type: 'string' },
      drivers: { type: 'string' },
      trips: { type: 'string' },
      maintenance: { type: 'string' },
      incidents: { type: 'string' },
      expenses: { type: 'string' },
      'refueling-logs': { type: 'string' },
      samples: { type: 'string' },
    },
  });
  const num = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Math.max(0, Math.trunc(Number(value))));
  benchDashboard({
    serverUrl: process.env.DATABASE_URL || undefined,
    vehicles: num(values.vehicles, 100_000),
    drivers: num(values.drivers, 50_000),
    trips: num(values.trips, 200_000),
    maintenance: num(values.maintenance, 200_000),
    incidents: num(values.incidents, 50_000),
    expenses: num(values.expenses, 200_000),
    refuelingLogs: num(values['refueling-logs'], 200_000),
    samples: num(values.samples, 200),
  }).then(
    ({ lines, verdicts }) => {
      console.log(['', ...lines, '', 'Dashboard targets:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
      process.exit(0);
    },
    (err: Error) => {
      console.error(err.stack ?? err.message);
      process.exit(1);
    },
  );
}
