/**
 * A vehicle's current odometer from its readings (decision 0037): the vehicle's recorded mileage, the
 * odometers of its fuel expenses, refuelling logs and job cards, each with its day.
 *
 * The rule for outliers: the anchor is the lower median of the readings' km, on the first day it was read.
 * A reading counts when it is at most the anchor + ODOMETER_SLACK_KM + ODOMETER_KM_PER_DAY for every day
 * after the anchor's day (no truck runs 1,500 km a day); the current odometer is the highest reading that
 * counts. A reading far above the rest (9,99,999 typed for 99,999) is flagged and left out wherever it falls
 * in time, first reading or last, so it never makes every schedule Overdue; as soon as half the readings are
 * believable, the median is one of them. A reading below the current odometer (an old receipt entered late, a
 * typo of 9,999) changes nothing. The server's SQL function `odometer_from` (migration 0034) is this same
 * rule; a test holds the two together. The database keeps its result per vehicle as the readings are written
 * (migration 0041, decision 0045: `vehicle_odometers`, and odometerDays / odometerMonthMarks below as tables).
 */
export interface OdometerReading {
  km: number;
  /** YYYY-MM-DD, the day of the reading. */
  date: string;
}

/** The distance above the anchor that is always believed. */
export const ODOMETER_SLACK_KM = 5_000;
/** The most a vehicle is believed to run per day after the anchor's day. */
export const ODOMETER_KM_PER_DAY = 1_500;

const dayNumber = (isoDate: string) => Math.floor(Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) / 86_400_000);

export interface OdometerResult {
  /** The current odometer; null when the vehicle has no reading. */
  km: number | null;
  /** The readings left out as far above the rest. */
  flagged: OdometerReading[];
}

/** The readings that count by the rule above and those it flags (unreadable ones are in neither). */
function judged(readings: readonly OdometerReading[]): { counted: OdometerReading[]; flagged: OdometerReading[] } {
  const valid = readings.filter((r) => Number.isFinite(r.km) && /^\d{4}-\d{2}-\d{2}/.test(r.date));
  if (valid.length === 0) return { counted: [], flagged: [] };
  const kms = valid.map((r) => r.km).sort((a, b) => a - b);
  // percentile_disc(0.5): the first km whose share of readings at or below it reaches one half.
  const anchor = kms[Math.ceil(kms.length / 2) - 1];
  const anchorDay = Math.min(...valid.filter((r) => r.km === anchor).map((r) => dayNumber(r.date)));
  const counts = (r: OdometerReading) => r.km <= anchor + ODOMETER_SLACK_KM + ODOMETER_KM_PER_DAY * Math.max(0, dayNumber(r.date) - anchorDay);
  return { counted: valid.filter(counts), flagged: valid.filter((r) => !counts(r)) };
}

export function currentOdometer(readings: readonly OdometerReading[]): OdometerResult {
  const { counted, flagged } = judged(readings);
  return { km: counted.length ? Math.max(...counted.map((r) => r.km)) : null, flagged };
}

/**
 * An instant as the odometer functions take it: days since 1970-01-01 (a fraction is part of a day). A reading
 * dated D is taken as read when D begins (`dayStart(D)`): the tables keep a reading's day, not its hour, and so a
 * reading on the 1st closes the month before it exactly. A period of days [from, to] runs from `dayStart(from)`
 * to `dayStart(to) + 1` (the end of `to`).
 */
export const dayStart = (isoDate: string): number => dayNumber(isoDate);

/**
 * The odometer at an instant from readings the rule has already judged (the server's SQL applies the rule and
 * hands over the counted readings nearest the instant): each day's reading is its highest, and the odometer is
 * interpolated linearly in time between the nearest day at or before the instant and the nearest at or after.
 * A reading exactly at the instant is the answer. Null without a reading on both sides.
 */
export function interpolateOdometer(counted: readonly OdometerReading[], at: number): number | null {
  let before: { day: number; km: number } | null = null;
  let after: { day: number; km: number } | null = null;
  for (const r of counted) {
    if (!Number.isFinite(r.km) || !/^\d{4}-\d{2}-\d{2}/.test(r.date)) continue;
    const day = dayStart(r.date);
    if (day <= at && (!before || day > before.day || (day === before.day && r.km > before.km))) before = { day, km: r.km };
    if (day >= at && (!after || day < after.day || (day === after.day && r.km > after.km))) after = { day, km: r.km };
  }
  if (!before || !after) return null;
  if (before.day === after.day) return before.km;
  return before.km + ((after.km - before.km) * (at - before.day)) / (after.day - before.day);
}

/**
 * A vehicle's odometer at an instant (see dayStart): its readings judged by the outlier rule (flagged ones left
 * out), then interpolated between the nearest before and after (interpolateOdometer). Null without both.
 */
export const odometerAt = (readings: readonly OdometerReading[], at: number): number | null => interpolateOdometer(judged(readings).counted, at);

/**
 * The km a vehicle ran over the days [from, to] (both included): its odometer at the end of `to` − at the start
 * of `from`, each interpolated. Null when either end is unknown, or when the readings go backwards across the
 * period (a negative distance is no distance): never a made-up figure.
 */
export function kmBetween(odometerAtStart: number | null, odometerAtEnd: number | null): number | null {
  if (odometerAtStart === null || odometerAtEnd === null || odometerAtEnd < odometerAtStart) return null;
  return Math.round((odometerAtEnd - odometerAtStart) * 10) / 10;
}

/** The warning answered with a record whose reading is left out (the record is saved). */
export const odometerWarning = (km: number, current: number | null) =>
  `The odometer ${km.toLocaleString('en-IN')} km is far above this vehicle's other readings${current === null ? '' : ` (${current.toLocaleString('en-IN')} km)`}: it was saved, but is left out of the vehicle's current odometer and its service reminders. Check it for a typo.`;

/**
 * The readings the rule counts, one per day (the day's highest), in day order: what the database keeps per vehicle
 * as `vehicle_odometer_days` (migration 0041, decision 0045), and all interpolateOdometer needs.
 */
export function odometerDays(readings: readonly OdometerReading[]): OdometerReading[] {
  const highest = new Map<string, number>();
  for (const r of judged(readings).counted) {
    const day = r.date.slice(0, 10);
    highest.set(day, Math.max(highest.get(day) ?? -Infinity, r.km));
  }
  return [...highest].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, km]) => ({ km, date }));
}

/**
 * The odometer at the start of each calendar month whose first day lies between the first and the last counted
 * day (both included), interpolated (interpolateOdometer), to 0.1 km: `vehicle_odometer_months` of migration 0041.
 * A month's km is the next month's mark − its own (null for the last month, and when negative).
 */
export function odometerMonthMarks(readings: readonly OdometerReading[]): { month: string; km: number }[] {
  const days = odometerDays(readings);
  if (days.length === 0) return [];
  const first = days[0].date;
  const last = days[days.length - 1].date;
  const marks: { month: string; km: number }[] = [];
  const [year, firstMonth] = first.split('-').map(Number);
  let month = firstMonth + (first.endsWith('-01') ? 0 : 1);
  for (;;) {
    const start = new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);
    if (start > last) break;
    marks.push({ month: start, km: Math.round(interpolateOdometer(days, dayStart(start))! * 10) / 10 });
    month += 1;
  }
  return marks;
}
