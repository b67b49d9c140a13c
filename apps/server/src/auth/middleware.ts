import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { getConnInfo } from '@hono/node-server/conninfo';
import { sessionLifetime, type Config } from '../config';
import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import { admitRequest, findApiKeySession, INVALID_API_KEY } from '../api-keys/keys';
import { findSession, SESSION_COOKIE, type ActiveSession } from './sessions';

export type AppEnv = { Variables: { session: ActiveSession } };

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The client's address: the socket's, or behind trusted proxies the X-Forwarded-For entry the first of
 * them appended. Each proxy appends the address it was reached from, so that entry is `proxyHops`
 * places from the right; whatever stands left of it came from the client, who can write anything.
 */
export function clientAddress(c: Context, config: Config): string {
  if (config.trustProxy) {
    const entries = (c.req.header('x-forwarded-for') ?? '').slice(-2000).split(',');
    const appended = entries[Math.max(0, entries.length - config.proxyHops)]?.trim();
    if (appended) return appended.slice(0, 100);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function isHttps(c: Context, config: Config): boolean {
  if (config.trustProxy && c.req.header('x-forwarded-proto') === 'https') return true;
  return new URL(c.req.url).protocol === 'https:';
}

/**
 * Cross-site request forgery, first line: a browser always sends Origin on a cross-site POST;
 * refuse any unsafe request whose Origin is not this server. (Non-browser clients send none.)
 */
export function sameOriginOnly(config: Config): MiddlewareHandler {
  return async (c, next) => {
    if (UNSAFE.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (origin && origin !== 'null') {
        const host = (config.trustProxy && c.req.header('x-forwarded-host')) || c.req.header('host');
        let originHost = '';
        try {
          originHost = new URL(origin).host;
        } catch {
          /* unparseable origin is refused below */
        }
        if (originHost !== host) throw new ApiError(403, 'Forbidden', 'Cross-site requests are not allowed.');
      } else if (origin === 'null') {
        throw new ApiError(403, 'Forbidden', 'Cross-site requests are not allowed.');
      }
    }
    await next();
  };
}

export const PASSWORD_CHANGE_REQUIRED = new ApiError(
  403,
  'Password Change Required',
  'Your password was set by an administrator. Choose your own password before you continue.',
);

/**
 * Requires a valid session; on unsafe methods also the session's CSRF token in X-CSRF-Token
 * (second line against forgery: a forged request cannot read the token). A user who must change their
 * password is refused (403) unless `whilePasswordPending` lets this request through (reading who they
 * are, changing the password, signing out).
 */
export function requireSession(database: Database, config: Config, whilePasswordPending: (c: Context) => boolean = () => false): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    const session = token ? await findSession(database, token, sessionLifetime(config)) : null;
    if (!session) throw new ApiError(401, 'Not Signed In', 'Your session has ended. Please sign in again.');
    if (UNSAFE.has(c.req.method) && c.req.header('x-csrf-token') !== session.csrfToken) {
      throw new ApiError(403, 'Forbidden', 'The request is missing its security token. Reload the page and try again.');
    }
    if (session.user.mustChangePassword && !whilePasswordPending(c)) throw PASSWORD_CHANGE_REQUIRED;
    c.set('session', session);
    await next();
  };
}

/**
 * The API key of `Authorization: Bearer <key>`, or null when the request carries none. Another scheme
 * (a proxy's Basic authentication in front of Raahi, say) is not ours and is left alone.
 */
