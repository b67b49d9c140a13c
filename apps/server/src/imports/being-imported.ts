import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { changeLog } from '../history/change-log';
import { importRuns } from './runs';

/**
 * Records of an import batch still being written (decision 0061). On the embedded database a batch is written a
 * page per transaction (decision 0056) and taken back if it fails or its server stops: while it runs (a run
 * `running` with a batch id, migration 0055's index), its records are offered to no other writer, so nothing can
 * come to use them and the take-back is always possible. Only the records a batch creates: an update batch's records
 * were there before it, others may use them, and taking it back puts values back whatever uses them. On PostgreSQL a
 * commit is one transaction, so no such run is ever seen.
 */

/** Of `ids`, those of records a batch being written holds. */
export async function beingImported(database: Pick<Database, 'db'>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await database.db
    .selectDistinct({ id: changeLog.recordId })
    .from(importRuns)
    .innerJoin(changeLog, eq(changeLog.batchId, importRuns.batchId))
    .where(and(eq(importRuns.status, 'running'), isNotNull(importRuns.batchId), eq(changeLog.operation, 'create'), inArray(changeLog.recordId, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** A condition leaving out an area's records that a batch being written holds (for its pick-list). */
export const notBeingImported = (area: string, id: PgColumn): SQL =>
  sql`${id} NOT IN (SELECT c.record_id FROM import_runs r JOIN change_log c ON c.batch_id = r.batch_id WHERE r.status = 'running' AND r.batch_id IS NOT NULL AND c.operation = 'create' AND c.area = ${area})`;

/** The refusal of a link to such a record, in words. */
export const beingImportedMessage = (noun: string, id: string) => `The ${noun} ${id} is being imported: it can be chosen once its import has finished.`;
