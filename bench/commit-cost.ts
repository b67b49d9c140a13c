/**
 * What durable commits cost on the embedded database: single-row INSERTs, each its own commit, on one
 * connection, on a fresh data directory — once as PGlite ships (fsync off, no fsync in its file system)
 * and once as Raahi opens it (durable-nodefs.ts). Usage: npx tsx bench/commit-cost.ts [rows] [runs]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DurableNodeFS, durablePgliteOptions } from '../apps/server/src/db/durable-nodefs';

const rows = Number(process.argv[2] ?? 3000);
const runs = Number(process.argv[3] ?? 3);

async function measure(durable: boolean): Promise<{ perSecond: number; syncs: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'raahi-commit-cost-'));
  try {
    const fs = new DurableNodeFS(dir);
    const db = durable ? await PGlite.create(durablePgliteOptions(dir, fs)) : await PGlite.create(dir);
    await db.exec('CREATE TABLE t (id serial PRIMARY KEY, v text NOT NULL)');
    const before = fs.syncs;
    const started = performance.now();
    for (let i = 0; i < rows; i++) await db.query('INSERT INTO t (v) VALUES ($1)', [`row ${i}`]);
    const seconds = (performance.now() - started) / 1000;
    await db.close();
    return { perSecond: Math.round(rows / seconds), syncs: fs.syncs - before };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

for (let run = 1; run <= runs; run++) {
  const shipped = await measure(false);
  const durable = await measure(true);
  console.log(
    `run ${run}: as shipped ${shipped.perSecond} commits/s (its file system has no fsync) · durable ${durable.perSecond} commits/s (${durable.syncs} fsync for ${rows} commits)`,
  );
}
