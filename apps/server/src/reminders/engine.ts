import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ROLE_KEYS, can, recordAddressOf, type ReminderState } from '@raahi/domain';
import type { Database } from '../db/client';
import { announceAll } from '../webhooks/announce';
import type { ReminderRule } from './rule';
import { REMINDER_RULES } from './rules';

const dialect = new PgDialect();

/** A Drizzle SQL as text and parameters, for Database.query (which runs the same on PGlite and PostgreSQL). */
export function toQuery(statement: SQL): { sql: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { sql: text, params };
}

const run = <T>(database: Database, statement: SQL) => {
  const { sql: text, params } = toQuery(statement);
  return database.query<T>(text, params);
};

export interface ReminderRunOptions {
  /** The company's today (YYYY-MM-DD): company-time.ts companyToday(). */
  today: string;
  /** Only these records (a run right after a write); absent: all. */
  ids?: readonly string[];
  rules?: readonly ReminderRule[];
  /**
   * Of `ids`, records changed by an edit: a first judged state of theirs is news (a health check given its Next
   * Due Date, a trip given an ETA already past), not a first evaluation.
   */
  edited?: readonly string[];
  /** Of `ids`, deleted records: their states end (other records the rule stops judging are kept as OK). */
  deleted?: readonly string[];
}

export interface ReminderRunCounts {
  /** Records the rules judged. */
  judged: number;
  /** Records whose state changed since the last run (first evaluations not counted). */
  changed: number;
  /** Records seen for the first time: their state stored, nobody notified. */
  first: number;
  /** States ended: records deleted, or no longer judged (replaced, no longer applicable: kept as OK, so a return is news). */
  removed: number;
  /** Notifications made. */
  notified: number;
}

/** The roles that hear a rule's reminders: those that may view its area (personal areas need personal data; can() says so). */
export const rolesHearing = (rule: ReminderRule): string[] => ROLE_KEYS.filter((role) => can(role, rule.area, 'view'));

/** Who a reminder's webhook event names as its actor. */
const REMINDER_RUN = { type: 'system', id: 'reminders', name: 'Reminder run' } as const;

const cap = (text: string, max: number) => (text.length <= max ? text : text.slice(0, max - 1) + '…');

interface ChangedRow {
  record_id: string | null;
  state: ReminderState | null;
  label: string | null;
  due: string | null;
  judged: string | null;
  first: string | null;
  removed: string | null;
}

/**
 * One rule over all its records (or the given ids), in one transaction of two statements however many records:
 *
 * 1. The rule's SELECT is materialised once; its states are upserted into reminder_states, an existing row only
 *    when its state differs (`ON CONFLICT … DO UPDATE … WHERE state IS DISTINCT FROM`); the upsert RETURNS the
 *    rows it wrote, and `xmax = 0` tells an insert (a first evaluation: stored, nobody notified) from an update
 *    (a change of state). States of records the rule no longer returns are deleted, with their unread
 *    notifications. Only the changed rows come back to the server.
 * 2. For the changed rows not entering 'ok', one INSERT … SELECT makes a notification per active user whose role
 *    may view the area and who has not muted the kind.
 *
 * Exactly once: a change is notified by the transaction whose upsert wrote it. Two servers judging the same
 * record at once both try the update; the second waits for the first's row lock, re-checks the WHERE against the
 * committed state, finds it equal and returns nothing — so it notifies nobody, lease or no lease.
 */
