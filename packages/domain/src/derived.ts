import { COMPANY_TIME_ZONE } from './area';
/**
 * Derived states (stock level, document expiry, an insurance policy shown as Expired): values computed
 * from a record's fields and today's date, never stored. Each is declared once as ordered cases of a small
 * condition language; the badge evaluates it here and the server turns the same declaration into SQL, so
 * a filter finds exactly the rows whose badge says so.
 */
export type Condition =
  /** The date field is before today + days (days 0: in the past). */
  | { before: string; days?: number }
  /** The date field is from today to today + days, both included. */
  | { within: string; days: number }
  /** The number field is at most the other number field + plus. */
  | { atMost: string; other: string; plus?: number }
  /** The date field is on or after today + days (days -29: within the last 30 days with before … 1). */
  | { onOrAfter: string; days: number }
  /** The date (or date-time, by its day in the company's zone) is in today's calendar month. */
  | { thisMonth: string }
  /** The field holds one of the values. */
  | { in: string; values: readonly string[] }
  /** The field is empty (null or ''). */
  | { blank: string }
  | { all: readonly Condition[] }
  | { any: readonly Condition[] }
  | { not: Condition };

export interface DerivedState {
  /** The cases in order: the first that holds gives the value. */
  cases: readonly { value: string; when: Condition }[];
  /** The value when no case holds: a constant, or the value of a field (a status shown as it is stored). */
  otherwise: string | { field: string };
  /** The values a list can be filtered by (the filter's options, in order). */
  filterValues: readonly string[];
}

/** YYYY-MM-DD plus days, in calendar arithmetic (no zone: the date is already the user's). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

// Building a formatter costs far more than using one, and a list's badges ask for today once per row.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) in a time zone, by default the user's own. */
export function todayIn(timeZone?: string): string {
  const key = timeZone ?? '';
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(key, format);
  }
  return format.format(new Date());
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

const instantDays = new Map<string, Intl.DateTimeFormat>();
/** A date as it is, a date-time by its day in the zone (the company's: the server judges by its days). */
export function dayOf(value: unknown, timeZone: string): string {
  const text = String(value);
  if (text.length <= 10) return text;
  let format = instantDays.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    instantDays.set(timeZone, format);
  }
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? text.slice(0, 10) : format.format(instant);
}

/** `zone`: whose days a date-time's belong to (the company's, COMPANY_TIME_ZONE unless the server says another). */
export function holds(condition: Condition, record: Record<string, unknown>, today: string, zone = COMPANY_TIME_ZONE): boolean {
  if ('all' in condition) return condition.all.every((c) => holds(c, record, today, zone));
  if ('any' in condition) return condition.any.some((c) => holds(c, record, today, zone));
  if ('not' in condition) return !holds(condition.not, record, today, zone);
  if ('blank' in condition) return isBlank(record[condition.blank]);
  if ('in' in condition) return condition.values.includes(String(record[condition.in] ?? ''));
  if ('atMost' in condition) {
    const [value, other] = [record[condition.atMost], record[condition.other]];
    if (typeof value === 'string' && typeof other === 'string' && !condition.plus) return new Date(value).getTime() <= new Date(other).getTime();
    return typeof value === 'number' && typeof other === 'number' && value <= other + (condition.plus ?? 0);
  }
  const date =
    record[
      'before' in condition ? condition.before : 'within' in condition ? condition.within : 'onOrAfter' in condition ? condition.onOrAfter : condition.thisMonth
    ];
  if (isBlank(date)) return false;
  const day = dayOf(date, zone);
  if ('thisMonth' in condition) return day.slice(0, 7) === today.slice(0, 7);
  if ('onOrAfter' in condition) return day >= addDays(today, condition.days);
  if ('before' in condition) return day < addDays(today, condition.days ?? 0);
  return day >= today && day <= addDays(today, condition.days);
}

/** The state a record is in today. */
export function derive(state: DerivedState, record: Record<string, unknown>, today: string, zone = COMPANY_TIME_ZONE): string {
  for (const { value, when } of state.cases) if (holds(when, record, today, zone)) return value;
  return typeof state.otherwise === 'string' ? state.otherwise : String(record[state.otherwise.field] ?? '');
}
