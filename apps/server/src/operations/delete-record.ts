import { eq } from 'drizzle-orm';
import { deleteStoredBytes, recordFiles } from '../files/attachments';
import { recordChange } from '../history/change-log';
import { ApiError } from '../http/errors';
import type { ResourceDefinition } from '../http/resource';
import type { OperationContext } from './context';
import { emitRecordChanged } from './events';
import { emitHooked } from './after-write';
import { recordMissing, recordSelection } from './stored-record';

/**
 * Deletes one record: refused (409) while records of other areas use it; else in one transaction the
 * record read and locked as it is, its delete, its files' rows, and a change entry holding the record as it
 * was (so that a deleted record stays readable in the log) → after commit, its files' bytes and the event.
 */
export async function deleteRecord(def: ResourceDefinition, id: string, context: OperationContext): Promise<void> {
  const { database, actor, storage, batchId = null } = context;
  const { area, table } = def;
  for (const user of def.usedBy ?? []) {
    const count = await user.count(database, id);
    if (count > 0) {
      const users = count === 1 ? `1 ${user.singular} uses` : `${count} ${user.plural} use`;
      throw new ApiError(409, 'Delete Failed', `This ${area.singular} cannot be deleted because ${users} it.`);
    }
  }
  const { all, selected } = recordSelection(def);
  const ownFiles = recordFiles(def);
  const { before, released, hooked } = await database.transaction(async (tx) => {
    const [before] = (await tx.db.select(selected).from(table).where(eq(all.id, id)).for('update', { of: table })) as Record<string, unknown>[];
    if (!before) throw recordMissing(def, id);
    await tx.db.delete(table).where(eq(all.id, id));
    const released = await ownFiles.remove(tx.db, id);
    // Writes that follow from the delete (its trip's cost), in the delete's transaction.
    const hooked = (await def.afterDelete?.(tx, before, actor)) ?? {};
    await recordChange(tx, { actor, area: area.key, recordId: id, operation: 'delete', batchId, snapshot: before });
    return { before, released, hooked };
  });
  await deleteStoredBytes(storage, released);
  emitRecordChanged({ area: area.key, recordId: id, operation: 'delete', actor, before, after: null, batchId, database });
  emitHooked(hooked, actor, batchId, database);
}
