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
  /** Rows deleted by --reset per table: the seeded ones and those whose records referred to them. */
  deleted: Record<string, number>;
  /** Rows inserted per area. */
  inserted: Record<string, number>;
  /** Milliseconds per step: reset, each area, vacuum. */
  timings: Record<string, number>;
  totalMs: number;
}

/** The tables the demo seed fills. */
export const SEEDED_TABLES = ['vehicles'] as const;

/**
 * Empties the seeded tables and every table whose rows refer to them, directly or through another
 * (a trip refers to a vehicle: the vehicles cannot go while their trips stay). Returns the rows each
 * held. One TRUNCATE of the whole set, so the foreign keys between them do not get in the way.
 */
export async function emptySeededTables(database: Database): Promise<Record<string, number>> {
  const tables = await database.query<{ name: string }>(
    `WITH RECURSIVE affected(oid) AS (
       SELECT unnest($1::regclass[])::oid
       UNION
       SELECT c.conrelid FROM pg_constraint c JOIN affected a ON c.confrelid = a.oid WHERE c.contype = 'f'
     )
     SELECT oid::regclass::text AS name FROM affected`,
    [SEEDED_TABLES],
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`))[0].n;
  await database.exec(`TRUNCATE ${tables.map((t) => t.name).join(', ')}`);
  return counts;
}

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
  let deleted: Record<string, number> = {};
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
    if (options.reset) deleted = await step('reset', () => emptySeededTables(database));
    inserted.vehicles = await step('vehicles', () => seedVehicles(database, { count: options.vehicles, random, now, onProgress: options.onProgress }));
  });
  // What autovacuum would do a while later, done now: planner statistics for good plans on the new rows,
  // hint bits set (else the first reads of every page write it) and the visibility map for index-only scans.
  await step('vacuum', () => database.exec(`VACUUM (ANALYZE) ${SEEDED_TABLES.join(', ')}`));
  return { seed, deleted, inserted, timings, totalMs: Math.round(performance.now() - started) };
}
