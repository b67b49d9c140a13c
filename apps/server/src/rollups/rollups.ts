import { addDays } from '@raahi/domain';
import { companyTimeZone } from '../company-time';
import type { Database } from '../db/client';

/**
 * Monthly rollups kept on write (decision 0048; migration 0044 declares them): each a table of month × keys with
 * additive measures, kept by statement triggers on its sources. A report over a period reads the whole months
 * inside it from the rollup and the partial months at either end from the records, through the same definition
 * (the catalog tables `rollups` and `rollup_sources`), so both parts count a record alike.
 */

export const ROLLUPS = ['rollup_vehicle_cost', 'rollup_trips', 'rollup_challans', 'rollup_station_invoices'] as const;
export type RollupName = (typeof ROLLUPS)[number];

interface RollupDefinition {
  keys: string[];
  measures: string[];
  measureTypes: string[];
  sources: {
    source: string;
    dayExpr: string | null;
    timeColumn: string | null;
    keyExprs: string[];
    measureExprs: string[];
    measureConditions: (string | null)[];
    condition: string;
  }[];
}

const catalogs = new WeakMap<Pick<Database, 'query'>, Promise<Map<string, RollupDefinition>>>();

/** The rollups' definitions as migration 0044 recorded them (read once per database). */
function catalog(database: Pick<Database, 'query'>): Promise<Map<string, RollupDefinition>> {
  let found = catalogs.get(database);
  if (!found) {
    found = (async () => {
      const rollups = await database.query<{ name: string; keys: string[]; measures: string[]; measure_types: string[] }>(
        'SELECT name, keys, measures, measure_types FROM rollups',
      );
      const sources = await database.query<{
        rollup: string;
        source: string;
        day_expr: string | null;
        time_column: string | null;
        key_exprs: string[];
        measure_exprs: string[];
        measure_conditions: (string | null)[];
        condition: string;
      }>('SELECT * FROM rollup_sources ORDER BY rollup, source');
      return new Map(
        rollups.map((r) => [
          r.name,
          {
            keys: r.keys,
            measures: r.measures,
            measureTypes: r.measure_types,
            sources: sources
              .filter((s) => s.rollup === r.name)
              .map((s) => ({
                source: s.source,
                dayExpr: s.day_expr,
                timeColumn: s.time_column,
                keyExprs: s.key_exprs,
                measureExprs: s.measure_exprs,
                measureConditions: s.measure_conditions,
                condition: s.condition,
              })),
          },
        ]),
      );
    })();
    found.catch(() => catalogs.delete(database));
    catalogs.set(database, found);
  }
  return found;
}

/** The rows where a rollup and its recomputation from the records differ (none when it is right). */
export async function rollupDifferences(database: Pick<Database, 'query'>, rollup: RollupName): Promise<{ side: string; row_text: string }[]> {
  return database.query<{ side: string; row_text: string }>('SELECT side, row_text FROM rollup_differences($1) ORDER BY 1, 2', [rollup]);
}

/** The rows where the cost per km's kept figures (migration 0054, decision 0057) and their recomputation differ. */
export async function fleetCostDifferences(database: Pick<Database, 'query'>): Promise<{ kept: string; side: string; row_text: string }[]> {
  return database.query<{ kept: string; side: string; row_text: string }>('SELECT kept, side, row_text FROM fleet_cost_differences() ORDER BY 1, 2, 3');
}

const zoneChecked = new WeakSet<Pick<Database, 'query'>>();

/**
 * The rollups take months of timestamps in the zone stored in rollup_settings: made equal to the company's zone
 * (RAAHI_TIME_ZONE) before a database's first report, the rollups rebuilt when it changed (rare: a company moves).
 */
