/**
 * A vehicle's current odometer from its readings (decision 0037): the vehicle's recorded mileage, the
 * odometers of its fuel expenses, refuelling logs and job cards. Readings are taken in date order (then
 * by km); the current odometer is the highest reading accepted. A reading is accepted unless it is far
 * above the trend: more than ODOMETER_SLACK_KM plus ODOMETER_KM_PER_DAY for every day since the highest
 * accepted reading (no truck runs 1,500 km a day). Such a reading (9,99,999 typed for 99,999) is flagged and
 * left out, so it never makes every schedule Overdue; the readings after it are judged without it. A
 * reading below the current odometer is accepted and changes nothing (an older receipt entered late).
 * The first reading is taken as it is. The server's SQL aggregate `odometer_of` (migration 0034) is this
 * same rule; a test holds the two together.
 */
export interface OdometerReading {
  km: number;
  /** YYYY-MM-DD, the day of the reading. */
  date: string;
}

/** The slack above the highest accepted reading that is always believed (a long day plus a typo-free rounding). */
export const ODOMETER_SLACK_KM = 5_000;
/** The most a vehicle is believed to run per day since its highest accepted reading. */
export const ODOMETER_KM_PER_DAY = 1_500;

const dayNumber = (isoDate: string) => Math.floor(Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) / 86_400_000);

/** The most a reading on `date` may be when the highest accepted one is `km` on `since`. */
export function odometerLimit(km: number, since: string, date: string): number {
  return km + ODOMETER_SLACK_KM + ODOMETER_KM_PER_DAY * Math.max(0, dayNumber(date) - dayNumber(since));
}

export interface OdometerResult {
  /** The current odometer; null when the vehicle has no reading. */
  km: number | null;
  /** The readings left out as far above the trend. */
  flagged: OdometerReading[];
}

const byDateThenKm = (a: OdometerReading, b: OdometerReading) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.km - b.km);

export function currentOdometer(readings: readonly OdometerReading[]): OdometerResult {
  let best: OdometerReading | null = null;
  const flagged: OdometerReading[] = [];
  for (const reading of [...readings].filter((r) => Number.isFinite(r.km) && r.date).sort(byDateThenKm)) {
    if (best === null) best = reading;
    else if (reading.km <= best.km) continue;
    else if (reading.km <= odometerLimit(best.km, best.date, reading.date)) best = reading;
    else flagged.push(reading);
  }
  return { km: best?.km ?? null, flagged };
}

/** The message of a reading saved although left out (shown as a warning; the record is saved). */
export const odometerWarning = (km: number, current: number | null) =>
  `The odometer ${km.toLocaleString('en-IN')} km is far above this vehicle's other readings${current === null ? '' : ` (${current.toLocaleString('en-IN')} km)`}: it was saved, but is left out of the vehicle's current odometer and its service reminders. Check it for a typo.`;
