import { Hono } from 'hono';
import { API_KEY_FIELD_LABELS, apiKeyInput, canManageUsers, notAllowedMessage } from '@raahi/domain';
import { actorOf, byApiKey } from '../auth/actor';
import { API_KEY_REFUSED, type AppEnv } from '../auth/middleware';
import type { Database } from '../db/client';
import { ApiError, describeIssues, readJson } from '../http/errors';
import { createApiKey, listApiKeys, revokeApiKey } from './keys';

const KEY_ID = /^KEY[0-9A-Z]{1,40}$/;

/**
 * /api/api-keys (decision 0053): administrators make, list and revoke keys. A key itself is refused here
 * (before this, by refuseApiKeysOnAccountRoutes; again here, should the mount ever change).
 */
export function apiKeyRoutes(database: Database) {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    if (byApiKey(c)) throw API_KEY_REFUSED;
    const { role } = c.get('session').user;
    if (!canManageUsers(role)) throw new ApiError(403, 'Not Allowed', notAllowedMessage(role, 'manage API keys'));
    await next();
  });

  app.get('/', async (c) => c.json({ rows: await listApiKeys(database) }));

  app.post('/', async (c) => {
    const body = await readJson(c);
    const role = (body as { role?: unknown } | null)?.role;
    if (role === 'administrator')
      throw new ApiError(422, 'Role Not Allowed', 'An API key cannot be an Administrator: no key may manage users, API keys or webhooks. Choose another role.');
    const parsed = apiKeyInput.safeParse(body);
    if (!parsed.success) throw new ApiError(400, 'API Key Not Created', describeIssues(parsed.error, API_KEY_FIELD_LABELS, body));
    const { user } = c.get('session');
    return c.json(await createApiKey(database, actorOf(c), { id: user.id, name: user.name }, parsed.data), 201);
  });

  app.delete('/:id', async (c) => {
    const id = c.req.param('id');
    if (id.length > 50 || !KEY_ID.test(id)) throw new ApiError(404, 'Not Found', `There is no API key ${id.slice(0, 64)}.`);
    await revokeApiKey(database, actorOf(c), id);
    return c.body(null, 204);
  });

  return app;
}
