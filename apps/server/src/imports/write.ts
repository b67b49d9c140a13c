import { and, asc, eq, getTableColumns, getTableName, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { generateId, type Actor, type FieldChange } from '@raahi/domain';
import { yieldToEventLoop, type Database } from '../db/client';
import { changeLog } from '../history/change-log';
import { ApiError, describeForLog } from '../http/errors';
import type { ResourceDefinition } from '../http/resource';
import { fieldChanges } from '../operations/context';
import { emitRecordChanged } from '../operations/events';
import { toRow } from '../operations/parse-input';
import { recordSelection } from '../operations/stored-record';
import { announce, announceAll, type OutgoingEvent } from '../webhooks/announce';
import { ANOTHER_IMPORT_WROTE } from './check';
import { importRuns, importStagedRows, newBatchId, saveProgress, type RunProgress } from './runs';

/** Staged rows written per statement: memory holds one page, and each statement stays short. */
export const WRITE_PAGE = 1000;

/**
 * Change entries of one page in one statement (each as recordChange writes it, all carrying the batch id): the
 * page travels as one JSON parameter, so no statement of a thousand rows' placeholders is built.
 */
async function recordChanges(
  tx: Database,
  entries: {
    actor: Actor;
    area: string;
    recordId: string;
    operation: 'create' | 'update' | 'delete';
    batchId: string;
    changes?: FieldChange[] | null;
    snapshot?: Record<string, unknown> | null;
  }[],
) {
  if (entries.length === 0) return;
  const [{ actor, area, operation, batchId }] = entries;
  await tx.query(
    `INSERT INTO change_log (id, actor_type, actor_id, actor_name, area, record_id, operation, batch_id, changes, snapshot)
     SELECT nextval('change_log_id_seq'), $1, $2, $3, $4, x.record_id, $5, $6, x.changes, x.snapshot
     FROM jsonb_to_recordset($7::jsonb) AS x(record_id text, changes jsonb, snapshot jsonb)`,
    [
      actor.type,
      actor.id,
      actor.name,
      area,
      operation,
      batchId,
      JSON.stringify(entries.map((e) => ({ record_id: e.recordId, changes: e.changes ?? null, snapshot: e.snapshot ?? null }))),
    ],
  );
}

/**
 * Inserts a page of rows (values by field name, as toRow gives them) in one statement, the page as one JSON
 * parameter read by jsonb_populate_recordset into the table's own row type; answers the ids inserted (a row
 * whose id a stored record holds is left out).
 */
async function insertRows(tx: Database, def: ResourceDefinition, rows: Record<string, unknown>[]): Promise<Set<string>> {
  const columns = getTableColumns(def.table) as Record<string, PgColumn>;
  const fields = Object.keys(rows[0]);
  const names = fields.map((field) => `"${columns[field].name}"`).join(', ');
  const table = `"${getTableName(def.table)}"`;
  const values = rows.map((row) => Object.fromEntries(fields.map((field) => [columns[field].name, row[field]])));
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb) ON CONFLICT ("id") DO NOTHING RETURNING "id"`,
    [JSON.stringify(values)],
  );
  return new Set(inserted.map((row) => row.id));
}

export interface WriteJob {
  def: ResourceDefinition;
  runId: string;
  batchId: string;
  actor: Actor;
  update: boolean;
  /** What the run records when the write is done (its status, message), saved with the last records written. */
  finish: RunProgress;
  /** A page per transaction (default: on the embedded database only); tests set it, and the page size, on both. */
  stepwise?: boolean;
  pageSize?: number;
}

/**
 * Writes a run's staged rows, set-based a page at a time: a create page is one multi-row INSERT (ids generated as the
 * create operation makes them, retried on a collision), the records read back as the API returns them, the area's
 * afterWrite hook on each (as a save runs it), and one INSERT of their change entries; an update changes each record
 * only if its version is still the one checked. The run's counts, batch id and `finish` are saved with the last page,
 * and the batch is announced once. All of it or nothing:
 * - on PostgreSQL, in one transaction (other users have connections of their own and wait only for the rows it holds);
 * - on the embedded database, whose one connection every request shares, a page per transaction with the event loop
 *   let in between, so another user's request waits for one page (decision 0056), not for the whole file. The run
 *   holds the batch id from the first page on (running + batch id = a write under way); if a page fails, the pages
 *   written are taken back in one transaction, and a server that stopped mid-write takes them back when it starts
 *   (takeBackInterruptedImports).
 */
export async function writeStaged(database: Database, job: WriteJob): Promise<{ written: number; ids: string[] }> {
  const { def, runId, batchId, actor, update } = job;
  const ids: string[] = [];
  let after = 0;
  /** Writes the pages after `after` (one, or all); answers whether staged rows remain. */
  const writePages = async (tx: Database, onePage: boolean) => {
    for (;;) {
      const page = await tx.db
        .select()
        .from(importStagedRows)
        .where(and(eq(importStagedRows.runId, runId), gt(importStagedRows.rowNo, after)))
        .orderBy(asc(importStagedRows.rowNo))
        .limit(job.pageSize ?? WRITE_PAGE);
      if (page.length === 0) return false;
      after = page[page.length - 1].rowNo;
      ids.push(...(update ? await updatePage(tx, job, page) : await insertPage(tx, job, page)));
      if (onePage) return true;
    }
  };
  const finish = async (tx: Database) => {
    await saveProgress(tx, runId, { ...job.finish, written: ids.length, batchId: ids.length > 0 ? batchId : null });
    if (ids.length > 0) await announce(tx, { event: `${def.area.key}.imported`, actor, subject: batchId, data: { batchId, count: ids.length, update } });
  };
  if (!(job.stepwise ?? database.kind === 'pglite')) {
    await database
      .transaction(async (tx) => {
        await writePages(tx, false);
        await finish(tx);
      })
      .catch((err: unknown) => {
        throw writtenMeanwhile(err);
      });
  } else {
    await saveProgress(database, runId, { batchId });
    try {
      for (let more = true; more;) {
        await yieldToEventLoop();
        more = await database.transaction(async (tx) => {
          const remaining = await writePages(tx, true);
          if (remaining) await saveProgress(tx, runId, { written: ids.length });
          else await finish(tx);
          return remaining;
        });
      }
    } catch (err) {
      throw await takenBack(database, job, writtenMeanwhile(err));
    }
  }
  // After commit: what follows a change (reminders for the new records), told record by record.
  for (const id of ids)
    emitRecordChanged({ area: def.area.key, recordId: id, operation: update ? 'update' : 'create', actor, before: null, after: { id }, batchId, database });
  return { written: ids.length, ids };
}

/**
 * A write refused by what was written since its check: a value one record at most may hold, now held (the unique
 * index), or a lock another write holds the other way round. Two commits of one file in parallel meet here: the
 * loser answers a conflict in words (409), not a server failure.
 */
function writtenMeanwhile(err: unknown): unknown {
  const code = (((err as { cause?: unknown } | null)?.cause ?? err) as { code?: string } | null)?.code;
  if (code !== '23505' && code !== '40P01' && code !== '40001') return err;
  return new ApiError(409, 'Import Conflict', ANOTHER_IMPORT_WROTE);
}

/**
 * Takes back the pages a stepwise write wrote of a batch (their records deleted, or their values put back) in one
 * transaction; answers null, or why they could not be.
 */
async function takeBack(database: Database, def: ResourceDefinition, batchId: string, actor: Actor): Promise<string | null> {
  try {
    await undoBatch(database, { def, batchId, actor, undoBatchId: newBatchId(), interrupted: true });
    return null;
  } catch (err) {
    if (err instanceof ApiError) return err.message;
    console.error(`Taking back import batch ${batchId} of ${def.area.key} failed: ${describeForLog(err)}`);
    return 'the server failed';
  }
}

/** The end of what is said when an import's pages could not be taken back: the batch to undo by hand. */
const notTakenBack = (why: string, batchId: string) => `could not be taken back (${why}): undo the batch ${batchId} from the Activity Log.`;

/** A stepwise write that failed: its pages taken back, and the failure answered (or, if they could not be, what to do). */
async function takenBack(database: Database, job: WriteJob, failure: unknown): Promise<unknown> {
  const { def, runId, batchId, actor } = job;
  const why = await takeBack(database, def, batchId, actor);
  if (why === null) {
    await saveProgress(database, runId, { batchId: null, written: 0 });
    return failure;
  }
  const reason = failure instanceof ApiError ? `${failure.title}: ${failure.message}` : 'The import failed on the server.';
  return new ApiError(500, 'Import Failed', `${reason} What was written before it ${notTakenBack(why, batchId)}`);
}

/**
 * Imports whose stepwise write a stopped server left half done (running, with a batch id): their records are taken
 * back and the run is marked failed. The embedded database's server runs this as it starts (no other server can be
 * writing: the data directory is locked). Answers how many were taken back (one that could not be is logged).
 */
export async function takeBackInterruptedImports(database: Database, resources: readonly ResourceDefinition[]): Promise<number> {
  const runs = await database.db
    .select()
    .from(importRuns)
    .where(and(eq(importRuns.status, 'running'), isNotNull(importRuns.batchId)));
  let takenBack = 0;
  for (const run of runs) {
    const def = resources.find((r) => r.area.key === run.area);
    const why = def ? await takeBack(database, def, run.batchId!, { type: 'system', id: 'import', name: 'Import' }) : 'its area is no longer declared';
    const message =
      why === null
        ? 'The server stopped while this import was being written; what it had written was taken back. Nothing was imported; import the file again.'
        : `The server stopped while this import was being written, and what it had written ${notTakenBack(why, run.batchId!)}`;
    if (why === null) takenBack++;
    else console.error(`Import ${run.id} of ${run.area} was left half written and could not be taken back (${why}): batch ${run.batchId}.`);
    await database.db.delete(importStagedRows).where(eq(importStagedRows.runId, run.id));
    await saveProgress(database, run.id, { status: 'failed', message, finishedAt: new Date() });
  }
  return takenBack;
}

type Staged = typeof importStagedRows.$inferSelect;

/**
 * An area's afterWrite hook on a row being written: its refusal (the check saw the row pass, so the records it reads
 * changed since) fails the write, naming the row.
 */
async function refusedAtRow(row: number, hook: () => Promise<unknown>): Promise<void> {
  try {
    await hook();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    throw new ApiError(err.status, err.title, `Row ${row}: ${err.message} Nothing was imported; check the file again.`);
  }
}

async function insertPage(tx: Database, job: WriteJob, page: Staged[]): Promise<string[]> {
  const { def, actor, batchId } = job;
  const { all, selected } = recordSelection(def);
  // Ids are short (prefix, time digits, random capitals): within a page each is drawn again until it is unique,
  // and a row whose id a stored record already holds is inserted again with a new one.
  const taken = new Set<string>();
  const freshId = () => {
    let id = generateId(def.area.idFormat);
    while (taken.has(id)) id = generateId(def.area.idFormat);
    taken.add(id);
    return id;
  };
  let pending = page.map((staged) => ({ ...toRow(all, staged.input as Record<string, unknown>), id: freshId() }));
  const rowOf = new Map(pending.map((row, i) => [row.id, page[i].rowNo]));
  const ids: string[] = [];
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 8) throw new ApiError(503, 'Import Failed', 'Could not allocate unique ids. Nothing was imported; please try again.');
    const inserted = await insertRows(tx, def, pending);
    ids.push(...inserted);
    pending = pending
      .filter((row) => !inserted.has(row.id))
      .map((row) => {
        const id = freshId();
        rowOf.set(id, rowOf.get(row.id)!);
        return { ...row, id };
      });
  }
  const records = (await tx.db.select(selected).from(def.table).where(inArray(all.id, ids))) as Record<string, unknown>[];
  if (def.afterWrite) for (const record of records) await refusedAtRow(rowOf.get(String(record.id))!, () => def.afterWrite!(tx, record, null, actor));
  await recordChanges(
    tx,
    records.map((record) => ({
      actor,
      area: def.area.key,
      recordId: String(record.id),
      operation: 'create',
      batchId,
      snapshot: JSON.parse(JSON.stringify(record)),
    })),
  );
  return ids;
}

async function updatePage(tx: Database, job: WriteJob, page: Staged[]): Promise<string[]> {
  const { def, actor, batchId } = job;
  const { all, selected } = recordSelection(def);
  const ids = page.map((staged) => staged.recordId!);
  const before = new Map(
    ((await tx.db.select(selected).from(def.table).where(inArray(all.id, ids)).for('update', { of: def.table })) as Record<string, unknown>[]).map((r) => [
      String(r.id),
      r,
    ]),
  );
  const entries: Parameters<typeof recordChanges>[1] = [];
  for (const staged of page) {
    const id = staged.recordId!;
    const was = before.get(id);
    if (!was || was.version !== staged.version) {
      throw new ApiError(
        409,
        'Import Conflict',
        `The ${def.area.singular} ${id} (row ${staged.rowNo}) was changed or deleted after the file was checked: another import wrote these rows, or someone saved it. Nothing was imported; check the file again.`,
      );
    }
    await tx.db
      .update(def.table)
      .set({ ...toRow(all, staged.input as Record<string, unknown>), version: sql`${all.version} + 1`, updatedAt: sql`now()` })
      .where(eq(all.id, id));
    const [now] = (await tx.db.select(selected).from(def.table).where(eq(all.id, id))) as Record<string, unknown>[];
    if (def.afterWrite) await refusedAtRow(staged.rowNo, () => def.afterWrite!(tx, now, was, actor));
    const changes = fieldChanges(def, was, now);
    if (changes.length > 0) entries.push({ actor, area: def.area.key, recordId: id, operation: 'update', batchId, changes });
  }
  await recordChanges(tx, entries);
  return ids;
}

/** The entries of a committed batch, and what undoing it would refuse. */
export interface UndoJob {
  def: ResourceDefinition;
  batchId: string;
  actor: Actor;
  /** The undo's own batch id, which its change entries carry. */
  undoBatchId: string;
  /**
   * Taking back a write that did not finish (a stepwise write that failed or whose server stopped): nothing of it was
   * announced, so nothing of its undoing is, and a record changed meanwhile is taken back all the same.
   */
  interrupted?: boolean;
}

const nameSome = (ids: string[]) => (ids.length <= 10 ? ids.join(', ') : `${ids.slice(0, 10).join(', ')} and ${ids.length - 10} more`);

/**
 * Undoes a committed batch in one transaction: a create batch deletes exactly its records, an update batch puts
 * back the values before it (from its change entries). Refused (409, naming them) when any of its records has
 * changed since: a later change entry of another batch, or (a create) a version past 1. Undo writes its own entries.
 */
export async function undoBatch(database: Database, job: UndoJob): Promise<number> {
  const { def, batchId, actor, undoBatchId } = job;
  const { all, selected } = recordSelection(def);
  return database.transaction(async (tx) => {
    const entries = (await tx.db
      .select({ id: changeLog.id, recordId: changeLog.recordId, operation: changeLog.operation, changes: changeLog.changes })
      .from(changeLog)
      .where(and(eq(changeLog.batchId, batchId), eq(changeLog.area, def.area.key)))
      .orderBy(asc(changeLog.id))) as { id: number; recordId: string; operation: string; changes: FieldChange[] | null }[];
    if (entries.length === 0) return 0;
    const ids = [...new Set(entries.map((e) => e.recordId))];
    const stored = new Map(
      ((await tx.db.select(selected).from(def.table).where(inArray(all.id, ids)).for('update', { of: def.table })) as Record<string, unknown>[]).map((r) => [
        String(r.id),
        r,
      ]),
    );
    // Changed since by each record's own history: an entry of another batch after the batch's entry for that record
    // (not after the batch's last entry: on the embedded database an edit may fall between two of its pages).
    const later = await tx.query<{ record_id: string }>(
      `SELECT DISTINCT l.record_id FROM change_log l
       JOIN (SELECT record_id, max(id) AS last FROM change_log WHERE batch_id = $3 AND area = $1 GROUP BY record_id) b ON b.record_id = l.record_id
       WHERE l.area = $1 AND l.record_id = ANY($2::text[]) AND l.id > b.last AND l.batch_id IS DISTINCT FROM $3`,
      [def.area.key, ids, batchId],
    );
    const creating = entries.every((e) => e.operation === 'create');
    const changed = new Set(later.map((r) => r.record_id));
    for (const id of ids) if (!stored.has(id) || (creating && stored.get(id)!.version !== 1)) changed.add(id);
    if (changed.size > 0 && !job.interrupted) {
      const list = [...changed].sort();
      throw new ApiError(
        409,
        'Undo Refused',
        `${list.length} of the ${ids.length} ${def.area.plural} of this import changed since it (${nameSome(list)}). Nothing was undone.`,
      );
    }
    const undone: Parameters<typeof recordChanges>[1] = [];
    // Receivers told of the import hear of each record it takes back (its entries carry a batch id, so recordChange does not).
    const events: OutgoingEvent[] = [];
    const told = (id: string, kind: 'deleted' | 'updated', data: Record<string, unknown>) =>
      events.push({ event: `${def.area.key}.${kind}`, actor, subject: `${def.area.key}/${id}`, data });
    // (Taking back an interrupted write: a record deleted meanwhile is gone already.)
    const present = ids.filter((id) => stored.has(id));
    if (creating) {
      for (const id of present) {
        const used = [];
        for (const user of def.usedBy ?? []) if ((await user.count(tx, id)) > 0) used.push(user.plural);
        if (used.length > 0)
          throw new ApiError(409, 'Undo Refused', `The ${def.area.singular} ${id} of this import is now used by ${used.join(' and ')}. Nothing was undone.`);
      }
      await tx.db.delete(def.table).where(inArray(all.id, present));
      for (const id of present) {
        await def.afterDelete?.(tx, stored.get(id)!, actor);
        const snapshot = JSON.parse(JSON.stringify(stored.get(id))) as Record<string, unknown>;
        undone.push({ actor, area: def.area.key, recordId: id, operation: 'delete', batchId: undoBatchId, snapshot });
        told(id, 'deleted', snapshot);
      }
    } else {
      for (const entry of entries) {
        if (!entry.changes?.length || !stored.has(entry.recordId)) continue;
        const values = Object.fromEntries(entry.changes.map((change) => [change.field, change.before]));
        await tx.db
          .update(def.table)
          .set({ ...toRow(all, values), version: sql`${all.version} + 1`, updatedAt: sql`now()` })
          .where(eq(all.id, entry.recordId));
        const [now] = (await tx.db.select(selected).from(def.table).where(eq(all.id, entry.recordId))) as Record<string, unknown>[];
        await def.afterWrite?.(tx, now, stored.get(entry.recordId)!, actor);
        undone.push({
          actor,
          area: def.area.key,
          recordId: entry.recordId,
          operation: 'update',
          batchId: undoBatchId,
          changes: fieldChanges(def, stored.get(entry.recordId)!, now),
        });
        told(entry.recordId, 'updated', JSON.parse(JSON.stringify(now)) as Record<string, unknown>);
      }
    }
    await recordChanges(tx, undone);
    if (!job.interrupted) await announceAll(tx, events);
    return ids.length;
  });
}
