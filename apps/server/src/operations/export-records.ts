import type { Actor } from '@raahi/domain';
import type { Database } from '../db/client';
import { recordChange } from '../history/change-log';

export interface ExportEntry {
  database: Pick<Database, 'db'>;
  actor: Actor;
  /** The area's key ('trips'). */
  area: string;
  /** The filters, From–To ends, sort and order the export used (never the search text). */
  filters: Record<string, unknown>;
  /** Whether the export was searched (the term itself is not kept: it may name a person). */
  searched: boolean;
}

/**
 * An export's rows, passed through while counted; once the last has been handed on (or the download was
 * cut off, or failed after rows were sent), one change entry records who exported what: `{ filters, searched?, rowCount, complete }`.
 */
export function recordedExport(batches: AsyncGenerator<Record<string, unknown>[]>, entry: ExportEntry): AsyncGenerator<Record<string, unknown>[]> {
  return (async function* () {
    let rowCount = 0;
    let complete = false;
    let failed = false;
    try {
      for await (const batch of batches) {
        rowCount += batch.length;
        yield batch;
      }
      complete = true;
    } catch (err) {
      failed = true;
      throw err;
    } finally {
      // A query refused before any row was sent (answered 400) exported nothing.
      if (!failed || rowCount > 0) await record(entry, rowCount, complete);
    }
  })();
}

async function record(entry: ExportEntry, rowCount: number, complete: boolean) {
  const details = { filters: entry.filters, ...(entry.searched ? { searched: true } : {}), rowCount, complete };
  // The file is already out: a failure to record it is logged, not turned into a cut download.
  await recordChange(entry.database, { actor: entry.actor, area: entry.area, operation: 'export', details }).catch((err) =>
    console.error(`Recording the export of ${entry.area} failed:`, (err as Error).message),
  );
}
