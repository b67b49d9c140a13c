import type { SQL } from 'drizzle-orm';
import type { ReminderKind, ReminderState } from '@raahi/domain';

/**
 * A reminder rule on the server (issue 18, decision 0035): the records it judges and the state each is in
 * today, as one SELECT, so that a run over 100,000 records is a few set-based statements. Each rule sits
 * beside the declarations it reads; the engine (reminders/engine.ts) stores the states, compares them with
 * the last run's and notifies on a change.
 */
export interface ReminderRule {
  kind: ReminderKind;
  /** The area whose record each row is (the notification's record, its link and who may see it). */
  area: string;
  /**
   * A SELECT with the columns `record_id` (text), `state` ('ok' | 'due_soon' | 'overdue'), `label` (text: what
   * the record is, e.g. "PUC of MH12AB1234"), `due` (text or null: the date, or km, it is due at), one row per
   * record the rule judges today. `ids`: only those records (a run right after a write); null: all.
   * A record the rule no longer judges (replaced by a newer document, deleted, no longer applicable) has no row.
   */
  states(today: string, ids: readonly string[] | null): SQL;
  /**
   * Optional: a SELECT of `record_id`, the records judged together with `ids` (the same document type and vehicle:
   * a newer one replaces the older). A run over some records widens to them, so that saving a renewal ends the
   * replaced record's reminders at once rather than at the next full run.
   */
  related?(ids: readonly string[]): SQL;
  /** The notification of a record entering a state (never called for the first state a record is judged to have). */
  notice(row: { state: ReminderState; label: string; due: string | null }): {
    title: string;
    message: string;
    type: 'critical' | 'warning' | 'info' | 'success';
  };
}
