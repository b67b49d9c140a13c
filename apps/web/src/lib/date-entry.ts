/**
 * Dates as people in India type and read them, DD/MM/YYYY (and HH:mm, 24-hour), whatever the
 * browser's language: a native date input follows the browser and shows mm/dd/yyyy in an English-US one.
 * The API speaks ISO: YYYY-MM-DD for dates, instants for date-times.
 */

const pad = (n: number) => String(n).padStart(2, '0');
// Fixed shapes, no nested repetition: nothing here can backtrack. Text is length-checked first.
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2})[:.](\d{2})$/;
const MAX_TYPED = 32;

/** YYYY-MM-DD → DD/MM/YYYY ('' stays ''). */
export function displayDate(iso: string): string {
  const match = ISO_DATE.exec(iso.slice(0, 10));
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** A typed date (DD/MM/YYYY, D-M-YYYY, DD.MM.YYYY or YYYY-MM-DD) → YYYY-MM-DD, or null when it is no real date. */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > MAX_TYPED) return null;
  const dayFirst = DAY_FIRST.exec(trimmed);
  const iso = dayFirst ? null : ISO_DATE.exec(trimmed);
  const [year, month, day] = dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]].map(Number) : iso ? [iso[1], iso[2], iso[3]].map(Number) : [];
  if (year === undefined) return null;
  // A real calendar date: 31/02 is refused, not rolled over into March.
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** An instant → DD/MM/YYYY HH:mm in the browser's zone ('' when there is none). */
export function displayDateTime(instant: string): string {
  const date = new Date(instant);
  if (!instant || Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A typed local date and time (DD/MM/YYYY HH:mm, or YYYY-MM-DDTHH:mm) → an ISO instant, or null. */
export function parseTypedDateTime(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > MAX_TYPED) return null;
  const split = trimmed.indexOf('T') > 0 ? trimmed.indexOf('T') : trimmed.indexOf(' ');
  if (split < 0) return null;
  const day = parseTypedDate(trimmed.slice(0, split));
  const time = TIME.exec(trimmed.slice(split + 1).trim());
  if (!day || !time) return null;
  const [hours, minutes] = [Number(time[1]), Number(time[2])];
  if (hours > 23 || minutes > 59) return null;
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date, hours, minutes).toISOString();
}

/** A typed date, or date and time, → its ISO form (date or instant), or null when it is none. */
export const parseTyped = (text: string, withTime: boolean) => (withTime ? parseTypedDateTime(text) : parseTypedDate(text));

/** An ISO date, or instant, → what the field shows. */
export const displayTyped = (iso: string, withTime: boolean) => (withTime ? displayDateTime(iso) : displayDate(iso));

/** The value a native picker takes (YYYY-MM-DD or YYYY-MM-DDTHH:mm) from what the field shows. */
export function pickerValue(text: string, withTime: boolean): string {
  const iso = parseTyped(text, withTime);
  if (!iso || !withTime) return iso ?? '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What a native picker chose → what the field shows. */
export function fromPicker(value: string, withTime: boolean): string {
  if (!value) return '';
  return displayTyped(withTime ? new Date(value).toISOString() : value, withTime);
}
