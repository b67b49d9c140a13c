import { z } from 'zod';
import { isEmailAddress, text } from './fields';
import { ROLE_KEYS, type Role } from './roles';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const loginInput = z.strictObject({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(1000),
});

export const changePasswordInput = z.strictObject({
  currentPassword: z.string().max(1000),
  newPassword: z.string().max(1000),
});

/**
 * A password as it is judged (NIST SP 800-63B): Unicode NFKC, without the invisible format and
 * control characters (zero-width spaces, joiners, bidi controls) that add length but no secret.
 */
export function normalisePassword(password: string): string {
  return password.normalize('NFKC').replace(/[\p{Cf}\p{Cc}]/gu, '');
}

export interface PasswordContext {
  /** The account's user name: a password made of it is refused. */
  username?: string;
  /** Whether a (normalised, lower-case) password is on the list of common ones (the server has the list). */
  isCommon?: (lowerCase: string) => boolean;
}

/** At least this many characters must be left of a password once its user name is taken out. */
const BEYOND_USERNAME_MIN = 4;

/**
 * Returns a message when a new password is not acceptable, else null. NIST SP 800-63B: at least 8
 * characters after normalisation, not a common password, not made of the user name; no rules on which
 * kinds of characters it must contain. The length is checked first, on the raw text, so nothing else
 * runs on an over-long one.
 */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  if (password.length > PASSWORD_MAX * 4) return `The new password must be at most ${PASSWORD_MAX} characters.`;
  const normalised = normalisePassword(password);
  const length = [...normalised].length;
  if (length < PASSWORD_MIN) return `The new password must be at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `The new password must be at most ${PASSWORD_MAX} characters.`;
  if (normalised.trim() === '') return 'The new password cannot be only spaces.';
  const lower = normalised.toLowerCase();
  const { username, isCommon = () => false } = context;
  if (isCommon(lower)) return 'The new password is one of the most common passwords, which are guessed first. Choose another.';
  const name = username?.trim().toLowerCase() ?? '';
  if (name.length >= 3) {
    const rest = lower.split(name).join('');
    // Made of it: what is left is short, common, or has no letter (digits and symbols around the name).
    if (rest.length < lower.length && (rest.length < BEYOND_USERNAME_MIN || isCommon(rest) || !/\p{L}/u.test(rest))) {
      return 'The new password must not be made of your user name.';
    }
  }
  return null;
}

export interface CurrentUser {
  id: string;
  username: string;
  name: string;
  /** A role key (packages/domain/src/roles.ts). */
  role: string;
  email: string;
  phone: string;
  address: string;
  /** A generated, administrator-typed or reset password: the user must choose their own before anything else. */
  mustChangePassword: boolean;
}

/** A user name: 1–64 lower-case letters, digits, dots, dashes or underscores (the length checked before the pattern). */
export const USERNAME_MAX = 64;
export const username = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { message: 'is required', abort: true })
  .max(USERNAME_MAX, { message: `must be at most ${USERNAME_MAX} characters`, abort: true })
  .regex(/^[a-z0-9._-]+$/, 'may hold only letters, digits, dots, dashes and underscores');

const personName = text(100).pipe(z.string().min(1, 'is required'));
// As the driver form's Email and Contact (field.email, field.phone): optional, an address when given.
const email = text(200).refine((v) => v === '' || isEmailAddress(v), 'must be an email address such as name@example.in');
const phone = text(30);
const role = z.enum(ROLE_KEYS as [Role, ...Role[]]);

/** POST /api/users. Without a password the server makes one and answers it once. */
export const createUserInput = z.strictObject({
  username,
  name: personName,
  email,
  phone,
  role,
  password: z.string().max(1000).optional(),
});
export type CreateUserInput = z.infer<typeof createUserInput>;

/** PUT /api/users/:id: what an administrator edits (not the user name, not the password). */
export const updateUserInput = z.strictObject({
  name: personName,
  email,
  phone,
  role,
  version: z.number().int().min(1).max(2_147_483_647),
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;

/** PUT /api/auth/me: what a user edits of their own account (never the role). */
export const updateProfileInput = z.strictObject({
  name: personName,
  email,
  phone,
  address: text(500),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export const USER_FIELD_LABELS: Record<string, string> = {
  username: 'User name',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  role: 'Role',
  password: 'Password',
  version: 'Version',
};

/** A user as GET /api/users lists it. */
export interface UserSummary {
  id: string;
  username: string;
  name: string;
  role: Role;
  email: string;
  phone: string;
  /** ISO instant, or null before the first sign-in. */
  lastSignInAt: string | null;
  active: boolean;
  mustChangePassword: boolean;
  version: number;
}

/** One of the signed-in user's sessions (GET /api/auth/sessions). */
export interface SessionSummary {
  id: string;
  /** A short description of the browser ('Chrome on Linux'), from its User-Agent. */
  device: string;
  address: string;
  /** ISO instants. */
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** 'Chrome on Windows' from a User-Agent; checks in order, as browsers name others in theirs (Chrome's says Safari). */
export function describeDevice(userAgent: string): string {
  const ua = userAgent.slice(0, 500);
  if (!ua) return 'Unknown device';
  const browser = [
    ['Edg/', 'Edge'],
    ['OPR/', 'Opera'],
    ['Firefox/', 'Firefox'],
    ['Chromium/', 'Chromium'],
    ['Chrome/', 'Chrome'],
    ['Safari/', 'Safari'],
    ['curl/', 'curl'],
    ['node', 'Node.js'],
  ].find(([mark]) => ua.includes(mark))?.[1];
  const system = [
    ['Android', 'Android'],
    ['iPhone', 'iPhone'],
    ['iPad', 'iPad'],
    ['Windows', 'Windows'],
    ['Mac OS X', 'macOS'],
    ['CrOS', 'ChromeOS'],
    ['Linux', 'Linux'],
  ].find(([mark]) => ua.includes(mark))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
