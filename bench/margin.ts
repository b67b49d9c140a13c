/**
 * npx tsx bench/margin.ts [--trips N --vehicles N --drivers N --expenses N --samples N]
 * (also run by `npm run bench`; --margin-trips 0 there leaves it out)
 *
 * The trips list sorted by margin (issue 19, decision 0041), uncached (the server's list cache off): fills a fresh
 * database (with DATABASE_URL a temporary database on that PostgreSQL server, else a temporary PGlite directory) with
 * seed:demo's trips (freight at ₹40–60/km) and expenses linked to them (their stored costs), serves the real app in
 * this process and asks GET /api/trips?sort=margin one request at a time, both orders, first and later pages; then
 * prints EXPLAIN (ANALYZE, BUFFERS) of the list's statement in both orders. Target (PostgreSQL, 1,000,000 trips):
 * p95 ≤ 30 ms, the order served by an index (no Sort node).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { asc, desc } from 'drizzle-orm';
import { ensureAdmin } from '../apps/server/src/auth/users';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { derivedColumnsOf, sortDirection, sortExpression } from '../apps/server/src/http/resource';
import { recomputedCosts } from '../apps/server/src/money/trip-cost';
import { recordSelection } from '../apps/server/src/operations/stored-record';
import { resourceOf } from '../apps/server/src/resources';
import { servedSignedIn, temporaryDatabase } from './in-process';

export const MARGIN_TARGET_P95_MS = 30;

export interface MarginBenchOptions {
  serverUrl?: string;
  trips: number;
  vehicles: number;
  drivers: number;
  expenses: number;
  samples?: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const n = (v: number) => v.toLocaleString('en-IN');

export async function benchMargin(options: MarginBenchOptions): Promise<{ lines: string[]; verdicts: string[]; p95: number }> {
  const { database, label, drop } = await temporaryDatabase(options.serverUrl, 'margin');
  const samples = options.samples ?? 200;
  const lines: string[] = [];
  const verdicts: string[] = [];
  try {
    console.log(`Margin bench: ${label}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)}.`);
    const t = performance.now();
    await seedDemo(database, {
      vehicles: options.vehicles,
      drivers: options.drivers,
      trips: options.trips,
      expenses: options.expenses,
      training: 0,
      health: 0,
      insurance: 0,
      maintenance: 0,
      incidents: 0,
      coldChain: 0,
      compliance: 0,
      seed: 41,
    });
    await database.exec('ANALYZE trips');
    const [counts] = await database.query<{ trips: number; priced: number; costed: number }>(
      `SELECT count(*)::int AS trips, count(freight)::int AS priced, count(*) FILTER (WHERE cost > 0)::int AS costed FROM trips`,
    );
    console.log(
      `Seeded in ${((performance.now() - t) / 1000).toFixed(1)} s: ${n(counts.trips)} trips (${n(counts.priced)} with freight, ${n(counts.costed)} with costs), ${n(options.expenses)} expenses.`,
    );
    // The stored costs are the recomputed ones (decision 0041), on a sample of the seeded database.
    if (counts.trips <= 200_000) {
      const wrong = [...(await recomputedCosts(database)).values()].filter((c) => c.stored !== c.recomputed).length;
      lines.push(`Stored costs equal to a recomputation: ${wrong === 0 ? 'all' : `${n(wrong)} differ`}.`);
    }

    const password = `bench-${randomBytes(9).toString('hex')}`;
    await ensureAdmin(database, password);
    await database.query(`UPDATE users SET role = 'administrator' WHERE username = 'admin'`);
    // Uncached: the list cache off, so every request runs its statements.
    const { origin, cookie, close } = await servedSignedIn(database, 'margin', password);
    try {
      const ask = async (query: string) => {
        const started = performance.now();
        const res = await fetch(`${origin}/api/trips?${query}`, { headers: { cookie } });
        const body = (await res.json()) as { items: { id: string; margin: number | null }[] };
        if (!res.ok) throw new Error(`GET /api/trips?${query} answered ${res.status}: ${JSON.stringify(body)}`);
        return { ms: performance.now() - started, body };
      };
      const queries = ['sort=margin&order=desc', 'sort=margin&order=asc', 'sort=margin&order=desc&page=20', 'sort=margin&order=asc&page=20&pageSize=50'];
      // The answers are in margin order, N/A last.
      for (const query of queries) {
        const margins = (await ask(query)).body.items.map((item) => item.margin);
        const desc = query.includes('desc');
        const ordered = margins.every((m, i) => i === 0 || m === null || (margins[i - 1] !== null && (desc ? margins[i - 1]! >= m : margins[i - 1]! <= m)));
        if (!ordered) throw new Error(`GET /api/trips?${query} is not in margin order: ${JSON.stringify(margins.slice(0, 10))}`);
      }
      for (let i = 0; i < 10; i++) for (const query of queries) await ask(query);
      // The target is the list as opened and sorted (the first page, either order); later pages are reported beside it.
      const all: number[] = [];
      for (const query of queries) {
        const times: number[] = [];
        for (let i = 0; i < samples; i++) times.push((await ask(query)).ms);
        times.sort((a, b) => a - b);
        if (!query.includes('page=')) all.push(...times);
        lines.push(
          `GET /api/trips?${query}, uncached, ${samples} sequential requests: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms.`,
        );
      }
      all.sort((a, b) => a - b);
      const p95 = percentile(all, 95);

      // EXPLAIN of the list's statement, as listQueries builds it (select, margin order N/A last, then id).
      let sorts = 0;
      const def = resourceOf('trips');
      const { all: columns, selected } = recordSelection(def);
      for (const order of ['desc', 'asc'] as const) {
        const direction = order === 'asc' ? asc : desc;
        const built = database.db
          .select(selected)
          .from(def.table)
          .orderBy(sortDirection(sortExpression(def.area, derivedColumnsOf(def, columns), 'margin', undefined), order), direction(columns.id))
          .limit(51)
          .offset(950)
          .toSQL();
        const rows = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${built.sql}`, built.params);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        if (/^\s*(->\s*)?(Incremental )?Sort\b/m.test(plan)) sorts++;
        lines.push('', `-- trips sorted by margin ${order}, page 20 of 50`, built.sql, plan);
      }
      verdicts.push(
        `${p95 <= MARGIN_TARGET_P95_MS ? 'MET' : 'MISSED'}: trips sorted by margin (first page, both orders) p95 ${p95.toFixed(1)} ms ≤ ${MARGIN_TARGET_P95_MS} ms (uncached, ${n(counts.trips)} trips, ${options.serverUrl ? 'PostgreSQL' : 'PGlite'})`,
      );
      verdicts.push(`${sorts === 0 ? 'MET' : 'MISSED'}: the margin order is read from an index (${sorts} plans sort)`);
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
      trips: { type: 'string' },
      vehicles: { type: 'string' },
      drivers: { type: 'string' },
      expenses: { type: 'string' },
      samples: { type: 'string' },
    },
  });
  const num = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Math.max(0, Math.trunc(Number(value))));
  const trips = num(values.trips, 1_000_000);
  benchMargin({
    serverUrl: process.env.DATABASE_URL || undefined,
    trips,
    vehicles: num(values.vehicles, Math.max(100, Math.round(trips / 50))),
    drivers: num(values.drivers, Math.max(50, Math.min(50_000, Math.ceil(trips / 20)))),
    expenses: num(values.expenses, Math.round(trips / 5)),
    samples: num(values.samples, 200),
  }).then(
    ({ lines, verdicts }) => {
      console.log(['', ...lines, '', 'Margin targets:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
      process.exit(0);
    },
    (err: Error) => {
      console.error(err.stack ?? err.message);
      process.exit(1);
    },
  );
}
