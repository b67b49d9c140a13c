import type { z } from 'zod';
import type { DerivedState } from './derived';
import type { IdFormat } from './ids';
import type { Rule } from './rules';

/**
 * Everything about one record area that both the form and the server need: its input shape,
 * its rules with the specification's texts, its defaults, its id format and its list filters.
 */
export interface AreaDefinition<Input extends Record<string, unknown> = Record<string, unknown>> {
  /** Path segment under /api and the table's name in messages, e.g. 'vehicles'. */
  key: string;
  /** 'vehicle' — used in generic messages ("This vehicle was changed by someone else..."). */
  singular: string;
  plural: string;
  idFormat: IdFormat;
  /** Strict shape of a record's values (without id and version): every field, as a form sends them and a record holds them. */
  input: z.ZodObject<z.ZodRawShape>;
  /**
   * Strict shape of an API request body (create, update): the required fields must be there; an optional one may be
   * left out (its default) or null (blank, or its default where it cannot be blank). Its output is an `input`.
   */
  body: z.ZodObject<z.ZodRawShape>;
  /** Human labels of the input fields, for clear messages about bad input. */
  fieldLabels: Record<keyof Input & string, string>;
  rules: readonly Rule<Input>[];
  defaults: () => Input;
  /** List filters: query parameter → allowed values (none listed: any value, the filter offering those present). */
  filters: Record<string, readonly string[]>;
  /** Filters with listed values that offer only those present in the data (an offense type in use). */
  presentFilters?: readonly string[];
  /**
   * Date fields filtered From–To (field → its kind), by the list parameters rangeParam(field, 'From' | 'To'):
   * calendar dates, both included; a date-time's days are the company's (COMPANY_TIME_ZONE).
   */
  ranges?: Record<string, 'date' | 'datetime'>;
  /** The order a list shows, when none is chosen, while this filter is on (documents expiring soonest first). */
  sortWhenFiltered?: Record<string, { sort: string; order: 'asc' | 'desc' }>;
  /** Sortable list columns (API names). The first is the default; lists default to newest first. */
  sorts: readonly string[];
  defaultSort: { sort: string; order: 'asc' | 'desc' };
  /** States computed from the fields and today's date (filters of the same names). */
  derived?: Record<string, DerivedState>;
  /**
   * Fields added after the specification (a job card's Schedule), each with its blank value: a body that leaves
   * one out (a client of the specified API) gets it blank on a create and keeps it as stored on an update.
   */
  addedFields?: Readonly<Record<string, unknown>>;
  /**
   * The input as it is stored, before the rules run: fields hidden for these values blank, computed values
   * filled. The form runs it before its rules and the server before saving, so both judge the same values.
   */
  prepare?: (input: Input) => Input;
}

/**
 * The filters that offer the values present in the data (GET /<area>/values/<name>): those without listed values,
 * and those declared so. (A filter by a linked record offers that area's records; it is not among the filters.)
 */
export const presentFilterNames = (area: Pick<AreaDefinition, 'filters' | 'presentFilters'>): string[] =>
  Object.entries(area.filters)
    .filter(([name, values]) => values.length === 0 || area.presentFilters?.includes(name))
    .map(([name]) => name);

/** The zone whose calendar days a From–To filter of date-times means (the operators are in India). */
export const COMPANY_TIME_ZONE = 'Asia/Kolkata';

/** The list parameter of one end of a From–To filter: `startDateFrom`, `startDateTo`. */
export const rangeParam = (field: string, end: 'From' | 'To') => `${field}${end}`;

/** A list's From–To parameters: parameter → its field and end. */
export function rangeParams(area: Pick<AreaDefinition, 'ranges'>): Record<string, { field: string; end: 'From' | 'To'; kind: 'date' | 'datetime' }> {
  return Object.fromEntries(
    Object.entries(area.ranges ?? {}).flatMap(([field, kind]) => (['From', 'To'] as const).map((end) => [rangeParam(field, end), { field, end, kind }])),
  );
}

/**
 * The order of a list when none is chosen: the one its first active filter asks for, else the area's own.
 * The web and the server both ask this, so the table marks the order the server gave.
 */
export function defaultSortOf(
  area: Pick<AreaDefinition, 'defaultSort' | 'sortWhenFiltered'>,
  filters: Readonly<Record<string, unknown>>,
): { sort: string; order: 'asc' | 'desc' } {
  const active = Object.entries(area.sortWhenFiltered ?? {}).find(([name]) => filters[name] !== undefined && filters[name] !== '');
  return active ? active[1] : area.defaultSort;
}

/** A stored record as the API returns it. */
export type Stored<Input> = Input & { id: string; version: number; createdAt: string; updatedAt: string };

/**
 * One page of a list. It carries no total: counting a common search costs many times the page itself,
 * so the total is a request of its own (ListTotal), shown when it arrives.
 */
export interface ListPage<Row> {
  items: Row[];
  /** True when at least one record follows this page. */
  hasMore: boolean;
  page: number;
  pageSize: number;
}

/** How many records match a search and filters: exact up to EXACT_COUNT_LIMIT, the planner's estimate above. */
export interface ListTotal {
  total: number;
  /** True when total is the planner's estimate (more than EXACT_COUNT_LIMIT matches). */
  totalIsEstimate: boolean;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
export const EXACT_COUNT_LIMIT = 50_000;
/**
 * Pages reach no further than this many records into a list: a deep page costs the database a scan of
 * every row before it (an offset), so deeper records are found by searching, filtering or reversing the sort.
 */
export const MAX_LIST_OFFSET = 10_000;
/** The last page that begins within MAX_LIST_OFFSET. */
export const lastReachablePage = (pageSize: number) => Math.ceil(MAX_LIST_OFFSET / pageSize);
export const PAGE_OUT_OF_REACH = {
  title: 'Page Out Of Reach',
  message: `Only the first ${MAX_LIST_OFFSET.toLocaleString('en-IN')} records of a list can be paged through. Search, filter or reverse the sort order to find the others.`,
};
