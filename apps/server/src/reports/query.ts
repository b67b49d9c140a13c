import { checkPeriod, REPORT_FILTERS, type ReportFilter } from '@raahi/domain';
import type { Database } from '../db/client';
import { ApiError, badRequest } from '../http/errors';
import { pagingOf } from '../lists/live-lists';
import type { ReportDefinition } from './report';

/** The parameters a report request may carry (each at most once). */
const PARAMS = ['from', 'to', ...REPORT_FILTERS, 'page', 'pageSize', 'format'] as const;
export const REPORT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The longest value of each filter: a record's id, or a customer's name as the sales forms keep it. */
const MAX_ID = 64;
const MAX_CUSTOMER = 200;

/** The record each id filter names, and how the message calls it. */
const FILTER_TABLES: Record<Exclude<ReportFilter, 'customer'>, { table: string; label: string; labelSql: string }> = {
  vehicle: { table: 'vehicles', label: 'vehicle', labelSql: 'vehicle_label(make, model, license_plate, id)' },
  driver: { table: 'drivers', label: 'driver', labelSql: 'driver_label(name, id)' },
  station: { table: 'partner_fuel_stations', label: 'partner fuel station', labelSql: "station_name || ' (' || id || ')'" },
};

export interface CheckedReportQuery {
  from: string;
  to: string;
  filters: Partial<Record<ReportFilter, string>>;
  page: number;
  pageSize: number;
  format: ReportFormat;
}

/** Characters no id or name holds (control characters, a NUL PostgreSQL cannot store). */
const hasControl = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
};

/**
 * A report's query, checked before the report runs (decision 0047): only the parameters above, each once; a filter
 * the report declares; a period by checkPeriod (none for a register); paging as every list (pagingOf). Every value is
 * length-checked before any pattern runs. Nothing here touches the database: namedRecordsExist does, after.
 */
export function checkReportQuery(report: ReportDefinition, queries: Record<string, string[]>, today: string): CheckedReportQuery {
  const { description } = report;
  const single: Record<string, string> = {};
  for (const [name, values] of Object.entries(queries)) {
    if (!(PARAMS as readonly string[]).includes(name))
      throw badRequest(`Unknown parameter: ${name.slice(0, 40)}. A report takes ${reportParamsOf(report).join(', ')}.`);
    if (values.length !== 1) throw badRequest(`${name} may be given once.`);
    single[name] = values[0];
  }
  for (const filter of REPORT_FILTERS) {
    if (single[filter] === undefined) continue;
    if (!description.filters.includes(filter))
      throw badRequest(`The report ${description.title} has no ${filter} filter. It takes ${reportParamsOf(report).join(', ')}.`);
  }
  if (!description.period && (single.from !== undefined || single.to !== undefined)) {
    throw badRequest(`The report ${description.title} shows the records as they are today: it takes no period (from, to).`);
  }
  const format = single.format ?? 'json';
  if (format.length > 4 || !(REPORT_FORMATS as readonly string[]).includes(format)) throw badRequest('format must be json, csv or pdf.');

  const filters: Partial<Record<ReportFilter, string>> = {};
  for (const filter of description.filters) {
    const raw = single[filter];
    if (raw === undefined || raw === '') continue;
    const max = filter === 'customer' ? MAX_CUSTOMER : MAX_ID;
    if (raw.length > max) throw badRequest(`${filter} must be at most ${max} characters.`);
    if (hasControl(raw)) throw badRequest(`${filter} must not contain control characters.`);
    const value = raw.trim();
    if (value) filters[filter] = value;
  }

  const period = description.period ? checkPeriod(single.from, single.to, today) : ({ ok: true, from: today, to: today } as const);
  if (!period.ok) throw new ApiError(422, 'Invalid Period', period.message);
  const { page, pageSize } = pagingOf(Object.fromEntries(Object.entries(single).filter(([name]) => name === 'page' || name === 'pageSize')));
  return { from: period.from, to: period.to, filters, page, pageSize, format: format as ReportFormat };
}

/** What a report's query may hold, for messages. */
export const reportParamsOf = (report: ReportDefinition) => [
  ...(report.description.period ? ['from', 'to'] : []),
  ...report.description.filters,
  'page',
  'pageSize',
  'format',
];

/**
 * A vehicle, driver or station filter must name a record: a 404 that says which, rather than an empty report. Answers
 * each filter's label as the lists show it (a customer as given), for the PDF's heading.
 */
export async function namedRecordsExist(database: Database, filters: Partial<Record<ReportFilter, string>>): Promise<Partial<Record<ReportFilter, string>>> {
  const labels: Partial<Record<ReportFilter, string>> = { ...filters };
  for (const [filter, { table, label, labelSql }] of Object.entries(FILTER_TABLES)) {
    const id = filters[filter as ReportFilter];
    if (id === undefined) continue;
    const [row] = await database.query<{ label: string }>(`SELECT ${labelSql} AS label FROM ${table} WHERE id = $1`, [id]);
    if (!row) throw new ApiError(404, 'Not Found', `There is no ${label} ${id}.`);
    labels[filter as ReportFilter] = row.label;
  }
  return labels;
}
