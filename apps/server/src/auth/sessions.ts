import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { randomToken, sha256 } from './tokens';

export const SESSION_COOKIE = 'raahi_session';
// Sliding expiry is written at most this often, so a busy session does not write on every request.
const TOUCH_INTERVAL_MS = 60_000;

export interface ActiveSession {
  id: string;
  csrfToken: string;
  user: typeof users.$inferSelect;
}

/** A session ends after `idleMs` without a request, and `maxMs` after sign-in however busy it is. */
export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
}

/** Starts a session. The cookie carries a random token; the table keeps only its hash. */
export async function startSession({ db }: Database, userId: string, lifetime: SessionLifetime) {
  const token = randomToken();
  const csrfToken = randomToken();
  const expiresAt = new Date(Date.now() + Math.min(lifetime.idleMs, lifetime.maxMs));
  await db.insert(sessions).values({ id: sha256(token), userId, csrfToken, expiresAt });
  return { token, csrfToken };
}

// Every API request looks its session up: the statement is built and prepared once per database.
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('find_session');
}

export async function findSession({ db }: Database, token: string, lifetime: SessionLifetime): Promise<ActiveSession | null> {
  if (!token || token.length > 200) return null;
  const id = sha256(token);
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  const [row] = await lookup.execute({ id });
  if (!row) return null;
  if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      // Slides with use, but never past the absolute end.
      .set({
        lastSeenAt: sql`now()`,
        expiresAt: sql`least(now() + ${lifetime.idleMs} * interval '1 millisecond', ${sessions.createdAt} + ${lifetime.maxMs} * interval '1 millisecond')`,
      })
      .where(eq(sessions.id, id));
  }
  return { id, csrfToken: row.session.csrfToken, user: row.user };
}

export async function endSession({ db }: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every other session of a user (after a password change). */
export async function endOtherSessions({ db }: Database, userId: string, keepSessionId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}

export async function endAllSessions({ db }: Database, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions({ db }: Database) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
