import { Hono, type Context } from 'hono';
import { and, arrayContains, asc, Column, desc, eq, is, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  EXACT_COUNT_LIMIT,
  MAX_PAGE_SIZE,
  PAGE_OUT_OF_REACH,
  lastReachablePage,
  defaultSortOf,
  rangeParam,
  rangeParams,
  presentFilterNames,
  isoDate,
  todayIn,
  type Actor,
  type AnyField,
  type AreaDefinition,
  type ListPage,
  type ListTotal,
} from '@raahi/domain';
import type { AppEnv } from '../auth/middleware';
import type { Database } from '../db/client';
import { ApiError, badRequest, describeIssues, notFound, readJson } from './errors';
import { csvStream, exportRows, firstBatchFetched, isTimeZone, type ExportColumn } from './csv-export';
import { ListCache } from './list-cache';
import { companyTimeZone, companyToday } from '../company-time';
import { derivedFilter, derivedValue } from './derived-sql';
import { keepCountsInZone, keptAnswers, keptInZone, keptSelection, keptSource, type KeptCounts } from './kept-counts';
import { hiddenKeysOf, refuseHiddenSort, roleOf, withoutKeys } from '../auth/permissions';
import { optionRoutes } from './options';
import { actorOf } from '../auth/actor';
import type { OperationContext } from '../operations/context';
import { createRecord } from '../operations/create-record';
import { deleteRecord } from '../operations/delete-record';
import { recordedExport } from '../operations/export-records';
import { readRecord, recordMissing, recordSelection } from '../operations/stored-record';
import { patchRecord, updateRecord } from '../operations/update-record';
import type { FileStorage } from '../files/storage';

/** Records elsewhere that point at this one; a delete is refused while any exist. */
export interface UsedBy {
  /** Nouns for the message, e.g. 'trip' and 'trips'. */
  singular: string;
  plural: string;
  count(database: Database, id: string): Promise<number>;
}

/** A field that names a record of another table, which must exist when the record is saved. */
export interface Reference {
  field: string;
  table: PgTable;
  /** 'vehicle' — for the message when it does not exist. */
  noun: string;
  plural?: string;
  /** Only records holding these values (column → value) may be newly linked; `labels` names the columns in messages. */
  linkableWhen?: { values: Readonly<Record<string, string>>; labels: Readonly<Record<string, string>> };
  /** Records holding any of these values (column → values) may not be linked: a trip's vehicle that is Sold. */
  unlinkableWhen?: Readonly<Record<string, readonly string[]>>;
  /** The conditions hold while the saved record has these values, and are checked again when they change (LinkConditions). */
  checkedWhile?: Readonly<Record<string, readonly string[]>>;
  /** The linked record's label, to name it in messages. */
  label?: (id: SQLWrapper) => SQL<string | null>;
}

/** A value that one record at most may hold, kept by a unique index; a save that would repeat it gets 409 naming the holder. */
export interface UniqueValue {
  /** The index, as PostgreSQL names it in the violation. */
  index: string;
  /** Which record holds the saved value: a condition on the table's columns. */
  heldBy(columns: Record<string, PgColumn>, input: Record<string, unknown>): SQL | undefined;
  /** The answer, naming the holder (read as the API returns records). */
  refusal(holder: Record<string, unknown>, input: Record<string, unknown>): { title: string; message: string };
  /**
   * The value's key as the index compares it, null when the input (or a record as the API returns it) holds
   * none: two rows of one import file with one key are refused as the index would refuse the second.
   */
  keyOf?(input: Record<string, unknown>): string | null;
}

/**
 * A field that names a record of any of several tables (a document's vehicle, driver or trip) by its id,
 * '' for none. A newly chosen id must name one; an id kept from the stored record stays, even if it names none.
 */
export interface EntityReference {
  field: string;
  /** The field's label and the nouns of its tables, for the message when an id names none. */
  label: string;
  targets: { table: PgTable; noun: string }[];
}

/** How an area's records are named where others link to them (a vehicle as 'Tata Prima (MH12AB1234)'). */
export interface RecordLabel {
  /** From the record's own columns: `SELECT id, label.of(columns) FROM table` (a pick-list of labels). */
  of(columns: Record<string, PgColumn>): SQL;
  /** The label of the record an id names, as a subquery any other area's query can hold (null when none). */
  byId(id: SQLWrapper): SQL<string | null>;
}

