import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ImportColumn, ImportConflict, ImportMode, ImportResult, ImportRowError, ImportStatus } from '@raahi/domain';
import { randomToken } from '../auth/tokens';
import type { Database } from '../db/client';

/** Drizzle's view of migration 0051's tables. */
export const importRuns = pgTable('import_runs', {
  id: text('id').primaryKey(),
  batchId: text('batch_id'),
  area: text('area').notNull(),
  userId: text('user_id').notNull(),
  /** The API key that started the run (migration 0056); null for a signed-in person's. */
  apiKeyId: text('api_key_id'),
  byName: text('by_name').notNull(),
  mode: text('mode').notNull(),
  updateMode: boolean('update_mode').notNull(),
  validOnly: boolean('valid_only').notNull(),
  mapping: jsonb('mapping').notNull(),
  status: text('status').notNull(),
  rows: integer('rows').notNull(),
  checked: integer('checked').notNull(),
  valid: integer('valid').notNull(),
  written: integer('written').notNull(),
  unchanged: integer('unchanged').notNull(),
  errorCount: integer('error_count').notNull(),
  firstErrors: jsonb('first_errors').notNull(),
  message: text('message'),
  fileName: text('file_name').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  // Migration 0055 (decision 0061): update mode's conflicts, and whether the run overwrites them.
  overwrite: boolean('overwrite').notNull().default(false),
  conflictCount: integer('conflict_count').notNull().default(0),
  conflicts: jsonb('conflicts').notNull().default([]),
});

export const importErrors = pgTable('import_errors', {
  runId: text('run_id').notNull(),
  seq: integer('seq').notNull(),
  rowNo: integer('row_no').notNull(),
  columnName: text('column_name').notNull(),
  message: text('message').notNull(),
});

export const importStagedRows = pgTable('import_staged_rows', {
  runId: text('run_id').notNull(),
  rowNo: integer('row_no').notNull(),
  recordId: text('record_id'),
  version: integer('version'),
  input: jsonb('input').notNull(),
});

export const importMappings = pgTable('import_mappings', {
  userId: text('user_id').notNull(),
  area: text('area').notNull(),
  mapping: jsonb('mapping').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The first errors a run keeps on itself (all of them are in import_errors, for the CSV). */
export const FIRST_ERRORS = 1000;
/**
 * A running run's server writes its heartbeat this often, also while the write transaction runs (on PostgreSQL;
 * PGlite's one connection waits for it); one silent for STALE_MS died with its server.
 */
export const HEARTBEAT_MS = 10_000;
export const STALE_MS = 10 * 60_000;

export type RunRow = typeof importRuns.$inferSelect;

/** A run as the API answers it; one still 'running' whose heartbeat stopped reads as failed. */
export function runResult(row: RunRow, now = Date.now()): ImportResult {
  const dead = row.status === 'running' && now - row.heartbeatAt.getTime() > STALE_MS;
  return {
    id: row.id,
    batchId: row.batchId,
    area: row.area,
    mode: row.mode as ImportMode,
    update: row.updateMode,
    validOnly: row.validOnly,
    status: (dead ? 'failed' : row.status) as ImportStatus,
    rows: row.rows,
    checked: row.checked,
    valid: row.valid,
    written: row.written,
    unchanged: row.unchanged,
    errors: row.firstErrors as ImportRowError[],
    errorCount: row.errorCount,
    conflicts: row.conflicts as ImportConflict[],
    conflictCount: row.conflictCount,
    overwrite: row.overwrite,
    message: dead ? 'The server running this import stopped before it finished. Nothing of it was written; import the file again.' : row.message,
    fileName: row.fileName,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    by: row.byName,
  };
}

export const newRunId = () => `IMR${randomToken(12)}`;
export const newBatchId = () => `IMB${randomToken(12)}`;

export interface NewRun {
  area: string;
  userId: string;
  /** The API key that starts it, if one does: the run is then the key's (decision 0062). */
  apiKeyId?: string | null;
  byName: string;
  mode: ImportMode;
  update: boolean;
  validOnly: boolean;
  /** Update mode: write the conflicts too (decision 0061). */
  overwrite?: boolean;
  mapping: ImportColumn[];
  fileName: string;
}

export async function createRun(database: Database, run: NewRun): Promise<string> {
  const id = newRunId();
  await database.db.insert(importRuns).values({
    id,
    area: run.area,
    userId: run.userId,
    apiKeyId: run.apiKeyId ?? null,
    byName: run.byName,
    mode: run.mode,
    updateMode: run.update,
    validOnly: run.validOnly,
    overwrite: run.overwrite ?? false,
    mapping: run.mapping,
    status: 'running',
    rows: 0,
    checked: 0,
    valid: 0,
    written: 0,
    unchanged: 0,
    errorCount: 0,
    firstErrors: [],
    fileName: run.fileName.slice(0, 200),
  });
  return id;
}

export type RunProgress = Partial<
  Pick<
    RunRow,
    | 'rows'
    | 'checked'
    | 'valid'
    | 'written'
    | 'unchanged'
    | 'errorCount'
    | 'firstErrors'
    | 'conflictCount'
    | 'conflicts'
    | 'status'
    | 'message'
    | 'batchId'
    | 'finishedAt'
  >
>;

/** Writes a run's progress and its heartbeat (on `database`, or inside the write's transaction). */
export async function saveProgress(database: Pick<Database, 'db'>, id: string, progress: RunProgress): Promise<void> {
  await database.db
    .update(importRuns)
    .set({ ...progress, heartbeatAt: sql`now()` })
    .where(eq(importRuns.id, id));
}

export async function readRun(database: Pick<Database, 'db'>, id: string): Promise<RunRow | undefined> {
  if (id.length > 64) return undefined;
  const [row] = await database.db.select().from(importRuns).where(eq(importRuns.id, id));
  return row;
}

export async function runOfBatch(database: Pick<Database, 'db'>, batchId: string): Promise<RunRow | undefined> {
  if (batchId.length > 64) return undefined;
  const [row] = await database.db.select().from(importRuns).where(eq(importRuns.batchId, batchId));
  return row;
}

/** A person's recent runs of an area (not those of their API keys), or everyone's for an administrator (null), newest first. */
export async function recentRuns(database: Database, area: string, userId: string | null, limit = 20): Promise<RunRow[]> {
  return database.db
    .select()
    .from(importRuns)
    .where(and(eq(importRuns.area, area), userId === null ? undefined : and(eq(importRuns.userId, userId), isNull(importRuns.apiKeyId))))
    .orderBy(desc(importRuns.startedAt))
    .limit(limit);
}

/** Appends errors to a run's list (for its CSV), numbered from `from`. */
export async function saveErrors(database: Pick<Database, 'db'>, runId: string, from: number, errors: readonly ImportRowError[]): Promise<void> {
  if (errors.length === 0) return;
  await database.db.insert(importErrors).values(errors.map((e, i) => ({ runId, seq: from + i, rowNo: e.row, columnName: e.column, message: e.message })));
}

export async function rememberMapping(database: Database, userId: string, area: string, mapping: ImportColumn[]): Promise<void> {
  await database.db
    .insert(importMappings)
    .values({ userId, area, mapping })
    .onConflictDoUpdate({ target: [importMappings.userId, importMappings.area], set: { mapping, updatedAt: sql`now()` } });
}

export async function rememberedMapping(database: Database, userId: string, area: string): Promise<ImportColumn[] | undefined> {
  const [row] = await database.db
    .select()
    .from(importMappings)
    .where(and(eq(importMappings.userId, userId), eq(importMappings.area, area)));
  return row?.mapping as ImportColumn[] | undefined;
}
