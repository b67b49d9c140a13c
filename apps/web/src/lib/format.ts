/** Formatting in Indian conventions: ₹ with lakh grouping, DD/MM/YYYY dates, times in the user's zone. */
const numberFormat = new Intl.NumberFormat('en-IN');
const rupeeFormat = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export const NA = 'N/A';

export const formatNumber = (value: number | null | undefined) => (value === null || value === undefined ? NA : numberFormat.format(value));
export const formatRupees = (value: number | null | undefined) => (value === null || value === undefined ? NA : rupeeFormat.format(value));

/** A calendar date (YYYY-MM-DD) as DD/MM/YYYY, with no zone shift. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return NA;
  const [y, m, d] = value.slice(0, 10).split('-');
  return d && m && y ? `${d}/${m}/${y}` : NA;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A calendar date (YYYY-MM-DD) as people read it in a sentence or a heading, '7 Dec 2026' (no zone shift); N/A when not a date. */
export function formatDay(value: string | null | undefined): string {
  const [y, m, d] = (value ?? '').slice(0, 10).split('-').map(Number);
  return y && m && d && m <= 12 ? `${d} ${MONTHS[m - 1]} ${y}` : NA;
}

/** A span of calendar days, its year said once when both ends share it: '27 Aug – 24 Nov 2026', '3 Dec 2025 – 2 Mar 2026'. */
export function formatDayRange(from: string, to: string): string {
  const [start, end] = [formatDay(from), formatDay(to)];
  if (start === NA || end === NA) return NA;
  return from.slice(0, 4) === to.slice(0, 4) ? `${start.slice(0, -5)} – ${end}` : `${start} – ${end}`;
}

/** An instant in the user's zone by `format`; N/A when there is none or it is not a date. */
function formatInstant(value: string | null | undefined, format: Intl.DateTimeFormat): string {
  if (!value) return NA;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? NA : format.format(date);
}

/** An instant as local date-time to the minute. */
export const formatDateTime = (value: string | null | undefined): string => formatInstant(value, dateTimeFormat);

/** The description part of a delete toast (jobs, incidents, expenses): its first 20 characters, then '...'. */
export const toastExcerpt = (text: string) => (text.length > 20 ? `${text.slice(0, 20)}...` : text);

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as DD/MM/YYYY HH:mm (24-hour) in the user's zone: when a change was made. */
export const formatWhen = (value: string | null | undefined): string => formatInstant(value, whenFormat).replace(',', '');
