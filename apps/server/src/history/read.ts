import { companyTimeZone } from '../company-time';
import { and, desc, eq, gte, inArray, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNT_AREA_LABELS,
  can,
  canReadActivityLog,
  hiddenFieldsOf,
  type AreaDefinition,
  type ChangeEntry,
  type ChangeOperation,
  type FieldChange,
} from '@raahi/domain';
import { hiddenKeysOf } from '../auth/permissions';
import type { Database } from '../db/client';
import { changeLog } from './change-log';

/**
 * Reading the change log: a record's history, the Activity Log and the dashboard's recent activity. Each
 * entry is shown as the reader's role may see it: its fields by their labels, personal fields left out.
 */

/** The Activity Log's own entries (its exports). */
export const ACTIVITY_AREA = 'activity';
/** Areas that are not record areas: sign-ins, user changes and Activity Log exports, for administrators only. */
export const ACCOUNT_AREAS = Object.keys(ACCOUNT_AREA_LABELS);

/** The record areas by key: their fields' labels ('status' → 'Status') and what a role may not see of them. */
export type RecordAreas = ReadonlyMap<string, AreaDefinition>;

type Row = typeof changeLog.$inferSelect;

/** One stored entry as the API gives it to a reader of `role`: personal fields, and the values computed from them, left out. */
export function toEntry(row: Row, role: string, areas: RecordAreas): ChangeEntry {
  const area = areas.get(row.area);
  const hidden = area ? hiddenKeysOf(role, area) : [];
  const areaLabels: Readonly<Record<string, string>> = area?.fieldLabels ?? {};
  const changes = Array.isArray(row.changes)
    ? (row.changes as FieldChange[])
        .filter((change) => !hidden.includes(change.field))
        .map((change) => ({ ...change, label: change.label ?? areaLabels[change.field] ?? change.field }))
    : null;
  const snapshot =
    row.snapshot && typeof row.snapshot === 'object'
      ? Object.fromEntries(Object.entries(row.snapshot as Record<string, unknown>).filter(([field]) => !hidden.includes(field)))
      : null;
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actor: { type: row.actorType as ChangeEntry['actor']['type'], id: row.actorId, name: row.actorName },
    area: row.area,
    recordId: row.recordId,
    operation: row.operation as ChangeOperation,
    batchId: row.batchId,
    changes,
    snapshot,
    details: (row.details as Record<string, unknown> | null) ?? null,
  };
}

export interface Paging {
  page: number;
  pageSize: number;
}

