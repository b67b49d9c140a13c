import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { API_KEY_ROLES, API_KEY_STATUSES, apiKeyInput } from '@raahi/domain';

/** The API document's entries for API keys (decision 0053): administrators only, never reachable with a key. */
export function registerApiKeyPaths(registry: OpenAPIRegistry, common: Record<number, unknown>) {
  const problem = z.object({ title: z.string(), message: z.string() });
  const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
  const error = (description: string) => ({ description, ...json(problem) });
  const responses = common as Record<number, { description: string }>;
  const tags = ['api-keys'];
  const apiKey = z.object({
    id: z.string(),
    name: z.string(),
    role: z.enum(API_KEY_ROLES as [string, ...string[]]),
    prefix: z.string().describe('The key’s first characters (rk_ and 8 letters or digits), to tell keys apart; not enough to use it'),
    createdAt: z.string(),
    createdBy: z.object({ id: z.string(), name: z.string() }),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable().describe('Written at most once a minute'),
    revokedAt: z.string().nullable(),
    status: z.enum(API_KEY_STATUSES),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/api-keys',
    tags,
    summary: 'API keys, newest first (administrators; never the key nor its hash)',
    responses: { 200: { description: 'The keys', ...json(z.object({ rows: z.array(apiKey) })) }, ...responses },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/api-keys',
    tags,
    summary:
      'Make an API key acting with a role (never Administrator) on your behalf; send it as `Authorization: Bearer <key>` on any record route, without a CSRF token. The key is answered this once and stored only as its SHA-256',
    request: { body: json(apiKeyInput) },
    responses: {
      201: { description: 'Made', ...json(z.object({ id: z.string(), key: z.string().describe('rk_<8>_<43 base64url characters>: shown once'), apiKey })) },
      400: error('A missing or invalid name, role or expiry'),
      422: error('The Administrator role'),
      ...responses,
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/api-keys/{id}',
    tags,
    summary: 'Revoke an API key: refused (401) from its next request on, on every server',
    request: { params: z.object({ id: z.string() }) },
    responses: { 204: { description: 'Revoked' }, 404: error('No such key'), ...responses },
  });
}
