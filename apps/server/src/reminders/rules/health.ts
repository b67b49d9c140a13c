import { sql } from 'drizzle-orm';
import type { ReminderRule } from '../rule';
import { dateParam, onlyIds, shownDate } from './common';

/** Days before a driver's next health check is due that it is reminded as Due Soon. */
export const HEALTH_DUE_SOON_DAYS = 30;

/**
 * Driver health checks by next due date: Overdue once past it, Due Soon within 30 days of it (the date
 * included). Only the latest check of each test type per driver is judged (a later test date; on a tie the later
 * added): a newer check replaces the older's reminder. A check with no next due date is not judged.
 */
export const healthRule: ReminderRule = {
  kind: 'health',
  area: 'driver-health',
  states(today, ids) {
    const t = dateParam(today);
    const groups = ids
      ? sql` WHERE (h.driver_id, h.test_type) IN (SELECT g.driver_id, g.test_type FROM driver_health_reports g WHERE g.id = ANY(${sql.param([...ids])}::text[]))`
      : sql``;
    return sql`SELECT r.id AS record_id,
        CASE WHEN r.next_due_date < ${t} THEN 'overdue' WHEN r.next_due_date <= ${t} + ${HEALTH_DUE_SOON_DAYS}::int THEN 'due_soon' ELSE 'ok' END AS state,
        r.test_type || ' of ' || coalesce(dr.name, r.driver_id) AS label, r.next_due_date::text AS due
      FROM (
        SELECT h.id, h.driver_id, h.test_type, h.next_due_date,
          row_number() OVER (PARTITION BY h.driver_id, h.test_type ORDER BY h.test_date DESC NULLS LAST, h.created_at DESC, h.id DESC) AS newest
        FROM driver_health_reports h${groups}
      ) r LEFT JOIN drivers dr ON dr.id = r.driver_id
      WHERE r.newest = 1 AND r.next_due_date IS NOT NULL${onlyIds(sql`r.id`, ids)}`;
  },
  related: (ids) =>
    sql`SELECT o.id AS record_id FROM driver_health_reports o WHERE (o.driver_id, o.test_type) IN (SELECT g.driver_id, g.test_type FROM driver_health_reports g WHERE g.id = ANY(${sql.param([...ids])}::text[]))`,
  notice: ({ state, label, due }) =>
    state === 'overdue'
      ? { title: 'Health Check Overdue', message: `${label} was due on ${shownDate(due)}.`, type: 'critical' }
      : { title: 'Health Check Due', message: `${label} is due on ${shownDate(due)}.`, type: 'warning' },
};
