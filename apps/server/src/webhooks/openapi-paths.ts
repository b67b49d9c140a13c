import { extendZodWithOpenApi, type OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { DELIVERY_STATUSES, PERMISSION_AREAS, REMINDER_EVENTS, WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_SECONDS } from '@raahi/domain';
import { deliveriesQuerySchema, secretInputSchema, webhookInputSchema } from './routes';
import { MAX_WEBHOOKS, ROTATION_WINDOW_HOURS } from './store';

// registry.register() names a schema with .openapi(): each area's record becomes one component that its four
// events refer to, rather than eighty copies inline.
extendZodWithOpenApi(z);

/** How a receiver checks a delivery: the text of every event's description in the API document. */
export const VERIFICATION_EXAMPLE = `Verify every delivery before trusting it (Node):

\`\`\`js
const { createHmac, timingSafeEqual } = require('node:crypto');
// rawBody: the request body exactly as received (a string), not re-serialised JSON.
function verify(header, rawBody, secret, toleranceSeconds = ${WEBHOOK_TOLERANCE_SECONDS}) {
  const parts = header.split(',').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false; // too old: a replay
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  return parts.filter(([k]) => k === 'v1').some(([, hex]) => {
    const given = Buffer.from(hex, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
\`\`\`

Answer 2xx within 10 seconds to acknowledge; anything else (a timeout, a redirect, 4xx, 5xx) is retried with exponential backoff for 24 hours, then the delivery is marked failed. Delivery is at least once: drop a repeat by the payload's id. Deliveries of one record arrive in order.`;

const actor = z.object({ type: z.enum(['user', 'api_key', 'system']), id: z.string(), name: z.string() }).describe('Who made the change');
const signatureHeaders = z.object({
  [WEBHOOK_SIGNATURE_HEADER]: z
    .string()
    .describe(
      `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the webhook's secret>. While a rotated secret's ${ROTATION_WINDOW_HOURS}-hour window lasts, a second v1 signed by the previous secret follows. Refuse a t older than ${WEBHOOK_TOLERANCE_SECONDS / 60} minutes.`,
    ),
  'Raahi-Event': z.string().describe('The event, as in the body'),
  'Raahi-Delivery': z.string().describe('This delivery (one webhook × one event); the same on its retries'),
});

const payload = (event: string, data: z.ZodType) =>
  z.object({
    id: z.string().describe('The event’s id (a UUID), the same on every retry and for every webhook'),
    event: z.literal(event),
    occurredAt: z.string().describe('When the change was committed: ISO 8601 with the company zone’s offset (2026-11-25T09:15:00.000+05:30)'),
    actor,
    data,
  });

/**
 * The webhooks in the API document: the routes that manage them (administrators only; documentForRole hides
 * them from other roles) and, in OpenAPI 3.1's `webhooks`, one entry per event a webhook can choose, with its
 * payload, the signature header and how to verify it.
 */
export function registerWebhookPaths(registry: OpenAPIRegistry, common: Record<number, unknown>, records: ReadonlyMap<string, z.ZodType>) {
  const problem = z.object({ title: z.string(), message: z.string() });
  const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
  const error = (description: string) => ({ description, ...json(problem) });
  const responses = common as Record<number, { description: string }>;
  const tags = ['webhooks'];
  const webhook = z.object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    createdAt: z.string(),
    createdBy: z.object({ id: z.string(), name: z.string() }),
    secretRotatedAt: z.string().nullable(),
    previousSecretUntil: z.string().nullable().describe('Until when the previous secret signs beside the current one'),
  });
  const delivery = z.object({
    id: z.string(),
    webhookId: z.string(),
    url: z.string(),
    eventId: z.string(),
    event: z.string(),
    occurredAt: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    statusCode: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    response: z.string().nullable().describe('The start of the receiver’s answer as text (at most 1 KB)'),
    error: z.string().nullable().describe('Why the last attempt failed (a status, a timeout, a refused address)'),
  });
  const id = z.object({ id: z.string() });

  registry.registerPath({
    method: 'post',
    path: '/api/webhooks',
    tags,
    summary: `Add a webhook (administrators; at most ${MAX_WEBHOOKS}): an http(s) URL on a public address (checked now and at each delivery; redirects are not followed), a secret of 16–200 characters that signs every delivery, and 1–200 events (${WEBHOOK_EVENTS.length} to choose from). The secret is never answered`,
    request: { body: json(webhookInputSchema) },
    responses: {
      201: { description: 'Added', ...json(webhook) },
      400: error('Malformed input'),
      409: error('Too many webhooks'),
      422: error('Unknown event, or a URL refused (scheme, credentials, a private address)'),
      ...responses,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/webhooks',
    tags,
    summary: 'The webhooks, newest first (never their secrets)',
    responses: { 200: { description: 'Webhooks', ...json(z.object({ rows: z.array(webhook) })) }, ...responses },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/webhooks/{id}',
    tags,
    summary: 'Delete a webhook: nothing more is sent to it, its pending deliveries are dropped, its log stays',
    request: { params: id },
    responses: { 204: { description: 'Deleted' }, 404: error('No such webhook'), ...responses },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/webhooks/{id}/secret',
    tags,
    summary: `Rotate a webhook's secret: the previous one goes on signing beside it for ${ROTATION_WINDOW_HOURS} hours`,
    request: { params: id, body: json(secretInputSchema) },
    responses: { 200: { description: 'Rotated', ...json(webhook) }, 400: error('Malformed input'), 404: error('No such webhook'), ...responses },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/webhooks/deliveries',
    tags,
    summary: 'Deliveries, newest first (status=failed: the error log), with the receiver’s status code, time taken, attempts and answer',
    request: { query: deliveriesQuerySchema },
    responses: {
      200: {
        description: 'A page',
        ...json(z.object({ rows: z.array(delivery), total: z.number().int(), capped: z.boolean().describe('True when there are more than total') })),
      },
      400: error('Bad parameter'),
      ...responses,
    },
  });

  const event = (name: string, summary: string, data: z.ZodType) =>
    registry.registerWebhook({
      method: 'post',
      path: name,
      tags,
      summary,
      description: VERIFICATION_EXAMPLE,
      request: { headers: signatureHeaders, body: json(payload(name, data)) },
      responses: { 200: { description: 'Any 2xx acknowledges the delivery' } },
    });
  const verbs = { created: 'was created', updated: 'was updated', deleted: 'was deleted' } as const;
  for (const area of PERMISSION_AREAS) {
    const record = records.get(area);
    if (!record) continue;
    const registered = registry.register(`${area.replace(/(^|-)([a-z])/g, (_, __, ch: string) => ch.toUpperCase())}Record`, record);
    for (const [kind, verb] of Object.entries(verbs))
      event(
        `${area}.${kind}`,
        `A record of ${area} ${verb}: data is the record as the API answers it${kind === 'deleted' ? ', as it was before the deletion' : ''}`,
        registered,
      );
    event(
      `${area}.imported`,
      `An import committed a batch of ${area} (one event per batch, not per row)`,
      z.object({
        batchId: z.string(),
        count: z.number().int().describe('Records written'),
        update: z.boolean().describe('Update mode: existing records changed'),
      }),
    );
  }
  for (const name of REMINDER_EVENTS)
    event(
      name,
      `A record ${name === 'reminder.overdue' ? 'became overdue' : 'became due soon'} under a reminder rule (the same change of state that makes a notification)`,
      z.object({
        kind: z.string().describe('The reminder rule (documents, service, …)'),
        area: z.string(),
        recordId: z.string(),
        state: z.enum(['due_soon', 'overdue']),
        label: z.string().nullable(),
        due: z.string().nullable(),
        title: z.string(),
        message: z.string(),
      }),
    );
}
