import { getTableColumns } from 'drizzle-orm';
import type { Actor, FieldChange } from '@raahi/domain';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import type { FileStorage } from '../files/storage';
import type { ResourceDefinition } from '../http/resource';

/** Who runs an operation and on what: every create, update and delete names its actor. */
export interface OperationContext {
  database: Database;
  /** A signed-in user (userActor), an API key, or the system (a named job: the seed, the reminder run, an import). */
  actor: Actor;
  /** Where the area's file bytes are; those a change lets go are removed once it has committed. */
  storage?: FileStorage;
  /** An import or a bulk action: its entries share this id. */
  batchId?: string | null;
  /** Fields the actor may not see (a driver's Aadhaar card without personal data): a create leaves them blank and an update keeps their stored values. */
  keep?: readonly string[];
}

/** The input without the fields the actor may not see: a create leaves them blank, an update keeps them as stored. */
export const withoutKept = (input: Record<string, unknown>, keep: readonly string[] = []): Record<string, unknown> =>
  keep.length ? Object.fromEntries(Object.entries(input).filter(([key]) => !keep.includes(key))) : input;

/** A file is attached only by the user who uploaded it; any other actor may keep a record's own files. */
export const uploaderOf = (actor: Actor): string | undefined => (actor.type === 'user' ? actor.id : undefined);

/** Bookkeeping the database keeps itself; an update never reports it as a change. */
const NOT_CHANGES = new Set(['id', 'version', 'createdAt', 'updatedAt', 'searchText']);

/** A value as it is compared and stored in the entry (JSON): dates as ISO text. */
const plain = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : (value ?? null));

/** A file field's value by the files' names (never their contents): `<field>Name`, or the names of `<field>Files`. */
function fileNames(record: Record<string, unknown>, field: string): unknown {
  if (`${field}Name` in record) return record[`${field}Name`] ?? null;
  const list = record[`${field}Files`];
  return Array.isArray(list) ? list.map((file: { name?: string }) => file.name ?? null) : plain(record[field]);
}

/**
 * Each field whose stored value an update changed, with its label, before and after (records as the API
 * returns them). A file field is compared by its ids and reported by its files' names.
 */
export function fieldChanges(
  def: Pick<ResourceDefinition, 'area' | 'table' | 'references'>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldChange[] {
  const fileFields = new Set((def.references ?? []).filter((ref) => ref.table === files).map((ref) => ref.field));
  const changes: FieldChange[] = [];
  for (const field of Object.keys(getTableColumns(def.table))) {
    if (NOT_CHANGES.has(field)) continue;
    if (JSON.stringify(plain(before[field])) === JSON.stringify(plain(after[field]))) continue;
    const label = def.area.fieldLabels[field];
    const [was, is] = fileFields.has(field) ? [fileNames(before, field), fileNames(after, field)] : [plain(before[field]), plain(after[field])];
    changes.push({ field, ...(label ? { label } : {}), before: was, after: is });
  }
  return changes;
}
