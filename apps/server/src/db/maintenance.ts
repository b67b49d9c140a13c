import type { Database } from './client';

/**
 * The embedded database has no autovacuum, so nothing refreshes the planner's statistics as records
 * change. Analyse the tables that changed enough, with autovacuum's own rule: 50 rows plus 10%.
 * (PostgreSQL servers do this themselves.)
 */
export async function analyzeChangedTables(database: Database): Promise<string[]> {
  if (database.kind !== 'pglite') return [];
  const tables = await database.query<{ relname: string }>(
    `SELECT relname FROM pg_stat_user_tables
     WHERE schemaname = 'public' AND n_mod_since_analyze > 50 + 0.1 * n_live_tup
     ORDER BY relname`,
  );
  for (const { relname } of tables) await database.exec(`ANALYZE "${relname.replace(/"/g, '""')}"`);
  return tables.map((t) => t.relname);
}