/**
 * A list filter by a linked record's id: `vehicleId=VEH…` (the records that name it), or one link further,
 * `trip.vehicleId=VEH…` (the records whose trip names it). Derived from the declared reference fields.
 */
export interface ReferenceFilter {
  /** The list parameter. */
  param: string;
  /** Its name in messages: 'Vehicle', "Trip's Vehicle". */
  label: string;
  /** The parameter's value: an id, length-checked first. */
  schema: z.ZodType<string | undefined>;
  /** The records that match the id (a placeholder in prepared lists, a value in exports). */
  condition(columns: Record<string, PgColumn>, id: unknown): SQL;
}

/** What the server adds to an area: its table, linked labels, references and who uses its records. */
export interface ResourceDefinition {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  area: AreaDefinition<any>;
  table: PgTable;
  /** Values computed from linked records (labels, file names), returned with every record. */
  computed?: (columns: Record<string, PgColumn>) => Record<string, SQL>;
  /** The types of computed values that are not text or null (a list of labels), for the OpenAPI document. */
  computedTypes?: Record<string, z.ZodType>;
  references?: Reference[];
  entities?: EntityReference[];
  uniqueValues?: UniqueValue[];
  usedBy?: UsedBy[];
  /** The list's columns as the table shows them, for Export CSV. */
  exportColumns: ExportColumn[];
  /** How other areas name this area's records; only areas others may link to have one. */
  label?: RecordLabel;
  /** Filters by linked records' ids (vehicleId, trip.vehicleId). */
  referenceFilters?: readonly ReferenceFilter[];
  /** Values a derived state reads beside the table's columns (a schedule's next due km from its vehicle's odometer). */
  derivedColumns?: (columns: Record<string, PgColumn>) => Record<string, SQL>;
  /**
   * Runs inside the save's transaction, after the write, on the record as saved (`before`: as it was, null on a
   * create): checks needing other records (an ApiError rolls the save back) and writes that follow from it (a
   * completed job card resets its schedule). May answer warnings (the save stands) and other records it changed.
   */
  afterWrite?: AfterWrite;
  /** Runs inside a delete's transaction, after the delete, on the record as it was (writes that follow from it: a trip's cost). */
  afterDelete?: AfterDelete;
  /** Counts of its records the database keeps by a key; totals of the filters they answer are read from them (decision 0046). */
  keptCounts?: KeptCounts;
}

/** The columns a derived state reads: the table's and the resource's derivedColumns (SQL values used as columns are). */
export const derivedColumnsOf = (def: Pick<ResourceDefinition, 'derivedColumns'>, all: Record<string, PgColumn>): Record<string, PgColumn> =>
  ({ ...all, ...def.derivedColumns?.(all) }) as Record<string, PgColumn>;

/** What an afterWrite hook answers: warnings shown with the saved record, and the other records it changed (their events follow the commit). */
export interface AfterWriteResult {
  warnings?: string[];
  changed?: { area: string; recordId: string; before: Record<string, unknown>; after: Record<string, unknown> }[];
}
export type AfterWrite = (
  tx: Database,
  saved: Record<string, unknown>,
  before: Record<string, unknown> | null,
  actor: Actor,
) => Promise<AfterWriteResult | void>;
export type AfterDelete = (tx: Database, before: Record<string, unknown>, actor: Actor) => Promise<AfterWriteResult | void>;

export type ListQuery = { q?: string; page: number; pageSize: number; sort: string; order: 'asc' | 'desc' } & Record<string, unknown>;

/** Escapes LIKE wildcards so that a search for '50%' means the text '50%'. */
export function likePattern(term: string): string {
  return '%' + term.toLowerCase().replace(/[\\%_]/g, (ch) => '\\' + ch) + '%';
}

/** A filter with listed values accepts only those; one with none ('values present') accepts any short text. */
function filterSchema(values: readonly string[]) {
  const value = values.length > 0 ? z.enum(values as [string, ...string[]]) : z.string().max(100, 'must be at most 100 characters');
  return z.preprocess((v) => (v === '' ? undefined : v), value.optional());
}

/**
 * The day derived states (expiry, a policy shown as Expired, maintenance overdue) are judged by: the
 * company's today (RAAHI_TIME_ZONE), whatever the browser says, so that badges, filters, exports and the
 * dashboard agree. A `today` sent by an older client is still accepted (length-checked) and ignored.
 */
