import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { MAX_PAGE_SIZE, REMINDER_KINDS } from '@raahi/domain';

/**
 * The API document's entries for Settings → Notifications and the two lists of decision 0038 (Track Pending
 * Actions, View Reorder Suggestions). The pending-actions and reorder routes sit under their areas' paths, so
 * documentForRole shows them to the roles that may view incidents or inventory.
 */
export function registerNotificationPaths(registry: OpenAPIRegistry, common: Record<number, unknown>) {
  const problem = z.object({ title: z.string(), message: z.string() });
  const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
  const error = (description: string) => ({ description, ...json(problem) });
  const kind = z.enum(REMINDER_KINDS);
  const preferences = z.object({
    kinds: z.array(z.object({ kind, label: z.string() })).describe('The kinds offered to you: those whose area your role may view'),
    mutedKinds: z.array(kind).describe('Offered kinds you do not receive'),
    dailyDigest: z.boolean().describe('The daily e-mail digest at 07:00 in the company time zone'),
    emailConfigured: z.boolean().describe('Whether an SMTP server is configured (RAAHI_SMTP_URL)'),
    hasEmail: z.boolean().describe('Whether your account has an e-mail address'),
    digestUnavailable: z.string().nullable().describe('Why the digest cannot be turned on now (no SMTP server, no e-mail address), or null'),
  });
  const change = z
    .strictObject({ mutedKinds: z.array(kind).max(REMINDER_KINDS.length).optional(), dailyDigest: z.boolean().optional() })
    .describe('Either or both; unknown fields, unknown kinds and kinds your role is not offered are refused with 400');
  const responses = common as Record<number, { description: string }>;
  const tags = ['notifications'];
  registry.registerPath({
    method: 'get',
    path: '/api/notification-preferences',
    tags,
    summary: 'Your notification preferences (Settings → Notifications)',
    responses: { 200: { description: 'Your preferences', ...json(preferences) }, ...responses },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/notification-preferences',
    tags,
    summary: 'Choose the kinds you receive and the daily e-mail digest',
    request: { body: json(change) },
    responses: {
      200: { description: 'Saved; your preferences', ...json(preferences) },
      400: error('Malformed input, an unknown kind, or the digest without SMTP or an e-mail address'),
      ...responses,
    },
  });
  const paging = z.object({ page: z.number().int().min(1).optional(), pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional() });
  const page = (item: z.ZodType) =>
    json(
      z.object({
        items: z.array(item),
        total: z.number().int(),
        totalIsCapped: z.boolean().describe('More than 50,000 match'),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
    );
  const incident = z.object({
    id: z.string(),
    type: z.string(),
    severity: z.string(),
    dateTime: z.string().nullable(),
    location: z.string(),
    status: z.string(),
    vehicleId: z.string().nullable(),
    vehicleLabel: z.string().nullable(),
    ageDays: z.number().int().nullable().describe("Days since the incident, by the company's today (null without a date-time)"),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/incidents/pending-actions',
    tags: ['incidents'],
    summary: 'Track Pending Actions: incidents neither Resolved nor Closed, oldest first, with their age in days',
    request: { query: paging },
    responses: { 200: { description: 'A page of incidents', ...page(incident) }, 400: error('Bad paging'), ...responses },
  });
  const suggestion = z.object({
    id: z.string(),
    name: z.string(),
    partNumber: z.string(),
    quantity: z.number().int(),
    reorderLevel: z.number().int(),
    suggestedQuantity: z.number().int().describe('2 × reorder level − quantity'),
    supplier: z.string().nullable(),
    location: z.string().nullable(),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/inventory/reorder-suggestions',
    tags: ['inventory'],
    summary: 'View Reorder Suggestions: items at or below their reorder level, with a suggested order quantity',
    request: { query: paging },
    responses: { 200: { description: 'A page of items', ...page(suggestion) }, 400: error('Bad paging'), ...responses },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/inventory/reorder-suggestions/export',
    tags: ['inventory'],
    summary: 'The reorder suggestions as CSV (roles that may export inventory)',
    request: { query: z.object({ tz: z.string().optional() }) },
    responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, ...responses },
  });
}
