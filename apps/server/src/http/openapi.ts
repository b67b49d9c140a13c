import { createHash } from 'node:crypto';
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  ACTOR_TYPES,
  can,
  canManageUsers,
  canReadActivityLog,
  CHANGE_OPERATIONS,
  changePasswordInput,
  createUserInput,
  EXACT_COUNT_LIMIT,
  loginInput,
  MAX_PAGE_SIZE,
  NOTIFICATION_TYPES,
  presentFilterNames,
  REMINDER_KINDS,
  ROLE_KEYS,
  updateProfileInput,
  updateUserInput,
} from '@raahi/domain';
import { hiddenKeysOf, routeAction, type Permissions } from '../auth/permissions';
import { ACCOUNT_ROUTES, apiKeyRefusal } from '../auth/middleware';
import { exportQuerySchema, listQuerySchema, type ResourceDefinition } from './resource';
import { registerNotificationPaths } from '../notifications/openapi-paths';
import { registerRecordPagePaths } from '../record-pages/openapi-paths';
import { registerApiKeyPaths } from '../api-keys/openapi-paths';
import { registerReportPaths } from '../reports/openapi-paths';
import { registerWebhookPaths } from '../webhooks/openapi-paths';
import { registerImportPaths } from '../imports/openapi-paths';

const problem = z.object({ title: z.string(), message: z.string() });
const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
const error = (description: string) => ({ description, ...json(problem) });

