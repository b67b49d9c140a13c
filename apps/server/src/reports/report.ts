import type { ReportDescription, ReportFilter, ReportRow } from '@raahi/domain';
import type { Database } from '../db/client';

/**
 * One report (issue 20; decision 0047): its description (columns, filters, chart) and how to compute it. The
 * machinery (routes.ts) checks the period and filters, pages, and writes CSV and PDF from `run`; a report never
 * sees an unchecked parameter. Register it in index.ts (REPORTS).
 */
export interface ReportParams {
  /** The checked period (the last full month by default); a report without a period gets it and ignores it. */
  from: string;
  to: string;
  /** The checked filters the report declares (ids, or a customer's name), absent when not given. */
  filters: Partial<Record<ReportFilter, string>>;
  /** The company's today (YYYY-MM-DD). */
  today: string;
  /** The signed-in user's role (a report leaves out what the role may not view). */
  role: string;
  /** Rows to skip and to return: a page (pageSize + 1 asked, to tell hasMore) or an export (up to its cap + 1). */
  offset: number;
  limit: number;
}

export interface ReportResult {
  /** At most `limit` rows from `offset`, in the report's order (stable: ties broken by a key). */
  rows: ReportRow[];
  /** Totals over every row of the report, not only the page (null when the report has none). */
  totals: ReportRow | null;
  /** The chart's points over the whole period and filters (kept small: months, statuses, or the top rows). */
  points: ReportRow[];
  notes: string[];
}

export interface ReportDefinition {
  description: ReportDescription;
  /** The areas a role must view to see this report (all of them). */
  areas: readonly string[];
  run(database: Database, params: ReportParams): Promise<ReportResult>;
}
