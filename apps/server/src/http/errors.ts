import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

/** Every error answer is {title, message}: the texts a toast shows. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, 'Invalid Request', message);
export const notFound = (message: string) => new ApiError(404, 'Not Found', message);

/** Turns zod issues into one readable sentence naming the fields by their labels. */
export function describeIssues(error: z.ZodError, labels: Record<string, string> = {}): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
      const key = issue.path.join('.');
      const label = labels[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
      let message = issue.message;
      if (issue.code === 'invalid_type') message = /received undefined/.test(issue.message) ? 'is required' : `must be ${issue.expected === 'number' ? 'a number' : `a ${issue.expected}`}`;
      if (issue.code === 'invalid_value') message = `must be one of: ${issue.values.join(', ')}`;
      return label ? `${label} ${message}.` : `${message}.`;
    })
    .join(' ');
}

/** Postgres error codes we answer in words rather than with a 500. */
function databaseError(err: unknown): ApiError | null {
  const cause = (err as { cause?: unknown }).cause ?? err;
  const code = (cause as { code?: string }).code;
  if (code === '23503') return new ApiError(409, 'Record In Use', 'This record is linked to other records, so the change was refused.');
  if (code === '23505') return new ApiError(409, 'Duplicate Record', 'A record with the same unique value already exists.');
  if (code === '22P02' || code === '22003' || code === '22007' || code === '22008') return badRequest('A value is not valid for its field.');
  return null;
}

export function errorResponse(err: unknown, c: Context) {
  if (err instanceof ApiError) return c.json({ title: err.title, message: err.message }, err.status);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    if (status === 413) return c.json({ title: 'Request Too Large', message: 'The request body is too large.' }, 413);
    return c.json({ title: status === 400 ? 'Invalid Request' : 'Request Failed', message: err.message || 'The request could not be handled.' }, status);
  }
  const known = databaseError(err);
  if (known) return c.json({ title: known.title, message: known.message }, known.status);
  console.error(`Unhandled error on ${c.req.method} ${c.req.path}:`, err);
  return c.json({ title: 'Server Error', message: 'Something went wrong on the server. Please try again.' }, 500);
}

/** Reads a JSON body, answering 400 in words when it is missing or malformed. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) throw new ApiError(415, 'Unsupported Media Type', 'Send the request body as application/json.');
  const raw = await c.req.text();
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}
