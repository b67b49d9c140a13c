import type { Database } from '../client';

/** A column of a bulk load: its name in the table and the PostgreSQL type of its values. */
export interface BulkColumn {
  name: string;
  type: 'text' | 'integer' | 'double precision' | 'date' | 'timestamptz';
}

/**
 * Columns whose values SQL computes from each row's own columns (available as `u.<name>`) and from
 * rows it links to, e.g. a search text made of the labels of a linked vehicle and driver.
 */
export interface ComputedColumns {
  /** Column name → SQL expression. */
  values: Record<string, string>;
  /** Joins that bring in the linked rows, e.g. `LEFT JOIN vehicles v ON v.id = u.vehicle_id`. */
  joins?: string;
}

/** `SELECT u.a, u.b, <computed> FROM <source> AS u <joins>`, and the column list it fills. */
function selection(columns: readonly BulkColumn[], source: string, computed?: ComputedColumns) {
  const names = columns.map((c) => c.name);
  const targets = [...names, ...Object.keys(computed?.values ?? {})];
  const values = [...names.map((n) => `u.${n}`), ...Object.values(computed?.values ?? {})];
  return { targets: targets.join(', '), select: `SELECT ${values.join(', ')} FROM ${source} ${computed?.joins ?? ''}`.trimEnd() };
}

/** Column-wise rows: one array per column, all the same length. */
export type ColumnBatch = Record<string, unknown[]>;

/**
 * Inserts a batch in one statement: `INSERT ... SELECT * FROM unnest($1::text[], $2::integer[], ...)`.
 * One array parameter per column, so the statement size does not grow with the row count and the
 * 65,535-parameter limit of a statement never applies (a multi-row VALUES list of 10 columns would hit
 * it at 6,553 rows). Timestamps and dates go as ISO strings, which both drivers pass through untouched.
 */
export async function insertBatch(
  database: Database,
  table: string,
  columns: readonly BulkColumn[],
  batch: ColumnBatch,
  computed?: ComputedColumns,
): Promise<number> {
  const names = columns.map((c) => c.name);
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`);
  const { targets, select } = selection(columns, `unnest(${arrays.join(', ')}) AS u(${names.join(', ')})`, computed);
  await database.query(
    `INSERT INTO ${table} (${targets}) ${select}`,
    names.map((name) => batch[name]),
  );
  return batch[names[0]].length;
}

/** Empty column arrays for a batch. */
export function emptyBatch(columns: readonly BulkColumn[]): ColumnBatch {
  return Object.fromEntries(columns.map((c) => [c.name, []]));
}

/**
 * Runs `work` as one transaction, so that a failed or interrupted seed leaves the database as it was
 * (dropped indexes included). Every statement of `work` must go through `tx`, its own connection:
 * on a server's PGlite the server's requests wait meanwhile instead of running inside the seed's transaction.
 */
export function inTransaction<T>(database: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return database.transaction(work);
}

/**
 * Loads many rows with the table's non-unique indexes dropped, then rebuilds them from their own
 * definitions (pg_get_indexdef, so the migration stays their only source). Building a trigram GIN index
 * once is several times faster than updating it row by row. Run it inside `inTransaction`: the drop is
 * undone if anything fails, and readers wait for the new rows instead of seeing the table unindexed.
 */
export async function withoutSecondaryIndexes<T>(database: Database, table: string, work: () => Promise<T>, timings?: Record<string, number>): Promise<T> {
  const indexes = await database.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(c.oid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = $1::regclass AND NOT i.indisunique AND NOT i.indisprimary`,
    [table],
  );
  for (const index of indexes) await database.exec(`DROP INDEX "${index.name}"`);
  const result = await work();
  const started = performance.now();
  for (const index of indexes) await database.exec(index.definition);
  if (timings) timings.indexes = Math.round(performance.now() - started);
  return result;
}

/**
 * Loads many rows with the table's foreign keys dropped, then adds them again from their own definitions
 * (pg_get_constraintdef). Checking a key row by row costs a lookup and a row lock on the referenced
 * table per inserted row; adding the constraint afterwards checks every row in one join. Run it inside
 * `inTransaction`, like `withoutSecondaryIndexes`.
 */
export async function withoutForeignKeys<T>(database: Database, table: string, work: () => Promise<T>, timings?: Record<string, number>): Promise<T> {
  const keys = await database.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f'`,
    [table],
  );
  for (const key of keys) await database.exec(`ALTER TABLE ${table} DROP CONSTRAINT "${key.name}"`);
  const result = await work();
  const started = performance.now();
  for (const key of keys) await database.exec(`ALTER TABLE ${table} ADD CONSTRAINT "${key.name}" ${key.definition}`);
  if (timings) timings.keys = Math.round(performance.now() - started);
  return result;
}

