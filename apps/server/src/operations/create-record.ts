import { generateId } from '@raahi/domain';
import { recordFiles } from '../files/attachments';
import { recordChange } from '../history/change-log';
import { ApiError } from '../http/errors';
import type { ResourceDefinition } from '../http/resource';
import { uploaderOf, withoutKept, type OperationContext } from './context';
import { emitRecordChanged } from './events';
import { emitHooked, withWarnings } from './after-write';
import { checkEntities, checkReferences, uniqueRefusal } from './link-checks';
import { parseInput, toRow } from './parse-input';
import { readRecord, recordSelection } from './stored-record';

/** Only the bench passes this, to measure what the change entry costs; no route can. */
export interface CreateRecordInternals {
  withoutChangeEntry?: boolean;
}

/**
 * Creates one record of an area from a request body: parse (strict; 400) → prepare and rules (422) → links
 * (409/422) → in one transaction the insert, its files and a change entry holding the record as saved →
 * after commit, the event. Answers the record as the API returns it.
 */
export async function createRecord(
  def: ResourceDefinition,
  body: unknown,
  context: OperationContext,
  internals: CreateRecordInternals = {},
): Promise<Record<string, unknown>> {
  const { database, actor, batchId = null } = context;
  const { area, table } = def;
  const input = withoutKept(parseInput(def, body, false, undefined, { request: true }), context.keep);
  await checkReferences(database, def, input);
  await checkEntities(database, def, input);
  const { all } = recordSelection(def);
  const ownFiles = recordFiles(def);
  // Ids are short (prefix, time digits, random capitals), so a collision is possible: retry with a new one.
  for (let attempt = 0; attempt < 8; attempt++) {
    const saved = await database
      .transaction(async (tx) => {
        const [row] = await tx.db
          .insert(table)
          .values({ ...toRow(all, input), id: generateId(area.idFormat) })
          .onConflictDoNothing({ target: all.id })
          .returning({ id: all.id });
        if (!row) return undefined;
        const id = row.id as string;
        await ownFiles.save(tx.db, id, input, {}, uploaderOf(actor));
        const record = (await readRecord(tx, def, id))!;
        const hooked = (await def.afterWrite?.(tx, record, null, actor)) ?? {};
        if (!internals.withoutChangeEntry) await recordChange(tx, { actor, area: area.key, recordId: id, operation: 'create', batchId, snapshot: record });
        return { record, hooked };
      })
      // A unique value's violation rolls the save back, and is then answered naming the record that holds the value.
      .catch(async (err) => Promise.reject((await uniqueRefusal(database, def, err, input)) ?? err));
    if (saved) {
      const { record, hooked } = saved;
      emitRecordChanged({ area: area.key, recordId: record.id as string, operation: 'create', actor, before: null, after: record, batchId, database });
      emitHooked(hooked, actor, batchId, database);
      return withWarnings(record, hooked);
    }
  }
  throw new ApiError(503, 'Add Failed', 'Could not allocate a unique id. Please try again.');
}
