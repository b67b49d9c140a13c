import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ensureChangeLogPartitions } from './change-log-upkeep';
import type { Database } from './client';
import { DuplicateRecordsError, findDuplicates } from './duplicates';

/** SQL migrations beside this file (the build copies them next to the bundle). */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
export const MIGRATION_LOCK = 727274;

/**
 * Applies every migration not yet recorded, each in its own transaction, in file-name order. One that would
 * make values unique which the data holds twice is not tried: DuplicateRecordsError lists them instead.
 */
export async function applyMigrations(database: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set((await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(dir + file, 'utf8');
    const duplicates = await findDuplicates(database, new Set([file]));
    if (duplicates.length > 0) throw new DuplicateRecordsError(file, duplicates);
    try {
      // The lock serialises servers starting together; the loser's INSERT then fails and it skips the file.
      await database.execInTransaction(
        `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
         INSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');
         ${sql}`,
      );
      applied.push(file);
    } catch (err) {
      const nowDone = await database.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (nowDone.length === 0) throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
    }
  }
  // The change log's month partitions, this one and the next two (the server also makes them daily): a
  // database opened after months away, by a server, a command or a test, writes entries into their month.
  if (dir === MIGRATIONS_DIR) await ensureChangeLogPartitions(database);
  return applied;
}
