import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { MAX_PAGE_SIZE, REPORT_EXPORT_ROW_CAP, REPORT_FILTERS, REPORT_KEYS, REPORT_PDF_ROW_CAP } from '@raahi/domain';

/** The API document's entries for the reports (decision 0047). */
export function registerReportPaths(registry: OpenAPIRegistry, common: Record<number, unknown>) {
  const problem = z.object({ title: z.string(), message: z.string() });
  const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
  const error = (description: string) => ({ description, ...json(problem) });
  const responses = common as Record<number, { description: string }>;
  const tags = ['reports'];
  const column = z.object({
    key: z.string(),
    label: z.string(),
    kind: z.string().describe('text, integer, money (rupees to the paisa), km, litres, kmPerLitre, percent, date, month, flag, celsius'),
  });
  const chart = z.object({ type: z.enum(['bar', 'stacked-bar', 'line']), x: z.string(), series: z.array(z.string()) });
  const description = z.object({
    key: z.enum(REPORT_KEYS),
    title: z.string(),
    description: z.string(),
    period: z.boolean().describe('Whether the report takes a period (from, to); a register shows the present state'),
    filters: z.array(z.enum(REPORT_FILTERS)),
    columns: z.array(column),
    chart,
    exportable: z.boolean().describe('Whether your role may download its CSV and PDF (export on every area it reads)'),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/reports',
    tags,
    summary: 'The reports your role may view (every area each reads)',
    responses: { 200: { description: 'The catalogue', ...json(z.object({ items: z.array(description) })) }, ...responses },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/reports/kpi',
    tags,
    summary: 'The KPI dashboard: twelve full months of cost per km, km/L, on-time delivery % and margin %, oldest first (decision 0050)',
    request: { query: z.object({ to: z.string().length(7).optional().describe('The last month YYYY-MM (1900-12 to 2200-12); absent: the last full month') }) },
    responses: {
      200: {
        description: 'Twelve months; a figure is null when nothing can be computed from, or your role may not view its areas (said in notes)',
        ...json(
          z.object({
            months: z.array(
              z.object({
                month: z.string(),
                costPerKm: z.number().nullable().describe('Rupees per km to the paisa'),
                kmPerLitre: z.number().nullable(),
                onTimePercent: z.number().nullable(),
                marginPercent: z.number().nullable(),
              }),
            ),
            notes: z.array(z.string()),
          }),
        ),
      },
      400: error('An unknown parameter, or to given twice'),
      403: error('Your role may view none of the areas the figures read'),
      422: error('to is not a month YYYY-MM within 1900–2200'),
      ...responses,
    },
  });
  const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
  const row = z.record(z.string(), cell);
  registry.registerPath({
    method: 'get',
    path: '/api/reports/{key}',
    tags,
    summary: `A page of a report; format=csv (up to ${REPORT_EXPORT_ROW_CAP} rows) or pdf (up to ${REPORT_PDF_ROW_CAP} rows, saying where it stops)`,
    request: {
      params: z.object({ key: z.enum(REPORT_KEYS) }),
      query: z.object({
        from: z.string().optional().describe('YYYY-MM-DD; with to; both absent: the last full month'),
        to: z.string().optional(),
        vehicle: z.string().max(64).optional(),
        driver: z.string().max(64).optional(),
        customer: z.string().max(200).optional().describe('A part of the customer name, any case'),
        station: z.string().max(64).optional(),
        page: z.number().int().min(1).optional(),
        pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
        format: z.enum(['json', 'csv', 'pdf']).optional(),
      }),
    },
    responses: {
      200: {
        description: 'The page (JSON), or the file',
        ...json(
          z.object({
            key: z.string(),
            title: z.string(),
            from: z.string().nullable(),
            to: z.string().nullable(),
            filters: z.record(z.string(), z.string()),
            columns: z.array(column),
            rows: z.array(row),
            totals: row.nullable(),
            hasMore: z.boolean(),
            page: z.number().int(),
            pageSize: z.number().int(),
            chart: chart.extend({ points: z.array(row) }),
            notes: z.array(z.string()),
          }),
        ),
      },
      400: error('An unknown parameter, a filter the report does not take, bad paging'),
      403: error('Your role may not view (or, for a file, export) every area the report reads'),
      404: error('No such report, or the vehicle, driver or station named does not exist'),
      422: error('A bad period: start after end, longer than 5 years, outside 1900–2200'),
      ...responses,
      429: error(
        'A file (CSV or PDF) past the limits of report files at once (2 per user or API key, 4 per server; decision 0060), or an API key over its requests a minute; Retry-After says when to try again',
      ),
    },
  });
}
