import { Hono } from 'hono';
import { can, isReportKey, REPORT_EXPORT_ROW_CAP, REPORT_PDF_ROW_CAP, type Action, type ReportAnswer, type ReportFilter } from '@raahi/domain';
import type { AppEnv } from '../auth/middleware';
import { notAllowed, roleOf } from '../auth/permissions';
import { companyToday } from '../company-time';
import { yieldToEventLoop, type Database } from '../db/client';
import { admissionLimiter } from '../http/admission';
import { ApiError, badRequest, notFound } from '../http/errors';
import { kpiAnswer, kpiLastMonth } from './kpi';
import { reportCsv } from './csv';
import { reportOf, REPORTS } from './index';
import { pdfRenderer } from './pdf-renderer';
import { checkReportQuery, namedRecordsExist, type CheckedReportQuery } from './query';
import type { ReportDefinition, ReportResult } from './report';

/**
 * The reports' routes (issue 20, decision 0047), for any ReportDefinition in REPORTS:
 *   GET /api/reports            the catalogue: the reports whose every area the role may view (and `exportable`)
 *   GET /api/reports/:key       a page of the report (ReportAnswer); format=csv or pdf for the files
 * The query is checked (query.ts) before the report runs; a role that may not view (for a file: export) every area
 * the report reads is refused with a 403 that names them.
 */
const mayAll = (role: string, report: ReportDefinition, action: Action) => report.areas.every((area) => can(role, area, action));

/**
 * Report files (CSV and PDF) at once (decision 0060): a file holds up to 100,000 rows in memory and, on the embedded
 * database, its query runs on the event loop. Two per user or key (a PDF and a CSV side by side), four per server:
 * one past either is refused at once with 429 and Retry-After rather than queued. A report's page (JSON) is not
 * limited. The counts, the PDF worker and its queue are this process's (admission.ts).
 */
export const REPORT_FILES_PER_USER = 2;
export const REPORT_FILES_PER_SERVER = 4;
/** About how long a 2,000-row PDF takes to make on a busy 2-core machine (measured: decision 0060). */
const REPORT_FILE_RETRY_SECONDS = 5;
const reportFiles = admissionLimiter('report files', {
  perUser: REPORT_FILES_PER_USER,
  perServer: REPORT_FILES_PER_SERVER,
  retryAfterSeconds: REPORT_FILE_RETRY_SECONDS,
});
/** One worker (on 2 cores a second competes with the event loop); the admitted files past it wait their turn. */
const pdfs = pdfRenderer({ workers: 1, maxQueued: REPORT_FILES_PER_SERVER, timeoutMs: 120_000 });

/**
 * The database as a report file's statements see it. PGlite runs on the event loop and answers within microtasks, so
 * the statements of several files queued behind one another would hold the loop for all of them (the 2,000 rows of a
 * PDF take about 100 ms a statement): on PGlite they take turns, one at a time, each after a turn of the event loop,
 * so another request waits for at most one statement. PostgreSQL runs them elsewhere and needs none of this.
 */
let fileStatements: Promise<unknown> = Promise.resolve();
const takingTurns = (database: Database): Database =>
  database.kind !== 'pglite'
    ? database
    : {
        ...database,
        query: <T>(text: string, params?: unknown[]) => {
          const mine = fileStatements.then(yieldToEventLoop).then(() => database.query<T>(text, params));
          fileStatements = mine.catch(() => undefined);
          return mine;
        },
      };

/**
 * On PGlite a file's rows are read in pages, each page its own run (and its own turn). One statement of a 2,000-row
 * report's rows held the event loop 30–50 ms on a quiet machine and 80–290 ms on a busy one; a page of 500 holds it
 * 6–20 ms. Each run also computes the totals, chart and notes over every row (the first run's are kept), so a CSV's
 * 100,000 rows are read 5,000 at a time: in pages of 500 the totals, run 200 times, made it 31 s instead of 1.3 s.
 * The pages are read by offset, as the screen pages them.
 */
const FILE_PAGE_ROWS = { first: 500, more: 5_000 };

const dayText = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const FILTER_LABELS: Record<ReportFilter, string> = { vehicle: 'Vehicle', driver: 'Driver', customer: 'Customer', station: 'Station' };

