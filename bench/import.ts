/**
 * npm run bench -- --import-trips N (default 50,000; 0 leaves it out), or alone: tsx bench/import.ts [--trips N]
 *
 * Import at scale (issue 22, decision 0051): a CSV of N trips, as an operator writes it (vehicles by plate,
 * drivers by licence number, DD/MM/YYYY HH:MM, ₹ amounts), checked (dry run) and then committed through the
 * import pipeline itself (imports/pipeline.ts) on a temporary database seeded with the vehicles and drivers
 * it names. Reports the seconds of each, the process's peak RSS above its level before, and the longest a
 * one-row query waited while the commit wrote (what another user's request waits: on PGlite, one connection).
 * Targets: 50,000 rows checked in ≤ 30 s and committed in ≤ 60 s on PostgreSQL, memory bounded by a batch.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Actor } from '@raahi/domain';
import { companyTimeZone } from '../apps/server/src/company-time';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { matchColumns } from '../apps/server/src/imports/mapping';
import { executeRun } from '../apps/server/src/imports/pipeline';
import { CELL_LIMITS, openFile, zipLimitsFor } from '../apps/server/src/imports/read-file';
import { createRun, readRun } from '../apps/server/src/imports/runs';
import { resourceOf, resources } from '../apps/server/src/resources';
import { temporaryDatabase } from './in-process';

export const IMPORT_TARGETS = { checkSeconds: 30, commitSeconds: 60 };
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const n = (v: number) => v.toLocaleString('en-IN');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const CITIES = ['Mumbai', 'Pune', 'Nashik', 'Surat', 'Ahmedabad', 'Indore', 'Nagpur', 'Hyderabad', 'Bengaluru', 'Chennai', 'Jaipur', 'Delhi'];
const pad = (v: number) => String(v).padStart(2, '0');

/** N trips as a CSV people keep: aliased headers, plates and licence numbers, Indian dates and rupees. */
function tripsCsv(rows: number, plates: string[], licences: string[]): Buffer {
  const lines = ['From,To,Vehicle No,DL No,Status,ETA,Start Date,Freight,Notes'];
  for (let i = 0; i < rows; i++) {
    const day = 1 + (i % 28);
    const freight = 15_000 + ((i * 37) % 40_000);
    const grouped = freight >= 100_000 ? String(freight) : `${Math.floor(freight / 1000)},${String(freight % 1000).padStart(3, '0')}`;
    lines.push(
      [
        CITIES[i % CITIES.length],
        CITIES[(i + 5) % CITIES.length],
        plates[i % plates.length],
        licences[i % licences.length],
        'Scheduled',
        `${pad(day)}/12/2026 18:00`,
        `${pad(day)}/12/2026 06:00`,
        `"₹${grouped}.00"`,
        `Load ${i}`,
      ].join(','),
    );
  }
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

export async function benchImport(options: { serverUrl: string | undefined; trips: number }): Promise<{ lines: string[]; verdicts: string[] }> {
  const lines: string[] = [];
  const verdicts: string[] = [];
  const { database, label, drop } = await temporaryDatabase(options.serverUrl, 'import');
  try {
    lines.push(`Import bench: ${label}, ${os.cpus().length} cores, load average ${load()}.`);
    await seedDemo(database, {
      vehicles: 2000,
      drivers: 2000,
      trips: 0,
      training: 0,
      health: 0,
      inventory: 0,
      compliance: 0,
      insurance: 0,
      maintenance: 0,
      schedules: 0,
      incidents: 0,
      coldChain: 0,
      expenses: 0,
      seed: 22,
    });
    // Vehicles a scheduled trip may take (not Sold), and drivers by licence number.
    const plates = (await database.query<{ p: string }>(`SELECT license_plate AS p FROM vehicles WHERE status = 'Active' ORDER BY id`)).map((r) => r.p);
    const licences = (await database.query<{ l: string }>(`SELECT license AS l FROM drivers WHERE status = 'Active' ORDER BY id`)).map((r) => r.l);
    const bytes = tripsCsv(options.trips, plates, licences);
    lines.push(
      `A CSV of ${n(options.trips)} trips (${mb(bytes.length)}) naming ${n(plates.length)} vehicles by plate and ${n(licences.length)} drivers by licence number.`,
    );
    const def = resourceOf('trips');
    const actor: Actor = { type: 'system', id: 'bench', name: 'Import bench' };
    const limits = { ...CELL_LIMITS, ...zipLimitsFor(20 * 1024 * 1024), maxRows: 200_000 };

    const run = async (commit: boolean) => {
      const file = await openFile(bytes, 'trips.csv', limits);
      const columns = matchColumns(def, file.header);
      const runId = await createRun(database, {
        area: 'trips',
        userId: 'bench',
        byName: actor.name,
        mode: commit ? 'commit' : 'dry-run',
        update: false,
        validOnly: false,
        mapping: columns,
        fileName: 'trips.csv',
      });
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      let longestWait = 0;
      let probing = true;
      // Another user's request meanwhile: a one-row query every 50 ms, its wait counted from when it was due (PGlite
      // runs in this thread: while its transaction's statements run, no timer fires and no request is even read), and
      // once more after the run (a wait that lasted to its end).
      const probe = (async () => {
        let due = performance.now();
        for (;;) {
          await database.query('SELECT 1');
          longestWait = Math.max(longestWait, performance.now() - due);
          peak = Math.max(peak, process.memoryUsage().rss);
          if (!probing) return;
          due = performance.now() + 50;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const started = performance.now();
      await executeRun({
        database,
        runId,
        plan: { def, resources, columns, update: false, keep: [], zone: companyTimeZone() },
        file,
        commit,
        validOnly: false,
        actor,
      });
      const seconds = (performance.now() - started) / 1000;
      probing = false;
      await probe;
      const result = (await readRun(database, runId))!;
      return { seconds, rssGrowth: peak - rssBefore, peak, longestWait, result };
    };

    const checked = await run(false);
    lines.push(
      `Dry run: ${checked.seconds.toFixed(1)} s, ${n(checked.result.valid)} valid of ${n(checked.result.rows)} (${n(checked.result.errorCount)} errors); peak RSS ${mb(checked.peak)} (+${mb(checked.rssGrowth)}); longest wait of another query ${checked.longestWait.toFixed(0)} ms. Load average ${load()}.`,
    );
    const committed = await run(true);
    lines.push(
      `Commit: ${committed.seconds.toFixed(1)} s, ${n(committed.result.written)} written; peak RSS ${mb(committed.peak)} (+${mb(committed.rssGrowth)}); longest wait of another query ${committed.longestWait.toFixed(0)} ms. Load average ${load()}.`,
    );
    const [{ trips }] = await database.query<{ trips: number }>(`SELECT count(*)::int AS trips FROM trips`);
    const [{ entries }] = await database.query<{ entries: number }>(`SELECT count(*)::int AS entries FROM change_log WHERE batch_id = $1`, [
      committed.result.batchId,
    ]);
    lines.push(`Stored: ${n(trips)} trips, ${n(entries)} change entries under batch ${committed.result.batchId}.`);
    const where = options.serverUrl ? 'PostgreSQL' : 'PGlite';
    const scale = options.trips === 50_000 ? '' : ` (the targets are for 50,000 rows; this run had ${n(options.trips)})`;
    verdicts.push(
      `${checked.seconds <= IMPORT_TARGETS.checkSeconds ? 'met   ' : 'MISSED'} ${where}: dry run of ${n(options.trips)} trips ≤ ${IMPORT_TARGETS.checkSeconds} s (${checked.seconds.toFixed(1)} s)${scale}`,
    );
    verdicts.push(
      `${committed.seconds <= IMPORT_TARGETS.commitSeconds ? 'met   ' : 'MISSED'} ${where}: commit of ${n(options.trips)} trips ≤ ${IMPORT_TARGETS.commitSeconds} s (${committed.seconds.toFixed(1)} s)${scale}`,
    );
  } finally {
    await drop();
  }
  return { lines, verdicts };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { trips: { type: 'string' } } });
  const raw = values.trips ?? '50000';
  const trips = Number(raw);
  if (raw.length > 9 || !Number.isInteger(trips) || trips < 1) throw new Error(`--trips must be a whole number ≥ 1 (got "${raw.slice(0, 20)}").`);
  const { lines, verdicts } = await benchImport({ serverUrl: process.env.DATABASE_URL || undefined, trips });
  console.log([...lines, '', 'Import targets:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
  process.exit(0);
}
