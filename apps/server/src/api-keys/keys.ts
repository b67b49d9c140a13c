import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import {
  canManageUsers,
  generateId,
  notAllowedMessage,
  roleLabel,
  roleWithin,
  type Actor,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyInput,
  type ApiKeyName,
  type ApiKeyRole,
} from '@raahi/domain';
import type { Database, Db } from '../db/client';
import { users } from '../db/schema';
import { recordChange } from '../history/change-log';
import { ApiError } from '../http/errors';
import { sha256 } from '../auth/tokens';
import type { ActiveSession } from '../auth/sessions';

/** Drizzle's view of migration 0052's api_keys. */
export const apiKeys = pgTable('api_keys', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
});

export const API_KEYS_AREA = 'api-keys';
const KEY_ID = { prefix: 'KEY', timeDigits: 6, randomChars: 4 };
const LIST_MAX = 500;
// Its last use is written at most this often, so a busy key does not write its row on every request.
const TOUCH_INTERVAL_MS = 60_000;

/**
 * A key reads `rk_<8 letters or digits>_<43 base64url characters: 256 random bits>`. The part before the
 * second underscore is its prefix: unique, stored in clear to find the key and to tell keys apart on
 * screen, and worthless alone. The whole key is stored only as its SHA-256: a key is 256 random bits, so a
 * fast hash is as strong as a slow one and costs a request nothing (Argon2 would cost each one ~50 ms).
 */
const PREFIX_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const PREFIX_LENGTH = 'rk_'.length + 8;
const KEY_LENGTH = PREFIX_LENGTH + 1 + 43;

function newKey(): { prefix: string; key: string } {
  const prefix = 'rk_' + Array.from(randomBytes(8), (b) => PREFIX_LETTERS[b % PREFIX_LETTERS.length]).join('');
  return { prefix, key: `${prefix}_${randomBytes(32).toString('base64url')}` };
}

/** The prefix of something shaped like a key, or null: checked by length and by character, no pattern. */
function prefixOf(key: string): string | null {
  if (key.length !== KEY_LENGTH || !key.startsWith('rk_') || key[PREFIX_LENGTH] !== '_') return null;
  const prefix = key.slice(0, PREFIX_LENGTH);
  for (const ch of prefix.slice(3)) if (!PREFIX_LETTERS.includes(ch)) return null;
  return prefix;
}

type KeyRow = typeof apiKeys.$inferSelect;

const statusOf = (row: KeyRow, now = Date.now()): ApiKey['status'] =>
  row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt.getTime() <= now ? 'expired' : 'active';

function toApiKey(row: KeyRow, creator: { id: string; name: string }): ApiKey {
  return {
    id: row.id,
    name: row.name,
    role: row.role as ApiKeyRole,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    createdBy: creator,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: statusOf(row),
  };
}

/** What a key's change entries keep of it: never the key nor its hash. */
const snapshotOf = (row: KeyRow) => ({ name: row.name, role: row.role, prefix: row.prefix, expiresAt: row.expiresAt?.toISOString() ?? null });

/** POST /api/api-keys: makes a key for `creator`; the key is answered this once. */
export async function createApiKey(database: Database, actor: Actor, creator: { id: string; name: string }, input: ApiKeyInput): Promise<ApiKeyCreated> {
  const { prefix, key } = newKey();
  return database.transaction(async (tx) => {
    // The creator's row is read under a share lock: a role change or deactivation running meanwhile (which locks
    // it for update) either comes first and is seen here, or waits and then revokes this key (decision 0062).
    const [maker] = await tx.db.select({ role: users.role, active: users.active }).from(users).where(eq(users.id, creator.id)).for('share');
    if (!maker?.active || !canManageUsers(maker.role)) throw new ApiError(403, 'Not Allowed', notAllowedMessage(maker?.role ?? '', 'manage API keys'));
    const [row] = await tx.db
      .insert(apiKeys)
      .values({
        id: generateId(KEY_ID),
        name: input.name,
        role: input.role,
        prefix,
        keyHash: sha256(key),
        createdBy: creator.id,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      .returning();
    await recordChange(tx, { actor, area: API_KEYS_AREA, recordId: row.id, operation: 'create', snapshot: snapshotOf(row) });
    return { id: row.id, key, apiKey: toApiKey(row, creator) };
  });
}

/** GET /api/api-keys: every key, newest first, with its creator and state (never the key or its hash). */
export async function listApiKeys({ db }: Database): Promise<ApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, creator: { id: users.id, name: users.name } })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(LIST_MAX);
  const now = Date.now();
  return rows.map(({ key, creator }) => ({ ...toApiKey(key, creator), status: statusOf(key, now) }));
}

/** DELETE /api/api-keys/:id: revoked from the next request on, on every server. Revoking a revoked key changes nothing. */
export async function revokeApiKey(database: Database, actor: Actor, id: string): Promise<void> {
  await database.transaction(async (tx) => {
    const [row] = await tx.db
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning();
    if (row) {
      await recordChange(tx, { actor, area: API_KEYS_AREA, recordId: id, operation: 'revoke', snapshot: snapshotOf(row) });
      return;
    }
    const [exists] = await tx.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, id));
    if (!exists) throw new ApiError(404, 'Not Found', `There is no API key ${id.slice(0, 64)}.`);
  });
}

