import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  generateId,
  isRole,
  ROLE_KEYS,
  username as usernameSchema,
  type Actor,
  type ApiKeyName,
  type CreateUserInput,
  type CurrentUser,
  type FieldChange,
  type Role,
  type UpdateProfileInput,
  type UpdateUserInput,
  type UserSummary,
} from '@raahi/domain';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { revokeKeysBeyond, revokeKeysOf } from '../api-keys/keys';
import { recordChange } from '../history/change-log';
import { ApiError } from '../http/errors';
import { newPasswordProblem } from './password-policy';
import { hashPassword } from './passwords';
import { randomPassword } from './tokens';

const USER_ID = { prefix: 'USR', timeDigits: 6, randomChars: 4 };
type UserRow = typeof users.$inferSelect;

/** The actor of what the command line (`npm run user`) and the first start do. */
export const COMMAND_LINE: Actor = { type: 'system', id: 'cli', name: 'Command line' };
export const FIRST_START: Actor = { type: 'system', id: 'first-start', name: 'First start' };

/** A password entry never holds the hash, only that it changed. */
const PASSWORD_CHANGED: FieldChange = { field: 'password', label: 'Password', before: null, after: null, secret: true };
const PROFILE_LABELS = { name: 'Name', email: 'Email', phone: 'Phone', address: 'Address' } as const;

export interface NewUser {
  username: string;
  password: string;
  name?: string;
  email?: string;
  phone?: string;
  address?: string;
  /** A role key. Without one the account is an Administrator: the command line's rule (whoever runs it owns the server). */
  role?: string;
  /** Set for a password the user did not choose (generated, or typed by an administrator). */
  mustChangePassword?: boolean;
  actor?: Actor;
}

export const normaliseUsername = (username: string) => username.trim().toLowerCase();

export function toCurrentUser(row: UserRow): CurrentUser {
  const { id, username, name, role, email, phone, address, mustChangePassword } = row;
  return { id, username, name, role, email, phone, address, mustChangePassword };
}

export function toUserSummary(row: UserRow): UserSummary {
  const { id, username, name, email, phone, active, mustChangePassword, version } = row;
  return {
    id,
    username,
    name,
    role: row.role as Role,
    email,
    phone,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    active,
    mustChangePassword,
    version,
  };
}

/** What a user entry keeps of an account: everything but the password hash. */
const snapshotOf = (row: UserRow) => ({ ...toUserSummary(row), address: row.address });

export const unknownRoleMessage = (role: string) => `There is no role "${role.slice(0, 40)}". A role is one of: ${ROLE_KEYS.join(', ')}.`;

/** Creates an account and its change entry in one transaction; a taken user name throws (ApiError 409). */
export async function createUser(database: Database, input: NewUser): Promise<CurrentUser> {
  const parsedName = usernameSchema.safeParse(input.username);
  if (!parsedName.success) throw new Error('A user name is 1–64 letters, digits, dots, dashes or underscores.');
  const username = parsedName.data;
  const role = input.role ?? 'administrator';
  if (!isRole(role)) throw new ApiError(422, 'Unknown Role', unknownRoleMessage(role));
  const problem = newPasswordProblem(input.password, username);
  if (problem) throw new ApiError(422, 'Password Not Accepted', problem);
  const passwordHash = await hashPassword(input.password);
  return database.transaction(async (tx) => {
    const [row] = await tx.db
      .insert(users)
      .values({
        id: generateId(USER_ID),
        username,
        name: input.name ?? username.charAt(0).toUpperCase() + username.slice(1),
        role,
        email: input.email ?? '',
        phone: input.phone ?? '',
        address: input.address ?? '',
        passwordHash,
        mustChangePassword: input.mustChangePassword ?? false,
      })
      .onConflictDoNothing({ target: users.username })
      .returning();
    if (!row) throw new ApiError(409, 'User Name Taken', `A user named "${username}" already exists. Choose another user name.`);
    await recordChange(tx, {
      actor: input.actor ?? COMMAND_LINE,
      area: 'users',
      recordId: row.id,
      operation: 'create',
      snapshot: snapshotOf(row),
      changes: [PASSWORD_CHANGED],
    });
    return toCurrentUser(row);
  });
}

export async function findUserByName({ db }: Database, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.username, normaliseUsername(username)));
  return row;
}