const userToday = z
  .string()
  .max(10, 'must be a date (YYYY-MM-DD)')
  .optional()
  .transform(() => companyToday());

/** The declared field behind a name, if the area is declared (choices filter by one of their values). */
const declaredField = (area: AreaDefinition, name: string) => (area as { fields?: Record<string, AnyField> }).fields?.[name];
const hasDerived = (area: AreaDefinition) => Object.keys(area.derived ?? {}).length > 0;

/** One end of a From–To filter: a calendar date (blank: no bound). */
const rangeEndSchema = z.preprocess((v) => (v === '' ? undefined : v), isoDate.optional());

/** Sort and order are left out when not chosen: the default depends on the filters (withListSort). */
export function listQuerySchema(area: AreaDefinition, referenceFilters: readonly ReferenceFilter[] = []) {
  const filters: Record<string, z.ZodType<string | undefined>> = Object.fromEntries([
    ...Object.entries(area.filters).map(([name, values]) => [name, filterSchema(values)]),
    ...referenceFilters.map((filter) => [filter.param, filter.schema]),
  ]);
  const ranges = Object.fromEntries(Object.keys(rangeParams(area)).map((param) => [param, rangeEndSchema]));
  return z.strictObject({
    ...(hasDerived(area) ? { today: userToday } : {}),
    q: z.string().max(200, 'must be at most 200 characters').optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort: z.enum(area.sorts as [string, ...string[]]).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    ...filters,
    ...ranges,
  });
}

/** An export's query: the list's without paging, and the reader's time zone for dates and times. */
export function exportQuerySchema(area: AreaDefinition, referenceFilters: readonly ReferenceFilter[] = []) {
  return listQuerySchema(area, referenceFilters)
    .omit({ page: true, pageSize: true })
    .extend({
      tz: z.string().max(64).refine(isTimeZone, 'must be a time zone such as Asia/Kolkata').default('Asia/Kolkata'),
    });
}

const LIST_PARAM_LABELS = { q: 'Search', page: 'Page', pageSize: 'Page size', sort: 'Sort', order: 'Order', today: 'Today' };

/** The names of a list's parameters in messages: a filter by its field's label, a From–To end as 'Start Date from'. */
const listParamLabels = (area: AreaDefinition, referenceFilters: readonly ReferenceFilter[]): Record<string, string> => ({
  ...LIST_PARAM_LABELS,
  ...Object.fromEntries(referenceFilters.map((filter) => [filter.param, filter.label])),
  ...Object.fromEntries(Object.keys(area.filters).flatMap((name) => (area.fieldLabels[name] ? [[name, area.fieldLabels[name]]] : []))),
  ...Object.fromEntries(
    Object.entries(rangeParams(area)).map(([param, { field, end }]) => [param, `${area.fieldLabels[field] ?? field} ${end.toLowerCase()}`]),
  ),
});

/**
 * A parsed list query with its sort: the one chosen, or the default of its filters (documents expiring
 * soonest first within the expiry filter). A From–To filter whose From is after its To is refused in words.
 */
export function withListSort<Q extends { sort?: string; order?: 'asc' | 'desc' }>(area: AreaDefinition, query: Q): Q & { sort: string; order: 'asc' | 'desc' } {
  checkRanges(area, query);
  const fallback = defaultSortOf(area, query as Record<string, unknown>);
  return { ...query, sort: query.sort ?? fallback.sort, order: query.order ?? (query.sort ? area.defaultSort.order : fallback.order) };
}

/** A From–To filter whose From is after its To matches nothing by mistake: refused in words. */
export function checkRanges(area: AreaDefinition, query: Record<string, unknown>) {
  for (const field of Object.keys(area.ranges ?? {})) {
    const [from, to] = [query[rangeParam(field, 'From')], query[rangeParam(field, 'To')]];
    if (typeof from === 'string' && typeof to === 'string' && from > to) {
      const label = area.fieldLabels[field] ?? field;
      throw badRequest(`${label} from (${from}) must not be after ${label} to (${to}).`);
    }
  }
}

/** Every filter parameter of a list: its filters, the ends of its From–To filters, then its linked records' ids. */
export const filterParams = (def: ResourceDefinition) => [
  ...Object.keys(def.area.filters),
  ...Object.keys(rangeParams(def.area)),
  ...(def.referenceFilters ?? []).map((filter) => filter.param),
];

