import { sql, type SQL } from 'drizzle-orm';
import type { ReminderRule } from '../rule';
import { shownDate } from './common';

/** Days before a training certificate runs out that it is reminded as Due Soon. */
export const TRAINING_DUE_SOON_DAYS = 30;

/**
 * Driver training (issue 18, rule 3; decision 0037): a Completed training runs out on its schedule date + its
 * validity ('1 year', '18 months': validity_months, the SQL twin of the domain's validityMonths). Only the
 * latest Completed training of each type for each driver is judged (a newer one replaces it). A validity that
 * cannot be read gives no row, hence no reminder; GET /api/reminders/training/unreadable lists those records.
 * Overdue once the day after it runs out has come; Due Soon from 30 days before.
 */
export const trainingRule: ReminderRule = {
  kind: 'training',
  area: 'driver-training',
  states(today: string, ids: readonly string[] | null): SQL {
    const only = ids
      ? sql`AND l.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
    return sql`WITH latest AS (
        SELECT DISTINCT ON (driver_id, training_type) id, driver_id, training_type, schedule_date, validity_period
        FROM driver_training_records WHERE status = 'Completed' AND schedule_date IS NOT NULL
        ORDER BY driver_id, training_type, schedule_date DESC, created_at DESC, id DESC
      ), judged AS (
        SELECT l.id, l.training_type, l.driver_id, (l.schedule_date + make_interval(months => validity_months(l.validity_period)))::date AS expires
        FROM latest l WHERE validity_months(l.validity_period) IS NOT NULL ${only}
      )
      SELECT j.id AS record_id,
        CASE WHEN j.expires < ${today}::date THEN 'overdue' WHEN j.expires <= ${today}::date + ${sql.raw(String(TRAINING_DUE_SOON_DAYS))} THEN 'due_soon' ELSE 'ok' END AS state,
        j.training_type || ' of ' || coalesce(d.name, j.driver_id) AS label,
        to_char(j.expires, 'YYYY-MM-DD') AS due
      FROM judged j LEFT JOIN drivers d ON d.id = j.driver_id`;
  },
  // A renewal (a newer Completed training of the same type for the driver) ends the older one's reminders in the run after its save.
  related: (ids) =>
    sql`SELECT o.id AS record_id FROM driver_training_records o WHERE (o.driver_id, o.training_type) IN (SELECT g.driver_id, g.training_type FROM driver_training_records g WHERE g.id = ANY(${sql.param([...ids])}::text[]))`,
  notice({ state, label, due }) {
    if (state === 'overdue') return { title: 'Training expired', message: `${label} expired on ${shownDate(due)}.`, type: 'critical' };
    if (state === 'due_soon') return { title: 'Training expiring', message: `${label} expires on ${shownDate(due)}.`, type: 'warning' };
    return { title: 'Training renewed', message: `${label} is valid until ${shownDate(due)}.`, type: 'success' };
  },
};
