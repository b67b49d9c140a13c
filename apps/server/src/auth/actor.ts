import type { Context } from 'hono';
import type { Actor } from '@raahi/domain';
import { userActor } from '../history/change-log';
import type { AppEnv } from './middleware';

/**
 * Who a request acts as, for its change entries: the signed-in user, or the API key it carries (the
 * session middleware sets `actor` for a key; a browser session has none and is its user).
 */
export const actorOf = (c: { get(key: 'session'): AppEnv['Variables']['session'] }): Actor => {
  const session = c.get('session');
  return session.actor ?? userActor(session.user);
};

/** Whether the request carries an API key rather than a signed-in user's session. */
export const byApiKey = (c: Context<AppEnv>): boolean => c.get('session')?.actor?.type === 'api_key';
