/**
 * Creates per second through the operation layer (operations/create-record.ts), with the change entry
 * and without it (an option only the bench passes), so that what the entry costs is measured: the
 * issue's target is at most 15%. One client creates vehicles (the simplest area: the entry's share is
 * largest) and trips (two link checks), the two modes interleaved create by create so that the load of a
 * shared machine falls on both alike; the cost is given by the mean (creates per second) and the median.
 *
 * Part of `npm run bench` (--writes S: seconds per mode and area, 0 to skip); on its own, on a fresh
 * database: npx tsx bench/writes.ts [seconds]  (DATABASE_URL=postgres://… for PostgreSQL)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Actor } from '@raahi/domain';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import type { ResourceDefinition } from '../apps/server/src/http/resource';
import { createRecord } from '../apps/server/src/operations/create-record';
import { resourceOf } from '../apps/server/src/resources';
import { temporaryPostgresDatabase } from '../apps/server/src/testing/test-server';

export const WRITE_TARGET_PERCENT = 15;
const BENCH_ACTOR: Actor = { type: 'system', id: 'bench', name: 'Bench' };

export interface WriteModeResult {
  creates: number;
  seconds: number;
  perSecond: number;
  /** The median create's time. */
  medianMs: number;
}

export interface WriteBenchResult {
  area: string;
  withEntry: WriteModeResult;
  withoutEntry: WriteModeResult;
  /** How much slower a create is with its entry, in per cent of the create without it. */
  entryCostPercent: number;
}

let serial = 0;
const vehicleBody = () => {
  const n = serial++;
  return {
    make: 'Tata',
    model: 'Prima 4028.S',
    year: 2022,
    vin: `BENCH${process.pid}W${String(n).padStart(9, '0')}`.slice(-17),
    licensePlate: `BN${String(n).padStart(8, '0')}`,
    type: 'Truck',
    status: 'Active',
    currentMileage: 1000,
    purchaseDate: '2022-04-15',
  };
};

/**
 * Creates records of one area for about `seconds` per mode, the two modes interleaved create by create
 * (with, without, without, with, …): on a shared machine the load swings by a factor of several within
 * seconds, and only pairs this close see the same load. Returns each mode's creates and time spent.
 */
async function createInterleaved(database: Database, def: ResourceDefinition, body: () => unknown, seconds: number) {
  const spent = { with: [] as number[], without: [] as number[] };
  const until = performance.now() + 2 * seconds * 1000;
  for (let pair = 0; performance.now() < until; pair++) {
    for (const mode of pair % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const)) {
      const started = performance.now();
      await createRecord(def, body(), { database, actor: BENCH_ACTOR }, { withoutChangeEntry: mode === 'without' });
      spent[mode].push(performance.now() - started);
    }
  }
  return spent;
}

/** Measures creates per second with and without the change entry on an open, migrated database. */
export async function measureWritesOn(database: Database, secondsPerMode: number): Promise<WriteBenchResult[]> {
  const vehicle = await createRecord(resourceOf('vehicles'), vehicleBody(), { database, actor: BENCH_ACTOR });
  const driver = await createRecord(
    resourceOf('drivers'),
    {
      name: 'Bench Driver',
      license: `BENCH${process.pid}`,
      contact: '+91 98200 12345',
      email: 'bench@example.in',
      status: 'Active',
      address: 'Pune',
      joiningDate: '2021-06-01',
      aadharCardFile: null,
    },
    { database, actor: BENCH_ACTOR },
  );
  const tripBody = () => ({
    origin: 'Mumbai',
    destination: 'Pune',
    vehicleId: vehicle.id,
    driverId: driver.id,
    status: 'Scheduled',
    eta: null,
    startDate: null,
    endDate: null,
    notes: '',
  });
  const areas: [ResourceDefinition, () => unknown][] = [
    [resourceOf('vehicles'), vehicleBody],
    [resourceOf('trips'), tripBody],
  ];
  const results: WriteBenchResult[] = [];
  for (const [def, body] of areas) {
    await createInterleaved(database, def, body, 0.5); // warm-up: statements prepared, caches filled
    const spent = await createInterleaved(database, def, body, secondsPerMode);
    const mode = (ms: number[]): WriteModeResult => {
      const sorted = [...ms].sort((x, y) => x - y);
      const seconds = ms.reduce((sum, v) => sum + v, 0) / 1000;
      return {
        creates: ms.length,
        seconds: Math.round(seconds * 10) / 10,
        perSecond: Math.round(ms.length / seconds),
        medianMs: Math.round(sorted[Math.floor(sorted.length / 2)] * 100) / 100,
      };
    };
    const [withEntry, withoutEntry] = [mode(spent.with), mode(spent.without)];
    results.push({ area: def.area.key, withEntry, withoutEntry, entryCostPercent: Math.round((withoutEntry.perSecond / withEntry.perSecond - 1) * 1000) / 10 });
  }
  return results;
}

/** Opens the bench's database (its data directory or URL; nothing else may have it open), measures, closes. */
export async function measureWrites(where: { url?: string; dataDir?: string }, secondsPerMode: number): Promise<WriteBenchResult[]> {
  const database = await openDatabase({ url: where.url, dataDir: where.dataDir, poolSize: 2 });
  try {
    return await measureWritesOn(database, secondsPerMode);
  } finally {
    await database.close();
  }
}

/** The results as a table, and the verdict against the target. */
export function describeWrites(results: WriteBenchResult[]): { table: string[][]; verdicts: string[] } {
  return {
    table: [
      ['area', 'with entry /s', 'without /s', 'entry costs', 'median ms (with · without)', 'creates (with · without)'],
      ...results.map((r) => [
        r.area,
        String(r.withEntry.perSecond),
        String(r.withoutEntry.perSecond),
        `${r.entryCostPercent}%`,
        `${r.withEntry.medianMs} · ${r.withoutEntry.medianMs}`,
        `${r.withEntry.creates} · ${r.withoutEntry.creates}`,
      ]),
    ],
    verdicts: results.map(
      (r) =>
        `${r.entryCostPercent <= WRITE_TARGET_PERCENT ? 'met   ' : 'MISSED'} creates of ${r.area}: the change entry costs ≤ ${WRITE_TARGET_PERCENT}% (${r.entryCostPercent}%: ${r.withEntry.perSecond} vs ${r.withoutEntry.perSecond} creates/s, one client)`,
    ),
  };
}

// On its own: a fresh database, measured, removed.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const seconds = Number(process.argv[2] ?? 6);
  const serverUrl = process.env.DATABASE_URL || undefined;
  const dir = await mkdtemp(join(os.tmpdir(), 'raahi-bench-writes-'));
  const temporary = serverUrl ? await temporaryPostgresDatabase(serverUrl) : undefined;
  try {
    const results = await measureWrites({ url: temporary?.url, dataDir: temporary ? undefined : join(dir, 'db') }, seconds);
    const { table, verdicts } = describeWrites(results);
    console.log(
      `${serverUrl ? 'PostgreSQL' : 'PGlite (embedded, durable)'} · ${os.cpus().length} cores · load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} · ${seconds} s per mode and area`,
    );
    for (const row of table) console.log(row.map((cell) => cell.padEnd(14)).join(' '));
    console.log(verdicts.join('\n'));
  } finally {
    await temporary?.drop();
    await rm(dir, { recursive: true, force: true });
  }
}
