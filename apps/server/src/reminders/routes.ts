import { Hono, type Context } from 'hono';
import { REMINDER_KINDS, REMINDER_KIND_INFO, can, type NotificationItem, type ReminderKind } from '@raahi/domain';
import { byApiKey } from '../auth/actor';
import { KEY_REFUSED, type AppEnv } from '../auth/middleware';
import { roleOf } from '../auth/permissions';
import type { Database } from '../db/client';
import { badRequest, notFound } from '../http/errors';

/** The badge counts at most this many unread notifications (it shows "99+" above 99): the count stays an index probe. */
export const UNREAD_COUNT_CAP = 100;
export const NOTIFICATIONS_PAGE_SIZE = 50;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;
const MAX_PAGE = 10_000;

/** The kinds a role hears now: a role changed since a notification was made no longer sees an area it may not view. */
export const kindsFor = (role: string): ReminderKind[] => REMINDER_KINDS.filter((kind) => can(role, REMINDER_KIND_INFO[kind].area, 'view'));

interface Row {
  id: string;
  title: string;
  message: string;
  type: NotificationItem['type'];
  created_at: Date | string;
  read: boolean;
  href: string;
  kind: ReminderKind;
}
const COLUMNS = `id::text AS id, title, message, type, created_at, read_at IS NOT NULL AS read, href, kind`;
const toItem = (row: Row): NotificationItem => ({
  id: row.id,
  title: row.title,
  message: row.message,
  type: row.type,
  date: new Date(row.created_at).toISOString(),
  read: row.read,
  href: row.href,
  kind: row.kind,
});

const NO_SUCH = 'There is no such notification.';
/** A notification's id as stored (a bigint); anything else names none. */
const idOf = (raw: string): string => {
  if (raw.length > 18 || !/^[1-9][0-9]*$/.test(raw)) throw notFound(NO_SUCH);
  return raw;
};

function positive(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (raw.length > 6 || !/^[0-9]+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw badRequest(`${name} must be a whole number from 1 to ${max}.`);
  return Number(raw);
}

/**
 * The signed-in user's notifications (issue 18): only their own, only of the kinds their role may view now.
 * Another user's notification answers 404, as one that does not exist.
 */
export function notificationRoutes(database: Database) {
  const routes = new Hono<AppEnv>();
  // A key acts as its creator's user row: their inbox is not the key's (decision 0062; the key was refused before this too).
  routes.use(async (c, next) => {
    if (byApiKey(c)) throw KEY_REFUSED.notifications;
    await next();
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const who = (c: Context<AppEnv, any>) => ({ userId: c.get('session').user.id, kinds: kindsFor(roleOf(c)) });

  routes.get('/', async (c) => {
    const { userId, kinds } = who(c);
    const unread = c.req.query('unread');
    if (unread !== undefined && unread !== 'true' && unread !== 'false') throw badRequest('unread must be true or false.');
    const page = positive(c.req.query('page'), 'page', 1, MAX_PAGE);
    const pageSize = positive(c.req.query('pageSize'), 'pageSize', NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_MAX_PAGE_SIZE);
    const rows = await database.query<Row>(
      `SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 AND kind = ANY($2::text[])${unread === 'true' ? ' AND read_at IS NULL' : ''}
       ORDER BY notifications.id DESC LIMIT $3 OFFSET $4`,
      [userId, kinds, pageSize + 1, (page - 1) * pageSize],
    );
    return c.json({ items: rows.slice(0, pageSize).map(toItem), page, pageSize, hasMore: rows.length > pageSize });
  });

  routes.get('/unread-count', async (c) => {
    const { userId, kinds } = who(c);
    const [{ count }] = await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM (SELECT 1 FROM notifications WHERE user_id = $1 AND read_at IS NULL AND kind = ANY($2::text[]) ORDER BY id DESC LIMIT ${UNREAD_COUNT_CAP}) unread`,
      [userId, kinds],
    );
    return c.json({ count, capped: count >= UNREAD_COUNT_CAP });
  });

  routes.post('/read-all', async (c) => {
    const { userId, kinds } = who(c);
    const rows = await database.query(
      `UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL AND kind = ANY($2::text[]) RETURNING 1`,
      [userId, kinds],
    );
    return c.json({ updated: rows.length });
  });

  routes.post('/:id/read', async (c) => {
    const { userId, kinds } = who(c);
    const [row] = await database.query<Row>(
      `UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1::bigint AND user_id = $2 AND kind = ANY($3::text[]) RETURNING ${COLUMNS}`,
      [idOf(c.req.param('id')), userId, kinds],
    );
    if (!row) throw notFound(NO_SUCH);
    return c.json({ item: toItem(row) });
  });

  routes.delete('/:id', async (c) => {
    const { userId, kinds } = who(c);
    const rows = await database.query(`DELETE FROM notifications WHERE id = $1::bigint AND user_id = $2 AND kind = ANY($3::text[]) RETURNING 1`, [
      idOf(c.req.param('id')),
      userId,
      kinds,
    ]);
    if (rows.length === 0) throw notFound(NO_SUCH);
    return c.body(null, 204);
  });

  routes.delete('/', async (c) => {
    const { userId, kinds } = who(c);
    const rows = await database.query(`DELETE FROM notifications WHERE user_id = $1 AND kind = ANY($2::text[]) RETURNING 1`, [userId, kinds]);
    return c.json({ deleted: rows.length });
  });

  return routes;
}
