import type { Database } from '../client';
import { inTransaction } from './bulk-insert';
import type { SeedProgress } from './common';
import { createRandom, randomSeed } from './random';
import { seedVehicles } from './vehicles';

export interface DemoSeedOptions {
  vehicles: number;
  /** Empty the seeded areas' tables first. */
  reset?: boolean;
  /** Same seed, same data (given the same `now`). Random when absent. */
  seed?: number;
  now?: number;
  onProgress?: SeedProgress;
}

export interface DemoSeedReport {
  seed: number;
  /** Rows inserted per area. */
  inserted: Record<string, number>;
  /** Milliseconds per step: reset, each area, vacuum. */
  timings: Record<string, number>;
  totalMs: number;
}

/**
 * The tables the demo seed fills, parents before children. A reset truncates them all in one
 * statement, so foreign keys between them (trips → vehicles, drivers) do not get in the way.
 */
export const SEEDED_TABLES = ['vehicles'] as const;

/**
 * Fills the database with demo records of every seeded area in one transaction, then vacuums and
 * analyzes the tables. The database must run all statements on one connection (PGlite, or
 * PostgreSQL opened with `poolSize: 1`).
 */
export async function seedDemo(database: Database, options: DemoSeedOptions): Promise<DemoSeedReport> {
  const seed = options.seed ?? randomSeed();
  const random = createRandom(seed);
  const now = options.now ?? Date.now();
  const timings: Record<string, number> = {};
  const inserted: Record<string, number> = {};
  const started = performance.now();
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const result = await work();
    timings[name] = Math.round(performance.now() - t0);
    return result;
  };

  await inTransaction(database, async () => {
    // Index rebuilds after a big load sort in memory: give them room (this transaction only).
    await database.exec(`SET LOCAL maintenance_work_mem = '256MB'`);
    if (options.reset) await step('reset', () => database.exec(`TRUNCATE ${SEEDED_TABLES.join(', ')}`));
    inserted.vehicles = await step('vehicles', () => seedVehicles(database, { count: options.vehicles, random, now, onProgress: options.onProgress }));
  });
  // What autovacuum would do a while later, done now: planner statistics for good plans on the new rows,
  // hint bits set (else the first reads of every page write it) and the visibility map for index-only scans.
  await step('vacuum', () => database.exec(`VACUUM (ANALYZE) ${SEEDED_TABLES.join(', ')}`));
  return { seed, inserted, timings, totalMs: Math.round(performance.now() - started) };
}