/**
 * One end of a From–To filter, both ends included. A date-time's days are the company's: From at 00:00 there,
 * To up to (not including) 00:00 of the next day, so every instant of the To day is in, to the microsecond.
 */
function rangeCondition(column: PgColumn, end: 'From' | 'To', kind: 'date' | 'datetime', value: unknown): SQL {
  if (kind === 'date') return end === 'From' ? sql`${column} >= ${value}::date` : sql`${column} <= ${value}::date`;
  const zone = sql.raw(`'${companyTimeZone()}'`);
  return end === 'From'
    ? sql`${column} >= (${value}::date)::timestamp AT TIME ZONE ${zone}`
    : sql`${column} < (${value}::date + 1)::timestamp AT TIME ZONE ${zone}`;
}

/** The table's columns and the computed values: a record as the API returns it. */
const selection = recordSelection;

/**
 * The WHERE of a list: search term and filters. Values are placeholders in the prepared list statements
 * and plain values in the export. A list of choices matches when it holds the value; a derived state's
 * filter is its declaration in SQL, judged against `today` (its value is part of the statement's shape).
 */
export function listConditions(
  def: ResourceDefinition,
  all: Record<string, PgColumn>,
  pattern: unknown,
  filters: [name: string, value: unknown][],
  today: unknown,
): SQL | undefined {
  const { area } = def;
  const conditions: SQL[] = [];
  if (pattern !== undefined) conditions.push(sql`${all.searchText} LIKE ${pattern}`);
  const ranges = rangeParams(area);
  for (const [name, value] of filters) {
    const state = area.derived?.[name];
    const range = ranges[name];
    const linked = def.referenceFilters?.find((filter) => filter.param === name);
    if (linked) conditions.push(linked.condition(all, value));
    else if (range) conditions.push(rangeCondition(all[range.field], range.end, range.kind, value));
    else if (state) conditions.push(derivedFilter(state, derivedColumnsOf(def, all), String(value), today));
    else if (declaredField(area, name)?.kind === 'choices') conditions.push(sql`${all[name]} @> ARRAY[${value}]::text[]`);
    else conditions.push(eq(all[name], value));
  }
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * What a list sorts by: a column, or a derived state's value today (a policy shown as Expired sorts as Expired).
 * An optional text left blank shows as N/A, like a NULL: it sorts as one, last.
 */
export const sortExpression = (area: AreaDefinition, all: Record<string, PgColumn>, sort: string, today: unknown): PgColumn | SQL => {
  const state = area.derived?.[sort];
  if (state) return derivedValue(state, all, today);
  const declared = declaredField(area, sort);
  return declared?.kind === 'text' && !declared.required ? sql`nullif(${all[sort]}, '')` : all[sort];
};

/**
 * N/A last in both directions. Ascending puts NULLs last already; descending says so, except on a column
 * that holds none, whose plain DESC its (column, id) index serves (NULLS LAST would not match the index).
 */
export const sortDirection = (expression: PgColumn | SQL, order: 'asc' | 'desc'): SQL =>
  order === 'asc' ? asc(expression) : is(expression, Column) && expression.notNull ? desc(expression) : sql`${expression} desc nulls last`;

/** A search term as the lists match it: newlines separate the fields in search_text, so a term never carries one across fields. */
export const searchTerm = (q: string | undefined) => q?.replace(/[\r\n]+/g, ' ').trim() || undefined;

// Prepared statement names are per connection and must never be reused for other SQL: number them per process.
let preparedStatements = 0;

/**
 * The list endpoints' queries. Each shape of request (search or not, which filters, which sort) is
 * built and prepared once; a request then only binds its values. The page never waits on a count: the
 * total is its own request, cached by search and filters, so paging through one search counts it once.
 */
export function listQueries(database: Database, def: ResourceDefinition, cache = new ListCache(0)) {
  const { db } = database;
  const { all, selected } = selection(def);
  const filterNames = filterParams(def);
  type Prepared<Row> = { execute(values: Record<string, unknown>): Promise<Row[]> };
  const prepared = new Map<
    string,
    {
      page: Prepared<unknown>;
      count: Prepared<{ count: number }>;
      kept?: Prepared<{ count: number; zone: string }>;
      where: SQL | undefined;
      totalSql: { sql: string; params: unknown[] };
    }
  >();
  const kept = def.keptCounts && keptSource(def, def.keptCounts);

  const derivedNames = Object.keys(def.area.derived ?? {});
  function shape(hasTerm: boolean, filters: string[], sort: string, order: 'asc' | 'desc', query: Partial<ListQuery>) {
    // A derived filter's value chooses its SQL; the others are placeholders.
    const derivedValues = filters.filter((name) => derivedNames.includes(name)).map((name) => `${name}=${String(query[name])}`);
    const key = `${hasTerm}|${filters.join(',')}|${derivedValues.join(',')}|${sort}|${order}`;
    let entry = prepared.get(key);
    if (!entry) {
      const filterValues = filters.map((name): [string, unknown] => [name, derivedNames.includes(name) ? query[name] : sql.placeholder(name)]);
      const where = listConditions(def, all, hasTerm ? sql.placeholder('pattern') : undefined, filterValues, sql.placeholder('today'));
      const direction = order === 'asc' ? asc : desc;
      const orderBy =
        sort === 'id'
          ? [direction(all.id)]
          : [sortDirection(sortExpression(def.area, derivedColumnsOf(def, all), sort, sql.placeholder('today')), order), direction(all.id)];
      const name = `${def.area.key.replace(/\W/g, '_')}_list_${++preparedStatements}`;
      const page = db
        .select(selected)
        .from(def.table)
        .where(where)
        .orderBy(...orderBy)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name);
      const capped = db
        .select({ one: sql`1` })
        .from(def.table)
        .where(where)
        .limit(EXACT_COUNT_LIMIT + 1)
        .as('matches');
      const counting = db.select({ count: sql<number>`count(*)::int` }).from(capped);
      // The same filters over the kept counts' keys, when they answer them: a sum of a few rows, exact at any size.
      const summing =
        kept && keptAnswers(def.keptCounts, hasTerm, filters)
          ? db
              .select(keptSelection)
              .from(kept.source)
              .where(listConditions(def, kept.columns, undefined, filterValues, sql.placeholder('today')))
          : undefined;
      entry = { page, count: counting.prepare(`${name}_count`), kept: summing?.prepare(`${name}_kept`), where, totalSql: (summing ?? counting).toSQL() };
      prepared.set(key, entry);
    }
    return { key, ...entry };
  }

  function bind(query: Partial<ListQuery>) {
    const term = searchTerm(query.q);
    const filters = filterNames.filter((name) => query[name] !== undefined);
    const values: Record<string, unknown> = Object.fromEntries(filters.filter((name) => !derivedNames.includes(name)).map((name) => [name, query[name]]));
    if (term) values.pattern = likePattern(term);
    if (filters.some((name) => derivedNames.includes(name)) || derivedNames.includes(String(query.sort))) values.today = query.today;
    return { term, filters, values };
  }

  return {
    /** One page, and whether another follows (one row more is read instead of counting). */
    async page(query: ListQuery): Promise<ListPage<Record<string, unknown>>> {
      const { term, filters, values } = bind(query);
      const statement = shape(Boolean(term), filters, query.sort, query.order, query);
      const rows = (await statement.page.execute({ ...values, limit: query.pageSize + 1, offset: (query.page - 1) * query.pageSize })) as Record<
        string,
        unknown
      >[];
      return { items: rows.slice(0, query.pageSize), hasMore: rows.length > query.pageSize, page: query.page, pageSize: query.pageSize };
    },
    /** The statement total() runs first (the kept counts' sum, or the capped count), bound: for the benches' EXPLAIN. */
    totalStatement(query: Partial<ListQuery>): { text: string; params: unknown[] } {
      const { term, filters, values } = bind(query);
      const { totalSql } = shape(Boolean(term), filters, def.area.defaultSort.sort, def.area.defaultSort.order, query);
      return { text: totalSql.sql, params: bound(totalSql.params, values) };
    },
    /** The matches of a search and filters (sort and page do not change it), cached like the pages. */
    total(query: Partial<ListQuery>): Promise<ListTotal> {
      const { term, filters, values } = bind(query);
      const statement = shape(Boolean(term), filters, def.area.defaultSort.sort, def.area.defaultSort.order, query);
      // One cache serves every area: the key names the area, or two areas' lists of the same shape would share a total.
      return cache.remember(`${def.area.key} total|${statement.key}\u0000${JSON.stringify(values)}`, async () => {
        if (statement.kept) {
          const [row] = await statement.kept.execute(values);
          if (keptInZone(def.keptCounts!, row.zone)) return { total: row.count, totalIsEstimate: false };
          void keepCountsInZone(database);
        }
        const [{ count }] = await statement.count.execute(values);
        return count <= EXACT_COUNT_LIMIT
          ? { total: count, totalIsEstimate: false }
          : await estimateMatches(database, def.table, statement.where, values, count);
      });
    },
  };
}

