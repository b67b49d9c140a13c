import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { toQuery } from '../reminders/engine';

/** Runs a Drizzle SQL statement through Database.query (the same on PGlite and PostgreSQL). */
export function runSql<T = Record<string, unknown>>(database: Database, statement: SQL): Promise<T[]> {
  const { sql: text, params } = toQuery(statement);
  return database.query<T>(text, params);
}

/** A numeric (text from the driver) or count as a number; null stays null (N/A, never a made-up 0). */
export const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** A case-insensitive substring pattern for LIKE, its wildcards escaped (a customer named '50%'). */
export const containsPattern = (text: string) => '%' + text.toLowerCase().replace(/[\\%_]/g, (ch) => '\\' + ch) + '%';

/** A count in words as a report's notes and totals say it, with Indian grouping: '1 item', '2,104 items'. */
export const counted = (n: number, singular: string, plural = `${singular}s`) => `${n.toLocaleString('en-IN')} ${n === 1 ? singular : plural}`;
