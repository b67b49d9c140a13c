/**
 * npx tsx bench/reports.ts [--vehicles N --drivers N --trips N --expenses N --refueling-logs N --challans N --maintenance N
 *                           --station-invoices N --sales N --samples N --reports key,key]
 *
 * The money reports of the monthly rollups (decision 0048) over one month and over twelve months, first page
 * (50 rows + 1), uncached, one request at a time: each report's `run` in this process against a fresh database
 * (with DATABASE_URL a temporary database on that PostgreSQL server, else a temporary PGlite directory) filled by
 * seed:demo at the bench's default size (bench/bench.ts: 100,000 vehicles, 1,000,000 trips, 1,000,000 expenses,
 * 1,000,000 refuelling logs), with challans, job cards, station invoices and sales orders added. Prints p50/p95,
 * the rollups' sizes against their records', the seed's time and the load average (the machine may be shared).
 * Target (issue 20): p95 ≤ 2 s.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { addDays, lastFullMonth } from '@raahi/domain';
import { companyToday } from '../apps/server/src/company-time';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { MONEY_REPORTS } from '../apps/server/src/reports/money-reports';
import { ROLLUPS } from '../apps/server/src/rollups/rollups';
import { temporaryDatabase } from './in-process';

export const REPORTS_TARGET_P95_MS = 2000;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const n = (v: number) => v.toLocaleString('en-IN');
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const { values } = parseArgs({
  options: Object.fromEntries(
    ['vehicles', 'drivers', 'trips', 'expenses', 'refueling-logs', 'challans', 'maintenance', 'station-invoices', 'sales', 'samples', 'reports'].map((name) => [name, { type: 'string' as const }]),
  ),
});
const count = (name: string, fallback: number) => {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || raw.length > 12) throw new Error(`--${name} must be a whole number (got "${String(raw).slice(0, 20)}").`);
  return value;
};
const vehicles = count('vehicles', 100_000);
const trips = count('trips', 1_000_000);
const size = {
  vehicles,
  drivers: count('drivers', Math.max(1, Math.min(50_000, Math.ceil(trips / 20)))),
  trips,
  expenses: count('expenses', 1_000_000),
  refuelingLogs: count('refueling-logs', 1_000_000),
  challans: count('challans', 200_000),
  maintenance: count('maintenance', 2 * vehicles),
  stationInvoices: count('station-invoices', 5_000),
  sales: count('sales', 20_000),
};
const samples = Math.max(1, count('samples', 20));
// Only some reports (their keys, comma-separated): all of MONEY_REPORTS by default.
const keys = values.reports === undefined ? null : String(values.reports).slice(0, 200).split(',');
const reports = MONEY_REPORTS.filter((report) => keys === null || keys.includes(report.description.key));
if (reports.length === 0) throw new Error(`--reports names none of ${MONEY_REPORTS.map((r) => r.description.key).join(', ')}.`);

const { database, label, drop } = await temporaryDatabase(process.env.DATABASE_URL || undefined, 'reports');
try {
  console.log(`Reports bench: ${label}, ${os.cpus().length} cores, load average ${load()}.`);
  const t = performance.now();
  await seedDemo(database, { ...size, training: 0, health: 0, insurance: 0, incidents: 0, coldChain: 0, compliance: 0, fuelStations: 200, seed: 20 });
  await database.exec('ANALYZE');
  console.log(`Seeded in ${((performance.now() - t) / 1000).toFixed(1)} s: ${Object.entries(size).map(([k, v]) => `${n(v)} ${k}`).join(', ')}. Load average ${load()}.`);
  for (const rollup of ROLLUPS) {
    const [{ rows }] = await database.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM ${rollup}`);
    console.log(`  ${rollup}: ${n(rows)} rows`);
  }
  const today = companyToday();
  const month = lastFullMonth(today);
  const year = { from: addDays(month.to, -364).slice(0, 8) + '01', to: month.to };
  // Also a period that starts and ends mid-month (the ends read from the records).
  const midYear = { from: addDays(month.to, -380), to: addDays(month.to, -10) };
  for (const [name, period] of [['1 month', month], ['12 months', year], ['12 months, mid-month ends', midYear]] as const) {
    for (const report of reports) {
      const ask = () => report.run(database, { ...period, filters: {}, today, role: 'administrator', offset: 0, limit: 51 });
      const first = await ask();
      await ask();
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const started = performance.now();
        await ask();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      console.log(
        `${report.description.key.padEnd(20)} ${name.padEnd(26)} ${period.from}–${period.to}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
          `(${samples} samples; ${first.rows.length} rows on the page) ${p95 <= REPORTS_TARGET_P95_MS ? 'OK' : `OVER ${REPORTS_TARGET_P95_MS} ms`}; load ${load()}`,
      );
    }
  }
} finally {
  await drop();
}
process.exit(0);
