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

/** Returns a message when a new password is not acceptable, else null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `The new password must be at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `The new password must be at most ${PASSWORD_MAX} characters.`;
  if (password.trim() === '') return 'The new password cannot be only spaces.';
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