/**
 * Runs `work` with the named triggers of the table switched off, for a load that computes what they
 * would (see ComputedColumns). Inside `inTransaction`: the ALTER TABLE locks the table against other
 * writers until COMMIT, so no other session's rows can slip in untriggered, and a failure undoes it.
 */
export async function withTriggersDisabled<T>(database: Database, table: string, triggers: readonly string[], work: () => Promise<T>): Promise<T> {
  for (const trigger of triggers) await database.exec(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
  const result = await work();
  for (const trigger of triggers) await database.exec(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
  return result;
}

/** Below this many new rows, updating the indexes in place is cheap enough. */
export const REBUILD_INDEXES_FROM = 10_000;

export interface BulkLoad {
  table: string;
  columns: readonly BulkColumn[];
  count: number;
  /** Rows already in the table: indexes are rebuilt only when the load at least doubles it. */
  existingRows: number;
  batchSize?: number;
  /** Appends rows [offset, offset + size) to the batch's column arrays. */
  fill(batch: ColumnBatch, offset: number, size: number): void;
  /** Columns computed in SQL for every row (e.g. search_text through linked labels). */
  computed?: ComputedColumns;
  /** Triggers switched off during the load, because `computed` does their work in bulk. */
  disableTriggers?: readonly string[];
  /** Rebuild indexes and foreign keys from this many new rows (default REBUILD_INDEXES_FROM; tests lower it). */
  rebuildFrom?: number;
  onProgress?: (done: number, total: number) => void;
  /** Filled with the milliseconds of each phase: insert, and for a big load indexes and keys. */
  timings?: Record<string, number>;
  /** A staged load's last step before its rows go to the table: given the stage (a temporary table of `columns`), it may change them. */
  staged?: (stage: string) => Promise<void>;
}

/**
 * Generates and inserts `count` rows batch by batch. While PostgreSQL stores one batch the next is
 * generated, so a server database works in parallel with this process. A big load (at least
 * `rebuildFrom` rows, and at least as many as the table held) goes in without the table's secondary
 * indexes and foreign keys, which are rebuilt and checked once at the end; if it has computed columns,
 * its batches first go to a temporary table, and one INSERT ... SELECT computes them for all rows: its
 * joins then read each linked table once (hash joins) instead of an index lookup per row and link.
 */
export async function bulkLoad(database: Database, load: BulkLoad): Promise<number> {
  const batchSize = load.batchSize ?? 5_000;
  const rebuild = load.count > 0 && load.count >= (load.rebuildFrom ?? REBUILD_INDEXES_FROM) && load.count >= load.existingRows;
  const staged = rebuild && load.computed !== undefined;
  const stage = `seed_stage_${load.table}`;
  const run = async () => {
    let started = performance.now();
    if (staged) await database.exec(`CREATE TEMP TABLE ${stage} (${load.columns.map((c) => `${c.name} ${c.type}`).join(', ')}) ON COMMIT DROP`);
    let done = 0;
    let pending: Promise<number> | null = null;
    for (let offset = 0; offset < load.count; offset += batchSize) {
      const batch = emptyBatch(load.columns);
      load.fill(batch, offset, Math.min(batchSize, load.count - offset));
      if (pending) {
        done += await pending;
        load.onProgress?.(done, load.count);
      }
      pending = staged ? insertBatch(database, stage, load.columns, batch) : insertBatch(database, load.table, load.columns, batch, load.computed);
    }
    if (pending) done += await pending;
    load.onProgress?.(done, load.count);
    if (load.timings) load.timings.insert = Math.round(performance.now() - started);
    if (staged) {
      started = performance.now();
      await database.exec(`ANALYZE ${stage}`);
      await load.staged?.(stage);
      const { targets, select } = selection(load.columns, `${stage} AS u`, load.computed);
      await database.exec(`INSERT INTO ${load.table} (${targets}) ${select}`);
      await database.exec(`DROP TABLE ${stage}`);
      if (load.timings) load.timings.computed = Math.round(performance.now() - started);
    }
    return done;
  };
  const loaded = rebuild
    ? () => withoutSecondaryIndexes(database, load.table, () => withoutForeignKeys(database, load.table, run, load.timings), load.timings)
    : run;
  return load.disableTriggers?.length ? withTriggersDisabled(database, load.table, load.disableTriggers, loaded) : loaded();
}
