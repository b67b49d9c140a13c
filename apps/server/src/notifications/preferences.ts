import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { can, isReminderKind, REMINDER_KIND_INFO, REMINDER_KINDS, type ReminderKind } from '@raahi/domain';
import { byApiKey } from '../auth/actor';
import { KEY_REFUSED, type AppEnv } from '../auth/middleware';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { notificationPreferences } from '../db/schema';
import { badRequest, readJson } from '../http/errors';

/**
 * Settings → Notifications: what the signed-in user receives. Every kind whose area their role may view is
 * offered, on unless muted; the daily e-mail digest when chosen, an SMTP server is configured and the user
 * has an e-mail address.
 */

/** Why the daily digest cannot be chosen (the settings card shows it under the disabled option). */
export const NO_SMTP_TEXT = 'No SMTP server is configured, so Raahi cannot send e-mail. An administrator can set RAAHI_SMTP_URL to turn the daily digest on.';
export const NO_EMAIL_TEXT = 'Your account has no e-mail address. Add one under My Account to receive the daily digest.';

/** The kinds a role is offered: those whose area it may view. */
export const offeredKinds = (role: string): ReminderKind[] => REMINDER_KINDS.filter((kind) => can(role, REMINDER_KIND_INFO[kind].area, 'view'));

export interface PreferencesAnswer {
  /** The kinds offered to the user, in order, with their labels. */
  kinds: { kind: ReminderKind; label: string }[];
  /** Offered kinds the user does not receive. */
  mutedKinds: ReminderKind[];
  dailyDigest: boolean;
  /** Whether an SMTP server is configured (RAAHI_SMTP_URL). */
  emailConfigured: boolean;
  /** Whether the user's account has an e-mail address. */
  hasEmail: boolean;
  /** Why the digest cannot be chosen now, or null when it can. */
  digestUnavailable: string | null;
}

const FIELDS = new Set(['mutedKinds', 'dailyDigest']);

/** A PUT body checked field by field, with a message that says what is wrong. */
export function parsePreferencesBody(body: unknown, offered: readonly ReminderKind[]): { mutedKinds?: ReminderKind[]; dailyDigest?: boolean } {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Send the preferences as an object: { "mutedKinds": [...], "dailyDigest": true | false }.');
  const unknown = Object.keys(body).filter((key) => !FIELDS.has(key));
  if (unknown.length)
    throw badRequest(
      `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown
        .slice(0, 5)
        .map((k) => `"${k.slice(0, 40)}"`)
        .join(', ')}. The preferences are mutedKinds and dailyDigest.`,
    );
  const { mutedKinds, dailyDigest } = body as Record<string, unknown>;
  if (mutedKinds === undefined && dailyDigest === undefined) throw badRequest('Send mutedKinds, dailyDigest or both.');
  if (dailyDigest !== undefined && typeof dailyDigest !== 'boolean') throw badRequest('dailyDigest must be true or false.');
  let muted: ReminderKind[] | undefined;
  if (mutedKinds !== undefined) {
    if (!Array.isArray(mutedKinds)) throw badRequest('mutedKinds must be a list of notification kinds.');
    if (mutedKinds.length > REMINDER_KINDS.length) throw badRequest(`mutedKinds lists at most ${REMINDER_KINDS.length} kinds.`);
    for (const kind of mutedKinds) {
      if (!isReminderKind(kind)) {
        const shown = typeof kind === 'string' ? `"${kind.slice(0, 40)}"` : (JSON.stringify(kind)?.slice(0, 40) ?? String(kind));
        throw badRequest(`Unknown notification kind ${shown}. The kinds are: ${REMINDER_KINDS.join(', ')}.`);
      }
      if (!offered.includes(kind))
        throw badRequest(`Your role does not receive "${kind}" notifications (${REMINDER_KIND_INFO[kind].label}), so it cannot be muted.`);
    }
    muted = REMINDER_KINDS.filter((kind) => mutedKinds.includes(kind));
  }
  return { mutedKinds: muted, dailyDigest: dailyDigest as boolean | undefined };
}

async function stored(database: Database, userId: string) {
  const [row] = await database.db
    .select({ mutedKinds: notificationPreferences.mutedKinds, dailyDigest: notificationPreferences.dailyDigest })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? { mutedKinds: [] as string[], dailyDigest: false };
}

export function preferencesRoutes(database: Database, config: Config) {
  const routes = new Hono<AppEnv>();
  // The creator's own settings are not the key's (decision 0062; the key was refused before this too).
  routes.use(async (c, next) => {
    if (byApiKey(c)) throw KEY_REFUSED.notificationSettings;
    await next();
  });

  const answer = (user: { role: string; email: string }, row: { mutedKinds: string[]; dailyDigest: boolean }): PreferencesAnswer => {
    const offered = offeredKinds(user.role);
    const hasEmail = user.email.trim() !== '';
    return {
      kinds: offered.map((kind) => ({ kind, label: REMINDER_KIND_INFO[kind].label })),
      mutedKinds: offered.filter((kind) => row.mutedKinds.includes(kind)),
      dailyDigest: row.dailyDigest,
      emailConfigured: config.mail !== undefined,
      hasEmail,
      digestUnavailable: !config.mail ? NO_SMTP_TEXT : !hasEmail ? NO_EMAIL_TEXT : null,
    };
  };

  routes.get('/', async (c) => {
    const { user } = c.get('session');
    return c.json(answer(user, await stored(database, user.id)));
  });

  routes.put('/', async (c) => {
    const { user } = c.get('session');
    const offered = offeredKinds(user.role);
    const change = parsePreferencesBody(await readJson(c), offered);
    const before = await stored(database, user.id);
    const current = answer(user, before);
    // Turning the digest on needs somewhere to send it; one already on may stay on (and is not sent meanwhile).
    if (change.dailyDigest === true && !before.dailyDigest && current.digestUnavailable) throw badRequest(current.digestUnavailable);
    // Kinds the role is not offered keep their stored choice (a role changed back finds it as it was).
    const mutedKinds = change.mutedKinds
      ? [...before.mutedKinds.filter((kind) => !offered.includes(kind as ReminderKind)), ...change.mutedKinds]
      : before.mutedKinds;
    const dailyDigest = change.dailyDigest ?? before.dailyDigest;
    await database.db
      .insert(notificationPreferences)
      .values({ userId: user.id, mutedKinds, dailyDigest })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { mutedKinds, dailyDigest, updatedAt: new Date() } });
    return c.json(answer(user, { mutedKinds, dailyDigest }));
  });

  return routes;
}
