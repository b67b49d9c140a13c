import { sql } from 'drizzle-orm';
import { DEFAULT_DOCUMENT_DUE_SOON_DAYS, DOCUMENT_DUE_SOON_DAYS } from '@raahi/domain';
import type { ReminderRule } from '../rule';
import { dateParam, onlyIds, shownDate } from './common';

/** The default threshold of a document type, as SQL (the domain's DOCUMENT_DUE_SOON_DAYS, else the default). */
const defaultDays = () => {
  const cases = Object.entries(DOCUMENT_DUE_SOON_DAYS).map(([type, days]) => sql`WHEN ${type} THEN ${days}::int`);
  return cases.length
    ? sql`CASE d.document_type ${sql.join(cases, sql` `)} ELSE ${DEFAULT_DOCUMENT_DUE_SOON_DAYS}::int END`
    : sql`${DEFAULT_DOCUMENT_DUE_SOON_DAYS}::int`;
};

/**
 * Compliance documents by expiry date: Overdue once past it (the day after the expiry date), Due Soon from
 * the threshold of its type (Manage Expiry Alerts, document_alert_thresholds; else the domain's default: PUC
 * 15 days, the rest 30) up to and including the expiry date. A document with a newer one of the same type
 * for the same vehicle, driver or trip (a later expiry date; on a tie the later added) is replaced and no
 * longer judged. A company document (no entity) stands alone.
 */
export const documentsRule: ReminderRule = {
  kind: 'documents',
  area: 'compliance',
  states(today, ids) {
    const t = dateParam(today);
    // Run over some records: only the groups (type, entity) of those records need ranking.
    const groups = ids
      ? sql` WHERE d.entity_id = '' OR (d.document_type, d.entity_id) IN (SELECT g.document_type, g.entity_id FROM compliance_documents g WHERE g.id = ANY(${sql.param([...ids])}::text[]))`
      : sql``;
    return sql`SELECT r.id AS record_id,
        CASE WHEN r.expiry_date < ${t} THEN 'overdue' WHEN r.expiry_date <= ${t} + r.days THEN 'due_soon' ELSE 'ok' END AS state,
        r.document_name AS label, r.expiry_date::text AS due
      FROM (
        SELECT d.id, d.document_name, d.expiry_date, d.entity_id,
          coalesce(a.due_soon_days, ${defaultDays()}) AS days,
          row_number() OVER (PARTITION BY d.document_type, CASE WHEN d.entity_id = '' THEN d.id ELSE d.entity_id END ORDER BY d.expiry_date DESC NULLS LAST, d.created_at DESC, d.id DESC) AS newest
        FROM compliance_documents d LEFT JOIN document_alert_thresholds a ON a.document_type = d.document_type${groups}
      ) r
      WHERE r.newest = 1 AND r.expiry_date IS NOT NULL${onlyIds(sql`r.id`, ids)}`;
  },
  related: (ids) =>
    sql`SELECT o.id AS record_id FROM compliance_documents o WHERE (o.document_type, o.entity_id) IN (SELECT g.document_type, g.entity_id FROM compliance_documents g WHERE g.id = ANY(${sql.param([...ids])}::text[]) AND g.entity_id <> '')`,
  notice: ({ state, label, due }) =>
    state === 'overdue'
      ? { title: 'Document Expired', message: `${label} expired on ${shownDate(due)}. Renew it and upload the new document in Compliance.`, type: 'critical' }
      : { title: 'Document Expiring Soon', message: `${label} expires on ${shownDate(due)}.`, type: 'warning' },
};
