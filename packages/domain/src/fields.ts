import { z } from 'zod';

/** Shared field shapes for record inputs. Bounds keep junk out; required-ness is a rule with the spec's message. */
export const text = (max = 200) => z.string().trim().max(max, `must be at most ${max} characters`);
export const requiredText = (max = 200) => text(max);
export const optionalText = (max = 2000) => text(max).default('');

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(s + 'T00:00:00Z')) && new Date(s + 'T00:00:00Z').toISOString().startsWith(s), 'must be a real calendar date');

export const isoDateTime = z.iso.datetime({ offset: true, message: 'must be a date-time such as 2026-11-21T10:30:00Z' });

export const integer = (min: number, max: number) =>
  z.number({ message: 'must be a number' }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

/** Today's date in the user's zone as YYYY-MM-DD, for form defaults. */
export function todayIso(now: Date = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** A stored file: the id the upload service gave it (FIL…), or null for none. */
export const FILE_ID_PATTERN = /^FIL[0-9A-Za-z_-]{10,40}$/;
export const fileRef = z.string().regex(FILE_ID_PATTERN, 'must be the id of an uploaded file').nullable();
