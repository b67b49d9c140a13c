import { firstFailure, type AnyField } from '@raahi/domain';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ApiError, badRequest, describeIssues } from '../http/errors';
import type { ResourceDefinition } from '../http/resource';

/**
 * Validates a body: its shape (400, in words; unknown fields refused), then the area's rules (422, the
 * specification's texts) on the input as it will be stored (hidden fields blank, computed values filled),
 * which is what is saved. `withVersion`: an update's body, which names the version it edits. `stored`: on an
 * update, the record as stored, whose values fill the added fields the body leaves out, so that the computed
 * values and the rules see what will be stored (a start odometer kept, an end odometer sent). `request`: an API
 * request's body (area.body: an optional field may be left out or null, decision 0066); otherwise every field of
 * the record is there (area.input: an import's row, a stored record checked again).
 */
export function parseInput(
  def: Pick<ResourceDefinition, 'area'>,
  body: unknown,
  withVersion: boolean,
  stored?: Record<string, unknown>,
  { request = false }: { request?: boolean } = {},
): Record<string, unknown> {
  const shape = request ? def.area.body : def.area.input;
  const schema = withVersion ? shape.extend({ version: VERSION }) : shape;
  const parsed = schema.safeParse(withAddedFields(def, body, stored));
  if (!parsed.success) throw badRequest(describeIssues(parsed.error, { ...def.area.fieldLabels, version: 'Version' }, body));
  const { version, ...fields } = parsed.data as Record<string, unknown>;
  const input = def.area.prepare ? def.area.prepare(fields) : fields;
  const failure = firstFailure(def.area.rules, input);
  if (failure) throw new ApiError(422, failure.title, failure.message);
  return withVersion ? { ...input, version } : input;
}

/** The version an update edits: the one it read (a PUT or PATCH without it is refused). */
export const VERSION = z.number().int().min(1);

/** Input values as the columns take them: date-times (ISO text in the API) become Dates; an optional link left blank is NULL. */
export function toRow(all: Record<string, PgColumn>, input: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === '' && all[key] && !all[key].notNull) row[key] = null;
    else row[key] = typeof value === 'string' && all[key]?.columnType === 'PgTimestamp' ? new Date(value) : value;
  }
  return row;
}

export const isPlainObject = (body: unknown): body is Record<string, unknown> => typeof body === 'object' && body !== null && !Array.isArray(body);

/** The fields added after the specification that a body leaves out (an update keeps them as stored). */
export const missingAddedFields = (def: Pick<ResourceDefinition, 'area'>, body: unknown): string[] =>
  isPlainObject(body) ? Object.keys(def.area.addedFields ?? {}).filter((name) => !Object.hasOwn(body, name)) : [];

/**
 * The body with the added fields it leaves out filled, so that a client of the specified API is understood: blank on a
 * create; on an update as stored, unless a field it is kept with changes (then blank: a trip of the old vehicle).
 */
function withAddedFields(def: Pick<ResourceDefinition, 'area'>, body: unknown, stored?: Record<string, unknown>): unknown {
  const missing = missingAddedFields(def, body);
  if (missing.length === 0) return body;
  const sent = body as Record<string, unknown>;
  const fields = (def.area as { fields?: Record<string, AnyField> }).fields ?? {};
  const kept = (name: string) =>
    stored !== undefined && (fields[name]?.keptWith ?? []).every((other) => !Object.hasOwn(sent, other) || sent[other] === stored[other]);
  return {
    ...sent,
    ...Object.fromEntries(missing.map((name) => [name, kept(name) ? (stored![name] ?? def.area.addedFields![name]) : def.area.addedFields![name]])),
  };
}