/** One page, newest first: a row more than asked tells whether another page follows. */
async function newestFirst(database: Database, where: SQL | undefined, { page, pageSize }: Paging): Promise<{ rows: Row[]; hasMore: boolean }> {
  const rows = await database.db
    .select()
    .from(changeLog)
    .where(where)
    .orderBy(desc(changeLog.at), desc(changeLog.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

/**
 * An update that changed only fields hidden from the role (a driver's Aadhaar card) is not shown to it at all:
 * an entry without its changes would still tell that, and when, the personal data changed.
 */
function withoutHiddenOnlyUpdates(role: string, areas: readonly string[]): SQL | undefined {
  const conditions = areas.flatMap((area) => {
    const hidden = hiddenFieldsOf(role, area);
    if (hidden.length === 0) return [];
    const fields = sql.join(
      hidden.map((field) => sql`${field}`),
      sql`, `,
    );
    return [
      sql`NOT (${changeLog.area} = ${area} AND ${changeLog.operation} = 'update' AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(${changeLog.changes}) AS change WHERE change->>'field' NOT IN (${fields})))`,
    ];
  });
  return conditions.length ? and(...conditions) : undefined;
}

/** A record's history, newest first (index change_log_record). A deleted record's stays: the log is not the record. */
export function recordHistory(database: Database, area: string, recordId: string, paging: Paging, role: string) {
  return newestFirst(database, and(eq(changeLog.area, area), eq(changeLog.recordId, recordId), withoutHiddenOnlyUpdates(role, [area])), paging);
}

export interface ActivityFilters {
  actorId?: string;
  area?: string;
  operation?: string;
  /** Calendar days in the company's zone, both included. */
  from?: string;
  to?: string;
}

/** The Activity Log's WHERE: a day runs from 00:00 to 24:00 in the company's zone, as the lists' From–To filters do. */
export function activityConditions({ actorId, area, operation, from, to }: ActivityFilters): SQL | undefined {
  const zone = sql.raw(`'${companyTimeZone()}'`);
  return and(
    actorId === undefined ? undefined : eq(changeLog.actorId, actorId),
    area === undefined ? undefined : eq(changeLog.area, area),
    operation === undefined ? undefined : eq(changeLog.operation, operation),
    from === undefined ? undefined : gte(changeLog.at, sql`(${from}::date)::timestamp AT TIME ZONE ${zone}`),
    to === undefined ? undefined : lt(changeLog.at, sql`(${to}::date + 1)::timestamp AT TIME ZONE ${zone}`),
  );
}

export const activityPage = (database: Database, filters: ActivityFilters, paging: Paging) => newestFirst(database, activityConditions(filters), paging);

/** The areas whose entries a role may read outside the Activity Log: those it may view, and accounts for administrators. */
export function readableAreas(role: string, areas: readonly string[]): string[] {
  return [...areas.filter((area) => can(role, area, 'view')), ...(canReadActivityLog(role) ? ACCOUNT_AREAS : [])];
}

export const RECENT_ENTRIES = 7;
/** Rows read per step while gathering recent entries; a batch's other rows are skipped by the next step's condition. */
const RECENT_STEP = 50;
const RECENT_STEPS = 20;

/**
 * The latest entries a reader may see, a batch (an import, a bulk action) as one entry with its count. Read
 * newest first in steps, each leaving out the batches already taken, so one batch of thousands costs one step.
 */
export async function recentActivity(
  database: Database,
  role: string,
  areas: readonly string[],
  count = RECENT_ENTRIES,
): Promise<{ row: Row; batchCount?: number }[]> {
  if (areas.length === 0) return [];
  const taken: { row: Row; batchCount?: number }[] = [];
  const batches: string[] = [];
  let last: Row | undefined;
  for (let step = 0; step < RECENT_STEPS && taken.length < count; step++) {
    const rows = await database.db
      .select()
      .from(changeLog)
      .where(
        and(
          inArray(changeLog.area, [...areas]),
          withoutHiddenOnlyUpdates(role, areas),
          batches.length ? or(isNull(changeLog.batchId), notInArray(changeLog.batchId, batches)) : undefined,
          last ? sql`(${changeLog.at}, ${changeLog.id}) < (${last.at.toISOString()}::timestamptz, ${last.id})` : undefined,
        ),
      )
      .orderBy(desc(changeLog.at), desc(changeLog.id))
      .limit(RECENT_STEP);
    for (const row of rows) {
      if (taken.length === count) break;
      if (row.batchId !== null && batches.includes(row.batchId)) continue;
      if (row.batchId !== null) batches.push(row.batchId);
      taken.push({ row });
    }
    if (rows.length < RECENT_STEP) break;
    last = rows[rows.length - 1];
  }
  const batchIds = taken.flatMap(({ row }) => (row.batchId === null ? [] : [row.batchId]));
  if (batchIds.length > 0) {
    // Index change_log_batch (migration 0032).
    const counts = await database.db
      .select({ batchId: changeLog.batchId, count: sql<number>`count(*)::int` })
      .from(changeLog)
      .where(and(inArray(changeLog.batchId, batchIds), inArray(changeLog.area, [...areas])))
      .groupBy(changeLog.batchId);
    const byBatch = new Map(counts.map((c) => [c.batchId, c.count]));
    for (const entry of taken) if (entry.row.batchId !== null) entry.batchCount = byBatch.get(entry.row.batchId) ?? 1;
  }
  return taken;
}

export interface Actor {
  id: string;
  type: string;
  name: string;
}

const MAX_ACTORS = 500;

/**
 * Who appears in the log, for the Activity Log's user filter: the distinct actor ids found by skipping through
 * the change_log_actor index (one probe per actor, not a scan of every entry), each with its latest name.
 */
export async function activityActors(database: Database): Promise<Actor[]> {
  const rows = await database.query<{ id: string; type: string; name: string }>(
    `WITH RECURSIVE ids AS (
       (SELECT actor_id FROM change_log ORDER BY actor_id LIMIT 1)
       UNION ALL
       SELECT (SELECT c.actor_id FROM change_log c WHERE c.actor_id > ids.actor_id ORDER BY c.actor_id LIMIT 1) FROM ids WHERE ids.actor_id IS NOT NULL
     )
     SELECT ids.actor_id AS id, latest.actor_type AS type, latest.actor_name AS name
     FROM (SELECT actor_id FROM ids WHERE actor_id IS NOT NULL LIMIT ${MAX_ACTORS}) ids
     CROSS JOIN LATERAL (SELECT actor_type, actor_name FROM change_log c WHERE c.actor_id = ids.actor_id ORDER BY c.at DESC, c.id DESC LIMIT 1) latest
     ORDER BY lower(latest.actor_name), ids.actor_id`,
  );
  return rows;
}
