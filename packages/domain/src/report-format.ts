import type { ReportCell, ReportColumnKind } from './reports';

/**
 * How a report's cell reads on the screen and in the PDF (one formatter, so both show the same figure): ₹ with Indian
 * digit grouping (₹1,23,45,678.50), km and km/L to 0.1, dates DD/MM/YYYY; a missing value is N/A, never a made-up 0.
 */
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const tenths = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const hundredths = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export const REPORT_NA = 'N/A';

/** The decimals of a numeric kind in a CSV (plain digits a spreadsheet reads: no ₹, no grouping). */
const CSV_DECIMALS: Partial<Record<ReportColumnKind, number>> = { money: 2, km: 1, kmPerLitre: 1, percent: 1, litres: 2, integer: 0, celsius: 1 };

export function formatReportCell(kind: ReportColumnKind, value: ReportCell | undefined): string {
  if (value === null || value === undefined || value === '') return REPORT_NA;
  if (kind === 'flag') return value === true ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (kind === 'money') return rupees.format(value);
    if (kind === 'km') return `${tenths.format(value)} km`;
    if (kind === 'kmPerLitre') return `${tenths.format(value)} km/L`;
    if (kind === 'percent') return `${tenths.format(value)}%`;
    if (kind === 'celsius') return `${tenths.format(value)} °C`;
    if (kind === 'litres') return `${hundredths.format(value)} L`;
    if (kind === 'integer') return whole.format(value);
    return String(value);
  }
  const text = String(value);
  if (kind === 'date' && text.length >= 10) {
    const [y, m, d] = text.slice(0, 10).split('-');
    return `${d}/${m}/${y}`;
  }
  if (kind === 'month' && text.length === 7) {
    const month = Number(text.slice(5, 7));
    return month >= 1 && month <= 12 ? `${MONTHS[month - 1]} ${text.slice(0, 4)}` : text;
  }
  return text;
}

/**
 * A cell as a CSV holds it before quoting: numbers plain with their decimals (money 1234567.50), dates YYYY-MM-DD,
 * a flag Yes/No, a missing value empty. Text is returned as is (the writer quotes it and defuses formulas).
 */
export function csvReportCell(kind: ReportColumnKind, value: ReportCell | undefined): string {
  if (value === null || value === undefined) return '';
  if (kind === 'flag') return value === true ? 'Yes' : 'No';
  const decimals = CSV_DECIMALS[kind];
  if (decimals !== undefined && typeof value === 'number') return value.toFixed(decimals);
  return String(value);
}

/** Whether a column's values are numbers (right-aligned on the screen and in the PDF). */
export const isNumericKind = (kind: ReportColumnKind) => CSV_DECIMALS[kind] !== undefined;
