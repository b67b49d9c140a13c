import { sql, type SQL } from 'drizzle-orm';
import { LEAD_STATUSES, ORDER_STATUSES, QUOTATION_STATUSES, type ReportRow } from '@raahi/domain';
import { companyTimeZone } from '../company-time';
import type { ReportDefinition } from './report';
import { containsPattern, counted, numberOrNull, runSql } from './sql';

/**
 * Report 7, the sales pipeline (issue 20): leads by status; quotations by status with their value (the final amount an
 * order on it would carry: flat rate + tax% − discount%, as quotationFinalAmount computes it, rounded per quotation;
 * a per-km-only quotation has none); orders by status with their final amount, paid and receivable (final − paid,
 * never below 0; a cancelled order is owed nothing). Every status is listed, with 0 when none. A record is in the
 * period by its date: a lead's and a quotation's creation day (company's zone), an order's Date. Customer: a
 * case-insensitive part of the lead's company name or the quotation's or order's customer name. Money is summed as
 * numeric in SQL and rounded once.
 */
const STAGES = [
  { stage: 'Leads', statuses: LEAD_STATUSES },
  { stage: 'Quotations', statuses: QUOTATION_STATUSES },
  { stage: 'Orders', statuses: ORDER_STATUSES },
] as const;

/** A quotation's value as quotationFinalAmount gives it: null without a flat rate or when 0 or less. */
const QUOTATION_VALUE = sql.raw(
  `nullif(greatest(round(flat_rate + flat_rate * coalesce(tax, 0)::numeric / 100 - flat_rate * coalesce(discount, 0)::numeric / 100, 2), 0), 0)`,
);

interface StatusRow {
  status: string;
  count: number;
  value: string | null;
  paid: string | null;
  receivable: string | null;
  unvalued?: number;
}

export const salesPipelineReport: ReportDefinition = {
  description: {
    key: 'sales-pipeline',
    title: 'Sales Pipeline',
    description: 'Leads by status, quotation value by status, and orders with what is paid and still receivable (final − paid).',
    period: true,
    filters: ['customer'],
    columns: [
      { key: 'stage', label: 'Stage', kind: 'text' },
      { key: 'status', label: 'Status', kind: 'text' },
      { key: 'count', label: 'Count', kind: 'integer' },
      { key: 'value', label: 'Value', kind: 'money' },
      { key: 'paid', label: 'Paid', kind: 'money' },
      { key: 'receivable', label: 'Receivable', kind: 'money' },
    ],
    chart: { type: 'bar', x: 'label', series: ['value', 'receivable'] },
  },
  areas: ['sales-leads', 'sales-quotations', 'sales-orders'],
  async run(database, { from, to, filters, offset, limit }) {
    const zone = companyTimeZone();
    const pattern = filters.customer === undefined ? undefined : containsPattern(filters.customer);
    const createdIn = sql`created_at >= (${from}::date)::timestamp AT TIME ZONE ${zone} AND created_at < (${to}::date + 1)::timestamp AT TIME ZONE ${zone}`;
    const customer = (column: SQL) => (pattern === undefined ? sql`true` : sql`lower(${column}) LIKE ${pattern}`);
    const [leads, quotations, orders] = await Promise.all([
      runSql<StatusRow>(
        database,
        sql`SELECT status, count(*)::int AS count, NULL AS value, NULL AS paid, NULL AS receivable
              FROM sales_leads WHERE ${createdIn} AND ${customer(sql`company_name`)} GROUP BY status`,
      ),
      runSql<StatusRow>(
        database,
        sql`SELECT status, count(*)::int AS count, sum(${QUOTATION_VALUE})::text AS value, NULL AS paid, NULL AS receivable,
                   count(*) FILTER (WHERE ${QUOTATION_VALUE} IS NULL)::int AS unvalued
              FROM sales_quotations WHERE ${createdIn} AND ${customer(sql`customer_name`)} GROUP BY status`,
      ),
      runSql<StatusRow>(
        database,
        sql`SELECT status, count(*)::int AS count, sum(final_amount)::text AS value, sum(coalesce(paid_amount, 0))::text AS paid,
                   sum(greatest(0, final_amount - coalesce(paid_amount, 0))) FILTER (WHERE status <> 'Cancelled')::text AS receivable
              FROM sales_orders WHERE date BETWEEN ${from}::date AND ${to}::date AND ${customer(sql`customer_name`)} GROUP BY status`,
      ),
    ]);
    const found = [leads, quotations, orders];
    const all: ReportRow[] = [];
    STAGES.forEach(({ stage, statuses }, i) => {
      const byStatus = new Map(found[i].map((row) => [row.status, row]));
      // Declared statuses in their order, then any other status a record still holds.
      const names = [
        ...statuses,
        ...found[i]
          .map((row) => row.status)
          .filter((status) => !(statuses as readonly string[]).includes(status))
          .sort(),
      ];
      for (const status of names) {
        const row = byStatus.get(status);
        const money = (value: string | null | undefined, applies: boolean) => (applies ? (numberOrNull(value) ?? 0) : null);
        all.push({
          stage,
          status,
          count: row?.count ?? 0,
          value: money(row?.value, stage !== 'Leads'),
          paid: money(row?.paid, stage === 'Orders'),
          receivable: money(row?.receivable, stage === 'Orders' && status !== 'Cancelled'),
        });
      }
    });
    const paise = (key: 'paid' | 'receivable') => all.reduce((sum, row) => sum + Math.round(Number(row[key] ?? 0) * 100), 0) / 100;
    const unvalued = quotations.reduce((sum, row) => sum + (row.unvalued ?? 0), 0);
    const notes = ['Receivable is final − paid per order, never below ₹0; cancelled orders are owed nothing.'];
    if (unvalued > 0) notes.push(`${counted(unvalued, 'quotation')} priced per km only (no flat rate): no value, not in Value.`);
    if (filters.customer !== undefined) notes.push(`Customer: names containing "${filters.customer}".`);
    return {
      rows: all.slice(offset, offset + limit),
      totals: { stage: 'Total', paid: paise('paid'), receivable: paise('receivable') },
      points: all
        .filter((row) => row.stage !== 'Leads')
        .map((row) => ({ label: `${row.stage === 'Orders' ? 'Order' : 'Quotation'} ${row.status}`, value: row.value, receivable: row.receivable })),
      notes,
    };
  },
};
