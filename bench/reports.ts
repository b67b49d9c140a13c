/**
 * The reports of issue 20 (all ten: apps/server/src/reports/index.ts REPORTS), first page (50 rows + 1), uncached,
 * one request at a time: each report's `run` in this process (what GET /api/reports/:key runs) against its own
 * database (with DATABASE_URL a temporary database on that PostgreSQL server, else a temporary PGlite directory)
 * filled by seed:demo, scaled from the bench's default size (100,000 vehicles, 1,000,000 trips, expenses and
 * refuelling logs, plus challans, job cards, station invoices, sales orders, compliance documents, insurance
 * policies, inventory and cold-chain units). A report with a period over one month, over twelve months and over
 * twelve months with mid-month ends; one without, once. Prints p50/p95 in one table with the load average.
 * Target (issue 20): p95 ≤ 2 s for a first page.
 *
 * Part of `npm run bench` (--report-vehicles N, --report-samples N; 0 leaves it out), or alone:
 *   npx tsx bench/reports.ts [--vehicles N --samples N --reports key,key]   (DATABASE_URL for PostgreSQL)
 *   … --keep NAME: with DATABASE_URL, the database NAME, seeded only when empty and kept (drop it yourself).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { addDays, lastFullMonth } from '@raahi/domain';
import { companyToday } from '../apps/server/src/company-time';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { REPORTS } from '../apps/server/src/reports';
import { ROLLUPS } from '../apps/server/src/rollups/rollups';
import { keptDatabase, temporaryDatabase } from './in-process';

export const REPORTS_TARGET_P95_MS = 2000;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const n = (v: number) => v.toLocaleString('en-IN');
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

export interface ReportsBenchOptions {
  serverUrl: string | undefined;
  /** Vehicles of the seeded fleet; the other records scale with it (100,000 = the bench's default data). */
  vehicles: number;
  samples: number;
  /** Only these report keys (all by default). */
  keys?: string[] | null;
  /** A database of this name on the server, kept after the run and seeded only when empty (a 100,000-vehicle seed takes ~40 min). */
  keep?: string | null;
}

/** The seed's counts for a fleet of `vehicles` (per 100,000 vehicles: the bench's default data). */
export const reportsSize = (vehicles: number) => {
  const scale = (per100k: number) => Math.max(1, Math.round((per100k * vehicles) / 100_000));
  return {
    vehicles,
    drivers: Math.min(50_000, scale(50_000)),
    trips: scale(1_000_000),
    expenses: scale(1_000_000),
    refuelingLogs: scale(1_000_000),
    challans: scale(200_000),
    maintenance: scale(200_000),
    stationInvoices: scale(5_000),
    sales: scale(50_000),
    compliance: scale(100_000),
    insurance: scale(50_000),
    inventory: scale(50_000),
    coldChain: scale(20_000),
  };
};

export async function benchReports(options: ReportsBenchOptions): Promise<{ lines: string[]; verdicts: string[] }> {
  const reports = REPORTS.filter((report) => !options.keys || options.keys.includes(report.description.key));
  if (reports.length === 0) throw new Error(`--reports names none of ${REPORTS.map((r) => r.description.key).join(', ')}.`);
  const size = reportsSize(options.vehicles);
  const lines: string[] = [];
  const verdicts: string[] = [];
  const { database, label, drop } = options.keep ? await keptDatabase(options.serverUrl, options.keep) : await temporaryDatabase(options.serverUrl, 'reports');
  try {
    lines.push(`Reports bench: ${label}, ${os.cpus().length} cores, load average ${load()}.`);
    const [{ vehicles }] = await database.query<{ vehicles: number }>('SELECT count(*)::int AS vehicles FROM vehicles');
    if (vehicles === 0) {
      const t = performance.now();
      await seedDemo(database, { ...size, training: 0, health: 0, incidents: 0, fuelStations: 200, seed: 20 });
      await database.exec('ANALYZE');
      lines.push(
        `Seeded in ${((performance.now() - t) / 1000).toFixed(1)} s: ${Object.entries(size)
          .map(([k, v]) => `${n(v)} ${k}`)
          .join(', ')}. Load average ${load()}.`,
      );
    } else lines.push(`Kept data: ${n(vehicles)} vehicles, seeded by an earlier run (--keep); --vehicles is not applied to it.`);
    for (const rollup of ROLLUPS) {
      const [{ rows }] = await database.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM ${rollup}`);
      lines.push(`  ${rollup}: ${n(rows)} rows`);
    }
    const today = companyToday();
    const month = lastFullMonth(today);
    const year = { from: addDays(month.to, -364).slice(0, 8) + '01', to: month.to };
    // Also a period that starts and ends mid-month (cost per km's ends read from the odometer days).
    const midYear = { from: addDays(month.to, -380), to: addDays(month.to, -10) };
    const table = [['report', 'period', 'from–to', 'p50 ms', 'p95 ms', 'rows', 'verdict']];
    for (const report of reports) {
      const periods = report.description.period
        ? ([
            ['1 month', month],
            ['12 months', year],
            ['12 months, mid-month', midYear],
          ] as const)
        : ([['(no period)', month]] as const);
      for (const [name, period] of periods) {
        const ask = () => report.run(database, { ...period, filters: {}, today, role: 'administrator', offset: 0, limit: 51 });
        const first = await ask();
        const times: number[] = [];
        for (let i = 0; i < options.samples; i++) {
          const started = performance.now();
          await ask();
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        const p95 = percentile(times, 95);
        const verdict = p95 <= REPORTS_TARGET_P95_MS ? 'OK' : `OVER ${REPORTS_TARGET_P95_MS} ms`;
        table.push([
          report.description.key,
          name,
          report.description.period ? `${period.from}–${period.to}` : '',
          percentile(times, 50).toFixed(1),
          p95.toFixed(1),
          String(first.rows.length),
          verdict,
        ]);
        verdicts.push(`${report.description.key} ${name}: first page p95 ${p95.toFixed(0)} ms ≤ ${REPORTS_TARGET_P95_MS} ms: ${verdict}`);
      }
    }
    const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
    lines.push(`First page (${options.samples} samples each, after one warm-up), load average after ${load()}:`);
    for (const row of table) lines.push('  ' + row.map((cell, i) => (i >= 3 && i <= 5 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  '));
  } finally {
    await drop();
  }
  return { lines, verdicts };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: { vehicles: { type: 'string' }, samples: { type: 'string' }, reports: { type: 'string' }, keep: { type: 'string' } },
  });
  const whole = (raw: string | undefined, fallback: number, name: string) => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (raw.length > 12 || !Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number ≥ 1 (got "${raw.slice(0, 20)}").`);
    return value;
  };
  const { lines, verdicts } = await benchReports({
    serverUrl: process.env.DATABASE_URL || undefined,
    vehicles: whole(values.vehicles, 100_000, 'vehicles'),
    samples: whole(values.samples, 20, 'samples'),
    keys: values.reports === undefined ? null : values.reports.slice(0, 300).split(','),
    keep: values.keep ?? null,
  });
  console.log([...lines, '', 'Report targets:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
  process.exit(0);
}
