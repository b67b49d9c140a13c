import { generateId, type Actor, type DeliveryStatus, type FieldChange, type Webhook, type WebhookDelivery } from '@raahi/domain';
import type { Database } from '../db/client';
import { recordChange } from '../history/change-log';
import { ApiError, notFound } from '../http/errors';

/** The webhooks and their deliveries as the Integrations screen reads them; secrets are written here and never read back out. */

export const WEBHOOK_ID = { prefix: 'WHK', timeDigits: 6, randomChars: 4 };
/** Live webhooks at most: each write of a chosen event makes one delivery per webhook. */
export const MAX_WEBHOOKS = 100;
/** After a rotation the old secret signs beside the new one this long, so receivers can switch without losing a delivery. */
export const ROTATION_WINDOW_HOURS = 24;
/** The history says the secret changed, never what it is (FieldChange.secret). */
const SECRET_CHANGED: FieldChange = { field: 'secret', label: 'Secret', before: null, after: null, secret: true };

interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  created_at: Date;
  created_by: string;
  created_by_name: string | null;
  secret_rotated_at: Date | null;
  previous_secret_until: Date | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

// Every column but the secrets.
const WEBHOOK_COLUMNS = `w.id, w.url, w.events, w.created_at, w.created_by, coalesce(nullif(u.name, ''), u.username) AS created_by_name, w.secret_rotated_at,
  CASE WHEN w.previous_secret_until > now() THEN w.previous_secret_until END AS previous_secret_until`;

const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  createdAt: iso(row.created_at)!,
  createdBy: { id: row.created_by, name: row.created_by_name ?? row.created_by },
  secretRotatedAt: iso(row.secret_rotated_at),
  previousSecretUntil: iso(row.previous_secret_until),
});

/** What the change log keeps of a webhook: everything but its secrets. */
const logged = (webhook: Webhook) => ({ id: webhook.id, url: webhook.url, events: webhook.events });

async function readWebhook(database: Pick<Database, 'query'>, id: string): Promise<Webhook | undefined> {
  const [row] = await database.query<WebhookRow>(
    `SELECT ${WEBHOOK_COLUMNS} FROM webhooks w LEFT JOIN users u ON u.id = w.created_by WHERE w.id = $1 AND w.deleted_at IS NULL`,
    [id],
  );
  return row && toWebhook(row);
}

export async function listWebhooks(database: Database): Promise<{ rows: Webhook[] }> {
  const rows = await database.query<WebhookRow>(
    `SELECT ${WEBHOOK_COLUMNS} FROM webhooks w LEFT JOIN users u ON u.id = w.created_by WHERE w.deleted_at IS NULL ORDER BY w.created_at DESC, w.id`,
  );
  return { rows: rows.map(toWebhook) };
}

/** Adds a webhook (the URL already checked), refused past MAX_WEBHOOKS live ones: the count and the insert under one lock. */
export async function addWebhook(
  database: Database,
  actor: Actor,
  creatorId: string,
  input: { url: string; secret: string; events: string[] },
): Promise<Webhook> {
  return database.transaction(async (tx) => {
    // Two administrators adding the 100th at once: one waits for the other's count and insert.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('webhooks'))`);
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO webhooks (id, url, secret, events, created_by)
       SELECT $1, $2, $3, $4::text[], $5 WHERE (SELECT count(*) FROM webhooks WHERE deleted_at IS NULL) < $6
       RETURNING id`,
      [generateId(WEBHOOK_ID), input.url, input.secret, input.events, creatorId, MAX_WEBHOOKS],
    );
    if (!row) throw new ApiError(409, 'Too Many Webhooks', `There are already ${MAX_WEBHOOKS} webhooks. Delete one you no longer use, then add this one.`);
    const webhook = (await readWebhook(tx, row.id))!;
    await recordChange(tx, { actor, area: 'webhooks', recordId: webhook.id, operation: 'create', snapshot: logged(webhook), changes: [SECRET_CHANGED] });
    return webhook;
  });
}

/** Deletes a webhook: it stops at once, its pending deliveries are dropped, its secrets wiped; its log of deliveries stays. */
export async function deleteWebhook(database: Database, actor: Actor, id: string): Promise<void> {
  await database.transaction(async (tx) => {
    const webhook = await readWebhook(tx, id);
    const [row] = await tx.query(
      `UPDATE webhooks SET deleted_at = now(), secret = '', previous_secret = NULL, previous_secret_until = NULL WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
      [id],
    );
    if (!row || !webhook) throw missingWebhook(id);
    await tx.query(`DELETE FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'pending'`, [id]);
    await recordChange(tx, { actor, area: 'webhooks', recordId: id, operation: 'delete', snapshot: logged(webhook) });
  });
}

