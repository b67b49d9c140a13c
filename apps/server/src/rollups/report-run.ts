import type { ReportRow } from '@raahi/domain';
import type { Database } from '../db/client';
import type { ReportParams, ReportResult } from '../reports/report';
import { ensureRollupZone, periodRows, type KeyCondition, type RollupName } from './rollups';

/**
 * What the money reports share (decision 0048): a rollup's rows over the period (whole months from the rollup,
 * the ends from the records) as the CTE `p`, grouped by the report into `g`; a page of `g` in the report's
 * order, its totals and its chart points, each one statement.
 */
export interface GroupedReport {
  rollup: RollupName;
  /** Conditions on the rollup's keys from the report's filters (their values are the statement's parameters $1…). */
  where: Record<string, KeyCondition>;
  params: unknown[];
  /** The rollup's sources the report reads (all by default). */
  sources?: readonly string[];
  /** The grouped rows `g` over `p`: SELECT … FROM p … GROUP BY …. */
  grouped: string;
  /** The page's statement over `g` (ORDER BY a unique order, no LIMIT: added). */
  page: string;
  /** One row of totals over `g` (or over `p`). */
  totals: string;
  /** The chart's points over `g` (or `p`), kept small. */
  points: string;
  toRow(row: Record<string, unknown>): ReportRow;
  toTotals(row: Record<string, unknown>): ReportRow;
  toPoint(row: Record<string, unknown>): ReportRow;
  notes?: string[];
}

export async function runGroupedReport(database: Database, params: ReportParams, report: GroupedReport): Promise<ReportResult> {
  await ensureRollupZone(database);
  const period = await periodRows(database, report.rollup, params.from, params.to, report.where, report.sources);
  const parts = await reportParts(database, params, report.params, {
    ctes: `p AS (${period}), g AS MATERIALIZED (${report.grouped})`,
    page: report.page,
    totals: report.totals,
    points: report.points,
  });
  return {
    rows: parts.rows.map(report.toRow),
    totals: parts.totals ? report.toTotals(parts.totals) : null,
    points: parts.points.map(report.toPoint),
    notes: report.notes ?? [],
  };
}

/**
 * One statement for a report's page, totals and chart points over the CTEs `ctes` (whatever is computed for the
 * three is computed once): `page` (ORDER BY a unique order; OFFSET and LIMIT added as the parameters after
 * `values`), `totals` (one row), `points`.
 */
export async function reportParts(
  database: Database,
  params: Pick<ReportParams, 'offset' | 'limit'>,
  values: unknown[],
  sql: { ctes: string; page: string; totals: string; points: string },
): Promise<{ rows: Record<string, unknown>[]; totals: Record<string, unknown> | null; points: Record<string, unknown>[] }> {
  const n = values.length;
  const rows = await database.query<{ part: string; data: Record<string, unknown> }>(
    `WITH ${sql.ctes},
          page AS (SELECT row_number() OVER () AS at, x.* FROM (${sql.page} OFFSET $${n + 1} LIMIT $${n + 2}) x),
          totals AS (${sql.totals}),
          points AS (SELECT row_number() OVER () AS at, x.* FROM (${sql.points}) x)
     SELECT 'row' AS part, at, to_jsonb(page) AS data FROM page
     UNION ALL SELECT 'totals', 0, to_jsonb(totals) FROM totals
     UNION ALL SELECT 'point', at, to_jsonb(points) FROM points
     ORDER BY 1, 2`,
    [...values, params.offset, params.limit],
  );
  const part = (name: string) =>
    rows.filter((row) => row.part === name).map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>);
  return { rows: part('row'), totals: part('totals')[0] ?? null, points: part('point') };
}

/** A numeric from SQL (text) as rupees to the paisa; null stays null. */
export const rupees = (value: unknown): number | null => (value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100);
/** An integer from SQL; null as 0. */
export const whole = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
/** A km figure to 0.1. */
export const tenths = (value: unknown): number | null => (value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10);
/** A share in percent to 0.1 (null without a base). */
export const percentOf = (part: unknown, whole: unknown): number | null => {
  const base = Number(whole);
  if (part === null || part === undefined || whole === null || whole === undefined || base === 0) return null;
  return Math.round((Number(part) / base) * 1000) / 10;
};
/** A date or month from SQL as text (YYYY-MM-DD, or YYYY-MM with `length` 7). */
export const dayText = (value: unknown, length = 10): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, length);
  return String(value).slice(0, length);
};
/** A text from SQL ('' as null). */
export const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** The filter conditions of the reports: a key equal to a parameter. */
export const equals =
  (param: number): KeyCondition =>
  (key) =>
    `${key} = $${param}`;

/** Builds `where` and `params` from the report's filters: each given filter is a key equal to its value. */
export function keyFilters(filters: Partial<Record<string, string>>, keys: Record<string, string>): { where: Record<string, KeyCondition>; params: unknown[] } {
  const where: Record<string, KeyCondition> = {};
  const params: unknown[] = [];
  for (const [filter, key] of Object.entries(keys)) {
    const value = filters[filter];
    if (value === undefined) continue;
    params.push(value);
    where[key] = equals(params.length);
  }
  return { where, params };
}
