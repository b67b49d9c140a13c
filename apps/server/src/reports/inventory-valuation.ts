import { sql } from 'drizzle-orm';
import type { ReportRow } from '@raahi/domain';
import type { ReportDefinition } from './report';
import { counted, numberOrNull, runSql } from './sql';

/**
 * Report 9, inventory valuation (issue 20): each item's value, quantity × cost per unit (numeric, exact to the paisa),
 * by location and then supplier, with the items at or below their reorder level flagged (the list's Reorder Needed).
 * Totals and the chart (value by location) are summed in SQL over every item and rounded once. An item without a cost
 * per unit has no value (N/A): it is counted in the notes, not as ₹0. No period: stock as it is now.
 */
const NO_LOCATION = '(no location)';
/** The chart's bars: the locations of most value; the rest are summed as one bar and said so in the notes. */
const CHART_LOCATIONS = 12;

const LOCATION = sql.raw(`coalesce(nullif(location, ''), '${NO_LOCATION}')`);

export const inventoryValuationReport: ReportDefinition = {
  description: {
    key: 'inventory-valuation',
    title: 'Inventory Valuation',
    description: 'Quantity × cost per unit by location and supplier, with the items at or below their reorder level flagged.',
    period: false,
    filters: [],
    columns: [
      { key: 'location', label: 'Location', kind: 'text' },
      { key: 'supplier', label: 'Supplier', kind: 'text' },
      { key: 'id', label: 'Item ID', kind: 'text' },
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'partNumber', label: 'Part No.', kind: 'text' },
      { key: 'quantity', label: 'Quantity', kind: 'integer' },
      { key: 'costPerUnit', label: 'Cost/Unit', kind: 'money' },
      { key: 'value', label: 'Value', kind: 'money' },
      { key: 'reorderLevel', label: 'Reorder Lvl', kind: 'integer' },
      { key: 'reorder', label: 'At/Below Reorder', kind: 'flag' },
    ],
    chart: { type: 'bar', x: 'location', series: ['value'] },
  },
  areas: ['inventory'],
  async run(database, { offset, limit }) {
    const [items, [totals], byLocation] = await Promise.all([
      runSql<Record<string, unknown>>(
        database,
        sql`SELECT ${LOCATION} AS location, nullif(supplier, '') AS supplier, id, name, part_number AS "partNumber", quantity,
                   cost_per_unit::text AS "costPerUnit", (quantity * cost_per_unit)::text AS value, reorder_level AS "reorderLevel",
                   coalesce(quantity - reorder_level <= 0, false) AS reorder
              FROM inventory_items
             ORDER BY nullif(location, '') NULLS LAST, nullif(supplier, '') NULLS LAST, name, id
             LIMIT ${limit} OFFSET ${offset}`,
      ),
      runSql<{ items: number; quantity: string | null; value: string | null; unpriced: number; reorder: number }>(
        database,
        sql`SELECT count(*)::int AS items, sum(quantity)::text AS quantity, round(sum(quantity * cost_per_unit), 2)::text AS value,
                   count(*) FILTER (WHERE cost_per_unit IS NULL OR quantity IS NULL)::int AS unpriced,
                   count(*) FILTER (WHERE quantity - reorder_level <= 0)::int AS reorder
              FROM inventory_items`,
      ),
      runSql<{ location: string; value: string | null }>(
        database,
        sql`SELECT ${LOCATION} AS location, round(sum(quantity * cost_per_unit), 2)::text AS value
              FROM inventory_items GROUP BY 1 ORDER BY sum(quantity * cost_per_unit) DESC NULLS LAST, 1`,
      ),
    ]);
    const notes = [`${totals.reorder.toLocaleString('en-IN')} of ${counted(totals.items, 'item')} at or below their reorder level (flagged).`];
    if (totals.unpriced > 0) notes.push(`${counted(totals.unpriced, 'item')} without a cost per unit or quantity: value N/A, not in the total.`);
    const points: ReportRow[] = byLocation.slice(0, CHART_LOCATIONS).map((row) => ({ location: row.location, value: numberOrNull(row.value) }));
    if (byLocation.length > CHART_LOCATIONS) {
      const rest = byLocation.slice(CHART_LOCATIONS);
      // Paise as integers: the other locations' values summed exactly.
      const paise = rest.reduce((sum, row) => sum + Math.round(Number(row.value ?? 0) * 100), 0);
      points.push({ location: `Other ${rest.length} locations`, value: paise / 100 });
      notes.push(`The chart shows the ${CHART_LOCATIONS} locations of most value and the other ${rest.length} as one bar; the table lists every item.`);
    }
    return {
      rows: items.map((row) => ({ ...(row as ReportRow), costPerUnit: numberOrNull(row.costPerUnit), value: numberOrNull(row.value) })),
      totals: {
        location: 'Total',
        name: counted(totals.items, 'item'),
        quantity: numberOrNull(totals.quantity),
        value: totals.items === 0 ? 0 : numberOrNull(totals.value),
      },
      points,
      notes,
    };
  },
};
