/**
 * A training certificate's validity as typed ('1 year', '6 months', '18 months', '2 years'), in months.
 * Read without a regular expression: at most 40 characters, a whole number (1–120, or one to twelve in
 * words) and a unit (year, years, yr, yrs, y, month, months, mo, mos, mon, m, with or without a space, an
 * optional trailing '.'), any case, surrounded by spaces. Anything else cannot be read: null (the training
 * gives no reminder and is listed for correction). The SQL function `validity_months` (migration 0034)
 * reads the same; a test holds the two together.
 */
const WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  a: 1,
  an: 1,
};
const YEAR_UNITS = new Set(['year', 'years', 'yr', 'yrs', 'y']);
const MONTH_UNITS = new Set(['month', 'months', 'mo', 'mos', 'mon', 'm']);
export const MAX_VALIDITY_MONTHS = 120;

const isDigit = (ch: string) => ch >= '0' && ch <= '9';
/** Without the spaces (only ' ') at either end. */
function trimSpaces(text: string): string {
  let [start, end] = [0, text.length];
  while (start < end && text[start] === ' ') start++;
  while (end > start && text[end - 1] === ' ') end--;
  return text.slice(start, end);
}

export function validityMonths(text: string | null | undefined): number | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  let value = trimSpaces(text.toLowerCase());
  if (value.endsWith('.')) value = value.slice(0, -1);
  let i = 0;
  while (i < value.length && isDigit(value[i])) i++;
  let count: number;
  let unit: string;
  if (i > 0) {
    if (i > 3) return null;
    count = Number(value.slice(0, i));
    unit = trimSpaces(value.slice(i));
  } else {
    const space = value.indexOf(' ');
    if (space < 0) return null;
    count = WORDS[value.slice(0, space)] ?? NaN;
    unit = trimSpaces(value.slice(space + 1));
  }
  if (!Number.isInteger(count) || count < 1) return null;
  const months = YEAR_UNITS.has(unit) ? count * 12 : MONTH_UNITS.has(unit) ? count : null;
  return months !== null && months <= MAX_VALIDITY_MONTHS ? months : null;
}

/** YYYY-MM-DD plus months, as PostgreSQL's date + interval does (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
