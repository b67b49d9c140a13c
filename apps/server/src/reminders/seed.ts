import { addDays } from '@raahi/domain';
import { companyToday } from '../company-time';
import type { Database } from '../db/client';
import { runReminders, type ReminderRunCounts } from './engine';

/** How far back the demo's reminders are first judged: what became due since then is in the bell. */
export const DEMO_REMINDER_DAYS = 7;

/**
 * Reminders after `npm run seed:demo`. A first evaluation notifies nobody, so on a database no run has judged yet
 * the records are first judged as of a week ago and then as of today: what came due this week is notified, as it
 * would have been had the server been running. Where states exist already, one ordinary run (a backdated one
 * would turn states back and notify them again).
 */
export async function seedReminders(database: Database): Promise<ReminderRunCounts> {
  const today = companyToday();
  const [{ judged }] = await database.query<{ judged: boolean }>(`SELECT EXISTS (SELECT 1 FROM reminder_states) AS judged`);
  if (!judged) await runReminders(database, { today: addDays(today, -DEMO_REMINDER_DAYS) });
  return runReminders(database, { today });
}