export function bearerKey(c: Context): string | null {
  const header = c.req.header('authorization');
  if (!header || header.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  // A key is 55 characters; anything much longer is not one (and is refused as such), without reading it all.
  return header.slice(7, 600).trim();
}

/** The routes an API key never reaches (the API document leaves them out of a key's copy). */
export const ACCOUNT_ROUTES = ['/api/auth', '/api/users', '/api/api-keys', '/api/webhooks', '/api/activity'];
export const API_KEY_REFUSED = new ApiError(
  403,
  'Not Allowed With an API Key',
  'API keys cannot reach users, API keys, webhooks, sign-in, sessions, passwords or the Activity Log. Sign in as an administrator to use them.',
);

/**
 * A signed-in person's own data, which a key acting for them never reads (decision 0062): a key is its creator's
 * user row with another role, so without this it would read and empty its creator's inbox.
 */
export const personalDataRefused = (what: string, instead = 'Sign in to use them.') =>
  new ApiError(403, 'Not Allowed With an API Key', `${what} belong to a signed-in person, not to an API key. ${instead}`);

export const KEY_REFUSED = {
  notifications: personalDataRefused('Notifications'),
  notificationSettings: personalDataRefused('Notification settings'),
  recentImports: personalDataRefused('The lists of recent imports', 'A key reads only the imports it started, by their id.'),
  uploads: personalDataRefused('Uploads not yet saved with a record', 'Sign in to upload or open them.'),
};

/** The routes of a person's own data, by path (and method, where the path's other methods are a key's too). */
export const PERSONAL_ROUTES: readonly { path: string; method?: string; exact?: boolean; refusal: ApiError }[] = [
  { path: '/api/notifications', refusal: KEY_REFUSED.notifications },
  { path: '/api/notification-preferences', refusal: KEY_REFUSED.notificationSettings },
  // The recent imports of an area; a key reads the runs it started by their id (GET /api/imports/:id).
  { path: '/api/imports', method: 'GET', exact: true, refusal: KEY_REFUSED.recentImports },
  // An upload waits for its form, unattached, as its uploader's: a key could neither attach it nor read it back.
  { path: '/api/files', method: 'POST', exact: true, refusal: KEY_REFUSED.uploads },
];

/** Why an API key may not make this request (an account route or a person's own data), or null. */
export function apiKeyRefusal(method: string, rawPath: string): ApiError | null {
  const path = rawPath.toLowerCase();
  const under = (route: string) => path === route || path.startsWith(route + '/');
  if (ACCOUNT_ROUTES.some(under)) return API_KEY_REFUSED;
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const personal = PERSONAL_ROUTES.find(
    (route) => (route.exact ? path === route.path || path === route.path + '/' : under(route.path)) && (!route.method || route.method === verb),
  );
  return personal?.refusal ?? null;
}

/**
 * API keys reach the records, never the accounts (decision 0053): users, API keys, webhooks, sign-in,
 * sessions, passwords and the Activity Log; nor a person's own data (decision 0062). A key's role could
 * not use most of these anyway; this says so plainly, before any of their routes runs, and covers the
 * /api/auth routes, which sit outside the key-aware session check.
 */
export function refuseApiKeysOnAccountRoutes(): MiddlewareHandler {
  return async (c, next) => {
    if (bearerKey(c) !== null) {
      const refusal = apiKeyRefusal(c.req.method, c.req.path);
      if (refusal) throw refusal;
    }
    await next();
  };
}

/**
 * The secured routes' check: `Authorization: Bearer <key>` acts as the key (its role, its creator, no CSRF
 * token: a forged browser request cannot set that header), limited to `ratePerMinute` requests a minute;
 * otherwise the browser session as requireSession checks it. With both a key and a cookie the key
 * decides: the request is the key's, whatever cookie came with it.
 */
export function requireSessionOrApiKey(database: Database, config: Config): MiddlewareHandler<AppEnv> {
  const browser = requireSession(database, config);
  return async (c, next) => {
    const key = bearerKey(c);
    if (key === null) return browser(c, next);
    const session = await findApiKeySession(database, key);
    if (!session) throw INVALID_API_KEY;
    const admitted = await admitRequest(database, session.id, config.apiKeyRatePerMinute);
    if (!admitted.admitted) {
      const message = `This API key may make ${config.apiKeyRatePerMinute} requests a minute. Try again in ${admitted.retryAfterSeconds} seconds.`;
      return c.json({ title: 'Too Many Requests', message }, 429, { 'Retry-After': String(admitted.retryAfterSeconds) });
    }
    c.set('session', session);
    await next();
  };
}

/** The client's browser and address, as its session keeps them. */
export const sessionClient = (c: Context, config: Config) => ({ userAgent: c.req.header('user-agent') ?? '', address: clientAddress(c, config) });
