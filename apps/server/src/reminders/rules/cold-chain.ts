import { sql } from 'drizzle-orm';
import type { ReminderRule } from '../rule';
import { onlyIds } from './common';

/** Cold-chain units whose current temperature lies outside their range (the list shows it red): Overdue, critical; the rest OK. */
export const coldChainRule: ReminderRule = {
  kind: 'cold_chain',
  area: 'cold-chain',
  states(_today, ids) {
    return sql`SELECT u.id AS record_id,
        CASE WHEN u.current_temp IS NOT NULL AND ((u.min_temp IS NOT NULL AND u.current_temp < u.min_temp) OR (u.max_temp IS NOT NULL AND u.current_temp > u.max_temp)) THEN 'overdue' ELSE 'ok' END AS state,
        u.name AS label, u.current_temp::text || ' °C, range ' || coalesce(u.min_temp::text, '?') || ' to ' || coalesce(u.max_temp::text, '?') || ' °C' AS due
      FROM cold_chain_units u WHERE true${onlyIds(sql`u.id`, ids)}`;
  },
  notice: ({ label, due }) => ({ title: 'Temperature Out of Range', message: `${label} is at ${due}.`, type: 'critical' }),
};
