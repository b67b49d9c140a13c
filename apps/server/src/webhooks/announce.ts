import { sql } from 'drizzle-orm';
import type { Actor } from '@raahi/domain';
import type { Database } from '../db/client';

/** An event to announce to the webhooks that chose it: written to the outbox in the transaction of the change. */
export interface OutgoingEvent {
  event: string;
  actor: Actor;
  data: Record<string, unknown>;
  /** The record it is about (deliveries of one record keep their order); an import: its batch id. */
  subject: string;
}

/**
 * Writes the event to the webhooks' outbox with the transaction that makes the change, so a change that
 * rolls back is never announced and one that commits always is. (Contract: the webhooks lane fills this in.)
 */
export async function announce(tx: Pick<Database, 'db'>, event: OutgoingEvent): Promise<void> {
  await announceAll(tx, [event]);
}

/**
 * Writes several events in one statement (a reminder run's changes of state). One INSERT … SELECT from the
 * live webhooks that chose each event: an event nobody chose writes nothing, so on every write that nobody
 * listens to this costs one probe of the (tiny) webhooks table. The events keep their given order.
 */
export async function announceAll(tx: Pick<Database, 'db'>, events: readonly OutgoingEvent[]): Promise<void> {
  if (events.length === 0) return;
  const column = <T>(pick: (e: OutgoingEvent) => T) => JSON.stringify(events.map(pick));
  // Drizzle's session runs the raw statement on the transaction's connection (PGlite or pg alike).
  await tx.db.execute(announceStatement(column((e) => e.event), column((e) => e.subject), column((e) => e.actor), column((e) => e.data)));
}

/**
 * The events arrive as four JSON arrays (one parameter each, whatever their number); `ord` keeps their order in
 * the outbox's ids, which is the order deliveries of one subject are sent in.
 */
const announceStatement = (events: string, subjects: string, actors: string, data: string) => sql`
  WITH incoming AS (
    SELECT e.ord, e.event, s.subject, a.actor, d.data
    FROM jsonb_array_elements_text(${events}::jsonb) WITH ORDINALITY AS e(event, ord)
    JOIN jsonb_array_elements_text(${subjects}::jsonb) WITH ORDINALITY AS s(subject, ord) USING (ord)
    JOIN jsonb_array_elements(${actors}::jsonb) WITH ORDINALITY AS a(actor, ord) USING (ord)
    JOIN jsonb_array_elements(${data}::jsonb) WITH ORDINALITY AS d(data, ord) USING (ord)
    WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.deleted_at IS NULL AND w.events @> ARRAY[e.event])
  ),
  written AS (
    INSERT INTO webhook_events (event, subject, actor, data)
    SELECT event, subject, actor, data FROM incoming ORDER BY ord
    RETURNING id, event, subject
  )
  INSERT INTO webhook_deliveries (webhook_id, event_id, subject)
  SELECT w.id, written.id, written.subject
  FROM written JOIN webhooks w ON w.deleted_at IS NULL AND w.events @> ARRAY[written.event]`;
