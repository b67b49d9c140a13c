import { and, getTableColumns, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import type { ResourceDefinition } from '../http/resource';
import type { FileStorage } from './storage';

/** The columns that hold file ids: every resource reference to the files table. */
export function fileColumns(resources: ResourceDefinition[]): PgColumn[] {
  return resources.flatMap((resource) =>
    (resource.references ?? []).filter((ref) => ref.table === files).map((ref) => (getTableColumns(resource.table) as Record<string, PgColumn>)[ref.field]),
  );
}

/**
 * Deletes uploads that were never attached to a record and are older than `graceMs` (an upload waits
 * for its form to be saved). Choosing and deleting is one statement that takes each file's row lock and
 * looks again under it: a file a save is attaching at that moment is skipped (its row is locked), and a
 * save that comes after finds the file gone and is refused, so no acknowledged save loses its file.
 * A record's files are deleted with the record, or when its field lets them go (see attachments.ts).
 */
export async function deleteOrphanFiles(database: { db: Db }, storage: FileStorage, columns: PgColumn[], graceMs = 24 * 3_600_000, batch = 500): Promise<number> {
  const { db } = database;
  // A column of several files (text[]) names a file when the file is any of its elements. Files a record
  // names without being attached to it (rows written behind the API's back) are not this sweep's to take.
  const names = (column: PgColumn) => (column.columnType === 'PgArray' ? sql`${files.id} = ANY(${column})` : sql`${column} = ${files.id}`);
  const unnamed = columns.map((column) => notExists(db.select({ one: sql`1` }).from(column.table).where(names(column))));
  const unattached = and(isNull(files.attachedTable), lt(files.createdAt, new Date(Date.now() - graceMs)), ...unnamed);
  const chosen = db.select({ id: files.id }).from(files).where(unattached).limit(batch).for('update', { skipLocked: true });
  const gone = await db
    .delete(files)
    .where(and(inArray(files.id, chosen), isNull(files.attachedTable)))
    .returning({ storageKey: files.storageKey });
  for (const { storageKey } of gone) await storage.delete(storageKey).catch(() => undefined);
  return gone.length;
}