/** The API described from the same zod schemas that validate it. */
export function buildOpenApiDocument(resources: ResourceDefinition[]) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: 'raahi_session' });
  // An API key (decision 0053): `Authorization: Bearer rk_…`, with the key's role and no CSRF token.
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'rk_<8>_<43>',
    description:
      'An API key made by an administrator (POST /api/api-keys): acts with its role, needs no CSRF token, and reaches no account route (users, API keys, webhooks, sign-in, sessions, passwords, the Activity Log).',
  });
  const common = {
    401: error('Not signed in, or an invalid, revoked or expired API key'),
    403: error("Missing CSRF token, a cross-site request, not allowed to the user's role (title 'Not Allowed'), or an account route with an API key"),
    429: error('An API key over its requests a minute (Retry-After says when to try again)'),
  };

  registry.registerPath({
    method: 'post',
    path: '/api/auth/login',
    tags: ['auth'],
    summary: 'Sign in; sets the session cookie and returns the CSRF token',
    request: { body: json(loginInput) },
    responses: { 200: { description: 'Signed in' }, 401: error('Invalid username or password'), 429: error('Too many failed attempts') },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/auth/me',
    tags: ['auth'],
    summary: 'The signed-in user and CSRF token',
    responses: { 200: { description: 'The user' }, ...common },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/auth/logout',
    tags: ['auth'],
    summary: 'End the session',
    responses: { 204: { description: 'Signed out' }, ...common },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/auth/password',
    tags: ['auth'],
    summary: 'Change the password',
    request: { body: json(changePasswordInput) },
    responses: { 200: { description: 'Changed' }, 422: error('Wrong current password or unacceptable new one'), ...common },
  });

  const storedFile = z.object({ id: z.string(), name: z.string(), size: z.number(), contentType: z.string() });
  registry.registerPath({
    method: 'post',
    path: '/api/files',
    tags: ['files'],
    summary:
      'Upload a file (multipart/form-data, field "file"): PDF, JPEG, PNG or WebP, checked by content. Saving a record with the returned id attaches it to that record (only for the uploader, once: otherwise 422 Invalid File); it is deleted with the record or when the record lets it go; never attached, it is deleted after a day',
    request: { body: { content: { 'multipart/form-data': { schema: z.object({ file: z.string().describe('binary') }) } } } },
    responses: {
      201: { description: 'Stored', ...json(storedFile) },
      400: error('No file or an empty one'),
      413: error('Too large'),
      415: error('Not an accepted type'),
      ...common,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/files/{id}',
    tags: ['files'],
    summary: 'Download a stored file as an attachment with its original name',
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: { description: 'The file' }, 404: error('No such file'), ...common },
  });

  // Accounts: the signed-in user's own profile and sessions; users and roles for administrators.
  const user = z.object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    role: z.enum(ROLE_KEYS),
    email: z.string(),
    phone: z.string(),
    lastSignInAt: z.string().nullable(),
    active: z.boolean(),
    mustChangePassword: z.boolean(),
    version: z.number().int(),
  });
  const userId = z.object({ id: z.string() });
  const usersTags = ['users'];
  registry.registerPath({
    method: 'put',
    path: '/api/auth/me',
    tags: ['auth'],
    summary: 'Edit your own name, e-mail, phone and address (not your role)',
    request: { body: json(updateProfileInput) },
    responses: { 200: { description: 'Saved' }, 400: error('Malformed input'), ...common },
  });
  // The dashboard (decision 0036): each number the total of the list its href opens and its totalUrl counts; areas the role may not view left out.
  const dashboardNumber = z.object({
    key: z.string(),
    title: z.string(),
    value: z.number().nullable(),
    totalIsEstimate: z.boolean(),
    detail: z.string(),
    href: z.string().nullable(),
    totalUrl: z.string().nullable(),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/dashboard',
    tags: ['dashboard'],
    summary: "The dashboard's numbers, each the total of its list, by the company's today",
    responses: {
      200: {
        description: 'The cards and performance figures',
        ...json(
          z.object({
            today: z.string(),
            timeZone: z.string(),
            cards: z.array(dashboardNumber.extend({ sub: dashboardNumber })),
            performance: z.array(dashboardNumber),
          }),
        ),
      },
      ...common,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/auth/sessions',
    tags: ['auth'],
    summary: 'Your sessions: device, address, last seen, this one marked',
    responses: { 200: { description: 'The sessions' }, ...common },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/auth/sessions/sign-out-others',
    tags: ['auth'],
    summary: 'End every session of yours but this one',
    responses: { 200: { description: 'Signed out' }, ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/users',
    tags: usersTags,
    summary: 'Users (administrators)',
    request: {
      query: z.object({
        search: z.string().max(100).optional(),
        page: z.number().int().min(1).optional(),
        pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
      }),
    },
    responses: { 200: { description: 'A page of users', ...json(z.object({ items: z.array(user), total: z.number().int() })) }, ...common },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/users',
    tags: usersTags,
    summary: 'Add a user; without a password one is made and answered once as `password`; either must be changed at the first sign-in',
    request: { body: json(createUserInput) },
    responses: {
      201: { description: 'Added', ...json(z.object({ user, password: z.string().optional() })) },
      400: error('Malformed input'),
      409: error('User name taken'),
      422: error('Unknown role'),
      ...common,
    },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/users/{id}',
    tags: usersTags,
    summary: 'Edit a user (name, e-mail, phone, role); send the version you read',
    request: { params: userId, body: json(updateUserInput) },
    responses: {
      200: {
        description: 'Saved; revokedKeys names the API keys a role change revoked, those whose role does more than the new role may (none otherwise)',
        ...json(z.object({ user, revokedKeys: z.array(z.object({ id: z.string(), name: z.string() })) })),
      },
      409: error('Changed since read, or the last administrator'),
      ...common,
    },
  });
  for (const [verb, summary] of [
    ['deactivate', 'Deactivate a user and sign them out everywhere (never the last administrator)'],
    ['activate', 'Activate a user again'],
    ['reset-password', 'Make a one-time password (answered once), to be changed at the next sign-in; signs the user out everywhere'],
  ] as const) {
    registry.registerPath({
      method: 'post',
      path: `/api/users/{id}/${verb}`,
      tags: usersTags,
      summary,
      request: { params: userId },
      responses: { 200: { description: 'Done' }, 404: error('No such user'), 409: error('Refused (yourself, or the last administrator)'), ...common },
    });
  }

  // The change log: a record's history (per area, below) and the Activity Log.
  const entry = z.object({
    id: z.string(),
    at: z.string(),
    actor: z.object({ type: z.enum(ACTOR_TYPES), id: z.string(), name: z.string() }),
    area: z.string(),
    recordId: z.string(),
    operation: z.enum(CHANGE_OPERATIONS),
    batchId: z.string().nullable(),
    batchCount: z.number().int().optional(),
    changes: z
      .array(z.object({ field: z.string(), label: z.string().optional(), before: z.unknown(), after: z.unknown(), secret: z.boolean().optional() }))
      .nullable(),
    snapshot: z.record(z.string(), z.unknown()).nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
  });
  const entriesPage = json(z.object({ items: z.array(entry), hasMore: z.boolean(), page: z.number().int(), pageSize: z.number().int() }));
  const paging = { page: z.number().int().min(1).optional(), pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional() };
  const activityFilters = {
    actorId: z.string().max(64).optional(),
    area: z.string().optional(),
    operation: z.enum(CHANGE_OPERATIONS).optional(),
    from: z.string().describe('YYYY-MM-DD').optional(),
    to: z.string().describe('YYYY-MM-DD').optional(),
  };
  const activityTags = ['activity'];
  registry.registerPath({
    method: 'get',
    path: '/api/activity',
    tags: activityTags,
    summary: 'The Activity Log (administrators), newest first',
    request: { query: z.object({ ...activityFilters, ...paging }) },
    responses: { 200: { description: 'A page of entries', ...entriesPage }, 400: error('Bad filter'), ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/activity/export',
    tags: activityTags,
    summary: 'The Activity Log as CSV, with the same filters',
    request: { query: z.object({ ...activityFilters, tz: z.string().optional() }) },
    responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/activity/actors',
    tags: activityTags,
    summary: 'Who appears in the Activity Log (its user filter)',
    responses: { 200: { description: 'The actors' }, ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/activity/recent',
    tags: activityTags,
    summary: 'The latest entries you may see (the dashboard), a batch as one entry with its count',
    responses: { 200: { description: 'The entries', ...json(z.object({ items: z.array(entry) })) }, ...common },
  });

  // Notifications (issue 18): the signed-in user's own, of the kinds their role may view; another user's id answers 404.
  const notificationsTags = ['notifications'];
  const notification = z.object({
    id: z.string(),
    title: z.string(),
    message: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    date: z.string().describe('ISO date-time it was made'),
    read: z.boolean(),
    href: z.string().describe("The web app's address of the record (its list with its edit dialog open)"),
    kind: z.enum(REMINDER_KINDS),
  });
  const notificationId = z.object({ id: z.string() });
  const noSuchNotification = error('No such notification of yours');
  registry.registerPath({
    method: 'get',
    path: '/api/notifications',
    tags: notificationsTags,
    summary: 'Your notifications, newest first (unread=true: only the unread)',
    request: {
      query: z.object({
        unread: z.enum(['true', 'false']).optional(),
        page: z.number().int().min(1).optional(),
        pageSize: z.number().int().min(1).max(100).optional(),
      }),
    },
    responses: {
      200: {
        description: 'A page of notifications',
        ...json(z.object({ items: z.array(notification), page: z.number().int(), pageSize: z.number().int(), hasMore: z.boolean() })),
      },
      400: error('Bad parameter'),
      ...common,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/notifications/unread-count',
    tags: notificationsTags,
    summary: 'How many of your notifications are unread, counted up to 100 (the bell shows "99+" above 99)',
    responses: { 200: { description: 'The count', ...json(z.object({ count: z.number().int().max(100), capped: z.boolean() })) }, ...common },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/notifications/{id}/read',
    tags: notificationsTags,
    summary: 'Mark one of your notifications read',
    request: { params: notificationId },
    responses: { 200: { description: 'Marked read', ...json(z.object({ item: notification })) }, 404: noSuchNotification, ...common },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/notifications/read-all',
    tags: notificationsTags,
    summary: 'Mark all your notifications read',
    responses: { 200: { description: 'How many were marked', ...json(z.object({ updated: z.number().int() })) }, ...common },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/notifications/{id}',
    tags: notificationsTags,
    summary: 'Delete one of your notifications',
    request: { params: notificationId },
    responses: { 204: { description: 'Deleted' }, 404: noSuchNotification, ...common },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/notifications',
    tags: notificationsTags,
    summary: 'Clear all your notifications',
    responses: { 200: { description: 'How many were deleted', ...json(z.object({ deleted: z.number().int() })) }, ...common },
  });
  registerNotificationPaths(registry, common);
  registerRecordPagePaths(registry, common);
  registerApiKeyPaths(registry, common);
  registerReportPaths(registry, common);
  registerImportPaths(registry, common, resources);

  // Each area's record as the API answers it: also the data of its webhook events.
  const recordSchemas = new Map<string, z.ZodType>();
  for (const resource of resources) {
    const { area } = resource;
    // Inline schemas: zod 4 schemas made in the domain package carry no OpenAPI ref ids. A record carries
    // the values computed from linked records too: labels and file names (or null), several files' names.
    const computed = Object.keys(resource.computed?.(getTableColumns(resource.table) as Record<string, PgColumn>) ?? {});
    const computedShape = Object.fromEntries(
      computed.map((key) => [key, (resource.computedTypes?.[key] ?? z.string().nullable()).describe('Computed from a linked record')]),
    );
    const record = area.input.extend({ id: z.string(), version: z.number().int(), createdAt: z.string(), updatedAt: z.string(), ...computedShape });
    recordSchemas.set(area.key, record);
    // A request body (decision 0066): the required fields must be there; an optional one may be left out (its
    // default) or null. The document's `required` lists follow from the same schema.
    const input = area.body;
    const version = z.number().int().min(1).describe('The version you read; a stale one is refused (409)');
    const tags = [area.key];
    const base = `/api/${area.key}`;
    const id = z.object({ id: z.string() });
    registry.registerPath({
      method: 'get',
      path: base,
      tags,
      summary: `List ${area.plural}: search, filters, sort, pagination`,
      request: { query: listQuerySchema(area, resource.referenceFilters) },
      responses: {
        200: {
          description: 'A page; hasMore tells whether another follows (the total is its own request)',
          ...json(z.object({ items: z.array(record), hasMore: z.boolean(), page: z.number(), pageSize: z.number() })),
        },
        400: error('Bad query'),
        ...common,
      },
    });
    registry.registerPath({
      method: 'get',
      path: `${base}/total`,
      tags,
      summary: `How many ${area.plural} a search and filters match: exact up to ${EXACT_COUNT_LIMIT.toLocaleString('en-IN')}, estimated above`,
      request: { query: listQuerySchema(area, resource.referenceFilters).omit({ page: true, pageSize: true, sort: true, order: true }) },
      responses: {
        200: { description: 'The total', ...json(z.object({ total: z.number(), totalIsEstimate: z.boolean() })) },
        400: error('Bad query'),
        ...common,
      },
    });
    registry.registerPath({
      method: 'get',
      path: `${base}/export`,
      tags,
      summary: `Every ${area.singular} the search and filters match (all pages), in the list's order, as a CSV file with the table's columns`,
      request: { query: exportQuerySchema(area, resource.referenceFilters) },
      responses: {
        200: { description: 'The CSV file (UTF-8 with a byte order mark), streamed', content: { 'text/csv': { schema: z.string() } } },
        400: error('Bad query'),
        ...common,
      },
    });
    registry.registerPath({
      method: 'post',
      path: base,
      tags,
      summary: `Create a ${area.singular}; the server makes the id. Only the required fields must be sent: an optional one left out takes its default, null leaves it blank`,
      request: { body: json(input) },
      responses: { 201: { description: 'Created', ...json(record) }, 400: error('Malformed input'), 422: error('A rule of the form failed'), ...common },
    });
    for (const field of presentFilterNames(area)) {
      registry.registerPath({
        method: 'get',
        path: `${base}/values/${field}`,
        tags,
        summary: `The distinct ${field} values present, for the ${field} filter`,
        responses: { 200: { description: 'Values', ...json(z.object({ values: z.array(z.string()) })) }, ...common },
      });
    }
    if (resource.label)
      registry.registerPath({
        method: 'get',
        path: `${base}/options`,
        tags,
        summary: `A pick-list of ${area.plural}: labels only (id, label, status where pickers mark it), searched, filtered and sorted as the list is, or the records named in ids (comma-separated)`,
        request: { query: listQuerySchema(area).extend({ ids: z.string().optional() }) },
        responses: {
          200: {
            description: 'Choices',
            ...json(z.object({ items: z.array(z.object({ id: z.string(), label: z.string(), status: z.string().optional() })), hasMore: z.boolean() })),
          },
          400: error('Bad query'),
          ...common,
        },
      });
    registry.registerPath({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      summary: `Read a ${area.singular}`,
      request: { params: id },
      responses: { 200: { description: 'The record', ...json(record) }, 404: error('No such record'), ...common },
    });
    // A PUT and a PATCH are one update, answered alike.
    const updated = {
      200: { description: 'Updated', ...json(record) },
      400: error('Malformed input'),
      404: error('No such record'),
      409: error('Changed by someone else since read'),
      422: error('A rule failed'),
      ...common,
    };
    registry.registerPath({
      method: 'put',
      path: `${base}/{id}`,
      tags,
      summary: `Replace a ${area.singular}'s values; send the version you read. An optional field left out takes its default, as on create`,
      request: { params: id, body: json(input.extend({ version })) },
      responses: updated,
    });
    registry.registerPath({
      method: 'patch',
      path: `${base}/{id}`,
      tags,
      summary: `Change some of a ${area.singular}'s values; send the version you read and only the fields to change (the others stay as stored). Judged as an update with every field`,
      request: { params: id, body: json(input.partial().extend({ version })) },
      responses: updated,
    });
    registry.registerPath({
      method: 'get',
      path: `${base}/{id}/history`,
      tags,
      summary: `A ${area.singular}'s history, newest first (a deleted one's too)`,
      request: { params: id, query: z.object(paging) },
      responses: { 200: { description: 'A page of entries', ...entriesPage }, 404: error('No such area'), ...common },
    });
    registry.registerPath({
      method: 'delete',
      path: `${base}/{id}`,
      tags,
      summary: `Delete a ${area.singular}`,
      request: { params: id },
      responses: { 204: { description: 'Deleted' }, 404: error('No such record'), 409: error('Used by other records'), ...common },
    });
  }

  // Webhooks (decision 0054): their routes, and in `webhooks` every event with its payload and signature.
  registerWebhookPaths(registry, common, recordSchemas);

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Raahi API',
      version: '0.1.0',
      description:
        'Fleet-management back office. Sign in at /api/auth/login and send X-CSRF-Token on every change, or send an API key as `Authorization: Bearer <key>` (no CSRF token).',
    },
    // Either: a browser session (cookie and X-CSRF-Token) or an API key.
    security: [{ session: [] }, { apiKey: [] }],
  });
}

type Document = ReturnType<typeof buildOpenApiDocument>;
type Schema = { properties?: Record<string, unknown>; required?: string[]; items?: Schema } & Record<string, unknown>;

/**
 * The API document as a role sees it: only the routes it may use (an area's by the roles matrix, the
 * pick-lists by canPick, uploads, users and the activity log by their own rules), and records without the
 * fields it may not see (a driver's Aadhaar card file without personal data).
 */
export function documentForRole(
  doc: Document,
  resources: readonly ResourceDefinition[],
  role: string,
  permissions: Permissions,
  { apiKey = false } = {},
): Document {
  const areas = new Map(resources.map((r) => [r.area.key, r.area]));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    // A key's copy leaves out the routes no key reaches (sign-in, sessions, passwords, users, keys, webhooks, the Activity Log)
    // and a person's own data (notifications and their settings, the recent imports, uploads: decision 0062).
    if (apiKey && ACCOUNT_ROUTES.some((route) => path === route || path.startsWith(`${route}/`))) continue;
    const [, , first, ...rest] = path.split('/');
    const area = areas.get(first);
    const kept = Object.entries(operations as Record<string, unknown>).filter(([method]) => {
      if (apiKey && apiKeyRefusal(method, path)) return false;
      // Import (its template too) is for who may add to the area.
      if (area && rest[0] === 'import') return can(role, area.key, 'create');
      if (area) {
        const action = routeAction(method.toUpperCase(), rest.length ? `/${rest.join('/')}` : '');
        return action === 'pick' ? permissions.canPick(role, area.key) : can(role, area.key, action);
      }
      if (first === 'files') return method !== 'post' || permissions.canUpload(role);
      if (first === 'users' || first === 'api-keys') return canManageUsers(role);
      if (first === 'activity') return canReadActivityLog(role);
      if (first === 'webhooks') return role === 'administrator';
      return true;
    });
    if (kept.length === 0) continue;
    const hidden = area ? hiddenKeysOf(role, area) : [];
    paths[path] = Object.fromEntries(hidden.length ? kept.map(([method, op]) => [method, withoutProperties(op, hidden)]) : kept);
  }
  // The events webhooks send, for whoever manages webhooks.
  return { ...doc, paths, webhooks: role === 'administrator' ? doc.webhooks : undefined } as Document;
}

