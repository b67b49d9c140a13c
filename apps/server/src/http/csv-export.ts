import { and, asc, desc, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { firstVisibleIndex } from '@raahi/domain';
import type { Database } from '../db/client';
import { describeForLog } from './errors';

/** One column of an export: the header the table shows, and the value in a form a spreadsheet reads. */
export interface ExportColumn {
  header: string;
  /** The cell's value; `today` (the reader's, YYYY-MM-DD) for states that depend on the date. */
  value(row: Record<string, unknown>, today: string): unknown;
  /**
   * 'date': YYYY-MM-DD; 'datetime': YYYY-MM-DD HH:MM in the reader's zone; 'money': a plain decimal (₹ in the header);
   * 'phone': as spreadsheetPhone writes it.
   */
  kind?: 'text' | 'number' | 'date' | 'datetime' | 'money' | 'phone';
  /** The record's key the column shows, so that a column of a field a role may not see is left out. */
  key?: string;
}

/** A column that shows one field of the row as it is. */
export const fieldColumn = (header: string, key: string, kind: ExportColumn['kind'] = 'text'): ExportColumn => ({
  header,
  kind,
  key,
  value: (row) => row[key],
});

/** A column that shows a linked record's label (a computed value), or its id when the label is missing. */
export const labelColumn = (header: string, labelKey: string, idKey: string): ExportColumn => ({
  header,
  key: idKey,
  value: (row) => row[labelKey] ?? row[idKey],
});

/** Rows fetched per query: enough to keep the database busy, small enough to keep memory flat. */
const BATCH_ROWS = 1000;

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection); some read the
 * full-width and small forms as the ASCII ones.
 */
const FORMULA_CHARACTERS = new Set(['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\uFE66', '\uFE62', '\uFE63', '\uFE6B']);
const PLUS_SIGNS = new Set(['+', '\uFF0B', '\uFE62']);

/**
 * Whether a spreadsheet could run the text as a formula: it starts with a tab or a carriage return (OWASP),
 * or its first visible character, after any control, zero-width, bidi or other invisible ones, starts a formula.
 */
export function startsLikeFormula(text: string): boolean {
  const first = text.charAt(0);
  if (first === '\t' || first === '\r') return true;
  const visible = firstVisibleIndex(text);
  return visible >= 0 && FORMULA_CHARACTERS.has(text.charAt(visible));
}

const isDigit = (c: string) => c >= '0' && c <= '9';
const PHONE_PUNCTUATION = new Set([' ', '-', '(', ')', '.']);
/** The fewest digits of a phone number (a local number without its code). */
const MIN_PHONE_DIGITS = 7;

/**
 * A phone number as a spreadsheet should show it: text, never a formula, without a visible apostrophe.
 * The leading + goes (+91 98765 43210 → 91 98765 43210), and a number of 10 digits or more written without
 * spaces is grouped (+919876543210 → 91 98765 43210, 09876543210 → 0 98765 43210), so that no spreadsheet
 * reads it as a number in exponent form or drops its leading zero. Null when the text is not a phone number
 * (digits, spaces, - ( ) . only, at least 7 digits).
 */
export function spreadsheetPhone(text: string): string | null {
  const start = firstVisibleIndex(text);
  if (start < 0) return null;
  let rest = text.slice(start).trimEnd();
  if (PLUS_SIGNS.has(rest.charAt(0))) rest = rest.slice(1).trimStart();
  if (!isDigit(rest.charAt(0))) return null;
  let [digitsOnly, digits] = [true, 0];
  for (const c of rest) {
    if (isDigit(c)) digits++;
    else if (PHONE_PUNCTUATION.has(c)) digitsOnly = false;
    else return null;
  }
  // Shorter is a sum or a count ('+1'), not a phone: it keeps its sign behind the apostrophe.
  if (digits < MIN_PHONE_DIGITS) return null;
  if (!digitsOnly || rest.length < 10) return rest;
  return `${rest.slice(0, -10)} ${rest.slice(-10, -5)} ${rest.slice(-5)}`.trimStart();
}

/**
 * One CSV field (RFC 4180): quoted when it must be, and never read as a formula: a text that could start one
 * gets an apostrophe in front, except a phone number written with its + (which loses the + instead).
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && startsLikeFormula(text)) {
    const phone = PLUS_SIGNS.has(text.charAt(firstVisibleIndex(text))) ? spreadsheetPhone(text) : null;
    text = phone ?? `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Formats rows' cells for one export. The date-time formatter for the reader's zone is built once per
 * export, not per cell (a million-row export would otherwise build a million of them).
 */