/** toSQL leaves placeholders as such: their values in order. */
const bound = (params: unknown[], values: Record<string, unknown>) =>
  params.map((param) => (param && typeof param === 'object' && 'name' in param ? values[(param as { name: string }).name] : param));

/** Above EXACT_COUNT_LIMIT matches, the planner's estimate (never less than what was counted). */
async function estimateMatches(database: Database, table: PgTable, where: SQL | undefined, values: Record<string, unknown>, counted: number) {
  const statement = database.db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .toSQL();
  const [row] = await database.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${statement.sql}`, bound(statement.params, values));
  const plan = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
  const estimate = Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
  return { total: Math.max(estimate, counted), totalIsEstimate: true };
}

/** The export's last column: the record's version as stored, which an import in update mode compares (decision 0061). */
const VERSION_COLUMN: ExportColumn = { header: 'Version', kind: 'number', key: 'version', value: (row) => row.version };

const idParam = (id: string) => {
  if (id.length > 64) throw notFound('No such record.');
  return id;
};

/**
 * The routes of one area. `cache` keeps its list answers; the caller invalidates it after writes.
 * `storage` holds the bytes of the area's files, removed when a save or delete lets a file go.
 */
export function resourceRoutes(database: Database, def: ResourceDefinition, cache = new ListCache(0), storage?: FileStorage) {
  const { area, table } = def;
  const list = listQueries(database, def, cache);
  const { db } = database;
  const { all, selected } = selection(def);
  const querySchema = listQuerySchema(area, def.referenceFilters);
  const paramLabels = listParamLabels(area, def.referenceFilters ?? []);
  const totalSchema = querySchema.omit({ page: true, pageSize: true, sort: true, order: true });
  // Filters whose choices are the values present in the data ('All Types' plus each type in use).
  const openFilters = presentFilterNames(area);
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const parsed = querySchema.safeParse(c.req.query());
    if (!parsed.success) throw badRequest(describeIssues(parsed.error, paramLabels, c.req.query(), 'parameter'));
    if (parsed.data.page > lastReachablePage(parsed.data.pageSize)) throw new ApiError(400, PAGE_OUT_OF_REACH.title, PAGE_OUT_OF_REACH.message);
    refuseHiddenSort(roleOf(c), area, parsed.data.sort);
    const query = withListSort(area, parsed.data);
    // What the role may not see (a driver's Aadhaar file) is left out, so the key says what was left out.
    const hidden = hiddenKeysOf(roleOf(c), area);
    // The page as sent, so that a repeated request costs neither queries nor serialising.
    const body = await cache.remember(`${area.key} page|${hidden.join(',')}|${JSON.stringify(query)}`, async () => {
      const page = await list.page(query as ListQuery);
      return JSON.stringify(hidden.length ? { ...page, items: page.items.map((row) => withoutKeys(row, hidden)) } : page);
    });
    return c.body(body, 200, { 'Content-Type': 'application/json' });
  });

  // How many records the search and filters match; the table shows it when it arrives.
  app.get('/total', async (c) => {
    const parsed = totalSchema.safeParse(c.req.query());
    if (!parsed.success) throw badRequest(describeIssues(parsed.error, paramLabels, c.req.query(), 'parameter'));
    checkRanges(area, parsed.data);
    return c.json(await list.total(parsed.data as Partial<ListQuery>));
  });

  // Every row of the current search, filters and sort (all pages), streamed as CSV in batches.
  const exportSchema = exportQuerySchema(area, def.referenceFilters);
  app.get('/export', async (c) => {
    const parsed = exportSchema.safeParse(c.req.query());
    if (!parsed.success) throw badRequest(describeIssues(parsed.error, { ...paramLabels, tz: 'Time zone' }, c.req.query(), 'parameter'));
    refuseHiddenSort(roleOf(c), area, parsed.data.sort);
    const { q, sort, order, tz, today, ...rest } = withListSort(area, parsed.data) as ListQuery & { tz: string; today?: string };
    const term = searchTerm(q);
    const filters = filterParams(def)
      .filter((name) => rest[name] !== undefined)
      .map((name): [string, unknown] => [name, rest[name]]);
    const where = listConditions(def, all, term === undefined ? undefined : likePattern(term), filters, today);
    const rows = exportRows(database, selected, table, {
      where,
      sortColumn: sort === 'id' ? all.id : sortExpression(area, derivedColumnsOf(def, all), sort, today),
      idColumn: all.id,
      order,
    });
    // The export is a change entry too: its filters and row count, never its search text.
    const exported = { database, actor: actorOf(c), area: area.key, filters: { ...Object.fromEntries(filters), sort, order }, searched: term !== undefined };
    const batches = await firstBatchFetched(recordedExport(rows, exported));
    // States shown by today's date (a policy shown as Expired) are written as the list shows them.
    const hidden = hiddenKeysOf(roleOf(c), area);
    // Last, each record's version: update mode reads it, and a row whose record changed since is a conflict (decision 0061).
    const columns = [...def.exportColumns.filter((column) => column.key === undefined || !hidden.includes(column.key)), VERSION_COLUMN];
    const stream = csvStream(columns, batches, tz, area.key, today ?? companyToday());
    return c.body(stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${area.key}-${todayIn(tz)}.csv"`,
    });
  });

  app.get('/values/:field', async (c) => {
    const field = c.req.param('field');
    if (!openFilters.includes(field)) throw notFound(`There is no filter named ${field}.`);
    const values = await cache.remember(`${area.key} values|${field}`, async () => {
      // A list of choices offers each value held by any record.
      const value = declaredField(area, field)?.kind === 'choices' ? sql`unnest(${all[field]})` : all[field];
      const rows = await db.selectDistinct({ value }).from(table).orderBy(asc(value)).limit(500);
      const present = rows.map((r) => r.value).filter((v) => v !== null && v !== '');
      // A closed choice's values in the order of its options (Speeding before Illegal Parking), as its form lists them.
      const declaration = declaredField(area, field);
      return declaration?.kind === 'choice' && !declaration.open ? declaration.options.filter((option) => present.includes(option)) : present;
    });
    return c.json({ values });
  });

  // Writes are operations (operations/): the handler reads the body, names the actor and answers.
  // What the user's role may not see (a driver's Aadhaar card) is left out of answers and kept as stored by edits.
  const context = (c: Context<AppEnv>): OperationContext => ({ database, actor: actorOf(c), storage, keep: hiddenKeysOf(roleOf(c), area) });
  const shown = (c: Context<AppEnv>, row: Record<string, unknown>) => withoutKeys(row, hiddenKeysOf(roleOf(c), area));
  app.post('/', async (c) => c.json(shown(c, await createRecord(def, await readJson(c), context(c))), 201));

  app.route('/options', optionRoutes(database, def, cache));

  app.get('/:id', async (c) => {
    const id = idParam(c.req.param('id'));
    const row = await readRecord(database, def, id);
    if (!row) throw recordMissing(def, id);
    return c.json(shown(c, row));
  });

  app.put('/:id', async (c) => c.json(shown(c, await updateRecord(def, idParam(c.req.param('id')), await readJson(c), context(c)))));
  // The version and only the fields to change, laid over the record as stored; then exactly a PUT's path (decision 0066).
  app.patch('/:id', async (c) => c.json(shown(c, await patchRecord(def, idParam(c.req.param('id')), await readJson(c), context(c)))));

  app.delete('/:id', async (c) => {
    await deleteRecord(def, idParam(c.req.param('id')), context(c));
    return c.body(null, 204);
  });

  return app;
}

/** A UsedBy that counts the rows of `table` whose `column` names the record (or, for a list of ids, holds it). */
export function usedByRows(singular: string, plural: string, table: PgTable, column: PgColumn, holds: 'one' | 'list' = 'one'): UsedBy {
  return {
    singular,
    plural,
    count: async ({ db }, id) => {
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(table)
        .where(holds === 'list' ? arrayContains(column, [id]) : eq(column, id));
      return count;
    },
  };
}
