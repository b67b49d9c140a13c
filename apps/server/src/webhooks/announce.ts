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
export async function announce(_tx: Pick<Database, 'db'>, _event: OutgoingEvent): Promise<void> {}
