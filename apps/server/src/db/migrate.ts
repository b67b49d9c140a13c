import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

/** SQL migrations beside this file (the build copies them next to the bundle). */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_LOCK = 727274;

/** Applies every migration not yet recorded, each in its own transaction, in file-name order. */
export async function applyMigrations(database: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set((await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(dir + file, 'utf8');
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
  return applied;
}
