/**
 * Prints the one statement a report's first page runs, its parameters inlined, ready for
 * `EXPLAIN (ANALYZE, BUFFERS)` in psql — how decision 0057's figures were found:
 *   DATABASE_URL=postgres://…/raahi_bench_r100k npx tsx bench/report-sql.ts cost-per-km 2025-10-16 2026-10-21 > q.sql
 */
import { openDatabase } from '../apps/server/src/db/client';
import { REPORTS } from '../apps/server/src/reports';

const [key, from, to] = process.argv.slice(2);
const report = REPORTS.find((one) => one.description.key === key);
if (!report || !from || !to || !process.env.DATABASE_URL) {
  console.error(`Usage: DATABASE_URL=… npx tsx bench/report-sql.ts <${REPORTS.map((one) => one.description.key).join('|')}> <from> <to>`);
  process.exit(2);
}
const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 2, migrate: false });
const query = database.query.bind(database);
database.query = (async (sql: string, params: unknown[] = []) => {
  // The page's statement (reportParts) is the one with the page CTE; others (the catalog, the zone) are small.
  // Highest first, so that $1 does not eat the start of $10.
  if (sql.includes('page AS'))
    console.log(
      params.reduceRight<string>(
        (text, value, i) => text.split(`$${i + 1}`).join(typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`),
        sql,
      ) + ';',
    );
  return query(sql, params);
}) as typeof database.query;
await report.run(database, { from, to, filters: {}, today: new Date().toISOString().slice(0, 10), role: 'administrator', offset: 0, limit: 51 });
await database.close();
