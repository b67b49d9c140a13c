import { and, eq, sql } from 'drizzle-orm';
import { deleteStoredBytes, recordFiles } from '../files/attachments';
import { recordChange } from '../history/change-log';
import { ApiError } from '../http/errors';
import type { ResourceDefinition } from '../http/resource';
import { fieldChanges, uploaderOf, withoutKept, type OperationContext } from './context';
import { emitRecordChanged } from './events';
import { emitHooked, withWarnings } from './after-write';
import { checkEntities, checkReferences, uniqueRefusal } from './link-checks';
import { isPlainObject, missingAddedFields, parseInput, toRow } from './parse-input';
import { readRecord, recordMissing, recordSelection } from './stored-record';

/**
 * Updates one record from a request body naming the version it edits: parse (400) → prepare and rules (422)
 * → links (409/422; a link kept from the stored record stays allowed) → in one transaction: the record read
 * and locked as it was, the update if its version is still the one edited (else 409), its files, and a
 * change entry with each changed field before and after (none when nothing changed) → after commit, the
 * bytes of files let go and the event. Answers the record as the API returns it.
 */
export async function updateRecord(def: ResourceDefinition, id: string, body: unknown, context: OperationContext): Promise<Record<string, unknown>> {
  const { database, actor, storage, batchId = null } = context;
  const { area, table } = def;
  // A link kept from the stored record stays allowed even if its record has since changed (a quotation no longer Approved).
  const conditional = (def.references ?? []).some((ref) => ref.linkableWhen || ref.unlinkableWhen);
  // Fields added after the specification that the body leaves out are filled from the stored record before the computed
  // values and rules run, so that both judge what will be stored; the write holds them (its version check makes them
  // the stored values of the version edited, or refuses it).
  const missing = missingAddedFields(def, body);
  const stored = conditional || def.entities?.length || missing.length ? await readRecord(database, def, id) : undefined;
  if (missing.length && !stored) throw recordMissing(def, id);
  const { version, ...parsed } = parseInput(def, body, true, stored, { request: true });
  // Fields the actor may not see stay as stored.
  const input = withoutKept(parsed, context.keep);
  await checkReferences(database, def, input, conditional ? stored : undefined);
  await checkEntities(database, def, input, stored);
  const { all, selected } = recordSelection(def);
  const ownFiles = recordFiles(def);
  const result = await database
    .transaction(async (tx) => {
      // The record as it was, held until the save ends, so that its entry's "before" and the files it lets go are exact.
      const [before] = (await tx.db.select(selected).from(table).where(eq(all.id, id)).for('update', { of: table })) as Record<string, unknown>[];
      if (!before) throw recordMissing(def, id);
      const [row] = await tx.db
        .update(table)
        .set({ ...toRow(all, input), version: sql`${all.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(all.id, id), eq(all.version, version as number)))
        .returning({ id: all.id });
      if (!row) return undefined;
      const released = await ownFiles.save(tx.db, id, input, before, uploaderOf(actor));
      const after = (await readRecord(tx, def, id))!;
      const hooked = (await def.afterWrite?.(tx, after, before, actor)) ?? {};
      const changes = fieldChanges(def, before, after);
      // A save that changed nothing leaves no entry (its version still moves on).
      if (changes.length > 0) await recordChange(tx, { actor, area: area.key, recordId: id, operation: 'update', batchId, changes, data: after });
      return { before, after, released, changed: changes.length > 0, hooked };
    })
    .catch(async (err) => Promise.reject((await uniqueRefusal(database, def, err, input, id)) ?? err));
  if (!result)
    throw new ApiError(
      409,
      'Update Conflict',
      `This ${area.singular} was changed by someone else after you opened it. Close the dialog and open it again to see the latest version; your changes were not saved.`,
    );
  await deleteStoredBytes(storage, result.released);
  if (result.changed)
    emitRecordChanged({ area: area.key, recordId: id, operation: 'update', actor, before: result.before, after: result.after, batchId, database });
  emitHooked(result.hooked, actor, batchId, database);
  return withWarnings(result.after, result.hooked);
}

/** A stored value as a request body gives it (date-times as ISO text). */
const asRequestValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * Changes some fields of one record (PATCH): the body names the version it edits and only the fields to change
 * (decision 0066). They are laid over the record as stored and the whole goes through updateRecord, as a PUT
 * would: the same parse, rules, links, version check (409 when stale), change entry and events. A field added
 * after the specification that the body leaves out is left to updateRecord as a PUT leaving it out is (kept, or
 * blank when a field it is kept with changes: a refuelling log's Trip when its Vehicle does).
 */
export async function patchRecord(def: ResourceDefinition, id: string, body: unknown, context: OperationContext): Promise<Record<string, unknown>> {
  // Not an object: refused in updateRecord's words ("The request body must be a JSON object.").
  if (!isPlainObject(body)) return updateRecord(def, id, body, context);
  const stored = await readRecord(context.database, def, id);
  if (!stored) throw recordMissing(def, id);
  const added = def.area.addedFields ?? {};
  const kept = Object.keys(def.area.input.shape)
    .filter((name) => !Object.hasOwn(added, name))
    .map((name) => [name, asRequestValue(stored[name])]);
  return updateRecord(def, id, { ...Object.fromEntries(kept), ...body }, context);
}
