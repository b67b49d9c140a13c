import { sql } from 'drizzle-orm';
import type { ReminderRule } from '../rule';
import { dateParam, onlyIds, shownDate } from './common';

/** Days before a trip insurance policy's end date that it is reminded as Due Soon. */
export const INSURANCE_DUE_SOON_DAYS = 30;

/**
 * Trip insurance policies by end date: Overdue once past it, Due Soon within 30 days of it (the end date
 * included); a policy with a Claim Filed or Cancelled is OK (nothing to renew). A policy with a newer one of the
 * same insurance type for the same trip (a later start date; on a tie the later added) is replaced and no longer judged.
 */
export const insuranceRule: ReminderRule = {
  kind: 'insurance',
  area: 'trip-insurance',
  states(today, ids) {
    const t = dateParam(today);
    const groups = ids
      ? sql` WHERE (p.trip_id, p.insurance_type) IN (SELECT g.trip_id, g.insurance_type FROM trip_insurance_policies g WHERE g.id = ANY(${sql.param([...ids])}::text[]))`
      : sql``;
    return sql`SELECT r.id AS record_id,
        CASE WHEN r.status IN ('Claim Filed', 'Cancelled') THEN 'ok'
          WHEN r.end_date < ${t} THEN 'overdue' WHEN r.end_date <= ${t} + ${INSURANCE_DUE_SOON_DAYS}::int THEN 'due_soon' ELSE 'ok' END AS state,
        r.insurance_type || ' policy ' || r.policy_number AS label, r.end_date::text AS due
      FROM (
        SELECT p.id, p.insurance_type, p.policy_number, p.end_date, p.status,
          row_number() OVER (PARTITION BY p.trip_id, p.insurance_type ORDER BY p.start_date DESC NULLS LAST, p.created_at DESC, p.id DESC) AS newest
        FROM trip_insurance_policies p${groups}
      ) r
      WHERE r.newest = 1 AND r.end_date IS NOT NULL${onlyIds(sql`r.id`, ids)}`;
  },
  related: (ids) =>
    sql`SELECT o.id AS record_id FROM trip_insurance_policies o WHERE (o.trip_id, o.insurance_type) IN (SELECT g.trip_id, g.insurance_type FROM trip_insurance_policies g WHERE g.id = ANY(${sql.param([...ids])}::text[]))`,
  notice: ({ state, label, due }) =>
    state === 'overdue'
      ? { title: 'Insurance Policy Expired', message: `${label} ended on ${shownDate(due)}.`, type: 'critical' }
      : { title: 'Insurance Policy Ending', message: `${label} ends on ${shownDate(due)}.`, type: 'warning' },
};
