import { and, asc, desc, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/** One column of an export: the header the table shows, and the value in a form a spreadsheet reads. */
export interface ExportColumn {
  header: string;
  /** The cell's value; `today` (the reader's, YYYY-MM-DD) for states that depend on the date. */
  value(row: Record<string, unknown>, today: string): unknown;
  /** 'date': YYYY-MM-DD; 'datetime': YYYY-MM-DD HH:MM in the reader's zone; 'money': a plain decimal (₹ in the header). */
  kind?: 'text' | 'number' | 'date' | 'datetime' | 'money';
}

/** A column that shows one field of the row as it is. */
export const fieldColumn = (header: string, key: string, kind: ExportColumn['kind'] = 'text'): ExportColumn => ({ header, kind, value: (row) => row[key] });

/** A column that shows a linked record's label (a computed value), or its id when the label is missing. */
export const labelColumn = (header: string, labelKey: string, idKey: string): ExportColumn => ({ header, value: (row) => row[labelKey] ?? row[idKey] });

/** Rows fetched per query: enough to keep the database busy, small enough to keep memory flat. */
const BATCH_ROWS = 1000;

/** A spreadsheet runs a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/** One CSV field (RFC 4180): quoted when it must be, and never read as a formula. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.has(text.charAt(0))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Formats rows' cells for one export. The date-time formatter for the reader's zone is built once per
 * export, not per cell (a million-row export would otherwise build a million of them).
 */
function cellFormatter(timeZone: string, today: string) {
  const dateTime = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
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
        console.error(`Export of ${name} failed:`, (err as Error).message);
        controller.error(err);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
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
export async function* exportRows(database: Database, selected: Record<string, unknown>, table: PgTable, query: ExportQuery): AsyncGenerator<Record<string, unknown>[]> {
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
        if (last) conditions.push(byIdOnly ? after(idColumn, last.id) : order === 'asc' ? sql`(${sortColumn}, ${idColumn}) > (${last.sort}, ${last.id})` : sql`(${sortColumn}, ${idColumn}) < (${last.sort}, ${last.id})`);
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
