import { z } from 'zod';

/**
 * Bidirectional controls (LRM, RLM, ALM, the embeddings, overrides and isolates) reorder what a reader
 * sees: 'report\u202Eexe.pdf' shows as 'reportfdp.exe'. No fleet record needs them, so text loses them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
export const withoutBidiControls = (value: string) => value.replace(BIDI_CONTROLS, '');

/**
 * Shared field shapes for record inputs. Bounds keep junk out; required-ness is a rule with the spec's
 * message. The length is checked first and stops the checks after it (abort), so no pattern or rule
 * ever runs on an over-long text.
 */
/**
 * Whether a text holds a control character: C0 (U+0000–U+001F), DEL (U+007F) or C1 (U+0080–U+009F). A
 * long text may hold tabs and line breaks (\n, or \r\n as a form sends them; a lone \r is refused). One pass
 * over the characters, no pattern.
 */
export function hasControlCharacter(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code >= 0x20 && code < 0x7f) || code > 0x9f) continue;
    if (multiline && (code === 0x09 || code === 0x0a || (code === 0x0d && value.charCodeAt(i + 1) === 0x0a))) continue;
    return true;
  }
  return false;
}
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

export const text = (max = 200, options: { multiline?: boolean } = {}) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters`, abort: true })
    .refine((value) => !hasControlCharacter(value, options.multiline), { message: CONTROL_CHARACTERS_MESSAGE, abort: true })
    .transform(withoutBidiControls);

/** Years a date may fall in: wide enough for any record, narrow enough for every database and browser. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;
const yearInRange = (year: number) => year >= MIN_YEAR && year <= MAX_YEAR;
const YEAR_RANGE_MESSAGE = `must be in the years ${MIN_YEAR} to ${MAX_YEAR}`;

/** The calendar has the day as written (no 31 November, no 29 February 2025). */
function isRealDate(s: string): boolean {
  const [year, month, day] = [s.slice(0, 4), s.slice(5, 7), s.slice(8, 10)].map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
export const isoDate = z
  .string()
  .max(10, { message: 'must be a date as YYYY-MM-DD', abort: true })
  .regex(DATE_SHAPE, { message: 'must be a date as YYYY-MM-DD', abort: true })
  .refine(isRealDate, { message: 'must be a real calendar date', abort: true })
  .refine((s) => yearInRange(Number(s.slice(0, 4))), YEAR_RANGE_MESSAGE);

// Seconds required, fraction optional, Z or an offset such as +05:30 (what Date.prototype.toISOString and zod's iso.datetime give).
const DATE_TIME_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
const DATE_TIME_MESSAGE = 'must be a date-time such as 2026-11-21T10:30:00Z';
/** Calendar fields as written are real (no 31 November, no 25:00) and the offset is at most ±14:00. */
function isRealDateTime(s: string): boolean {
  const [year, month, day, hour, minute, second] = [s.slice(0, 4), s.slice(5, 7), s.slice(8, 10), s.slice(11, 13), s.slice(14, 16), s.slice(17, 19)].map(
    Number,
  );
  const written = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const [offsetHours, offsetMinutes] = s.endsWith('Z') ? [0, 0] : [Number(s.slice(-5, -3)), Number(s.slice(-2))];
  return (
    written.getUTCFullYear() === year &&
    written.getUTCMonth() === month - 1 &&
    written.getUTCDate() === day &&
    written.getUTCHours() === hour &&
    written.getUTCMinutes() === minute &&
    written.getUTCSeconds() === second &&
    offsetMinutes < 60 &&
    offsetHours * 60 + offsetMinutes <= 14 * 60
  );
}
export const isoDateTime = z
  .string()
  .max(40, { message: DATE_TIME_MESSAGE, abort: true })
  .regex(DATE_TIME_SHAPE, { message: DATE_TIME_MESSAGE, abort: true })
  .refine(isRealDateTime, { message: DATE_TIME_MESSAGE, abort: true })
  // Both the year as written and the instant in UTC: '9999-12-31T23:59:59-14:00' is in the year 10000.
  .refine((s) => yearInRange(Number(s.slice(0, 4))) && yearInRange(new Date(s).getUTCFullYear()), YEAR_RANGE_MESSAGE);

/**
 * name@domain.tld: one @, no white space, a dot inside the domain. Checked by hand in one pass, not by a
 * pattern: the usual /^[^\s@]+@[^\s@]+\.[^\s@]+$/ backtracks quadratically on 'a@.....' (13 s at 60 KB).
 */
export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@') || /\s/.test(value)) return false;
  const domain = value.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return dot > 0 && dot < domain.length - 1 && !domain.startsWith('.') && !domain.includes('..');
}

export const integer = (min: number, max: number) =>
  z.number({ message: 'must be a number' }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

/** Today's date in the user's zone as YYYY-MM-DD, for form defaults. */
export function todayIso(now: Date = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** A stored file: the id the upload service gave it (FIL…), or null for none. */
export const FILE_ID_PATTERN = /^FIL[0-9A-Za-z_-]{10,40}$/;
export const fileRef = z.string().regex(FILE_ID_PATTERN, 'must be the id of an uploaded file').nullable();
