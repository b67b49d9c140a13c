import type { Actor, RecordOperation } from '@raahi/domain';
import type { Database } from '../db/client';

/** What a committed create, update or delete tells its listeners. */
export interface RecordChanged {
  /** The area's key ('trips'). */
  area: string;
  recordId: string;
  operation: RecordOperation;
  actor: Actor;
  /** The record as the API returned it before the change (null for a create). */
  before: Record<string, unknown> | null;
  /** The record as the API returns it after the change (null for a delete). */
  after: Record<string, unknown> | null;
  batchId: string | null;
  /** The database it was written to (the bus is per process; tests run several apps, each on its own database). */
  database?: Database;
}

export type RecordChangedListener = (event: RecordChanged) => void | Promise<void>;

/**
 * The in-process bus of committed record changes: the hook for what follows a change (notifications,
 * webhooks, live lists). A listener hears a change only once its transaction has committed, never a
 * rolled-back one. It runs after the answer is decided: a listener that throws (or rejects) is logged and
 * fails nothing. Something that must happen exactly once across several servers takes a job in
 * PostgreSQL from here; the bus itself is per process.
 */
const listeners = new Set<RecordChangedListener>();

/** Listens to every committed record change; returns the function that stops listening. */
export function onRecordChanged(listener: RecordChangedListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Tells every listener (called by the operations after their transaction committed). */
export function emitRecordChanged(event: RecordChanged): void {
  for (const listener of listeners) {
    const failed = (err: unknown) => console.error(`A listener of ${event.operation} ${event.area} ${event.recordId} failed:`, (err as Error)?.message ?? err);
    try {
      const result = listener(event);
      if (result && typeof (result as Promise<void>).catch === 'function') (result as Promise<void>).catch(failed);
    } catch (err) {
      failed(err);
    }
  }
}