/** A new secret; the current one goes on signing beside it for ROTATION_WINDOW_HOURS. */
export async function rotateSecret(database: Database, actor: Actor, id: string, secret: string): Promise<Webhook> {
  return database.transaction(async (tx) => {
    const [row] = await tx.query(
      `UPDATE webhooks SET previous_secret = secret, previous_secret_until = now() + $3 * interval '1 hour', secret = $2, secret_rotated_at = now()
       WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
      [id, secret, ROTATION_WINDOW_HOURS],
    );
    if (!row) throw missingWebhook(id);
    await recordChange(tx, { actor, area: 'webhooks', recordId: id, operation: 'update', changes: [SECRET_CHANGED] });
    return (await readWebhook(tx, id))!;
  });
}

const missingWebhook = (id: string) => notFound(`The webhook ${id} does not exist. It may have been deleted.`);

export interface DeliveryQuery {
  status?: DeliveryStatus;
  webhookId?: string;
  page: number;
  pageSize: number;
}

/** Counted exactly up to here; beyond, the total says so (`capped`). */
export const DELIVERY_COUNT_CAP = 10_000;

interface DeliveryRow {
  id: string;
  webhook_id: string;
  url: string;
  event_id: string;
  event: string;
  occurred_at: Date;
  status: DeliveryStatus;
  attempts: number;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  status_code: number | null;
  duration_ms: number | null;
  response: string | null;
  error: string | null;
}

/** Deliveries newest first (Monitor Sync Status; View Error Logs with status=failed), of deleted webhooks too. */
export async function listDeliveries(database: Database, query: DeliveryQuery): Promise<{ rows: WebhookDelivery[]; total: number; capped: boolean }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.status) where.push(`d.status = $${params.push(query.status)}`);
  if (query.webhookId) where.push(`d.webhook_id = $${params.push(query.webhookId)}`);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [rows, [{ total }]] = await Promise.all([
    database.query<DeliveryRow>(
      `SELECT d.id::text AS id, d.webhook_id, w.url, e.uid::text AS event_id, e.event, e.occurred_at, d.status, d.attempts, d.last_attempt_at, d.next_attempt_at,
         d.status_code, d.duration_ms, d.response, d.error
       FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN webhook_events e ON e.id = d.event_id
       ${filter} ORDER BY d.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    database.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM webhook_deliveries d ${filter} LIMIT ${DELIVERY_COUNT_CAP + 1}) counted`,
      params,
    ),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      webhookId: row.webhook_id,
      url: row.url,
      eventId: row.event_id,
      event: row.event,
      occurredAt: iso(row.occurred_at)!,
      status: row.status,
      attempts: row.attempts,
      lastAttemptAt: iso(row.last_attempt_at),
      nextAttemptAt: iso(row.next_attempt_at),
      statusCode: row.status_code,
      durationMs: row.duration_ms,
      response: row.response,
      error: row.error,
    })),
    total: Math.min(total, DELIVERY_COUNT_CAP),
    capped: total > DELIVERY_COUNT_CAP,
  };
}
