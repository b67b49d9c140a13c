import { and, getTableColumns, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
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
 * Deletes stored files that no record names and that are older than `graceMs` (an upload waits for its
 * form to be saved; a replaced, removed or deleted record's file goes). Personal documents do not linger.
 */
export async function deleteOrphanFiles(database: Database, storage: FileStorage, columns: PgColumn[], graceMs = 24 * 3_600_000, batch = 500): Promise<number> {
  // A column of several files (text[]) names a file when the file is any of its elements.
  const names = (column: PgColumn) => (column.columnType === 'PgArray' ? sql`${files.id} = ANY(${column})` : sql`${column} = ${files.id}`);
  const unused = columns.map((column) => notExists(database.db.select({ one: sql`1` }).from(column.table).where(names(column))));
  const orphans = await database.db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(and(lt(files.createdAt, new Date(Date.now() - graceMs)), ...unused))
    .limit(batch);
  if (orphans.length === 0) return 0;
  await database.db.delete(files).where(inArray(files.id, orphans.map((o) => o.id)));
  for (const orphan of orphans) await storage.delete(orphan.storageKey).catch(() => undefined);
  return orphans.length;
}