export async function findUserById({ db }: Database, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export interface PasswordSetting {
  actor: Actor;
  /** A user changing their own ('password_change'), or someone else setting it for them ('password_reset'). */
  reset: boolean;
  /** Whether the user must choose their own at the next sign-in (a password they were given). */
  mustChangePassword: boolean;
  /** The session that stays (the user's own, changing their password); every other ends. */
  keepSessionId?: string;
}

/** Sets a password with its change entry and ends the user's other sessions; returns how many ended. */
export async function setPassword(database: Database, user: { id: string; username: string }, password: string, how: PasswordSetting): Promise<number> {
  const problem = newPasswordProblem(password, user.username);
  if (problem) throw new ApiError(422, 'Password Not Changed', problem);
  const passwordHash = await hashPassword(password);
  return database.transaction(async (tx) => {
    await tx.db
      .update(users)
      .set({ passwordHash, mustChangePassword: how.mustChangePassword, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    // Whoever held the old password, or a session of it, is out; a user changing their own keeps this session.
    const ended = await tx.db
      .delete(sessions)
      .where(how.keepSessionId ? and(eq(sessions.userId, user.id), sql`${sessions.id} <> ${how.keepSessionId}`) : eq(sessions.userId, user.id))
      .returning({ id: sessions.id });
    await recordChange(tx, {
      actor: how.actor,
      area: how.reset ? 'users' : 'auth',
      recordId: user.id,
      operation: how.reset ? 'password_reset' : 'password_change',
      changes: [PASSWORD_CHANGED],
      details: { sessionsEnded: ended.length },
    });
    return ended.length;
  });
}

/**
 * On first start with no accounts, creates 'admin' (an Administrator) with RAAHI_ADMIN_PASSWORD or a
 * random password. Returns the generated password (to print once) or null.
 */
export async function ensureAdmin(database: Database, configuredPassword: string | undefined): Promise<{ created: boolean; generatedPassword: string | null }> {
  const [{ count }] = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  if (count > 0) return { created: false, generatedPassword: null };
  const password = configuredPassword ?? randomPassword();
  try {
    await createUser(database, { username: 'admin', password, name: 'Admin', email: 'admin@raahi.local', role: 'administrator', actor: FIRST_START });
  } catch (err) {
    // Another server on the same database made it first: it is there, which is all this wanted.
    if (err instanceof ApiError && err.status === 409) return { created: false, generatedPassword: null };
    throw new Error(`RAAHI_ADMIN_PASSWORD is not accepted: ${(err as Error).message}`);
  }
  return { created: true, generatedPassword: configuredPassword ? null : password };
}

// ---- Managing users (Settings → Users): each an operation with its refusals and its change entry. ----

const LIST_MAX = 200;

/** Users by name, optionally those whose name, user name or e-mail holds `search`; paged. */
export async function listUsers(
  { db }: Database,
  query: { search?: string; page?: number; pageSize?: number },
): Promise<{ items: UserSummary[]; total: number }> {
  const pageSize = Math.min(query.pageSize ?? 50, LIST_MAX);
  const page = Math.max(1, query.page ?? 1);
  let where: SQL | undefined;
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    where = or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern));
  }
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  return { items: rows.map(toUserSummary), total };
}

const notFound = (id: string) => new ApiError(404, 'Not Found', `There is no user ${id.slice(0, 64)}.`);
const lastAdministrator = (what: string) =>
  new ApiError(
    409,
    'Last Administrator',
    `Raahi needs at least one active administrator, so you cannot ${what} the last one. Make another user an Administrator first.`,
  );

/**
 * Locks every active administrator's row, then the target's, and reads it: two administrators demoting or
 * deactivating each other at once are serialised here, and the second sees the first's change (PostgreSQL
 * re-checks a locked row's condition after waiting), so the last administrator can never be removed.
 */
async function lockForChange(tx: Database, id: string): Promise<{ target: UserRow; activeAdministrators: string[] }> {
  const admins = await tx.query<{ id: string }>(`SELECT id FROM users WHERE role = 'administrator' AND active ORDER BY id FOR UPDATE`);
  const [target] = await tx.db.select().from(users).where(eq(users.id, id)).for('update');
  if (!target) throw notFound(id);
  return { target, activeAdministrators: admins.map((a) => a.id) };
}

const fieldChanges = <K extends keyof UserRow>(before: UserRow, after: UserRow, labels: Partial<Record<K, string>>): FieldChange[] =>
  (Object.keys(labels) as K[])
    .filter((k) => before[k] !== after[k])
    .map((field) => ({ field, label: labels[field]!, before: before[field], after: after[field] }));

/** POST /api/users. Without a password one is made; either way the user must change it at the first sign-in. */
export async function addUser(database: Database, actor: Actor, input: CreateUserInput): Promise<{ user: UserSummary; password?: string }> {
  const generated = input.password === undefined ? randomPassword() : undefined;
  const created = await createUser(database, { ...input, password: input.password ?? generated!, mustChangePassword: true, actor });
  const row = (await findUserById(database, created.id))!;
  return generated ? { user: toUserSummary(row), password: generated } : { user: toUserSummary(row) };
}

