import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

/** The transaction of the change: any Database inside `database.transaction` (its `query` skips Drizzle's own cost per statement). */
export type Announcer = Pick<Database, 'db'> & Partial<Pick<Database, 'query'>>;

const dialect = new PgDialect();

async function run<T>(tx: Announcer, statement: SQL): Promise<T[]> {
  if (tx.query) {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    return tx.query<T>(text, params);
  }
  return ((await tx.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/**
 * Writes the event to the webhooks' outbox with the transaction that makes the change, so a change that
 * rolls back is never announced and one that commits always is (decision 0054).
 *
 * It runs on every write of every record, so the common case, nobody listening, is one statement: which live
 * webhooks chose the event (a scan of a table of at most a hundred live rows, no index to plan around; measured
 * by measure-announce.ts). Only when some did are the event and one delivery per webhook written, in one more.
 */
export async function announce(tx: Announcer, event: OutgoingEvent): Promise<void> {
  await announceAll(tx, [event]);
}

/** Several events in the same two statements at most, whatever their number (a reminder run's changes of state); ids follow their order. */
export async function announceAll(tx: Announcer, events: readonly OutgoingEvent[]): Promise<void> {
  if (events.length === 0) return;
  const names = [...new Set(events.map((e) => e.event))];
  const listened = await run<{ event: string }>(
    tx,
    sql`SELECT DISTINCT unnest(w.events) AS event FROM webhooks w WHERE w.deleted_at IS NULL AND w.events && ${sql.param(names)}::text[]`,
  );
  if (listened.length === 0) return;
  const chosen = new Set(listened.map((row) => row.event));
  const heard = events.filter((e) => chosen.has(e.event));
  // The events as one JSON array (one parameter however many); the deliveries joined from the webhooks that chose each.
  const incoming = JSON.stringify(heard.map(({ event, subject, actor, data }) => ({ event, subject, actor, data })));
  await run(
    tx,
    sql`WITH incoming AS (
       SELECT i.ord, i.item FROM jsonb_array_elements(${incoming}::jsonb) WITH ORDINALITY AS i(item, ord)
     ),
     written AS (
       INSERT INTO webhook_events (event, subject, actor, data)
       SELECT item->>'event', item->>'subject', item->'actor', item->'data' FROM incoming ORDER BY ord
       RETURNING id, event, subject
     )
     INSERT INTO webhook_deliveries (webhook_id, event_id, subject)
     SELECT w.id, written.id, written.subject FROM written JOIN webhooks w ON w.deleted_at IS NULL AND written.event = ANY(w.events)
     ORDER BY written.id, w.id`,
  );
}
