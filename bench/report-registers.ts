/**
 * npx tsx bench/report-registers.ts [-- --vehicles N --trips N --compliance N --insurance N --inventory N --sales N --cold-chain N --samples N]
 *
 * The first page of this lane's reports (decision 0047: compliance register, inventory valuation, sales pipeline over
 * one month and over twelve months, cold chain units), uncached, on a temporary database seeded by seed:demo (with
 * DATABASE_URL a temporary database on that PostgreSQL server). Prints p50/p95 per report with the load average;
 * the bar is p95 ≤ 2 s for a first page.
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { addDays, lastFullMonth, todayIn } from '@raahi/domain';
import { ensureAdmin } from '../apps/server/src/auth/users';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { servedSignedIn, temporaryDatabase } from './in-process';

const { values } = parseArgs({
  options: {
    vehicles: { type: 'string' },
    trips: { type: 'string' },
    compliance: { type: 'string' },
    insurance: { type: 'string' },
    inventory: { type: 'string' },
    sales: { type: 'string' },
    'cold-chain': { type: 'string' },
    samples: { type: 'string' },
  },
});
const num = (text: string | undefined, fallback: number) => (text === undefined ? fallback : Number(text));
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

const { database, label, drop } = await temporaryDatabase(process.env.DATABASE_URL || undefined, 'report-registers');
try {
  const counts = {
    vehicles: num(values.vehicles, 10_000),
    trips: num(values.trips, 100_000),
    compliance: num(values.compliance, 100_000),
    insurance: num(values.insurance, 50_000),
    inventory: num(values.inventory, 50_000),
    sales: num(values.sales, 50_000),
    coldChain: num(values['cold-chain'], 20_000),
  };
  const started = performance.now();
  await seedDemo(database, { ...counts, drivers: Math.ceil(counts.vehicles / 2), training: 0, health: 0, maintenance: 0, incidents: 0, expenses: 0, seed: 47 });
  await database.exec('ANALYZE');
  console.log(`Report registers bench: ${label}, ${os.cpus().length} cores; seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}.`);
  const password = `bench-${randomBytes(9).toString('hex')}`;
  await ensureAdmin(database, password);
  await database.query(`UPDATE users SET role = 'administrator' WHERE username = 'admin'`);
  const { origin, cookie, close } = await servedSignedIn(database, 'report-registers', password);
  try {
    const today = todayIn('Asia/Kolkata');
    const month = lastFullMonth(today);
    const cases = [
      ['compliance-register', ''],
      ['inventory-valuation', ''],
      ['sales-pipeline (1 month)', `from=${month.from}&to=${month.to}`],
      ['sales-pipeline (12 months)', `from=${addDays(month.to, -364)}&to=${month.to}`],
      ['cold-chain', ''],
    ] as const;
    const samples = num(values.samples, 20);
    for (const [name, query] of cases) {
      const key = name.split(' ')[0];
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t = performance.now();
        const res = await fetch(`${origin}/api/reports/${key}?${query}`, { headers: { cookie } });
        if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
        await res.json();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(`${name.padEnd(28)} first page: p50 ${quantile(times, 0.5).toFixed(0)} ms, p95 ${quantile(times, 0.95).toFixed(0)} ms (${samples} requests; load average ${os.loadavg()[0].toFixed(2)})`);
    }
  } finally {
    await close();
  }
} finally {
  await drop();
}
