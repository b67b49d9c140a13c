import type { Database } from '../client';

/** A column of a bulk load: its name in the table and the PostgreSQL type of its values. */
export interface BulkColumn {
  name: string;
  type: 'text' | 'integer' | 'date' | 'timestamptz';
}

/** Column-wise rows: one array per column, all the same length. */
export type ColumnBatch = Record<string, unknown[]>;

/**
 * Inserts a batch in one statement: `INSERT ... SELECT * FROM unnest($1::text[], $2::integer[], ...)`.
 * One array parameter per column, so the statement size does not grow with the row count and the
 * 65,535-parameter limit of a statement never applies (a multi-row VALUES list of 10 columns would hit
 * it at 6,553 rows). Timestamps and dates go as ISO strings, which both drivers pass through untouched.
 */
export async function insertBatch(database: Database, table: string, columns: readonly BulkColumn[], batch: ColumnBatch): Promise<number> {
  const names = columns.map((c) => c.name);
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`);
  const sql = `INSERT INTO ${table} (${names.join(', ')}) SELECT * FROM unnest(${arrays.join(', ')})`;
  await database.query(sql, names.map((name) => batch[name]));
  return batch[names[0]].length;
}

/** Empty column arrays for a batch. */
export function emptyBatch(columns: readonly BulkColumn[]): ColumnBatch {
  return Object.fromEntries(columns.map((c) => [c.name, []]));
}

/**
 * Runs `work` as one transaction, so that a failed or interrupted seed leaves the database as it was
 * (dropped indexes included). BEGIN and COMMIT go through `exec`, so the database must run every
 * statement on one connection: PGlite always does; open PostgreSQL with `poolSize: 1`.
 */
export async function inTransaction<T>(database: Database, work: () => Promise<T>): Promise<T> {
  const backend = async () => (await database.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0].pid;
  const before = await backend();
  await database.exec('BEGIN');
  try {
    const result = await work();
    if ((await backend()) !== before) throw new Error('Seeding needs a database opened with a single connection (poolSize: 1).');
    await database.exec('COMMIT');
    return result;
  } catch (err) {
    await database.exec('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/**
 * Loads many rows with the table's non-unique indexes dropped, then rebuilds them from their own
 * definitions (pg_get_indexdef, so the migration stays their only source). Building a trigram GIN index
 * once is several times faster than updating it row by row. Run it inside `inTransaction`: the drop is
 * undone if anything fails, and readers wait for the new rows instead of seeing the table unindexed.
 */
export async function withoutSecondaryIndexes<T>(database: Database, table: string, work: () => Promise<T>): Promise<T> {
  const indexes = await database.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(c.oid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = $1::regclass AND NOT i.indisunique AND NOT i.indisprimary`,
    [table],
  );
  for (const index of indexes) await database.exec(`DROP INDEX "${index.name}"`);
  const result = await work();
  for (const index of indexes) await database.exec(index.definition);
  return result;
}

/** Below this many new rows, updating the indexes in place is cheap enough. */
const REBUILD_INDEXES_FROM = 10_000;

export interface BulkLoad {
  table: string;
  columns: readonly BulkColumn[];
  count: number;
  /** Rows already in the table: indexes are rebuilt only when the load at least doubles it. */
  existingRows: number;
  batchSize?: number;
  /** Appends rows [offset, offset + size) to the batch's column arrays. */
  fill(batch: ColumnBatch, offset: number, size: number): void;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Generates and inserts `count` rows batch by batch. While PostgreSQL stores one batch the next is
 * generated, so a server database works in parallel with this process.
 */
export async function bulkLoad(database: Database, load: BulkLoad): Promise<number> {
  const batchSize = load.batchSize ?? 5_000;
  const run = async () => {
    let done = 0;
    let pending: Promise<number> | null = null;
    for (let offset = 0; offset < load.count; offset += batchSize) {
      const batch = emptyBatch(load.columns);
      load.fill(batch, offset, Math.min(batchSize, load.count - offset));
      if (pending) {
        done += await pending;
        load.onProgress?.(done, load.count);
      }
      pending = insertBatch(database, load.table, load.columns, batch);
    }
    if (pending) done += await pending;
    load.onProgress?.(done, load.count);
    return done;
  };
  const rebuild = load.count >= REBUILD_INDEXES_FROM && load.count >= load.existingRows;
  return rebuild ? withoutSecondaryIndexes(database, load.table, run) : run();
}
