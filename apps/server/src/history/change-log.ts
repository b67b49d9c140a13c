import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Actor, ChangeOperation, FieldChange } from '@raahi/domain';
import type { Database } from '../db/client';

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
}

/**
 * Appends one entry. Call it with the transaction that makes the change, so that the change and its entry
 * commit or roll back together.
 */
export async function recordChange({ db }: Pick<Database, 'db'>, entry: NewChange): Promise<void> {
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
}

/** The actor of a signed-in user's request. */
export const userActor = (user: { id: string; name: string; username: string }): Actor => ({ type: 'user', id: user.id, name: user.name || user.username });
