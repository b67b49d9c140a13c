import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Actor } from '@raahi/domain';
import { randomToken, sha256 } from './tokens';

export const SESSION_COOKIE = 'raahi_session';
// Sliding expiry is written at most this often, so a busy session does not write on every request.
const TOUCH_INTERVAL_MS = 60_000;

export interface ActiveSession {
  id: string;
  csrfToken: string;
  /** For an API key: its creator, with the key's role (decision 0053). */
  user: typeof users.$inferSelect;
  /** Set for an API key ({ type: 'api_key', id, name }); a browser session acts as its user. */
  actor?: Actor;
}

/** A session ends after `idleMs` without a request, and `maxMs` after sign-in however busy it is. */
export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
}

/** Where a session was started from, for the user's list of their sessions. */
export interface SessionClient {
  userAgent: string;
  address: string;
}

/** Starts a session. The cookie carries a random token; the table keeps only its hash. */
export async function startSession({ db }: Database, userId: string, lifetime: SessionLifetime, client: SessionClient) {
  const token = randomToken();
  const csrfToken = randomToken();
  const expiresAt = new Date(Date.now() + Math.min(lifetime.idleMs, lifetime.maxMs));
  await db
    .insert(sessions)
    .values({ id: sha256(token), userId, csrfToken, expiresAt, userAgent: client.userAgent.slice(0, 500), address: client.address.slice(0, 100) });
  return { token, csrfToken };
}

// Every API request looks its session up: the statement is built and prepared once per database.
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Db) {
  return (
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // The user is read afresh on every request, so a deactivation or a role change applies from the next one, on any server.
      .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`), eq(users.active, true)))
      .prepare('find_session')
  );
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

/** Ends every other session of a user; returns how many ended. */
export async function endOtherSessions({ db }: Database, userId: string, keepSessionId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** A user's live sessions, the most recently used first. */
export async function listSessions({ db }: Database, userId: string) {
  return db
    .select({ id: sessions.id, userAgent: sessions.userAgent, address: sessions.address, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
}

export async function deleteExpiredSessions({ db }: Database) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