/** What PUT /api/users/:id answers: the user as saved, and the API keys its role change revoked (none without one). */
export interface UpdatedUser {
  user: UserSummary;
  revokedKeys: ApiKeyName[];
}

/**
 * PUT /api/users/:id: name, e-mail, phone and role, refused on a stale version. A role change revokes, in the
 * same transaction, the user's API keys whose rights the new role does not all have (decision 0062).
 */
export async function updateUser(database: Database, actor: Actor, id: string, input: UpdateUserInput): Promise<UpdatedUser> {
  return database.transaction(async (tx) => {
    const { target, activeAdministrators } = await lockForChange(tx, id);
    if (target.version !== input.version) {
      throw new ApiError(
        409,
        'Update Conflict',
        'This user was changed by someone else after you opened it. Close the dialog and open it again to see the latest version; your changes were not saved.',
      );
    }
    if (input.role !== target.role) {
      if (target.id === actor.id) throw new ApiError(403, 'Not Allowed', 'You cannot change your own role. Ask another administrator.');
      if (activeAdministrators.includes(target.id) && activeAdministrators.length <= 1) throw lastAdministrator('change the role of');
    }
    const [row] = await tx.db
      .update(users)
      .set({ name: input.name, email: input.email, phone: input.phone, role: input.role, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    const { name, email, phone } = PROFILE_LABELS;
    const changes = fieldChanges(target, row, { name, email, phone });
    if (changes.length > 0) await recordChange(tx, { actor, area: 'users', recordId: id, operation: 'update', changes });
    let revokedKeys: ApiKeyName[] = [];
    if (row.role !== target.role) {
      // A key never does more than its creator may: those the new role does not cover end with the change.
      revokedKeys = await revokeKeysBeyond(tx, actor, id, row.role);
      await recordChange(tx, {
        actor,
        area: 'users',
        recordId: id,
        operation: 'role_change',
        changes: [{ field: 'role', label: 'Role', before: target.role, after: row.role }],
        details: revokedKeys.length ? { apiKeysRevoked: revokedKeys.length } : null,
      });
    }
    return { user: toUserSummary(row), revokedKeys };
  });
}

/** Deactivates (signing the user out everywhere) or activates an account. Nothing to do is no change and no entry. */
export async function setActive(database: Database, actor: Actor, id: string, active: boolean): Promise<UserSummary> {
  return database.transaction(async (tx) => {
    const { target, activeAdministrators } = await lockForChange(tx, id);
    if (target.active === active) return toUserSummary(target);
    if (!active) {
      if (target.id === actor.id) throw new ApiError(409, 'Not Deactivated', 'You cannot deactivate your own account. Ask another administrator.');
      if (activeAdministrators.includes(target.id) && activeAdministrators.length <= 1) throw lastAdministrator('deactivate');
    }
    const [row] = await tx.db
      .update(users)
      .set({ active, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    const ended = active ? [] : await tx.db.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
    // Their API keys end with them (decision 0053), and stay revoked should they be activated again.
    const keysRevoked = active ? 0 : await revokeKeysOf(tx, actor, id);
    await recordChange(tx, {
      actor,
      area: 'users',
      recordId: id,
      operation: active ? 'activate' : 'deactivate',
      changes: [{ field: 'active', label: 'Active', before: target.active, after: active }],
      details: active ? null : { sessionsEnded: ended.length, ...(keysRevoked ? { apiKeysRevoked: keysRevoked } : {}) },
    });
    return toUserSummary(row);
  });
}

/** POST /api/users/:id/reset-password: a one-time password, to be changed at the next sign-in; every session ends. */
export async function resetPassword(database: Database, actor: Actor, id: string): Promise<{ user: UserSummary; password: string }> {
  const target = await findUserById(database, id);
  if (!target) throw notFound(id);
  if (target.id === actor.id) throw new ApiError(409, 'Password Not Reset', 'To change your own password, use Change Password in My Account.');
  const password = randomPassword();
  await setPassword(database, target, password, { actor, reset: true, mustChangePassword: true });
  return { user: toUserSummary((await findUserById(database, id))!), password };
}

/** PUT /api/auth/me: the user's own name, e-mail, phone and address (never the role). */
export async function updateProfile(database: Database, actor: Actor, id: string, input: UpdateProfileInput): Promise<CurrentUser> {
  return database.transaction(async (tx) => {
    const [target] = await tx.db.select().from(users).where(eq(users.id, id)).for('update');
    if (!target) throw notFound(id);
    const [row] = await tx.db
      .update(users)
      .set({ ...input, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    const changes = fieldChanges(target, row, PROFILE_LABELS);
    if (changes.length > 0) await recordChange(tx, { actor, area: 'users', recordId: id, operation: 'update', changes });
    return toCurrentUser(row);
  });
}