/**
 * A user's deactivation revokes the keys they made, in the deactivation's transaction (the lookup refuses
 * them already, as it joins users.active; this makes it last when the user is activated again).
 */
export async function revokeKeysOf(tx: Database, actor: Actor, userId: string): Promise<number> {
  const revoked = await revokeWhere(tx, actor, eq(apiKeys.createdBy, userId), () => 'Its creator was deactivated');
  return revoked.length;
}

/** Revokes the live keys `which` selects, each with a change entry giving its reason; the rows revoked. */
async function revokeWhere(tx: Database, actor: Actor, which: SQL, reasonOf: (row: typeof apiKeys.$inferSelect) => string) {
  const revoked = await tx.db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(which, isNull(apiKeys.revokedAt)))
    .returning();
  for (const row of revoked) {
    await recordChange(tx, {
      actor,
      area: API_KEYS_AREA,
      recordId: row.id,
      operation: 'revoke',
      snapshot: snapshotOf(row),
      details: { reason: reasonOf(row) },
    });
  }
  return revoked;
}

/**
 * A user's role change revokes, in the change's transaction, the keys they made whose role's rights the new
 * role does not all have (decision 0062): a key never does more than its creator may. Keys within the new role
 * stay. Each revoke is a change entry with its reason; the keys are answered by id and name, oldest first.
 * Expired keys are revoked too: an expiry is not a revoke, and the list should say why the key ended.
 */
export async function revokeKeysBeyond(tx: Database, actor: Actor, userId: string, role: string): Promise<ApiKeyName[]> {
  const live = await tx.db
    .select({ id: apiKeys.id, role: apiKeys.role })
    .from(apiKeys)
    .where(and(eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  const beyond = live.filter((key) => !roleWithin(key.role, role)).map((key) => key.id);
  if (beyond.length === 0) return [];
  const reason = (row: { role: string }) =>
    `Its creator's role changed to ${roleLabel(role)}, which may not do all that the key's role (${roleLabel(row.role)}) may`;
  const revoked = await revokeWhere(tx, actor, inArray(apiKeys.id, beyond), reason);
  revoked.sort((a, b) => beyond.indexOf(a.id) - beyond.indexOf(b.id));
  return revoked.map((row) => ({ id: row.id, name: row.name }));
}

// Every request with a key looks it up by its prefix: built and prepared once per database. Revoked,
// expired and a deactivated creator's keys are not found, so a revoke applies from the next request.
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Db) {
  return db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(
      and(
        eq(apiKeys.prefix, sql.placeholder('prefix')),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
        eq(users.active, true),
      ),
    )
    .prepare('find_api_key');
}

export const INVALID_API_KEY = new ApiError(
  401,
  'Invalid API Key',
  'The API key is not valid: it is mistyped, revoked or expired, or its creator was deactivated.',
);

/**
 * The session a key acts in: its creator with the key's role, and the key as the actor of its changes.
 * Null for anything that is not a live key.
 */
export async function findApiKeySession(database: Database, key: string): Promise<ActiveSession | null> {
  const prefix = prefixOf(key);
  if (!prefix) return null;
  let lookup = lookups.get(database.db);
  if (!lookup) lookups.set(database.db, (lookup = prepareLookup(database.db)));
  const [row] = await lookup.execute({ prefix });
  if (!row || !timingSafeEqual(Buffer.from(sha256(key), 'hex'), Buffer.from(row.key.keyHash, 'hex'))) return null;
  if (!row.key.lastUsedAt || Date.now() - row.key.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await touch(database, row.key.id);
  return {
    id: row.key.id,
    csrfToken: '',
    // A key's creator chose their own password or not: that is no concern of the key's requests.
    user: { ...row.user, role: row.key.role, mustChangePassword: false },
    actor: { type: 'api_key', id: row.key.id, name: row.key.name },
  };
}

/** Writes the key's last use (at most once a minute, on any number of servers) and drops its past minutes' counts. */
async function touch(database: Database, id: string) {
  await database.query(`UPDATE api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`, [id]);
  await database.query(`DELETE FROM api_key_requests WHERE key_id = $1 AND minute < date_trunc('minute', now())`, [id]);
}

/**
 * Counts one request of a key in the current minute and answers whether it is within `perMinute`, and if
 * not, the seconds until the next minute. One statement counts and answers, so parallel requests on any
 * number of servers can never all read "under the limit".
 */
export async function admitRequest(
  database: Database,
  keyId: string,
  perMinute: number,
): Promise<{ admitted: true } | { admitted: false; retryAfterSeconds: number }> {
  const [row] = await database.query<{ requests: number; seconds_left: number }>(
    `INSERT INTO api_key_requests AS r (key_id, minute, requests) VALUES ($1, date_trunc('minute', now()), 1)
     ON CONFLICT (key_id, minute) DO UPDATE SET requests = r.requests + 1
     RETURNING requests, extract(epoch FROM r.minute + interval '1 minute' - now())::float8 AS seconds_left`,
    [keyId],
  );
  if (row.requests <= perMinute) return { admitted: true };
  return { admitted: false, retryAfterSeconds: Math.min(60, Math.max(1, Math.ceil(row.seconds_left))) };
}