export async function ensureRollupZone(database: Database): Promise<void> {
  if (zoneChecked.has(database)) return;
  const zone = companyTimeZone();
  const [stored] = await database.query<{ time_zone: string }>('SELECT time_zone FROM rollup_settings');
  if (stored?.time_zone !== zone) {
    await database.transaction(async (tx) => {
      await tx.query('LOCK TABLE rollup_settings IN EXCLUSIVE MODE');
      const [again] = await tx.query<{ time_zone: string }>('SELECT time_zone FROM rollup_settings');
      if (again?.time_zone === zone) return;
      await tx.query('UPDATE rollup_settings SET time_zone = $1', [zone]);
      for (const rollup of ROLLUPS) await tx.query('SELECT rollup_rebuild($1)', [rollup]);
    });
  }
  zoneChecked.add(database);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A checked day as a SQL date literal. */
export const day = (text: string) => {
  if (text.length !== 10 || !DAY.test(text)) throw new Error(`A day is YYYY-MM-DD (got ${text.slice(0, 20)})`);
  return `'${text}'::date`;
};
const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
const nextMonth = (date: string) => {
  const [year, month] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
};

/** A period split into the whole months inside it [wholeFrom, wholeTo) and the days around them. */
export function splitPeriod(from: string, to: string): { wholeFrom: string; wholeTo: string; days: [string, string][] } {
  const wholeFrom = from === firstOfMonth(from) ? from : nextMonth(from);
  const wholeTo = firstOfMonth(addDays(to, 1));
  if (wholeFrom >= wholeTo) return { wholeFrom, wholeTo: wholeFrom, days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < wholeFrom) days.push([from, addDays(wholeFrom, -1)]);
  if (wholeTo <= to) days.push([wholeTo, to]);
  return { wholeFrom, wholeTo, days };
}

/**
 * A condition on a rollup's key: `(key) => SQL`, given the key's column or, on a source's records, its expression.
 * The SQL may name parameters ($n) that the caller passes.
 */
export type KeyCondition = (expression: string) => string;

/**
 * The SQL of a rollup's rows over [from, to] (company's days, both included), with the rollup's columns (month,
 * keys, measures, records): the whole months from the rollup table, the days at either end from the records,
 * each grouped by month and keys. `where` narrows by keys (e.g. a vehicle: `{ vehicle_id: (k) => \`${k} = $1\` }`);
 * `sources` reads only some of the rollup's sources for the ends (a report of job cards reads no challans), the
 * caller narrowing the rollup's months to their rows by a key alike.
 * A report sums these rows as it groups them.
 */
export async function periodRows(
  database: Pick<Database, 'query'>,
  rollup: RollupName,
  from: string,
  to: string,
  where: Record<string, KeyCondition> = {},
  sources?: readonly string[],
): Promise<string> {
  const definition = (await catalog(database)).get(rollup);
  if (!definition) throw new Error(`No rollup ${rollup} (migration 0044)`);
  const { wholeFrom, wholeTo, days } = splitPeriod(from, to);
  const columns = ['month', ...definition.keys, ...definition.measures, 'records'];
  const parts: string[] = [];
  if (wholeFrom < wholeTo) {
    const conditions = [
      `month >= ${day(wholeFrom)}`,
      `month < ${day(wholeTo)}`,
      ...Object.entries(where).map(([key, condition]) => condition(quoteIdent(key))),
    ];
    parts.push(`SELECT ${columns.map(quoteIdent).join(', ')} FROM ${rollup} WHERE ${conditions.join(' AND ')}`);
  }
  for (const [start, end] of days) {
    for (const source of definition.sources.filter((one) => !sources || sources.includes(one.source))) {
      const dayExpr = source.dayExpr ?? `(r.${quoteIdent(source.timeColumn!)} AT TIME ZONE rollup_time_zone())::date`;
      // By the stored column, so that its index serves the range: a date, or a timestamp within the company's days.
      const range = source.timeColumn
        ? [
            `r.${quoteIdent(source.timeColumn)} >= (${day(start)})::timestamp AT TIME ZONE rollup_time_zone()`,
            `r.${quoteIdent(source.timeColumn)} < (${day(end)} + 1)::timestamp AT TIME ZONE rollup_time_zone()`,
          ]
        : [`${dayExpr} >= ${day(start)}`, `${dayExpr} <= ${day(end)}`];
      const keyConditions = Object.entries(where).map(([key, condition]) => condition(`(${source.keyExprs[definition.keys.indexOf(key)]})`));
      const measures = source.measureExprs.map((expr, i) => {
        const condition = source.measureConditions[i];
        return `sum(coalesce(${condition ? `CASE WHEN ${condition} THEN ${expr} END` : expr}, 0))::${definition.measureTypes[i]}`;
      });
      const groups = [`date_trunc('month', ${dayExpr})::date`, ...source.keyExprs];
      parts.push(
        `SELECT ${groups.join(', ')}, ${measures.join(', ')}, count(*)::bigint FROM ${quoteIdent(source.source)} r
          WHERE ${[...range, `(${source.condition})`, ...keyConditions].join(' AND ')} GROUP BY ${groups.map((_, i) => i + 1).join(', ')}`,
      );
    }
  }
  if (parts.length === 0) return `SELECT ${columns.map(quoteIdent).join(', ')} FROM ${rollup} WHERE false`;
  return `SELECT * FROM (${parts.join('\n UNION ALL ')}) AS p(${columns.map(quoteIdent).join(', ')})`;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
function quoteIdent(name: string): string {
  if (name.length > 63 || !IDENT.test(name)) throw new Error(`Not an identifier: ${name.slice(0, 63)}`);
  return `"${name}"`;
}
