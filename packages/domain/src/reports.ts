/**
 * Reports (issue 20): the catalogue, the shape of an answer and the period rule, shared by the server (which
 * computes them, apps/server/src/reports/) and the web (which draws any report from its columns and chart).
 *
 * GET /api/reports                      → { items: ReportDescription[] } (the reports the role may view)
 * GET /api/reports/<key>?from&to&…      → ReportAnswer (a page of rows; page, pageSize as every list)
 * GET /api/reports/<key>?…&format=csv   → text/csv, every row up to REPORT_EXPORT_ROW_CAP, notes and totals after
 * GET /api/reports/<key>?…&format=pdf   → application/pdf, up to REPORT_PDF_ROW_CAP rows, saying where it stops
 * GET /api/reports/kpi                  → KpiAnswer (twelve months of trends)
 */

export const REPORT_FILTERS = ['vehicle', 'driver', 'customer', 'station'] as const;
/** A report's filters besides its period: a vehicle, driver or partner station id; a customer name. */
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/**
 * How a column's value is typed and shown. Money is rupees as a number to the paisa (2 decimals, never a float
 * sum: the server sums numeric and rounds once); `km` to 0.1; `kmPerLitre` to 0.1; `percent` 0–100 to 0.1;
 * `date` YYYY-MM-DD; `month` YYYY-MM; `flag` a boolean shown as a mark; `celsius` a temperature to 0.1 (added for cold chain).
 */
export type ReportColumnKind = 'text' | 'integer' | 'money' | 'km' | 'litres' | 'kmPerLitre' | 'percent' | 'date' | 'month' | 'flag' | 'celsius';

export interface ReportColumn {
  key: string;
  label: string;
  kind: ReportColumnKind;
}

export type ReportCell = string | number | boolean | null;
export type ReportRow = Record<string, ReportCell>;

/** A chart of the report: its points are computed over the whole period and filters (not the page). */
export interface ReportChart {
  type: 'bar' | 'stacked-bar' | 'line';
  /** The column key of the x axis (a month, a vehicle, a status…). */
  x: string;
  /** The column keys drawn as series. */
  series: string[];
}

export interface ReportDescription {
  key: ReportKey;
  title: string;
  description: string;
  /** Whether the report is over a period (from/to); a register of the present state (compliance, inventory) is not. */
  period: boolean;
  filters: ReportFilter[];
  columns: ReportColumn[];
  chart: ReportChart;
}

export interface ReportAnswer {
  key: ReportKey;
  title: string;
  /** The period answered (null for a report without one). */
  from: string | null;
  to: string | null;
  /** The filters applied, as given. */
  filters: Partial<Record<ReportFilter, string>>;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** The totals over every row of the report (not the page); a column without a total is absent or null. */
  totals: ReportRow | null;
  hasMore: boolean;
  page: number;
  pageSize: number;
  chart: ReportChart & { points: ReportRow[] };
  /** What was left out and why (odometer readings going backwards or flagged as outliers, a capped chart…). */
  notes: string[];
}

/** A CSV holds at most this many rows, and says so in its last line when it stops there. */
export const REPORT_EXPORT_ROW_CAP = 100_000;
/** A PDF holds at most this many rows, and says on its first page and after its last row where it stops. */
export const REPORT_PDF_ROW_CAP = 2_000;
/** The longest period a report answers. */
export const REPORT_MAX_YEARS = 5;

export const REPORT_KEYS = [
  'cost-per-km',
  'fuel-economy',
  'trip-profitability',
  'compliance-register',
  'challans',
  'maintenance-cost',
  'sales-pipeline',
  'station-settlements',
  'inventory-valuation',
  'cold-chain',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];
export const isReportKey = (key: string): key is ReportKey => (REPORT_KEYS as readonly string[]).includes(key);

/** Which report each of the specification's other report buttons opens (issue 20). */
export const REPORT_BUTTONS = {
  fuelCostReport: 'cost-per-km',
  fuelConsumption: 'fuel-economy',
  inventoryReport: 'inventory-valuation',
  coldChainExport: 'cold-chain',
} as const satisfies Record<string, ReportKey>;

/** The web address of a report with its query (the Reporting screen opens it). */
export const reportHref = (key: ReportKey, query: Record<string, string> = {}) => {
  const params = new URLSearchParams({ report: key, ...query }).toString();
  return `/reporting?${params}`;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (text: string) => {
  if (text.length !== 10 || !DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/** The last full calendar month before `today` (YYYY-MM-DD): the default period. */
export function lastFullMonth(today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number);
  const start = new Date(Date.UTC(year, month - 2, 1));
  const end = new Date(Date.UTC(year, month - 1, 0));
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
}

export type PeriodCheck = { ok: true; from: string; to: string } | { ok: false; message: string };

/**
 * A report's period: both ends given (or neither: the last full month), real days within 1900–2200, the start
 * not after the end, at most REPORT_MAX_YEARS years long. Lengths are checked before any pattern runs.
 */
export function checkPeriod(from: string | undefined, to: string | undefined, today: string): PeriodCheck {
  if ((from === undefined || from === '') && (to === undefined || to === '')) return { ok: true, ...lastFullMonth(today) };
  if (!from || !to) return { ok: false, message: 'A period needs both From and To (YYYY-MM-DD).' };
  if (!validDay(from)) return { ok: false, message: `From must be a date YYYY-MM-DD (got ${from.slice(0, 40)}).` };
  if (!validDay(to)) return { ok: false, message: `To must be a date YYYY-MM-DD (got ${to.slice(0, 40)}).` };
  if (from < '1900-01-01' || to > '2200-12-31') return { ok: false, message: 'A period must lie between 1900 and 2200.' };
  if (from > to) return { ok: false, message: `From (${from}) must not be after To (${to}).` };
  const [year, month, day] = from.split('-').map(Number);
  const limit = new Date(Date.UTC(year + REPORT_MAX_YEARS, month - 1, day)).toISOString().slice(0, 10);
  if (to >= limit) return { ok: false, message: `A period may be at most ${REPORT_MAX_YEARS} years long.` };
  return { ok: true, from, to };
}

/** The KPI dashboard: one point per month, oldest first; a value is null when nothing can be computed from. */
export interface KpiMonth {
  month: string;
  costPerKm: number | null;
  kmPerLitre: number | null;
  onTimePercent: number | null;
  marginPercent: number | null;
}
export interface KpiAnswer {
  months: KpiMonth[];
  notes: string[];
}
