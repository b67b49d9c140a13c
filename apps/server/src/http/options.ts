import { Hono } from 'hono';
import { and, asc, desc, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { can, type PickOption } from '@raahi/domain';
import { notAllowed, refuseHiddenSort, roleOf } from '../auth/permissions';
import type { AppEnv } from '../auth/middleware';
import type { Database } from '../db/client';
import { notBeingImported } from '../imports/being-imported';
import { badRequest, describeIssues, notFound } from './errors';
import { ListCache } from './list-cache';
import {
  derivedColumnsOf,
  filterParams,
  likePattern,
  listConditions,
  listQuerySchema,
  searchTerm,
  sortDirection,
  sortExpression,
  withListSort,
  type ResourceDefinition,
} from './resource';

/** Areas whose pickers mark records by status (a Sold vehicle, an Inactive driver or station). */
const WITH_STATUS = new Set(['vehicles', 'drivers', 'partner-fuel-stations']);
/** What a role that may not view an area may still order and filter its pick-list by. */
const LABEL_ONLY_PARAMS = new Set(['status']);
const MAX_IDS = 100;

/**
 * GET /api/<area>/options: an area's records as a pick-list shows them, { items: [{ id, label, status? }], hasMore },
 * searched, filtered and sorted as its list is, or the records of `ids` (the labels of choices already made).
 * It answers labels only, never a record's other fields, so a role that may not view the area but names its
 * records (a workshop reporting an incident names its driver) gets it too (auth/permissions.ts, canPick).
 * Such a role's search matches the label itself, not the fields behind the list's search.
 */
export function optionRoutes(database: Database, def: ResourceDefinition, cache: ListCache) {
  const { area, table } = def;
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const schema = listQuerySchema(area, def.referenceFilters).extend({
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    ids: z
      .string()
      .max(MAX_IDS * 65)
      .optional(),
  });
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    if (!def.label) throw notFound(`There is no pick-list of ${area.plural}.`);
    const parsed = schema.safeParse(c.req.query());
    if (!parsed.success) throw badRequest(describeIssues(parsed.error, { ids: 'Ids' }, c.req.query(), 'parameter'));
    const role = roleOf(c);
    const labelOnly = !can(role, area.key, 'view');
    refuseHiddenSort(role, area, parsed.data.sort);
    const { ids: idList, ...rest } = withListSort(area, parsed.data) as typeof parsed.data & { sort: string; order: 'asc' | 'desc' } & Record<string, unknown>;
    const filters = filterParams(def).filter((name) => rest[name] !== undefined);
    if (labelOnly) {
      const asked = [...filters, ...(parsed.data.sort ? [parsed.data.sort] : [])].find((name) => !LABEL_ONLY_PARAMS.has(name));
      if (asked) throw notAllowed(role, `filter or sort ${area.plural} by ${area.fieldLabels[asked] ?? asked}`);
    }
    const ids = idList?.split(',').filter(Boolean);
    if (ids && ids.length > MAX_IDS) throw badRequest(`Ask for at most ${MAX_IDS} ids at once.`);
    const key = `${area.key} options|${labelOnly}|${JSON.stringify({ ...rest, ids })}`;
    const body = await cache.remember(key, async () => {
      // The label over the record's own columns (the subquery by id is for other areas' rows).
      const label = sql<string | null>`${def.label!.of(all)}`;
      const selected = {
        id: all.id,
        label: sql<string>`coalesce(${label}, ${all.id})`,
        ...(WITH_STATUS.has(area.key) && all.status ? { status: all.status } : {}),
      };
      if (ids) {
        const rows = ids.length ? await database.db.select(selected).from(table).where(inArray(all.id, ids)) : [];
        return { items: ids.flatMap((id) => rows.filter((row) => row.id === id)) as PickOption[], hasMore: false };
      }
      const term = searchTerm(rest.q);
      const pattern = term === undefined ? undefined : likePattern(term);
      const where = and(
        // A role that may not view the area searches the labels alone, not the records' other fields.
        listConditions(
          def,
          all,
          labelOnly ? undefined : pattern,
          filters.map((name): [string, unknown] => [name, rest[name]]),
          rest.today,
        ),
        labelOnly && pattern !== undefined ? sql`lower(${label}) LIKE ${pattern}` : undefined,
        // A record of an import still being written is offered to no one: its import may yet be taken back.
        notBeingImported(area.key, all.id),
      );
      const direction = rest.order === 'asc' ? asc : desc;
      const orderBy =
        rest.sort === 'id'
          ? [direction(all.id)]
          : [sortDirection(sortExpression(area, derivedColumnsOf(def, all), rest.sort, rest.today), rest.order), direction(all.id)];
      const rows = await database.db
        .select(selected)
        .from(table)
        .where(where)
        .orderBy(...orderBy)
        .limit(rest.pageSize + 1)
        .offset((rest.page - 1) * rest.pageSize);
      return { items: rows.slice(0, rest.pageSize) as PickOption[], hasMore: rows.length > rest.pageSize };
    });
    return c.json(body);
  });

  return app;
}