async function runRule(
  database: Database,
  rule: ReminderRule,
  today: string,
  given: readonly string[] | null,
  edited: readonly string[],
  deleted: readonly string[],
): Promise<ReminderRunCounts> {
  const kind = rule.kind;
  let ids = given;
  if (ids && rule.related) {
    const related = await run<{ record_id: string }>(database, rule.related(ids));
    ids = [...new Set([...ids, ...related.map((row) => row.record_id)])];
  }
  const removedAmong = ids ? sql` AND s.record_id = ANY(${sql.param([...ids])}::text[])` : sql``;
  return database.transaction(async (tx) => {
    // A rule that ranks documents sorts 100,000 rows: in memory, not in temporary files (this transaction only).
    await tx.query(`SET LOCAL work_mem = '64MB'`);
    const rows = await run<ChangedRow>(
      tx,
      sql`WITH cur AS MATERIALIZED (${rule.states(today, ids)}),
        up AS (
          INSERT INTO reminder_states (rule, record_id, state)
          -- Only new or changed rows reach the upsert: an unchanged one is never locked or rewritten (a second run
          -- with nothing changed writes nothing). The ON CONFLICT's WHERE re-checks against what is committed.
          SELECT ${kind}, cur.record_id, cur.state FROM cur
            LEFT JOIN reminder_states s ON s.rule = ${kind} AND s.record_id = cur.record_id
            WHERE s.state IS DISTINCT FROM cur.state
            ORDER BY cur.record_id
          ON CONFLICT (rule, record_id) DO UPDATE SET state = excluded.state, changed_at = now()
            WHERE reminder_states.state IS DISTINCT FROM excluded.state
          RETURNING record_id, state, (xmax = 0) AS inserted
        ),
        -- A deleted record's states end. A record the rule no longer judges (replaced by a newer one, no date any
        -- more, a vehicle Sold) is kept as OK, so that its return to Due Soon is news rather than a first evaluation.
        gone AS (
          DELETE FROM reminder_states s WHERE s.rule = ${kind} AND s.record_id = ANY(${sql.param([...deleted])}::text[])
          RETURNING s.record_id
        ),
        out_of_scope AS (
          UPDATE reminder_states s SET state = 'ok', changed_at = now()
            WHERE s.rule = ${kind}${removedAmong} AND s.state <> 'ok'
              AND NOT (s.record_id = ANY(${sql.param([...deleted])}::text[]))
              AND NOT EXISTS (SELECT 1 FROM cur WHERE cur.record_id = s.record_id)
          RETURNING s.record_id
        ),
        -- (A data-modifying WITH runs to completion whether or not it is read.)
        unread_gone AS (
          DELETE FROM notifications n WHERE n.area = ${rule.area} AND n.kind = ${kind} AND n.read_at IS NULL
            AND (n.record_id IN (SELECT record_id FROM gone) OR n.record_id IN (SELECT record_id FROM out_of_scope))
        )
      SELECT up.record_id, up.state, cur.label, cur.due, NULL::text AS judged, NULL::text AS first, NULL::text AS removed
        FROM up JOIN cur ON cur.record_id = up.record_id WHERE NOT up.inserted OR up.record_id = ANY(${sql.param([...edited])}::text[])
      UNION ALL
      SELECT NULL, NULL, NULL, NULL, (SELECT count(*) FROM cur)::text, (SELECT count(*) FROM up WHERE up.inserted)::text,
        ((SELECT count(*) FROM gone) + (SELECT count(*) FROM out_of_scope))::text`,
    );
    const totals = rows.find((row) => row.record_id === null)!;
    const changed = rows.filter((row) => row.record_id !== null);
    // Entering OK makes no notification: the bell is for what needs doing, and a renewal, a delivery or a restock
    // was done by someone who knows. Its stored state still changes, so a later Due Soon is news again.
    const toNotify = changed.filter((row) => row.state !== 'ok');
    let notified = 0;
    if (toNotify.length > 0) {
      const notices = toNotify.map((row) => ({ row, notice: rule.notice({ state: row.state!, label: row.label ?? row.record_id!, due: row.due }) }));
      const column = (pick: (n: (typeof notices)[number]) => string) => sql.param(notices.map(pick));
      const [{ count }] = await run<{ count: string }>(
        tx,
        sql`WITH made AS (
            INSERT INTO notifications (user_id, kind, area, record_id, state, type, title, message, href)
            SELECT u.id, ${kind}, ${rule.area}, n.record_id, n.state, n.type, n.title, n.message, n.href
            FROM unnest(${column((n) => n.row.record_id!)}::text[], ${column((n) => n.row.state!)}::text[], ${column((n) => n.notice.type)}::text[],
                        ${column((n) => cap(n.notice.title, 200))}::text[], ${column((n) => cap(n.notice.message, 1000))}::text[],
                        ${column((n) => cap(recordAddressOf(rule.area, n.row.record_id!) ?? '/notifications', 500))}::text[])
              AS n(record_id, state, type, title, message, href)
            CROSS JOIN users u
            WHERE u.active AND u.role = ANY(${sql.param(rolesHearing(rule))}::text[])
              AND NOT EXISTS (SELECT 1 FROM notification_preferences p WHERE p.user_id = u.id AND ${kind} = ANY(p.muted_kinds))
            ORDER BY n.record_id, u.id
            RETURNING 1
          ) SELECT count(*)::text AS count FROM made`,
      );
      notified = Number(count);
      // The same changes of state, to the webhooks that chose reminder.due_soon / reminder.overdue, in this transaction.
      await announceAll(
        tx,
        notices.map(({ row, notice }) => ({
          event: `reminder.${row.state}`,
          actor: REMINDER_RUN,
          subject: `reminder:${kind}:${rule.area}/${row.record_id}`,
          data: {
            kind,
            area: rule.area,
            recordId: row.record_id,
            state: row.state,
            label: row.label,
            due: row.due,
            title: notice.title,
            message: notice.message,
          },
        })),
      );
    }
    return { judged: Number(totals.judged), changed: changed.length, first: Number(totals.first), removed: Number(totals.removed), notified };
  });
}

/**
 * Judges every rule's records (or only `ids`, right after a write) by `today`, stores the states and notifies
 * each change of state once. Safe to run as often as wished, on as many servers as wished: a run with nothing
 * changed writes nothing and notifies nobody.
 */
export async function runReminders(database: Database, options: ReminderRunOptions): Promise<ReminderRunCounts> {
  const total: ReminderRunCounts = { judged: 0, changed: 0, first: 0, removed: 0, notified: 0 };
  const ids = options.ids ? [...options.ids] : null;
  if (ids && ids.length === 0) return total;
  for (const rule of options.rules ?? REMINDER_RULES) {
    const counts = await runRule(database, rule, options.today, ids, options.edited ?? [], options.deleted ?? []);
    for (const key of Object.keys(total) as (keyof ReminderRunCounts)[]) total[key] += counts[key];
  }
  return total;
}
