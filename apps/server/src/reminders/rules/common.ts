import { sql, type SQL } from 'drizzle-orm';

/** `AND <column> = ANY(ids)` for a run over some records only; nothing for a run over all. */
export const onlyIds = (column: SQL, ids: readonly string[] | null): SQL => (ids ? sql` AND ${column} = ANY(${sql.param([...ids])}::text[])` : sql``);

/** A date for a notification's message: 5 Mar 2027 (the date alone, no zone: it is already the company's). */
export function shownDate(isoDate: string | null): string {
  if (!isoDate || !/^\d{4}-\d{2}-\d{2}/.test(isoDate)) return isoDate ?? '';
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** today as a date parameter. */
export const dateParam = (today: string): SQL => sql`${today}::date`;
