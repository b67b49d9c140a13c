import { COMPANY_TIME_ZONE, todayIn } from '@raahi/domain';

/**
 * The company's time zone (RAAHI_TIME_ZONE, default Asia/Kolkata) and its today: what the server judges
 * badges, filters, reminders, the dashboard and reports by (GUIDE §5), whatever zone a user's browser is in.
 */
const ZONE_NAME = /^[A-Za-z0-9_+\-/]{1,64}$/;

/** The zone named, checked: an IANA name this runtime knows (it is also written into SQL as a literal). */
export function checkedTimeZone(name: string | undefined): string {
  if (name === undefined || name === '') return COMPANY_TIME_ZONE;
  if (name.length > 64 || !ZONE_NAME.test(name)) throw new Error(`RAAHI_TIME_ZONE must be a time zone such as Asia/Kolkata (got "${name.slice(0, 64)}")`);
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
  } catch {
    throw new Error(`RAAHI_TIME_ZONE names no time zone this server knows (got "${name}")`);
  }
  return name;
}

let zone: string | undefined;

/** The company's zone, read once from the environment (loadConfig checks it at start). */
export function companyTimeZone(): string {
  zone ??= checkedTimeZone(process.env.RAAHI_TIME_ZONE);
  return zone;
}

/** Today's date (YYYY-MM-DD) in the company's zone. */
export const companyToday = (): string => todayIn(companyTimeZone());
