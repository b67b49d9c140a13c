import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { isPermissionArea, type Actor, type ChangeOperation, type FieldChange } from '@raahi/domain';
import { announce, type Announcer } from '../webhooks/announce';

/** Drizzle's view of migration 0027's change_log (append-only, partitioned by month). */
export const changeLog = pgTable('change_log', {
  id: bigint('id', { mode: 'number' }).notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  actorType: text('actor_type').notNull(),
  actorId: text('actor_id').notNull(),
  actorName: text('actor_name').notNull(),
  area: text('area').notNull(),
  recordId: text('record_id').notNull().default(''),
  operation: text('operation').notNull(),
  batchId: text('batch_id'),
  changes: jsonb('changes'),
  snapshot: jsonb('snapshot'),
  details: jsonb('details'),
});

export interface NewChange {
  actor: Actor;
  area: string;
  recordId?: string;
  operation: ChangeOperation;
  batchId?: string | null;
  changes?: FieldChange[] | null;
  snapshot?: Record<string, unknown> | null;
  details?: Record<string, unknown> | null;
  /**
   * The record as the API answers it after the change, for the webhooks' event (an update's entry keeps only
   * the fields that changed). Not stored in the log. A create's or delete's snapshot serves when absent.
   */
  data?: Record<string, unknown>;
}

const RECORD_EVENTS: Partial<Record<ChangeOperation, string>> = { create: 'created', update: 'updated', delete: 'deleted' };

/**
 * Appends one entry. Call it with the transaction that makes the change, so that the change and its entry
 * commit or roll back together. A record's create, update or delete is also announced to the webhooks
 * (`<area>.created` …) in that transaction; an entry of an import batch is not (the import announces its
 * batch once as `<area>.imported`), nor are accounts, sign-ins, settings or exports.
 */
export async function recordChange(tx: Announcer, entry: NewChange): Promise<void> {
  const { db } = tx;
  await db.insert(changeLog).values({
    id: sql`nextval('change_log_id_seq')`,
    actorType: entry.actor.type,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    area: entry.area,
    recordId: entry.recordId ?? '',
    operation: entry.operation,
    batchId: entry.batchId ?? null,
    changes: entry.changes ?? null,
    snapshot: entry.snapshot ?? null,
    details: entry.details ?? null,
  });
  const kind = RECORD_EVENTS[entry.operation];
  if (kind && !entry.batchId && entry.recordId && isPermissionArea(entry.area)) {
    const data = entry.data ?? entry.snapshot ?? { id: entry.recordId };
    await announce(tx, { event: `${entry.area}.${kind}`, actor: entry.actor, subject: `${entry.area}/${entry.recordId}`, data });
  }
}

/** The actor of a signed-in user's request. */
export const userActor = (user: { id: string; name: string; username: string }): Actor => ({ type: 'user', id: user.id, name: user.name || user.username });
