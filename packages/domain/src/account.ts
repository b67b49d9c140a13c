import { z } from 'zod';

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
  role: string;
  email: string;
  phone: string;
  address: string;
}
