import { randomUUID } from 'node:crypto';
import { and, getTableColumns, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../db/client';
import { takeLease } from '../reminders/runner';
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
export async function deleteOrphanFiles(
  database: { db: Db },
  storage: FileStorage,
  columns: PgColumn[],
  graceMs = 24 * 3_600_000,
  batch = 500,
): Promise<number> {
  const { db } = database;
  // A column of several files (text[]) names a file when the file is any of its elements. Files a record
  // names without being attached to it (rows written behind the API's back) are not this sweep's to take.
  const names = (column: PgColumn) => (column.columnType === 'PgArray' ? sql`${files.id} = ANY(${column})` : sql`${column} = ${files.id}`);
  const unnamed = columns.map((column) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(column.table)
        .where(names(column)),
    ),
  );
  const unattached = and(isNull(files.attachedTable), lt(files.createdAt, new Date(Date.now() - graceMs)), ...unnamed);
  const chosen = db.select({ id: files.id }).from(files).where(unattached).limit(batch).for('update', { skipLocked: true });
  const gone = await db
    .delete(files)
    .where(and(inArray(files.id, chosen), isNull(files.attachedTable)))
    .returning({ storageKey: files.storageKey });
  for (const { storageKey } of gone) await storage.delete(storageKey).catch(() => undefined);
  return gone.length;
}

/**
 * Deletes stored objects that no file row names, once they are older than `graceMs`. A file's row is
 * deleted first and its object after the commit (attachments.ts); should that second step fail (the store
 * was down, the server stopped), or an upload's bytes be stored and its row never written, the object
 * is left with no row: nobody can read it, and this sweep removes it. The grace period covers an upload
 * between its put and its row (milliseconds), so an upload under way is never taken. The store has no
 * transactions; nothing here needs one, since no row can come to name an old object again.
 */
export async function deleteUnnamedObjects(database: Pick<Database, 'query'>, storage: FileStorage, graceMs = 24 * 3_600_000, batch = 500): Promise<number> {
  const cutoff = Date.now() - graceMs;
  let deleted = 0;
  let chosen: string[] = [];
  const sweep = async () => {
    const named = new Set(
      (await database.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE storage_key = ANY($1)', [chosen])).map((row) => row.storage_key),
    );
    for (const key of chosen.filter((k) => !named.has(k))) {
      await storage.delete(key);
      deleted++;
    }
    chosen = [];
  };
  for await (const object of storage.list()) {
    if (object.modifiedAt.getTime() >= cutoff) continue;
    chosen.push(object.key);
    if (chosen.length >= batch) await sweep();
  }
  if (chosen.length > 0) await sweep();
  return deleted;
}

/** The sweep of unnamed objects by one server at a time, at most once per `everyMs` (it lists the whole store). */
export async function sweepUnnamedObjects(database: Database, storage: FileStorage, everyMs = 6 * 3_600_000): Promise<number | null> {
  // The lease is not given back and a holder of its own each time: it is the time until the next sweep by any server.
  if (!(await takeLease(database, 'file-objects-sweep', `sweep-${randomUUID()}`, everyMs))) return null;
  return deleteUnnamedObjects(database, storage);
}
