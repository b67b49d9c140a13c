import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { DurableNodeFS, durablePgliteOptions } from './durable-nodefs';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('the embedded database on a data directory', () => {
  it('flushes the write-ahead log to disk before each commit is acknowledged, and reopens with every row', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'raahi-durable-'));
    dirs.push(dir);
    const fs = new DurableNodeFS(dir);
    const db = await PGlite.create(durablePgliteOptions(dir, fs));
    const settings = await db.query<{ fsync: string; method: string }>(
      `SELECT current_setting('fsync') AS fsync, current_setting('wal_sync_method') AS method`,
    );
    expect(settings.rows[0]).toEqual({ fsync: 'on', method: 'fsync' });
    await db.exec('CREATE TABLE acknowledged (id int PRIMARY KEY)');

    const before = fs.syncs;
    for (let id = 1; id <= 50; id++) {
      await db.query('INSERT INTO acknowledged VALUES ($1)', [id]);
      // Each commit has been flushed by the time its statement answers.
      expect(fs.syncs - before).toBeGreaterThanOrEqual(id);
    }
    // A checkpoint flushes the data files through the same fsync.
    const beforeCheckpoint = fs.syncs;
    await db.exec('CHECKPOINT');
    expect(fs.syncs).toBeGreaterThan(beforeCheckpoint);
    await db.close();

    const again = await PGlite.create(durablePgliteOptions(dir));
    expect((await again.query<{ n: number }>('SELECT count(*)::int AS n FROM acknowledged')).rows[0].n).toBe(50);
    await again.close();
  });
});
