import type { AnyField } from '@raahi/domain';

/**
 * A cell's text as the value its field takes, driven by the field's declared kind (no code per area): dates
 * as people write them in India, rupee amounts with Indian grouping, choices by label or stored value, yes/no.
 * Links are left as text here and resolved by their natural keys a batch at a time (natural-keys.ts).
 * Anything that does not read as its kind is an error on that cell, in words.
 */
export type CellValue = { value: unknown } | { error: string };

const isDigits = (text: string) => text.length > 0 && [...text].every((c) => c >= '0' && c <= '9');

/** Years a date from a file may be in: any fleet record's, none that a typo makes (19, 20225). */
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;
const DATE_MESSAGE = 'must be a date such as 25/11/2026 (DD/MM/YYYY) or 2026-11-25';

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD when the day exists in the calendar and the year is in range; else null. */
function calendarDate(year: number, month: number, day: number): string | null {
  if (year < MIN_YEAR || year > MAX_YEAR) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Excel stores a date as days since 30/12/1899 (its 1900 leap-year bug included): 46000 is 10/12/2025. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const MAX_EXCEL_SERIAL = 73_415; // 31/12/2100

/**
 * A date as written: DD/MM/YYYY or D-M-YYYY (also with dots), YYYY-MM-DD, or Excel's serial number of a day.
 * Split by hand on its separators (no pattern); a two-digit year is refused rather than guessed.
 */
export function parseDate(text: string): string | null {
  if (text.length > 10) return null;
  if (isDigits(text) && text.length <= 5) {
    const serial = Number(text);
    if (serial < 1 || serial > MAX_EXCEL_SERIAL) return null;
    const date = new Date(EXCEL_EPOCH + serial * 86_400_000);
    return calendarDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  }
  const separator = ['/', '-', '.'].find((s) => text.includes(s));
  if (!separator) return null;
  const parts = text.split(separator);
  if (parts.length !== 3 || !parts.every(isDigits)) return null;
  if (parts[0].length === 4 && parts[1].length <= 2 && parts[2].length <= 2) return calendarDate(Number(parts[0]), Number(parts[1]), Number(parts[2]));
  if (parts[2].length === 4 && parts[0].length <= 2 && parts[1].length <= 2) return calendarDate(Number(parts[2]), Number(parts[1]), Number(parts[0]));
  return null;
}

/** One formatter per zone: building one costs more than a thousand uses. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The offset of a zone from UTC at an instant, in minutes (Asia/Kolkata: 330). */
function zoneOffsetMinutes(zone: string, at: number): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

/** HH:MM or HH:MM:SS (an optional AM/PM), as hours, minutes and seconds; null when it is not a time. */
function parseTime(text: string): [number, number, number] | null {
  let rest = text.trim().toUpperCase();
  let shift: 'AM' | 'PM' | null = null;
  for (const half of ['AM', 'PM'] as const) {
    if (rest.endsWith(half)) {
      shift = half;
      rest = rest.slice(0, -2).trim();
    }
  }
  const parts = rest.split(':');
  if (parts.length < 2 || parts.length > 3 || !parts.every((p) => isDigits(p) && p.length <= 2)) return null;
  const [minutes, seconds] = [Number(parts[1]), Number(parts[2] ?? 0)];
  let hours = Number(parts[0]);
  if (shift) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (shift === 'PM' ? 12 : 0);
  }
  return hours < 24 && minutes < 60 && seconds < 60 ? [hours, minutes, seconds] : null;
}

/**
 * A date and time as written (a date as parseDate reads it, then a time; or an ISO 8601 instant), in the
 * company's zone when it names none: ISO 8601 in UTC, as the API takes it. A date alone is its midnight.
 */
export function parseDateTime(text: string, zone: string): string | null {
  if (text.length > 40) return null;
  if (text.length >= 20 && text[10] === 'T' && (text.endsWith('Z') || text[text.length - 6] === '+' || text[text.length - 6] === '-')) {
    const instant = new Date(text);
    return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
  }
  const split = text.indexOf('T') === 10 ? 10 : text.indexOf(' ');
  const datePart = split < 0 ? text : text.slice(0, split);
  const date = parseDate(datePart);
  if (!date) return null;
  const time = split < 0 ? [0, 0, 0] : parseTime(text.slice(split + 1));
  if (!time) return null;
  const local = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), time[0], time[1], time[2]);
  // The offset at the local time read as UTC, corrected once more where a zone's offset changes that day.
  let instant = local - zoneOffsetMinutes(zone, local) * 60_000;
  instant = local - zoneOffsetMinutes(zone, instant) * 60_000;
  return new Date(instant).toISOString();
}