function cellFormatter(timeZone: string, today: string) {
  const dateTime = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  /** YYYY-MM-DD HH:MM of an instant in the reader's zone (a spreadsheet reads it as a date and time). */
  const dateTimeIn = (value: unknown): string => {
    const date = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(date.getTime())) return '';
    const parts = Object.fromEntries(dateTime.formatToParts(date).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  };
  return (column: ExportColumn, row: Record<string, unknown>): string => {
    const value = column.value(row, today);
    if (value === null || value === undefined || value === '') return '';
    if (column.kind === 'datetime') return dateTimeIn(value);
    if (column.kind === 'date') return String(value).slice(0, 10);
    if (column.kind === 'money' || column.kind === 'number') return String(value);
    if (column.kind === 'phone') return csvField(spreadsheetPhone(String(value)) ?? value);
    return csvField(value);
  };
}

/**
 * The CSV file of an export as a stream: a byte order mark (spreadsheets then read UTF-8: ₹, names in
 * Indian scripts), the header line, then one chunk per batch, pulled only as fast as the client reads.
 */
export function csvStream(
  columns: readonly ExportColumn[],
  batches: AsyncGenerator<Record<string, unknown>[]>,
  timeZone: string,
  name: string,
  today: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const format = cellFormatter(timeZone, today);
  const line = (cells: string[]) => cells.join(',') + '\r\n';
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('\uFEFF' + line(columns.map((column) => csvField(column.header)))));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value.map((row) => line(columns.map((column) => format(column, row)))).join('')));
      } catch (err) {
        // Not the error's message: a failed query's lists its parameters (the search text, filter values).
        console.error(`Export of ${name} failed: ${describeForLog(err)}`);
        controller.error(err);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/**
 * The batches with the first one already fetched: a query the database refuses (a NUL in the search)
 * then fails before the answer starts, and gets the list's 400 instead of a cut or header-only file.
 */
export async function firstBatchFetched(batches: AsyncGenerator<Record<string, unknown>[]>): Promise<AsyncGenerator<Record<string, unknown>[]>> {
  const first = await batches.next();
  return (async function* () {
    try {
      if (first.done) return;
      yield first.value;
      yield* batches;
    } finally {
      await batches.return(undefined);
    }
  })();
}

/** Whether `zone` is a time zone this runtime knows (the client names its own). */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface ExportQuery {
  where: SQL | undefined;
  /** A column, or an expression (a derived state) whose text the keyset compares. */
  sortColumn: PgColumn | SQL;
  idColumn: PgColumn;
  order: 'asc' | 'desc';
}

/**
 * Every row of a list in its order, fetched in batches by keyset (after the last row sent, never by
 * offset), so each batch costs the same at the millionth row as at the first and memory holds one
 * batch. Lists show NULLs (N/A) last in both directions; a NULL cannot be compared, so the rows whose
 * sort value is NULL are fetched last, as a phase of their own, by id. The last row's sort
 * value travels as text, so a timestamp keeps its microseconds (a JavaScript Date would drop them and
 * skip rows).
 */
export async function* exportRows(
  database: Database,
  selected: Record<string, unknown>,
  table: PgTable,
  query: ExportQuery,
): AsyncGenerator<Record<string, unknown>[]> {
  const { where, sortColumn, idColumn, order } = query;
  const byIdOnly = sortColumn === idColumn;
  const after = (column: PgColumn, value: string) => (order === 'asc' ? sql`${column} > ${value}` : sql`${column} < ${value}`);
  const direction = order === 'asc' ? asc : desc;
  // Phases in the order the list shows them: N/A (NULL) last in both directions.
  const phases: ('values' | 'nulls')[] = byIdOnly ? ['values'] : ['values', 'nulls'];
  for (const phase of phases) {
    let last: { sort: string; id: string } | null = null;
    for (;;) {
      const conditions: (SQL | undefined)[] = [where];
      if (phase === 'nulls') {
        conditions.push(isNull(sortColumn));
        if (last) conditions.push(after(idColumn, last.id));
      } else {
        if (!byIdOnly) conditions.push(isNotNull(sortColumn));
        // A row comparison, which the (sort, id) index answers by a range: the equivalent
        // `sort < x OR (sort = x AND id < y)` is a filter that rescans every row sent before (quadratic).
        if (last)
          conditions.push(
            byIdOnly
              ? after(idColumn, last.id)
              : order === 'asc'
                ? sql`(${sortColumn}, ${idColumn}) > (${last.sort}, ${last.id})`
                : sql`(${sortColumn}, ${idColumn}) < (${last.sort}, ${last.id})`,
          );
      }
      const orderBy = phase === 'nulls' || byIdOnly ? [direction(idColumn)] : [direction(sortColumn), direction(idColumn)];
      const rows = (await database.db
        .select({ ...(selected as Record<string, PgColumn>), exportSortText: sql<string>`${sortColumn}::text`, exportId: sql<string>`${idColumn}` })
        .from(table)
        .where(and(...conditions))
        .orderBy(...orderBy)
        .limit(BATCH_ROWS)) as Record<string, unknown>[];
      if (rows.length === 0) break;
      const tail = rows[rows.length - 1];
      last = { sort: String(tail.exportSortText), id: String(tail.exportId) };
      yield rows;
      if (rows.length < BATCH_ROWS) break;
    }
  }
}