export function reportRoutes(database: Database) {
  const routes = new Hono<AppEnv>();
  const fileDatabase = takingTurns(database);

  routes.get('/', (c) => {
    const role = roleOf(c);
    // Each with whether the role may download its files (the Reporting screen shows the buttons only then).
    const items = REPORTS.filter((report) => mayAll(role, report, 'view')).map((report) => ({
      ...report.description,
      exportable: mayAll(role, report, 'export'),
    }));
    return c.json({ items });
  });

  // The KPI dashboard (decision 0050), before /:key so that 'kpi' is not read as a report's key.
  routes.get('/kpi', async (c) => {
    const queries = c.req.queries();
    for (const [name, values] of Object.entries(queries)) {
      if (name !== 'to') throw badRequest(`Unknown parameter: ${name.slice(0, 40)}. The KPI dashboard takes to (YYYY-MM).`);
      if (values.length !== 1) throw badRequest('to may be given once.');
    }
    const today = companyToday();
    return c.json(await kpiAnswer(database, roleOf(c), kpiLastMonth(queries.to?.[0], today), today));
  });

  routes.get('/:key', async (c) => {
    const key = c.req.param('key');
    const report = key.length <= 40 && isReportKey(key) ? reportOf(key) : undefined;
    if (!report) throw notFound(`There is no report ${key.slice(0, 40)}.`);
    const role = roleOf(c);
    const { title } = report.description;
    if (!mayAll(role, report, 'view')) throw notAllowed(role, `view the report ${title}: it reads ${report.areas.join(', ')}`);
    const today = companyToday();
    const query = checkReportQuery(report, c.req.queries(), today);
    if (query.format !== 'json' && !mayAll(role, report, 'export')) throw notAllowed(role, `export the report ${title}: it reads ${report.areas.join(', ')}`);
    const params = { from: query.from, to: query.to, filters: query.filters, today, role };
    const run = (offset: number, limit: number) => report.run(query.format === 'json' ? database : fileDatabase, { ...params, offset, limit });
    /** Up to `limit` rows from `offset` for a file: one run on PostgreSQL, pages of FILE_PAGE_ROWS on PGlite. */
    const runForFile = async (offset: number, limit: number): Promise<ReportResult> => {
      if (database.kind !== 'pglite') return run(offset, limit);
      let asked = Math.min(limit, FILE_PAGE_ROWS.first);
      const first = await run(offset, asked);
      const rows = [...first.rows];
      let last = first.rows.length;
      // A PDF's 2,001 rows in pages of 500; past them (a CSV, the count of a capped PDF's rest) pages of 5,000.
      while (rows.length < limit && last === asked) {
        asked = Math.min(limit - rows.length, rows.length < REPORT_PDF_ROW_CAP + 1 ? FILE_PAGE_ROWS.first : FILE_PAGE_ROWS.more);
        const page = await run(offset + rows.length, asked);
        rows.push(...page.rows);
        last = page.rows.length;
      }
      return { ...first, rows };
    };

    if (query.format === 'json') {
      await namedRecordsExist(database, query.filters);
      const result = await run((query.page - 1) * query.pageSize, query.pageSize + 1);
      return c.json(answerOf(report, query, result, query.pageSize));
    }
    // A file holds its slot from its query to its last byte (a CSV) or its last page made (a PDF), whatever happens.
    const session = c.get('session');
    const release = reportFiles.admit(session.actor?.type === 'api_key' ? `key:${session.actor.id}` : `user:${session.user.id}`);
    let sending = false;
    try {
      const labels = await namedRecordsExist(database, query.filters);
      const cap = query.format === 'csv' ? REPORT_EXPORT_ROW_CAP : REPORT_PDF_ROW_CAP;
      const result = await runForFile(0, cap + 1);
      const answer = answerOf(report, query, result, cap);
      const name = `${report.description.key}-${report.description.period ? `${query.from}-${query.to}` : today}`;
      if (query.format === 'csv') {
        const body = reportCsv(answer, answer.hasMore, release);
        sending = true;
        return new Response(body, {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}.csv"`, 'Cache-Control': 'no-store' },
        });
      }
      // Capped: count the rows after the PDF's last, up to the CSV's cap, so the PDF says how many it leaves out.
      const rest = answer.hasMore ? (await runForFile(REPORT_PDF_ROW_CAP, REPORT_EXPORT_ROW_CAP + 1)).rows.length : 0;
      const filters = Object.entries(labels).map(([filter, label]) => `${FILTER_LABELS[filter as ReportFilter]}: ${label}`);
      const pdf = await pdfs.render(
        {
          answer,
          header: {
            period: report.description.period ? `Period: ${dayText(query.from)} – ${dayText(query.to)}` : `The records as they are on ${dayText(today)}`,
            filters: filters.length ? `Filters: ${filters.join(' · ')}` : 'Filters: none',
            generated: `Generated on ${dayText(today)}`,
          },
          extent: { moreRows: Math.min(rest, REPORT_EXPORT_ROW_CAP), moreRowsAtLeast: rest > REPORT_EXPORT_ROW_CAP },
        },
        c.req.raw.signal,
      );
      return new Response(new Uint8Array(pdf), {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}.pdf"`, 'Cache-Control': 'no-store' },
      });
    } catch (err) {
      // The client left while its PDF waited for the worker: no one reads the answer, and nothing went wrong.
      if (c.req.raw.signal.aborted && !(err instanceof ApiError)) return new Response(null, { status: 499 });
      throw err;
    } finally {
      // A CSV being sent gives its slot back at its end (or when its client goes away): reportCsv's `done`.
      if (!sending) release();
    }
  });

  return routes;
}

/** A report's answer from one run: at most `size` rows, hasMore when the run found one more. */
function answerOf(report: ReportDefinition, query: CheckedReportQuery, result: ReportResult, size: number): ReportAnswer {
  const { description } = report;
  return {
    key: description.key,
    title: description.title,
    from: description.period ? query.from : null,
    to: description.period ? query.to : null,
    filters: query.filters,
    columns: description.columns,
    rows: result.rows.slice(0, size),
    totals: result.totals,
    hasMore: result.rows.length > size,
    page: query.format === 'json' ? query.page : 1,
    pageSize: query.format === 'json' ? query.pageSize : size,
    chart: { ...description.chart, points: result.points },
    notes: result.notes,
  };
}