/**
 * An amount as written: ₹ or Rs. in front, Indian (1,23,456.50) or any other grouping, spaces; a minus
 * or brackets for a negative. Null when what is left is not a plain decimal.
 */
export function parseAmount(text: string): number | null {
  let rest = text.trim();
  if (rest.length > 40) return null;
  let negative = false;
  if (rest.startsWith('(') && rest.endsWith(')')) {
    negative = true;
    rest = rest.slice(1, -1).trim();
  }
  if (rest.startsWith('-')) {
    negative = !negative;
    rest = rest.slice(1).trim();
  }
  for (const sign of ['₹', 'INR', 'Rs.', 'Rs', 'rs.', 'rs']) {
    if (rest.startsWith(sign)) {
      rest = rest.slice(sign.length).trim();
      break;
    }
  }
  if (rest.startsWith('-')) {
    negative = !negative;
    rest = rest.slice(1).trim();
  }
  let digits = '';
  let dot = false;
  for (const c of rest) {
    if (c === ',' || c === ' ' || c === '\u00a0') {
      if (dot) return null;
      continue;
    }
    if (c === '.') {
      if (dot) return null;
      dot = true;
      digits += c;
    } else if (c >= '0' && c <= '9') digits += c;
    else return null;
  }
  if (digits === '' || digits === '.') return null;
  const value = Number(digits);
  return Number.isFinite(value) ? (negative ? -value : value) : null;
}

const YES = new Set(['yes', 'y', 'true', '1', 'ticked', 'checked', 'x', 'haan', 'ha']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/** A choice by its stored value or its label (Meal Allowance → Meal), ignoring case and surrounding spaces. */
function matchOption(field: Extract<AnyField, { kind: 'choice' | 'choices' }>, text: string): string | undefined {
  const wanted = text.trim().toLowerCase();
  const labels = field.kind === 'choice' ? (field.labels ?? {}) : {};
  return field.options.find((option) => option.toLowerCase() === wanted || labels[option]?.toLowerCase() === wanted);
}

/** Several values in one cell: separated by commas, semicolons or vertical bars. */
export const listItems = (text: string): string[] => {
  const items: string[] = [];
  let current = '';
  for (const c of text) {
    if (c === ',' || c === ';' || c === '|') {
      items.push(current.trim());
      current = '';
    } else current += c;
  }
  items.push(current.trim());
  return items.filter((item) => item !== '');
};

/** The value of one cell for its field (links stay text, resolved later). */
export function cellValue(field: AnyField, raw: string, zone: string): CellValue {
  const text = raw.trim();
  switch (field.kind) {
    case 'text':
      return { value: raw.trim() };
    case 'number':
    case 'money':
    case 'rating': {
      if (text === '') return { value: null };
      const value = parseAmount(text);
      return value === null ? { error: field.kind === 'money' ? 'must be an amount such as ₹1,23,456.50' : 'must be a number' } : { value };
    }
    case 'date': {
      if (text === '') return { value: null };
      return parseDate(text) !== null ? { value: parseDate(text) } : { error: DATE_MESSAGE };
    }
    case 'datetime': {
      if (text === '') return { value: null };
      const value = parseDateTime(text, zone);
      return value ? { value } : { error: 'must be a date and time such as 25/11/2026 14:30' };
    }
    case 'choice': {
      if (text === '') return { value: field.blank };
      const option = matchOption(field, text);
      if (option !== undefined) return { value: option };
      return field.open ? { value: text } : { error: `must be one of ${field.options.map((o) => field.labels?.[o] ?? o).join(', ')}` };
    }
    case 'choices': {
      const values: string[] = [];
      for (const item of listItems(text)) {
        const option = matchOption(field, item);
        if (option === undefined) return { error: `must be among: ${field.options.join(', ')} (separated by commas)` };
        values.push(option);
      }
      return { value: values };
    }
    case 'flag': {
      const lower = text.toLowerCase();
      if (YES.has(lower)) return { value: true };
      if (NO.has(lower)) return { value: false };
      return { error: 'must be Yes or No' };
    }
    case 'reference':
      return { value: text === '' ? field.blank : text };
    case 'references':
      return { value: listItems(text) };
    case 'entity':
      return { value: text };
    case 'file':
    case 'files':
      return { error: 'is a file and cannot be imported; attach files on the record' };
  }
}
