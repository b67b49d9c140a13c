import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Every error answer is {title, message}: the texts a toast shows. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly title: string,
    message: string,
    /** The field at fault, where one is (an import names its column). */
    readonly field?: string,
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export { describeIssues } from '@raahi/domain';

export const badRequest = (message: string) => new ApiError(400, 'Invalid Request', message);
export const notFound = (message: string) => new ApiError(404, 'Not Found', message);

/** Postgres error codes we answer in words rather than with a 500. */
function databaseError(err: unknown): ApiError | null {
  const cause = (err as { cause?: unknown }).cause ?? err;
  const code = (cause as { code?: string }).code;
  if (code === '23503') return new ApiError(409, 'Record In Use', 'This record is linked to other records, so the change was refused.');
  if (code === '23505') return new ApiError(409, 'Duplicate Record', 'A record with the same unique value already exists.');
  // 23514: a check of the table (trips_odometers_ordered) that the rules did not catch: the values, not the server.
  if (code === '23514') {
    const constraint = (cause as { constraint?: string }).constraint;
    return new ApiError(
      422,
      'Invalid Values',
      `The values break a rule of the record${constraint ? ` (${constraint})` : ''}, so nothing was saved. Check the fields and try again.`,
    );
  }
  // 22021: text PostgreSQL cannot store (a NUL character), in a body, a query or a path.
  if (code === '22P02' || code === '22003' || code === '22007' || code === '22008' || code === '22021')
    return badRequest('A value is not valid for its field.');
  if (isUnavailable(cause)) return UNAVAILABLE;
  return null;
}

const UNAVAILABLE = new ApiError(503, 'Service Unavailable', 'The database is not answering. Please try again in a moment.');

/** The database is down, restarting, or closed: a 503 the client may retry, not a 500. */
function isUnavailable(cause: unknown): boolean {
  const code = (cause as { code?: string }).code ?? '';
  const message = (cause as { message?: string }).message ?? '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006'].includes(code) ||
    /PGlite is closed|Connection terminated|Cannot use a pool after calling end/i.test(message)
  );
}

export function errorResponse(err: unknown, c: Context) {
  if (err instanceof ApiError) return c.json({ title: err.title, message: err.message }, err.status, err.headers);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    if (status === 413) return c.json({ title: 'Request Too Large', message: 'The request body is too large.' }, 413);
    return c.json({ title: status === 400 ? 'Invalid Request' : 'Request Failed', message: err.message || 'The request could not be handled.' }, status);
  }
  const known = databaseError(err);
  if (known) return c.json({ title: known.title, message: known.message }, known.status);
  console.error(`Unhandled error on ${c.req.method} ${c.req.path}: ${describeForLog(err)}`);
  return c.json({ title: 'Server Error', message: 'Something went wrong on the server. Please try again.' }, 500);
}

/**
 * An unexpected error as the log may keep it. A failed query's message lists its parameters (names,
 * contacts, file names: personal data), and its stack starts with that message; keep the statement,
 * the database's own code and message, and the stack frames only.
 */
export function describeForLog(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const query = (err as { query?: unknown }).query;
  if (typeof query !== 'string') return [`${err.name}: ${err.message}`, ...frames].join('\n');
  const cause = err.cause as { code?: string; message?: string } | undefined;
  const reason = cause ? ` (${[cause.code, cause.message].filter(Boolean).join(' ')})` : '';
  return [`Failed query${reason}: ${query} [parameters withheld]`, ...frames].join('\n');
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
