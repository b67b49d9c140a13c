import { sql } from 'drizzle-orm';
import type { ReminderRule } from '../rule';
import { dateParam, onlyIds, shownDate } from './common';

/** Days after its date that an unpaid challan goes to court (in India an unpaid e-challan then goes to the virtual court). */
export const CHALLAN_UNPAID_DAYS = 60;

/** Challans still Pending Payment 60 days after their date (the 60th day included): Overdue; the rest OK. */
export const challansRule: ReminderRule = {
  kind: 'challans',
  area: 'challans',
  states(today, ids) {
    const t = dateParam(today);
    return sql`SELECT c.id AS record_id,
        CASE WHEN c.status = 'Pending Payment' AND c.date + ${CHALLAN_UNPAID_DAYS}::int <= ${t} THEN 'overdue' ELSE 'ok' END AS state,
        c.id || ' (' || c.offense_type || ')' AS label, c.date::text AS due
      FROM challans c WHERE c.date IS NOT NULL${onlyIds(sql`c.id`, ids)}`;
  },
  notice: ({ label, due }) => ({
    title: 'Challan Unpaid for 60 Days',
    message: `Challan ${label} of ${shownDate(due)} is still Pending Payment ${CHALLAN_UNPAID_DAYS} days on: pay it before it goes to court.`,
    type: 'critical',
  }),
};
