import { eq } from 'drizzle-orm';
import type { Actor, ImportColumn, ImportConflict, ImportRowError } from '@raahi/domain';
import { yieldToEventLoop, type Database } from '../db/client';
import { ApiError, describeForLog } from '../http/errors';
import { importChecker, type ImportPlan } from './check';
import type { OpenedFile } from './read-file';
import { FIRST_ERRORS, HEARTBEAT_MS, importStagedRows, newBatchId, readRun, saveErrors, saveProgress } from './runs';
import { writeStaged } from './write';

/** Rows checked per step: one query per link and unique value per step, and memory for one step's rows. */
export const CHECK_BATCH = 500;
/** Rows of long cells make a batch's check long too (500 rows of 32,000 characters held the event loop 330 ms): at most this much text a batch. */
export const CHECK_BATCH_CHARS = 1_000_000;

export interface RunJob {
  database: Database;
  runId: string;
  plan: ImportPlan;
  file: OpenedFile;
  commit: boolean;
  validOnly: boolean;
  /** Update mode: write the conflicts too, over what changed since the export (decision 0061). */
  overwrite?: boolean;
  actor: Actor;
}

/**
 * One run of an import: the file's rows are checked a batch at a time, outside any transaction (nothing is
 * written to records; the errors and, for a commit, the checked rows are kept in the run's tables); then a
 * commit writes the checked rows in one short transaction (write.ts): all of them, or, when some rows have
 * errors, none unless only the valid ones were asked for. The run's progress and heartbeat are saved as it
 * goes. Never throws: a file that stops being readable, or a failure, ends the run as failed with its message.
 */
export async function executeRun(job: RunJob): Promise<void> {
  const { database, runId, plan, file, commit, validOnly, actor } = job;
  const overwrite = job.overwrite ?? false;
  // A commit's rows held by records another import wrote since this run started: that import's conflict (409).
  const check = importChecker(database, plan, commit ? { concurrentSince: (await readRun(database, runId).catch(() => undefined))?.startedAt } : {});
  const progress = { rows: 0, checked: 0, valid: 0, unchanged: 0, errorCount: 0, conflictCount: 0 };
  const firstErrors: ImportRowError[] = [];
  const conflicts: ImportConflict[] = [];
  let lastBeat = Date.now();
  // The heartbeat goes on while a long step runs (the write's transaction): only a dead server stops it.
  const beating = setInterval(() => void saveProgress(database, runId, {}).catch(() => undefined), HEARTBEAT_MS);
  beating.unref();
  const step = async (rows: { row: number; cells: string[] }[]) => {
    // Other users' requests between batches (on PGlite, reading the file and checking never leave the microtask queue).
    await yieldToEventLoop();
    const result = await check(rows);
    progress.checked += rows.length;
    progress.valid += result.valid.length;
    progress.unchanged += result.unchanged;
    await saveErrors(database, runId, progress.errorCount, result.errors);
    progress.errorCount += result.errors.length;
    firstErrors.push(...result.errors.slice(0, FIRST_ERRORS - firstErrors.length));
    // Conflicts are valid rows: a commit leaves them out unless it overwrites.
    const conflicting = result.valid.filter((item) => item.conflict);
    progress.conflictCount += conflicting.length;
    conflicts.push(...conflicting.slice(0, FIRST_ERRORS - conflicts.length).map((item) => ({ row: item.row, id: item.recordId!, fields: item.conflict! })));
    const staged = overwrite ? result.valid : result.valid.filter((item) => !item.conflict);
    if (commit && staged.length > 0) {
      await database.db
        .insert(importStagedRows)
        .values(staged.map((item) => ({ runId, rowNo: item.row, recordId: item.recordId ?? null, version: item.version ?? null, input: item.input })));
    }
    if (Date.now() - lastBeat > HEARTBEAT_MS / 5) {
      lastBeat = Date.now();
      await saveProgress(database, runId, { ...progress, firstErrors: [...firstErrors], conflicts: [...conflicts] });
    }
  };
  try {
    let batch: { row: number; cells: string[] }[] = [];
    let batchChars = 0;
    for await (const row of file.rows) {
      progress.rows++;
      batch.push(row);
      for (const cell of row.cells) batchChars += cell.length;
      // A batch is checked (and its errors saved) without a break for other requests: keep it short in rows and in text.
      if (batch.length === CHECK_BATCH || batchChars >= CHECK_BATCH_CHARS) {
        await step(batch);
        batch = [];
        batchChars = 0;
      }
    }
    if (batch.length > 0) await step(batch);
    await saveProgress(database, runId, { ...progress, firstErrors, conflicts });
    const leftOut = overwrite ? 0 : progress.conflictCount;
    const writing = progress.valid - leftOut;
    /** The conflicts a commit left out, in words (decision 0061). */
    const conflictsLeft =
      leftOut > 0
        ? `${rowsOf(leftOut)} left out: ${leftOut === 1 ? 'its record' : 'their records'} changed since the export (see the conflicts); import again with overwrite to write ${leftOut === 1 ? 'it' : 'them'} over those changes.`
        : null;
    if (commit && writing > 0 && (progress.errorCount === 0 || validOnly)) {
      // Every staged row is written or none is, so the message can be said before: it is saved with the last page.
      const message =
        [validOnly && progress.errorCount > 0 ? `${writing} imported; ${rowsWord(progress.errorCount)} with errors left out.` : null, conflictsLeft]
          .filter(Boolean)
          .join(' ') || null;
      await writeStaged(database, {
        def: plan.def,
        runId,
        batchId: newBatchId(),
        actor,
        update: plan.update,
        finish: { status: 'done', message, finishedAt: new Date() },
      });
    } else {
      const message =
        commit && progress.errorCount > 0
          ? `${rowsWord(progress.errorCount)} in the file ${progress.errorCount === 1 ? 'has' : 'have'} errors, so nothing was imported. Fix them and import again, or import only the valid rows.`
          : commit && conflictsLeft
            ? `Nothing was imported. ${conflictsLeft}`
            : null;
      await saveProgress(database, runId, { status: 'done', message, finishedAt: new Date() });
    }
  } catch (err) {
    const known = err instanceof ApiError;
    if (!known) console.error(`Import ${runId} of ${plan.def.area.key} failed: ${describeForLog(err)}`);
    const message = known ? `${err.title}: ${err.message}` : 'The import failed on the server. Nothing was imported; please try again.';
    await saveProgress(database, runId, { ...progress, firstErrors, conflicts, status: 'failed', message, finishedAt: new Date() }).catch(() => undefined);
    if (known) throw err;
  } finally {
    clearInterval(beating);
    await database.db
      .delete(importStagedRows)
      .where(eq(importStagedRows.runId, runId))
      .catch(() => undefined);
  }
}

const rowsOf = (n: number) => `${n.toLocaleString('en-IN')} row${n === 1 ? '' : 's'}`;
const rowsWord = (n: number) => `${n.toLocaleString('en-IN')} error${n === 1 ? '' : 's'}`;

export type { ImportColumn };
