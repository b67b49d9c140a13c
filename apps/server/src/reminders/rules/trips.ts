import { sql } from 'drizzle-orm';
import type { ReminderRule } from '../rule';
import { onlyIds } from './common';

/**
 * Trips past their ETA that are neither Delivered nor Cancelled: Overdue; the rest OK. The ETA is an instant,
 * so it is judged against the time of the run, not the company's date.
 */
export const tripsRule: ReminderRule = {
  kind: 'trips',
  area: 'trips',
  states(_today, ids) {
    return sql`SELECT t.id AS record_id,
        CASE WHEN t.status NOT IN ('Delivered', 'Cancelled') AND t.eta < now() THEN 'overdue' ELSE 'ok' END AS state,
        t.id || ' (' || t.origin || ' → ' || t.destination || ')' AS label, to_char(t.eta AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS due
      FROM trips t WHERE t.eta IS NOT NULL${onlyIds(sql`t.id`, ids)}`;
  },
  notice: ({ label }) => ({ title: 'Trip Past ETA', message: `Trip ${label} is past its ETA and not yet Delivered.`, type: 'warning' }),
};
