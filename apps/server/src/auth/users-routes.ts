import { Hono } from 'hono';
import { z } from 'zod';
import { canManageUsers, createUserInput, notAllowedMessage, updateUserInput, USER_FIELD_LABELS } from '@raahi/domain';
import type { Database } from '../db/client';
import { userActor } from '../history/change-log';
import { ApiError, describeIssues, readJson } from '../http/errors';
import type { AppEnv } from './middleware';
import { addUser, listUsers, resetPassword, setActive, unknownRoleMessage, updateUser } from './users';

const listQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(200).optional(),
});
const USER_ID = /^USR[0-9A-Z]{1,40}$/;

/** A refused body in words; a role that does not exist names the roles that do. */
function refusal(title: string, error: z.ZodError, body: unknown): ApiError {
  const role = (body as { role?: unknown } | null)?.role;
  if (typeof role === 'string' && error.issues.some((issue) => issue.path[0] === 'role')) return new ApiError(422, 'Unknown Role', unknownRoleMessage(role));
  return new ApiError(400, title, describeIssues(error, USER_FIELD_LABELS, body));
}

/** Settings → Users: administrators only (canManageUsers); every other role gets 403 and nothing is written. */
export function userRoutes(database: Database) {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const { role } = c.get('session').user;
    if (!canManageUsers(role)) throw new ApiError(403, 'Not Allowed', notAllowedMessage(role, 'manage users'));
    await next();
  });

  const userId = (raw: string) => {
    if (!USER_ID.test(raw)) throw new ApiError(404, 'Not Found', `There is no user ${raw.slice(0, 64)}.`);
    return raw;
  };
  const actor = (c: { get(key: 'session'): AppEnv['Variables']['session'] }) => userActor(c.get('session').user);

  app.get('/', async (c) => {
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) throw new ApiError(400, 'Invalid Request', describeIssues(parsed.error, {}, c.req.query(), 'parameter'));
    return c.json(await listUsers(database, parsed.data));
  });

  app.post('/', async (c) => {
    const body = await readJson(c);
    const parsed = createUserInput.safeParse(body);
    if (!parsed.success) throw refusal('User Not Added', parsed.error, body);
    const { user, password } = await addUser(database, actor(c), parsed.data);
    // A generated password is answered this once and never again.
    return c.json(password === undefined ? { user } : { user, password }, 201);
  });

  app.put('/:id', async (c) => {
    const id = userId(c.req.param('id'));
    const body = await readJson(c);
    const parsed = updateUserInput.safeParse(body);
    if (!parsed.success) throw refusal('User Not Saved', parsed.error, body);
    // The keys a role change revoked are named in the answer (decision 0062): the Users screen says which.
    return c.json(await updateUser(database, actor(c), id, parsed.data));
  });

  app.post('/:id/deactivate', async (c) => c.json({ user: await setActive(database, actor(c), userId(c.req.param('id')), false) }));
  app.post('/:id/activate', async (c) => c.json({ user: await setActive(database, actor(c), userId(c.req.param('id')), true) }));
  app.post('/:id/reset-password', async (c) => c.json(await resetPassword(database, actor(c), userId(c.req.param('id')))));

  return app;
}
