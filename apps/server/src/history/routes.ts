import { Hono } from 'hono';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  CHANGE_OPERATIONS,
  CHANGE_OPERATION_LABELS,
  activityAreaLabel,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PAGE_OUT_OF_REACH,
  can,
  canReadActivityLog,
  describeIssues,
  isoDate,
  lastReachablePage,
  notAllowedMessage,
  todayIn,
  type ChangeEntry,
  type ChangeOperation,
  type HistoryPage,
} from '@raahi/domain';
import type { AppEnv } from '../auth/middleware';
import type { Database } from '../db/client';
import { csvStream, exportRows, firstBatchFetched, isTimeZone, type ExportColumn } from '../http/csv-export';
import { ApiError, badRequest, notFound } from '../http/errors';
import type { ResourceDefinition } from '../http/resource';
import { recordedExport } from '../operations/export-records';
import { changeLog } from './change-log';
import { actorOf } from '../auth/actor';
import {
  ACCOUNT_AREAS,
  ACTIVITY_AREA,
  activityActors,
  activityConditions,
  activityPage,
  readableAreas,
  recentActivity,
  recordHistory,
  toEntry,
  type Paging,
  type RecordAreas,
} from './read';

/** `?page=&pageSize=`, as the lists take them: deep pages are out of reach (each would scan every entry before it). */
const paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};
const PARAM_LABELS = {
  page: 'Page',
  pageSize: 'Page size',
  actorId: 'User',
  area: 'Area',
  operation: 'Operation',
  from: 'Date from',
  to: 'Date to',
  tz: 'Time zone',
};

const blankIsNone = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

function parseQuery<T extends z.ZodType>(schema: T, query: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw badRequest(describeIssues(parsed.error, PARAM_LABELS, query, 'parameter'));
  const data = parsed.data as Partial<Paging>;
  if (data.page !== undefined && data.pageSize !== undefined && data.page > lastReachablePage(data.pageSize))
    throw new ApiError(400, PAGE_OUT_OF_REACH.title, PAGE_OUT_OF_REACH.message);
  return parsed.data;
}

const pageOf = (entries: ChangeEntry[], hasMore: boolean, { page, pageSize }: Paging): HistoryPage => ({ items: entries, hasMore, page, pageSize });

const text = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(blank)';
  if (Array.isArray(value)) return value.map(text).join(', ');
  if (typeof value === 'object') return String((value as { name?: unknown }).name ?? JSON.stringify(value));
  return String(value);
};

/**
 * GET /api/<area>/:id/history for every area, and the Activity Log under /api/activity. Mounted before the
 * area routes, on the signed-in API.
 */
