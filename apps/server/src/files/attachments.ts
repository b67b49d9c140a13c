import { and, eq, getTableColumns, getTableName, inArray, isNull, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { ApiError } from '../http/errors';
import type { ResourceDefinition } from '../http/resource';
import type { FileStorage } from './storage';

/** The database or a transaction on it: attaching and detaching run inside the record's own transaction. */
export type Executor = Pick<Db, 'select' | 'update' | 'delete'>;

/** Which record a file belongs to: the record's table, its id and the column that names the file. */
export interface Attachment {
  table: string;
  record: string;
  field: string;
}

/** The ids a file field's value names: one id, a list of ids, or none. */
export const fileIds = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string' && id !== '');

const missingFile = (id: string) =>
  new ApiError(409, 'Linked Record Missing', `The selected file (${id}) does not exist. It may have been deleted; choose another.`);

/**
 * Attaches files to a record in one guarded statement: a file is taken only while it is attached to
 * nothing and was uploaded by `userId`, or when it is already this record's (kept by whoever saves).
 * Parallel saves naming one fresh file cannot both take it: the second finds it attached. A refusal
 * says why and throws, which rolls the record's transaction back.
 */
export async function attachFiles(db: Executor, to: Attachment, ids: string[], userId: string | undefined): Promise<void> {
  if (ids.length === 0) return;
  const already = and(eq(files.attachedTable, to.table), eq(files.attachedRecord, to.record), eq(files.attachedField, to.field));
  const takable = userId === undefined ? already : or(and(isNull(files.attachedTable), eq(files.uploadedBy, userId)), already);
  const taken = await db
    .update(files)
    .set({ attachedTable: to.table, attachedRecord: to.record, attachedField: to.field })
    .where(and(inArray(files.id, ids), takable))
    .returning({ id: files.id });
  if (taken.length === ids.length) return;
  const refused = ids.find((id) => !taken.some((row) => row.id === id))!;
  const [row] = await db.select({ attachedTable: files.attachedTable }).from(files).where(eq(files.id, refused));
  if (!row) throw missingFile(refused);
  if (row.attachedTable !== null)
    throw new ApiError(422, 'Invalid File', `The file ${refused} belongs to another record. Upload the file again to attach it here.`);
  throw new ApiError(422, 'Invalid File', `The file ${refused} was uploaded by another user. Upload the file yourself to attach it here.`);
}

/** Deletes the rows of a record's files (all of them, or the given ones of one field); returns their storage keys. */
export async function detachFiles(db: Executor, from: Omit<Attachment, 'field'> & { field?: string }, ids?: string[]): Promise<string[]> {
  if (ids?.length === 0) return [];
  const rows = await db
    .delete(files)
    .where(
      and(
        eq(files.attachedTable, from.table),
        eq(files.attachedRecord, from.record),
        from.field === undefined ? undefined : eq(files.attachedField, from.field),
        ids === undefined ? undefined : inArray(files.id, ids),
      ),
    )
    .returning({ storageKey: files.storageKey });
  return rows.map((row) => row.storageKey);
}

/** Removes stored bytes whose rows are gone (after the transaction that deleted them committed). */
export async function deleteStoredBytes(storage: FileStorage | undefined, keys: string[]): Promise<void> {
  // A failure leaves bytes no row names, which nobody can read; it must not fail a save already made.
  for (const key of keys) await storage?.delete(key).catch((err) => console.error('Deleting a stored file failed:', (err as Error).message));
}

/**
 * The file fields of an area (its references to the files table) and what a save or a delete does to
 * their files: a save attaches the files it names anew and deletes those its fields no longer name; a
 * delete deletes all of the record's files. Each runs in the record's transaction and returns the storage
 * keys whose bytes go once it commits.
 */
export function recordFiles(def: Pick<ResourceDefinition, 'table' | 'references'>) {
  const columns = getTableColumns(def.table) as Record<string, PgColumn>;
  const table = getTableName(def.table);
  const fields = (def.references ?? []).filter((ref) => ref.table === files).map((ref) => ({ field: ref.field, column: columns[ref.field] }));
  return {
    /** The file columns, to read a record's files before it changes. */
    columns: Object.fromEntries(fields.map(({ field, column }) => [field, column])),
    any: fields.length > 0,
    async save(db: Executor, record: string, input: Record<string, unknown>, previous: Record<string, unknown>, userId: string | undefined): Promise<string[]> {
      const released: string[] = [];
      for (const { field, column } of fields) {
        if (!(field in input)) continue;
        const before = fileIds(previous[field]);
        const after = fileIds(input[field]);
        await attachFiles(
          db,
          { table, record, field: column.name },
          after.filter((id) => !before.includes(id)),
          userId,
        );
        released.push(
          ...(await detachFiles(
            db,
            { table, record, field: column.name },
            before.filter((id) => !after.includes(id)),
          )),
        );
      }
      return released;
    },
    remove: (db: Executor, record: string) => (fields.length > 0 ? detachFiles(db, { table, record }) : Promise.resolve([])),
  };
}
