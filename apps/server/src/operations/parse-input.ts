import { firstFailure } from '@raahi/domain';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ApiError, badRequest, describeIssues } from '../http/errors';
import type { ResourceDefinition } from '../http/resource';

/**
 * Validates a body: its shape (400, in words; unknown fields refused), then the area's rules (422, the
 * specification's texts) on the input as it will be stored (hidden fields blank, computed values filled),
 * which is what is saved. `withVersion`: an update's body, which names the version it edits.
 */
export function parseInput(def: Pick<ResourceDefinition, 'area'>, body: unknown, withVersion: boolean): Record<string, unknown> {
  const schema = withVersion ? def.area.input.extend({ version: z.number().int().min(1) }) : def.area.input;
  const parsed = schema.safeParse(withAddedFields(def, body));
  if (!parsed.success) throw badRequest(describeIssues(parsed.error, { ...def.area.fieldLabels, version: 'Version' }, body));
  const { version, ...fields } = parsed.data as Record<string, unknown>;
  const input = def.area.prepare ? def.area.prepare(fields) : fields;
  const failure = firstFailure(def.area.rules, input);
  if (failure) throw new ApiError(422, failure.title, failure.message);
  return withVersion ? { ...input, version } : input;
}

/** Input values as the columns take them: date-times (ISO text in the API) become Dates; an optional link left blank is NULL. */
export function toRow(all: Record<string, PgColumn>, input: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === '' && all[key] && !all[key].notNull) row[key] = null;
    else row[key] = typeof value === 'string' && all[key]?.columnType === 'PgTimestamp' ? new Date(value) : value;
  }
  return row;
}

const isPlainObject = (body: unknown): body is Record<string, unknown> => typeof body === 'object' && body !== null && !Array.isArray(body);

/** The fields added after the specification that a body leaves out (an update keeps them as stored). */
export const missingAddedFields = (def: Pick<ResourceDefinition, 'area'>, body: unknown): string[] =>
  isPlainObject(body) ? Object.keys(def.area.addedFields ?? {}).filter((name) => !Object.hasOwn(body, name)) : [];

/** The body with the added fields it leaves out filled blank, so that a client of the specified API is understood. */
function withAddedFields(def: Pick<ResourceDefinition, 'area'>, body: unknown): unknown {
  const missing = missingAddedFields(def, body);
  return missing.length ? { ...(body as Record<string, unknown>), ...Object.fromEntries(missing.map((name) => [name, def.area.addedFields![name]])) } : body;
}