export function historyRoutes(database: Database, resources: readonly ResourceDefinition[]) {
  const app = new Hono<AppEnv>();
  const areaKeys = resources.map((r) => r.area.key);
  const plurals = Object.fromEntries(resources.map((r) => [r.area.key, r.area.plural as string]));
  const recordAreas: RecordAreas = new Map(resources.map((r) => [r.area.key, r.area]));
  const roleOf = (c: { get(key: 'session'): AppEnv['Variables']['session'] }) => c.get('session').user.role;

  const onlyAdministrators = (role: string) => {
    if (!canReadActivityLog(role)) throw new ApiError(403, 'Not Allowed', notAllowedMessage(role, 'read the Activity Log'));
  };

  const activityFilters = {
    actorId: blankIsNone(z.string().max(64, 'must be at most 64 characters')),
    area: blankIsNone(z.enum([...ACCOUNT_AREAS, ...areaKeys] as [string, ...string[]])),
    operation: blankIsNone(z.enum(CHANGE_OPERATIONS)),
    from: blankIsNone(isoDate),
    to: blankIsNone(isoDate),
  };
  /** A From after its To matches nothing by mistake: refused in words, as the lists do. */
  const checkRange = <Q extends { from?: string; to?: string }>(query: Q): Q => {
    if (query.from && query.to && query.from > query.to) throw badRequest(`Date from (${query.from}) must not be after Date to (${query.to}).`);
    return query;
  };
  const activitySchema = z.strictObject({ ...activityFilters, ...paging });
  const exportSchema = z.strictObject({
    ...activityFilters,
    tz: z.string().max(64).refine(isTimeZone, 'must be a time zone such as Asia/Kolkata').default('Asia/Kolkata'),
  });
  const emptySchema = z.strictObject({});

  app.get('/activity', async (c) => {
    const role = roleOf(c);
    onlyAdministrators(role);
    const { page, pageSize, ...filters } = checkRange(parseQuery(activitySchema, c.req.query()));
    const { rows, hasMore } = await activityPage(database, filters, { page, pageSize });
    return c.json(
      pageOf(
        rows.map((row) => toEntry(row, role, recordAreas)),
        hasMore,
        { page, pageSize },
      ),
    );
  });

  app.get('/activity/actors', async (c) => {
    onlyAdministrators(roleOf(c));
    parseQuery(emptySchema, c.req.query());
    return c.json({ actors: await activityActors(database) });
  });

  app.get('/activity/recent', async (c) => {
    const role = roleOf(c);
    parseQuery(emptySchema, c.req.query());
    const recent = await recentActivity(database, role, readableAreas(role, areaKeys));
    return c.json({
      items: recent.map(({ row, batchCount }) => ({ ...toEntry(row, role, recordAreas), ...(batchCount === undefined ? {} : { batchCount }) })),
    });
  });

  // Every entry the filters match, newest first, streamed in keyset batches like the lists' exports.
  app.get('/activity/export', async (c) => {
    const role = roleOf(c);
    onlyAdministrators(role);
    const { tz, ...filters } = checkRange(parseQuery(exportSchema, c.req.query()));
    const all = getTableColumns(changeLog) as Record<string, PgColumn>;
    const entry = (row: Record<string, unknown>) => toEntry(row as typeof changeLog.$inferSelect, role, recordAreas);
    const columns: ExportColumn[] = [
      { header: 'When', kind: 'datetime', value: (row) => row.at },
      { header: 'User', value: (row) => row.actorName },
      { header: 'Area', value: (row) => activityAreaLabel(String(row.area), plurals[String(row.area)]) },
      { header: 'Record', value: (row) => row.recordId },
      { header: 'Operation', value: (row) => CHANGE_OPERATION_LABELS[row.operation as ChangeOperation] ?? row.operation },
      {
        header: 'Changes',
        value: (row) =>
          entry(row)
            .changes?.map((change) => (change.secret ? `${change.label}: changed` : `${change.label}: ${text(change.before)} → ${text(change.after)}`))
            .join('; ') ?? '',
      },
    ];
    const rows = exportRows(database, all, changeLog, { where: activityConditions(filters), sortColumn: all.at, idColumn: all.id, order: 'desc' });
    // Reading the whole log out is an entry of its own, as every export is: its filters and row count.
    const batches = await firstBatchFetched(recordedExport(rows, { database, actor: actorOf(c), area: ACTIVITY_AREA, filters, searched: false }));
    const stream = csvStream(columns, batches, tz, 'activity', todayIn(tz));
    return c.body(stream, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="activity-log-${todayIn(tz)}.csv"` });
  });

  const historySchema = z.strictObject(paging);
  app.get('/:area/:id/history', async (c) => {
    const area = c.req.param('area');
    const id = c.req.param('id');
    if (!areaKeys.includes(area)) throw notFound('There is no such API endpoint.');
    if (id.length > 64) throw notFound('No such record.');
    const role = roleOf(c);
    if (!can(role, area, 'view'))
      throw new ApiError(403, 'Not Allowed', notAllowedMessage(role, `view ${resources.find((r) => r.area.key === area)!.area.plural}`));
    const query = parseQuery(historySchema, c.req.query());
    const { rows, hasMore } = await recordHistory(database, area, id, query, role);
    return c.json(
      pageOf(
        rows.map((row) => toEntry(row, role, recordAreas)),
        hasMore,
        query,
      ),
    );
  });

  return app;
}
