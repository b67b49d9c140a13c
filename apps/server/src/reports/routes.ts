import { Hono } from 'hono';
import { can, isReportKey, REPORT_EXPORT_ROW_CAP, REPORT_PDF_ROW_CAP, type Action, type ReportAnswer, type ReportFilter } from '@raahi/domain';
import type { AppEnv } from '../auth/middleware';
import { notAllowed, roleOf } from '../auth/permissions';
import { companyToday } from '../company-time';
import type { Database } from '../db/client';
import { badRequest, notFound } from '../http/errors';
import { kpiAnswer, kpiLastMonth } from './kpi';
import { reportCsv } from './csv';
import { reportOf, REPORTS } from './index';
import { reportPdf } from './pdf';
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

const dayText = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const FILTER_LABELS: Record<ReportFilter, string> = { vehicle: 'Vehicle', driver: 'Driver', customer: 'Customer', station: 'Station' };

export function reportRoutes(database: Database) {
  const routes = new Hono<AppEnv>();

  routes.get('/', (c) => {
    const role = roleOf(c);
    // Each with whether the role may download its files (the Reporting screen shows the buttons only then).
    const items = REPORTS.filter((report) => mayAll(role, report, 'view')).map((report) => ({ ...report.description, exportable: mayAll(role, report, 'export') }));
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
    const labels = await namedRecordsExist(database, query.filters);
    const params = { from: query.from, to: query.to, filters: query.filters, today, role };
    const run = (offset: number, limit: number) => report.run(database, { ...params, offset, limit });

    if (query.format === 'json') {
      const result = await run((query.page - 1) * query.pageSize, query.pageSize + 1);
      return c.json(answerOf(report, query, result, query.pageSize));
    }
    const cap = query.format === 'csv' ? REPORT_EXPORT_ROW_CAP : REPORT_PDF_ROW_CAP;
    const result = await run(0, cap + 1);
    const answer = answerOf(report, query, result, cap);
    const name = `${report.description.key}-${report.description.period ? `${query.from}-${query.to}` : today}`;
    if (query.format === 'csv') {
      return new Response(reportCsv(answer, answer.hasMore), {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}.csv"`, 'Cache-Control': 'no-store' },
      });
    }
    // Capped: count the rows after the PDF's last, up to the CSV's cap, so the PDF says how many it leaves out.
    const rest = answer.hasMore ? (await run(REPORT_PDF_ROW_CAP, REPORT_EXPORT_ROW_CAP + 1)).rows.length : 0;
    const filters = Object.entries(labels).map(([filter, label]) => `${FILTER_LABELS[filter as ReportFilter]}: ${label}`);
    const pdf = await reportPdf(
      answer,
      {
        period: report.description.period ? `Period: ${dayText(query.from)} – ${dayText(query.to)}` : `The records as they are on ${dayText(today)}`,
        filters: filters.length ? `Filters: ${filters.join(' · ')}` : 'Filters: none',
        generated: `Generated on ${dayText(today)}`,
      },
      { moreRows: Math.min(rest, REPORT_EXPORT_ROW_CAP), moreRowsAtLeast: rest > REPORT_EXPORT_ROW_CAP },
    );
    return new Response(new Uint8Array(pdf), {
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}.pdf"`, 'Cache-Control': 'no-store' },
    });
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
