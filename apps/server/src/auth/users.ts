import { eq, sql } from 'drizzle-orm';
import { generateId, type CurrentUser } from '@raahi/domain';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { newPasswordProblem } from './password-policy';
import { hashPassword } from './passwords';
import { randomPassword } from './tokens';

const USER_ID = { prefix: 'USR', timeDigits: 6, randomChars: 4 };

export interface NewUser {
  username: string;
  password: string;
  name?: string;
  email?: string;
  phone?: string;
  address?: string;
  role?: string;
}

export const normaliseUsername = (username: string) => username.trim().toLowerCase();

export function toCurrentUser(row: typeof users.$inferSelect): CurrentUser {
  const { id, username, name, role, email, phone, address } = row;
  return { id, username, name, role, email, phone, address };
}

export async function createUser({ db }: Database, input: NewUser): Promise<CurrentUser> {
  const username = normaliseUsername(input.username);
  if (!/^[a-z0-9._-]{1,64}$/.test(username)) throw new Error('A user name is 1–64 letters, digits, dots, dashes or underscores.');
  const problem = newPasswordProblem(input.password, username);
  if (problem) throw new Error(problem);
  const [row] = await db
    .insert(users)
    .values({
      id: generateId(USER_ID),
      username,
      name: input.name ?? username.charAt(0).toUpperCase() + username.slice(1),
      role: input.role ?? 'administrator',
      email: input.email ?? '',
      phone: input.phone ?? '',
      address: input.address ?? '',
      passwordHash: await hashPassword(input.password),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new Error(`A user named "${username}" already exists.`);
  return toCurrentUser(row);
}

export async function findUserByName({ db }: Database, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, normaliseUsername(username)));
  return row;
}

export async function setPassword({ db }: Database, user: { id: string; username: string }, password: string): Promise<void> {
  const problem = newPasswordProblem(password, user.username);
  if (problem) throw new Error(problem);
  await db.update(users).set({ passwordHash: await hashPassword(password), updatedAt: sql`now()` }).where(eq(users.id, user.id));
}

/**
 * On first start with no accounts, creates 'admin' with RAAHI_ADMIN_PASSWORD or a random password.
 * Returns the generated password (to print once) or null.
 */
export async function ensureAdmin(database: Database, configuredPassword: string | undefined): Promise<{ created: boolean; generatedPassword: string | null }> {
  const [{ count }] = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  if (count > 0) return { created: false, generatedPassword: null };
  const password = configuredPassword ?? randomPassword();
  try {
    await createUser(database, { username: 'admin', password, name: 'Admin', email: 'admin@raahi.local' });
  } catch (err) {
    throw new Error(`RAAHI_ADMIN_PASSWORD is not accepted: ${(err as Error).message}`);
  }
  return { created: true, generatedPassword: configuredPassword ? null : password };
}
