import { Hono } from 'hono';
import { z } from 'zod';
import { DELIVERY_STATUSES, idPattern, isWebhookEvent, notAllowedMessage } from '@raahi/domain';
import { actorOf, byApiKey } from '../auth/actor';
import type { AppEnv } from '../auth/middleware';
import type { Database } from '../db/client';
import { ApiError, describeIssues, readJson } from '../http/errors';
import { AddressRefused, checkedUrl, MAX_URL_LENGTH, resolveTarget } from './address';
import { addWebhook, deleteWebhook, listDeliveries, listWebhooks, rotateSecret, WEBHOOK_ID } from './store';

const WEBHOOK_ID_PATTERN = idPattern(WEBHOOK_ID);
const MAX_EVENTS = 200;

/** A secret a receiver can hold: 16–200 characters, none of them a control character. (Messages follow the field's label.) */
const secret = z
  .string()
  .min(16)
  .max(200)
  .refine((value) => ![...value].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127), 'must not hold control characters');

export const webhookInputSchema = z.strictObject({
  url: z.string().min(1).max(MAX_URL_LENGTH),
  secret,
  events: z.array(z.string().max(100)).min(1, 'must name at least one event').max(MAX_EVENTS, `must name at most ${MAX_EVENTS} events`),
});
export const secretInputSchema = z.strictObject({ secret });
export const deliveriesQuerySchema = z.strictObject({
  status: z.enum(DELIVERY_STATUSES).optional(),
  webhookId: z.string().max(40).regex(WEBHOOK_ID_PATTERN, 'Not a webhook id.').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

const LABELS = { url: 'URL', secret: 'Secret', events: 'Events', status: 'Status', webhookId: 'Webhook', page: 'Page', pageSize: 'Page size' };

/**
 * POST/GET /api/webhooks, DELETE /api/webhooks/:id, POST /api/webhooks/:id/secret, GET /api/webhooks/deliveries
 * (packages/domain/src/integrations.ts). Administrators signed in as themselves only: an API key never reaches them.
 */
export function webhookRoutes(database: Database, options: { allowPrivate: boolean }) {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const { role } = c.get('session').user;
    if (byApiKey(c)) throw new ApiError(403, 'Not Allowed', 'An API key may not manage webhooks: an administrator does, signed in.');
    if (role !== 'administrator') throw new ApiError(403, 'Not Allowed', notAllowedMessage(role, 'manage webhooks'));
    await next();
  });

  const webhookId = (raw: string) => {
    if (raw.length > 40 || !WEBHOOK_ID_PATTERN.test(raw)) throw new ApiError(404, 'Not Found', `There is no webhook ${raw.slice(0, 40)}.`);
    return raw;
  };

  app.get('/', async (c) => c.json(await listWebhooks(database)));

  app.get('/deliveries', async (c) => {
    const parsed = deliveriesQuerySchema.safeParse(c.req.query());
    if (!parsed.success) throw new ApiError(400, 'Invalid Request', describeIssues(parsed.error, LABELS, c.req.query(), 'parameter'));
    return c.json(await listDeliveries(database, parsed.data));
  });

  app.post('/', async (c) => {
    const body = await readJson(c);
    const parsed = webhookInputSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(400, 'Webhook Not Added', describeIssues(parsed.error, LABELS, body));
    const unknown: string[] = parsed.data.events.filter((event: string) => !isWebhookEvent(event));
    if (unknown.length)
      throw new ApiError(
        422,
        'Unknown Event',
        `${unknown
          .slice(0, 3)
          .map((e) => `"${e.slice(0, 100)}"`)
          .join(
            ', ',
          )}${unknown.length > 3 ? ` and ${unknown.length - 3} more` : ''} ${unknown.length === 1 ? 'is not an event' : 'are not events'} a webhook can choose (e.g. vehicles.created, trips.updated, reminder.overdue).`,
      );
    const url = await receiverUrl(parsed.data.url, options.allowPrivate);
    const webhook = await addWebhook(database, actorOf(c), c.get('session').user.id, {
      url,
      secret: parsed.data.secret,
      events: [...new Set(parsed.data.events)],
    });
    return c.json(webhook, 201);
  });

  app.delete('/:id', async (c) => {
    await deleteWebhook(database, actorOf(c), webhookId(c.req.param('id')));
    return c.body(null, 204);
  });

  app.post('/:id/secret', async (c) => {
    const id = webhookId(c.req.param('id'));
    const body = await readJson(c);
    const parsed = secretInputSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(400, 'Secret Not Changed', describeIssues(parsed.error, LABELS, body));
    return c.json(await rotateSecret(database, actorOf(c), id, parsed.data.secret));
  });

  return app;
}

/** The URL as stored, once its form and every address its host resolves to are acceptable (checked again at each delivery). */
async function receiverUrl(raw: string, allowPrivate: boolean): Promise<string> {
  try {
    const url = checkedUrl(raw);
    await resolveTarget(url, allowPrivate);
    // As stored: normalised (a host in lower case, spaces escaped), so held to the limit again.
    const normalised = url.toString();
    if (normalised.length > MAX_URL_LENGTH) throw new AddressRefused(`The URL is longer than ${MAX_URL_LENGTH} characters.`);
    return normalised;
  } catch (err) {
    if (err instanceof AddressRefused) throw new ApiError(422, 'Invalid Webhook URL', err.message);
    throw err;
  }
}
