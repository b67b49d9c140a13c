import { sql } from 'drizzle-orm';
import type { ReminderRule } from '../rule';
import { onlyIds } from './common';

/** Inventory items at or below their reorder level (the list's Reorder Needed): Overdue; the rest OK. */
export const reorderRule: ReminderRule = {
  kind: 'reorder',
  area: 'inventory',
  states(_today, ids) {
    return sql`SELECT i.id AS record_id, CASE WHEN i.quantity <= i.reorder_level THEN 'overdue' ELSE 'ok' END AS state,
        i.name || ' (' || i.part_number || ')' AS label, i.quantity::text || ' of ' || i.reorder_level::text AS due
      FROM inventory_items i WHERE i.quantity IS NOT NULL AND i.reorder_level IS NOT NULL${onlyIds(sql`i.id`, ids)}`;
  },
  notice: ({ label, due }) => {
    const [quantity, level] = (due ?? '').split(' of ');
    return { title: 'Reorder Needed', message: `${label} is at or below its reorder level: ${quantity} in stock, reorder level ${level}.`, type: 'warning' };
  },
};
