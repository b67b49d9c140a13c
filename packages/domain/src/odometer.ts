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
 * rule; a test holds the two together.
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

export function currentOdometer(readings: readonly OdometerReading[]): OdometerResult {
  const valid = readings.filter((r) => Number.isFinite(r.km) && /^\d{4}-\d{2}-\d{2}/.test(r.date));
  if (valid.length === 0) return { km: null, flagged: [] };
  const kms = valid.map((r) => r.km).sort((a, b) => a - b);
  // percentile_disc(0.5): the first km whose share of readings at or below it reaches one half.
  const anchor = kms[Math.ceil(kms.length / 2) - 1];
  const anchorDay = Math.min(...valid.filter((r) => r.km === anchor).map((r) => dayNumber(r.date)));
  const counts = (r: OdometerReading) => r.km <= anchor + ODOMETER_SLACK_KM + ODOMETER_KM_PER_DAY * Math.max(0, dayNumber(r.date) - anchorDay);
  return { km: Math.max(...valid.filter(counts).map((r) => r.km)), flagged: valid.filter((r) => !counts(r)) };
}

/** The warning answered with a record whose reading is left out (the record is saved). */
export const odometerWarning = (km: number, current: number | null) =>
  `The odometer ${km.toLocaleString('en-IN')} km is far above this vehicle's other readings${current === null ? '' : ` (${current.toLocaleString('en-IN')} km)`}: it was saved, but is left out of the vehicle's current odometer and its service reminders. Check it for a typo.`;
