import { Hono } from 'hono';
import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  EXACT_COUNT_LIMIT,
  MAX_PAGE_SIZE,
  firstFailure,
  generateId,
  type AreaDefinition,
  type ListPage,
} from '@raahi/domain';
import type { AppEnv } from '../auth/middleware';
import type { Database } from '../db/client';
import { ApiError, badRequest, describeIssues, notFound, readJson } from './errors';

/** Records elsewhere that point at this one; a delete is refused while any exist. */
export interface UsedBy {
  /** Nouns for the message, e.g. 'trip' and 'trips'. */
  singular: string;
  plural: string;
  count(database: Database, id: string): Promise<number>;
}

/** What the server adds to an area: its table, how search reaches linked records, who uses its records. */
export interface ResourceDefinition {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  area: AreaDefinition<any>;
  table: PgTable;
  /**
   * The search condition for a lower-cased LIKE pattern. Defaults to the table's search_text column
   * (a trigram-indexed concatenation of the searched fields); areas that search linked labels extend it.
   */
  search?: (pattern: string, columns: Record<string, PgColumn>) => SQL;
  usedBy?: UsedBy[];
}

export type ListQuery = { q?: string; page: number; pageSize: number; sort: string; order: 'asc' | 'desc' } & Record<string, unknown>;

/** Escapes LIKE wildcards so that a search for '50%' means the text '50%'. */
export function likePattern(term: string): string {
  return '%' + term.toLowerCase().replace(/[\\%_]/g, (ch) => '\\' + ch) + '%';
}

export function listQuerySchema(area: AreaDefinition) {
  const filters = Object.fromEntries(
    Object.entries(area.filters).map(([name, values]) => [
      name,
      z.preprocess((v) => (v === '' ? undefined : v), z.enum(values as [string, ...string[]]).optional()),
    ]),
  );
  return z.strictObject({
    q: z.string().max(200, 'must be at most 200 characters').optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort: z.enum(area.sorts as [string, ...string[]]).default(area.defaultSort.sort),
    order: z.enum(['asc', 'desc']).default(area.defaultSort.order),
    ...filters,
  });
}

function recordColumns(table: PgTable) {
  const { searchText: _searchText, ...columns } = getTableColumns(table) as Record<string, PgColumn>;
  return columns;
}

export async function listRecords(database: Database, def: ResourceDefinition, query: ListQuery): Promise<ListPage<Record<string, unknown>>> {
  const { db } = database;
  const columns = recordColumns(def.table);
  const all = getTableColumns(def.table) as Record<string, PgColumn>;
  const conditions: SQL[] = [];
  // Newlines separate the fields in search_text, so a term never carries one across fields.
  const term = query.q?.replace(/[\r\n]+/g, ' ').trim();
  if (term) {
    const pattern = likePattern(term);
    conditions.push(def.search ? def.search(pattern, all) : sql`${all.searchText} LIKE ${pattern}`);
  }
  for (const name of Object.keys(def.area.filters)) {
    const value = query[name];
    if (value !== undefined) conditions.push(eq(all[name], value));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.order === 'asc' ? asc : desc;
  const order = [direction(all[query.sort])];
  if (query.sort !== 'id') order.push(direction(all.id));

  const itemsQuery = db
    .select(columns)
    .from(def.table)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [items, counted] = await Promise.all([itemsQuery, countMatches(database, def.table, where)]);
  return { items, ...counted, page: query.page, pageSize: query.pageSize };
}

/** Exact up to EXACT_COUNT_LIMIT matches (a bounded scan); above that, the planner's estimate. */
async function countMatches(database: Database, table: PgTable, where: SQL | undefined) {
  const { db } = database;
  const capped = db.select({ one: sql`1` }).from(table).where(where).limit(EXACT_COUNT_LIMIT + 1).as('matches');
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  if (count <= EXACT_COUNT_LIMIT) return { total: count, totalIsEstimate: false };
  const statement = db.select({ one: sql`1` }).from(table).where(where).toSQL();
  const [row] = await database.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${statement.sql}`, statement.params);
  const plan = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
  const estimate = Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
  return { total: Math.max(estimate, count), totalIsEstimate: true };
}

function parseInput(def: ResourceDefinition, body: unknown, withVersion: boolean) {
  const schema = withVersion ? def.area.input.extend({ version: z.number().int().min(1) }) : def.area.input;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(describeIssues(parsed.error, { ...def.area.fieldLabels, version: 'Version' }, body));
  const failure = firstFailure(def.area.rules, parsed.data);
  if (failure) throw new ApiError(422, failure.title, failure.message);
  return parsed.data as Record<string, unknown>;
}

const idParam = (id: string) => {
  if (id.length > 64) throw notFound('No such record.');
  return id;
};

export function resourceRoutes(database: Database, def: ResourceDefinition) {
  const { area, table } = def;
  const { db } = database;
  const columns = recordColumns(table);
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const querySchema = listQuerySchema(area);
  const missing = (id: string) => notFound(`The ${area.singular} ${id} does not exist. It may have been deleted.`);
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const parsed = querySchema.safeParse(c.req.query());
    if (!parsed.success) throw badRequest(describeIssues(parsed.error, { q: 'Search', page: 'Page', pageSize: 'Page size', sort: 'Sort', order: 'Order' }, c.req.query(), 'parameter'));
    return c.json(await listRecords(database, def, parsed.data as ListQuery));
  });

  app.post('/', async (c) => {
    const input = parseInput(def, await readJson(c), false);
    // Ids are short (prefix, time digits, random capitals), so a collision is possible: retry with a new one.
    for (let attempt = 0; attempt < 8; attempt++) {
      const [row] = await db
        .insert(table)
        .values({ ...input, id: generateId(area.idFormat) })
        .onConflictDoNothing({ target: all.id })
        .returning(columns);
      if (row) return c.json(row, 201);
    }
    throw new ApiError(503, 'Add Failed', 'Could not allocate a unique id. Please try again.');
  });

  app.get('/:id', async (c) => {
    const id = idParam(c.req.param('id'));
    const [row] = await db.select(columns).from(table).where(eq(all.id, id));
    if (!row) throw missing(id);
    return c.json(row);
  });

  app.put('/:id', async (c) => {
    const id = idParam(c.req.param('id'));
    const { version, ...input } = parseInput(def, await readJson(c), true);
    const [row] = await db
      .update(table)
      .set({ ...input, version: sql`${all.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(all.id, id), eq(all.version, version as number)))
      .returning(columns);
    if (row) return c.json(row);
    const [exists] = await db.select({ id: all.id }).from(table).where(eq(all.id, id));
    if (!exists) throw missing(id);
    throw new ApiError(
      409,
      'Update Conflict',
      `This ${area.singular} was changed by someone else after you opened it. Close the dialog and open it again to see the latest version; your changes were not saved.`,
    );
  });

  app.delete('/:id', async (c) => {
    const id = idParam(c.req.param('id'));
    for (const user of def.usedBy ?? []) {
      const count = await user.count(database, id);
      if (count > 0) {
        const users = count === 1 ? `1 ${user.singular} uses` : `${count} ${user.plural} use`;
        throw new ApiError(409, 'Delete Failed', `This ${area.singular} cannot be deleted because ${users} it.`);
      }
    }
    const deleted = await db.delete(table).where(eq(all.id, id)).returning({ id: all.id });
    if (deleted.length === 0) throw missing(id);
    return c.body(null, 204);
  });

  return app;
}
