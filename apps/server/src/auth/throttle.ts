import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginFailures } from '../db/schema';

/** Failed sign-ins are counted per client address and per user name over a sliding window. */
export interface ThrottleSettings {
  maxFailures: number;
  windowMs: number;
}

export async function isThrottled({ db }: Database, address: string, username: string, s: ThrottleSettings): Promise<boolean> {
  const since = new Date(Date.now() - s.windowMs);
  const rows = await db
    .select({ address: loginFailures.address, username: loginFailures.username })
    .from(loginFailures)
    .where(and(gt(loginFailures.at, since), or(eq(loginFailures.address, address), eq(loginFailures.username, username))));
  const byAddress = rows.filter((r) => r.address === address).length;
  const byName = rows.filter((r) => r.username === username).length;
  return byAddress >= s.maxFailures || byName >= s.maxFailures;
}

export async function recordFailure({ db }: Database, address: string, username: string) {
  await db.insert(loginFailures).values({ address, username });
}

export async function clearFailures({ db }: Database, username: string) {
  await db.delete(loginFailures).where(eq(loginFailures.username, username));
}

export async function deleteOldFailures({ db }: Database, windowMs: number) {
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(Date.now() - windowMs)));
}
