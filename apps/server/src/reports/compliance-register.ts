import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { complianceArea, insuranceArea, type ReportRow } from '@raahi/domain';
import { derivedValue } from '../http/derived-sql';
import { complianceResource } from '../resources/compliance';
import { insuranceResource } from '../resources/trip-insurance';
import type { ReportDefinition } from './report';
import { counted, numberOrNull, runSql } from './sql';

/**
 * Report 4, the compliance register (issue 20): every compliance document and trip insurance policy with its state as
 * its list shows it (the areas' own derived states, judged by the company's today: Valid / Expires Soon / Expired /
 * No Expiry for a document; a policy's status, Expired once its end date has passed) and its days left (negative once
 * past). The soonest expiry first; those without one last. Filtered by vehicle: the vehicle's documents, its trips'
 * documents (an e-Way Bill) and its trips' policies. No period: the register is the present state.
 */
const documents = getTableColumns(complianceResource.table) as Record<string, PgColumn>;
const policies = getTableColumns(insuranceResource.table) as Record<string, PgColumn>;
const documentState = (today: string) => derivedValue(complianceArea.derived!.expiry, documents, today);
const policyState = (today: string) => derivedValue(insuranceArea.derived!.status, policies, today);

const KINDS = { document: 'Document', policy: 'Trip Insurance' } as const;

/**
 * Both kinds as one set of rows (without labels: a page labels only its own rows, the counts need none); `ref` is what
 * the record is for (a document's entity id, a policy's trip); `vehicle` keeps a vehicle's own.
 */
function registerRows(today: string, vehicle: string | undefined): SQL {
  const tripsOfVehicle = sql`(SELECT t.id FROM trips t WHERE t.vehicle_id = ${vehicle ?? null})`;
  const documentWhere =
    vehicle === undefined ? sql`true` : sql`(nullif(${documents.entityId}, '') = ${vehicle} OR nullif(${documents.entityId}, '') IN ${tripsOfVehicle})`;
  const policyWhere = vehicle === undefined ? sql`true` : sql`${policies.tripId} IN ${tripsOfVehicle}`;
  return sql`
    SELECT ${KINDS.document}::text AS kind, ${documents.id} AS id, ${documents.documentName} AS name, ${documents.documentType} AS type,
           nullif(${documents.entityId}, '') AS ref, ${documents.expiryDate} AS until, ${documentState(today)} AS state
      FROM ${complianceResource.table} WHERE ${documentWhere}
    UNION ALL
    SELECT ${KINDS.policy}::text, ${policies.id}, ${policies.policyNumber}, ${policies.insuranceType}, ${policies.tripId}, ${policies.endDate}, ${policyState(today)}
      FROM ${insuranceResource.table} WHERE ${policyWhere}`;
}

/** What a record is for, as its list shows it: a vehicle's, driver's or trip's label (an id naming none as it is). */
const REF_LABEL = sql.raw(`coalesce((SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) FROM vehicles v WHERE v.id = page.ref),
  (SELECT driver_label(d.name, d.id) FROM drivers d WHERE d.id = page.ref),
  (SELECT trip_label(t.id, t.origin, t.destination) FROM trips t WHERE t.id = page.ref), page.ref)`);

export const complianceRegisterReport: ReportDefinition = {
  description: {
    key: 'compliance-register',
    title: 'Compliance Register',
    description: 'Every compliance document and trip insurance policy with its state and days left, the soonest expiry first.',
    period: false,
    filters: ['vehicle'],
    columns: [
      { key: 'kind', label: 'Kind', kind: 'text' },
      { key: 'id', label: 'ID', kind: 'text' },
      { key: 'name', label: 'Name / Policy Number', kind: 'text' },
      { key: 'type', label: 'Type', kind: 'text' },
      { key: 'for', label: 'For', kind: 'text' },
      { key: 'until', label: 'Expiry / End Date', kind: 'date' },
      { key: 'state', label: 'State', kind: 'text' },
      { key: 'daysLeft', label: 'Days Left', kind: 'integer' },
    ],
    chart: { type: 'stacked-bar', x: 'state', series: ['documents', 'policies'] },
  },
  areas: ['compliance', 'trip-insurance', 'trips', 'vehicles', 'drivers'],
  async run(database, { today, filters, offset, limit }) {
    const rows = registerRows(today, filters.vehicle);
    const [page, counts] = await Promise.all([
      runSql<{ kind: string; id: string; name: string; type: string; for: string | null; until: string | null; state: string; daysLeft: number | null }>(
        database,
        sql`SELECT kind, id, name, type, ${REF_LABEL} AS "for", to_char(until, 'YYYY-MM-DD') AS until, state, (until - ${today}::date)::int AS "daysLeft"
              FROM (SELECT * FROM (${rows}) AS register ORDER BY until NULLS LAST, id LIMIT ${limit} OFFSET ${offset}) AS page
             ORDER BY until NULLS LAST, id`,
      ),
      runSql<{ state: string; documents: number; policies: number }>(
        database,
        sql`SELECT state, count(*) FILTER (WHERE kind = ${KINDS.document})::int AS documents, count(*) FILTER (WHERE kind = ${KINDS.policy})::int AS policies
              FROM (${rows}) AS register GROUP BY state ORDER BY state`,
      ),
    ]);
    const documentCount = counts.reduce((sum, row) => sum + row.documents, 0);
    const policyCount = counts.reduce((sum, row) => sum + row.policies, 0);
    const expired = counts.find((row) => row.state === 'Expired');
    const soon = counts.find((row) => row.state === 'Expires Soon');
    const notes = [`Days left count from ${today} (the company's today); a negative number is days since expiry.`];
    if (expired)
      notes.push(
        `${(expired.documents + expired.policies).toLocaleString('en-IN')} expired (${counted(expired.documents, 'document')}, ${counted(expired.policies, 'policy', 'policies')}).`,
      );
    if (soon) notes.push(`${counted(soon.documents, 'document')} expire within 30 days.`);
    return {
      rows: page.map((row): ReportRow => ({ ...row, daysLeft: numberOrNull(row.daysLeft) })),
      totals: { kind: 'Total', name: `${counted(documentCount, 'document')}, ${counted(policyCount, 'policy', 'policies')}` },
      points: counts.map((row) => ({ state: row.state, documents: row.documents, policies: row.policies })),
      notes,
    };
  },
};