/** A copy of an operation whose schemas (records, lists of records) leave out these properties. */
function withoutProperties(value: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutProperties(v, keys));
  if (!value || typeof value !== 'object') return value;
  const copy: Schema = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutProperties(v, keys)]));
  if (copy.properties && typeof copy.properties === 'object') {
    copy.properties = Object.fromEntries(Object.entries(copy.properties).filter(([k]) => !keys.includes(k)));
    if (Array.isArray(copy.required)) copy.required = copy.required.filter((k) => !keys.includes(k));
  }
  return copy;
}

const DOCS_SCRIPT = `
fetch('/api/openapi.json').then(r=>r.json()).then(doc=>{const el=document.getElementById('ops');el.textContent='';
for(const [path,ops] of Object.entries(doc.paths)){for(const [method,op] of Object.entries(ops)){
const d=document.createElement('details');d.className='op';const s=document.createElement('summary');
const m=document.createElement('span');m.className='m';m.textContent=method;s.append(m,path+' — '+(op.summary||''));
const pre=document.createElement('pre');pre.textContent=JSON.stringify(op,null,2);d.append(s,pre);el.append(d);}}});
`;

/** script-src allows the docs page's script by its hash, taken from the very text the page holds. */
export const DOCS_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(DOCS_SCRIPT).digest('base64')}'`;

/** A small self-contained docs page (no CDN: the product runs offline). */
export function docsPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Raahi API</title>
<style>body{font:14px system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#111}h1{font-size:1.4rem}
.op{border:1px solid #ddd;border-radius:6px;margin:.5rem 0;padding:.5rem .75rem}.m{display:inline-block;min-width:4.5rem;font-weight:600;text-transform:uppercase}
pre{background:#f6f6f6;padding:.5rem;overflow:auto;font-size:12px}details summary{cursor:pointer}</style></head>
<body><h1>Raahi API</h1><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p><div id="ops">Loading…</div>
<script>${DOCS_SCRIPT}</script></body></html>`;
}
