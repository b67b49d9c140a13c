import { sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { companyTimeZone } from '../company-time';
import type { ResourceDefinition } from './resource';

/**
 * Counts the database keeps of an area's records by a key (migration 0042, decision 0046): how many records hold
 * each combination of a few columns' values, moved by statement triggers as records are written. A key is a
 * representative record (the counted columns of one, a day as its first instant), so a list total whose filters
 * are all among `answers` runs the list's own filter SQL over the keys and sums their counts: exact at any size,
 * a few rows read, and the same answer as counting the records (a test holds every declared filter to it).
 */
export interface KeptCounts {
  /** The count's name in record_counts, as migration 0042 declares its key (record_counts_declare). */
  name: string;
  /** The fields its key holds, by the area's field names. */
  fields: readonly string[];
  /** The filters whose totals it answers (with no search): any of them together, or none. */
  answers: readonly string[];
  /** Its key holds days in the company's zone: read only while the counts are kept in the server's zone. */
  zoned?: boolean;
}

/** The name the keys are read under, as if they were the area's table. */
const KEPT = 'kept';

/**
 * The area's columns over the keys (an alias of its table named `kept`), and the keys as rows of that alias: each
 * counted column read back as the table's own type, with `n`, the records it stands for.
 */
export function keptSource(def: ResourceDefinition, kept: KeptCounts): { columns: Record<string, PgColumn>; source: SQL } {
  const columns = alias(def.table, KEPT) as unknown as Record<string, PgColumn>;
  const named = Object.fromEntries(kept.fields.map((field) => [field, columns[field]]));
  const parts = kept.fields.map((field) => {
    const name = columns[field].name;
    return sql`(key->>${sql.raw(`'${name}'`)})::${sql.raw(columns[field].getSQLType())} AS ${sql.identifier(name)}`;
  });
  const source = sql`(SELECT ${sql.join(parts, sql`, `)}, n FROM record_counts WHERE counted = ${sql.raw(`'${kept.name}'`)}) AS ${sql.identifier(KEPT)}`;
  return { columns: named as Record<string, PgColumn>, source };
}

/** The sum of the matching keys' counts, and the zone the counts are kept in. */
export const keptSelection = {
  count: sql<number>`coalesce(sum(${sql.identifier(KEPT)}.n), 0)::int`,
  zone: sql<string>`(SELECT time_zone FROM record_counts_zone)`,
};

/** Whether the kept counts answer a total: no search, and every filter one the counts answer. */
export const keptAnswers = (kept: KeptCounts | undefined, hasTerm: boolean, filters: readonly string[]): kept is KeptCounts =>
  kept !== undefined && !hasTerm && filters.every((name) => kept.answers.includes(name));

/** Whether a read of the counts may be used: a zoned count only while it is kept in the server's zone. */
export const keptInZone = (kept: KeptCounts, zone: string) => !kept.zoned || zone === companyTimeZone();

const rezoning = new WeakMap<Database, Promise<unknown>>();
/**
 * The counts made again in the server's zone (RAAHI_TIME_ZONE changed since they were kept): once per database
 * and process, in the background; totals count rows meanwhile.
 */
export function keepCountsInZone(database: Database): Promise<unknown> {
  let running = rezoning.get(database);
  if (!running) {
    running = database.query('SELECT record_counts_rezone($1)', [companyTimeZone()]).catch((err: Error) => {
      rezoning.delete(database);
      console.error(`Could not keep the record counts in ${companyTimeZone()}: ${err.message}`);
    });
    rezoning.set(database, running);
  }
  return running;
}
