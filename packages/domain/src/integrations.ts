import { z } from 'zod';
import { isoDateTime } from './fields';
import { PERMISSION_AREAS, ROLE_KEYS, type Role } from './roles';

/**
 * API keys and webhooks (issue 22, decisions 0053 and 0054): the contract between the server
 * (apps/server/src/api-keys/, apps/server/src/webhooks/) and the Integrations screen
 * (apps/web/src/features/integrations/). Administrators only; no API key reaches these routes.
 *
 * - POST   /api/api-keys            ApiKeyInput → 201 ApiKeyCreated (the key is shown once, never again)
 * - GET    /api/api-keys            → { rows: ApiKey[] }
 * - DELETE /api/api-keys/:id        revokes → 204
 * - POST   /api/webhooks            WebhookInput → 201 Webhook (the secret is never answered)
 * - GET    /api/webhooks            → { rows: Webhook[] }
 * - DELETE /api/webhooks/:id        → 204 (its pending deliveries are dropped)
 * - POST   /api/webhooks/:id/secret { secret } rotates: the old secret still signs beside it for 24 hours
 * - GET    /api/webhooks/deliveries?status=&webhookId=&page=&pageSize=  → { rows: WebhookDelivery[], total, capped }
 *   (newest first; pageSize ≤ 200, default 50; total exact up to 10,000, `capped` true beyond)
 *
 * A key is sent as `Authorization: Bearer <key>` on any API route, with its role's rights and no CSRF token.
 */

/** A key acts with one of these roles: never Administrator. */
export type ApiKeyRole = Exclude<Role, 'administrator'>;

/** The roles a key may be given, in the matrix's order. */
export const API_KEY_ROLES = ROLE_KEYS.filter((role): role is ApiKeyRole => role !== 'administrator');

/** The latest expiry a key may have (dates stay within 1900–2100). */
export const API_KEY_EXPIRY_LIMIT = '2100-01-01T00:00:00Z';

/** What POST /api/api-keys accepts: a name of 1–100 characters, a role other than Administrator, an expiry in the future before 2100. */
export const apiKeyInput = z.strictObject({
  name: z.string().max(1000).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  role: z.enum(API_KEY_ROLES as [ApiKeyRole, ...ApiKeyRole[]]),
  expiresAt: isoDateTime
    .refine((value) => Date.parse(value) > Date.now(), 'must be in the future')
    .refine((value) => Date.parse(value) < Date.parse(API_KEY_EXPIRY_LIMIT), 'must be before 2100')
    .nullish(),
});
export const API_KEY_FIELD_LABELS = { name: 'Name', role: 'Role', expiresAt: 'Expires' } as const;

export interface ApiKeyInput {
  name: string;
  role: ApiKeyRole;
  /** ISO 8601; none: it does not expire. */
  expiresAt?: string | null;
}

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export interface ApiKey {
  id: string;
  name: string;
  role: ApiKeyRole;
  /** The key's first characters, to tell keys apart (never enough to use it). */
  prefix: string;
  createdAt: string;
  createdBy: { id: string; name: string };
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: ApiKeyStatus;
}

/** A key named in an answer: the keys a user's role change revoked (PUT /api/users/:id, decision 0062). */
export interface ApiKeyName {
  id: string;
  name: string;
}

export interface ApiKeyCreated {
  id: string;
  /** The whole key: answered once, stored only as its SHA-256 hash. */
  key: string;
  apiKey: ApiKey;
}

/** Events a webhook can choose: each area's created, updated, deleted and imported, and the reminders'. */
export const RECORD_EVENT_KINDS = ['created', 'updated', 'deleted', 'imported'] as const;
export const REMINDER_EVENTS = ['reminder.due_soon', 'reminder.overdue'] as const;
export const WEBHOOK_EVENTS: readonly string[] = [
  ...PERMISSION_AREAS.flatMap((area) => RECORD_EVENT_KINDS.map((kind) => `${area}.${kind}`)),
  ...REMINDER_EVENTS,
];
export const isWebhookEvent = (value: unknown): value is string => typeof value === 'string' && WEBHOOK_EVENTS.includes(value);

/** The header that signs a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (two v1 while a secret rotates). */
export const WEBHOOK_SIGNATURE_HEADER = 'Raahi-Signature';
/** Receivers should refuse a delivery whose timestamp is older than this. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface WebhookInput {
  url: string;
  secret: string;
  events: string[];
}

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  createdAt: string;
  createdBy: { id: string; name: string };
  /** When the secret was last rotated (the old one signs beside it until `previousSecretUntil`). */
  secretRotatedAt: string | null;
  previousSecretUntil: string | null;
}

/** What a receiver gets: the body of each delivery. */
export interface WebhookPayload {
  /** The event's id: the same on every retry, so a receiver can drop a repeat. */
  id: string;
  event: string;
  /** ISO 8601 with the company zone's offset (2026-11-25T09:15:00.000+05:30). */
  occurredAt: string;
  actor: { type: string; id: string; name: string };
  /** The record as the API answers it (for a deletion, as it was); for `<area>.imported` { batchId, count, update }. */
  data: Record<string, unknown>;
}

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface WebhookDelivery {
  id: string;
  webhookId: string;
  url: string;
  eventId: string;
  event: string;
  occurredAt: string;
  status: DeliveryStatus;
  attempts: number;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  /** The receiver's last answer: status code, time taken, body as text truncated to 1 KB, or why it failed (timeout, refused address). */
  statusCode: number | null;
  durationMs: number | null;
  response: string | null;
  error: string | null;
}
