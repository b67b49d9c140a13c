import { asc, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { describeIssues, firstFailure, idPattern } from '@raahi/domain';
import type { Database } from '../db/client';
import type { ResourceDefinition } from '../http/resource';

/** A stored record its area's declaration would not have taken, and why. */
export interface RecordProblem {
  area: string;
  id: string;
  problem: string;
}

/** A column's value as the API takes it: a date-time as ISO text, the rest as read. */
const asInput = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * The records of an area that the API would refuse or store otherwise: an id not of the area's format, a
 * value its input schema refuses, a rule of the specification it breaks, or a value stored other than the
 * form would store it (a hidden field not blank, a computed value not computed). Whatever writes around the
 * API (the demo seed's bulk load) is checked here, in one place, against the same declaration.
 */
export async function recordsBreakingRules(database: Database, resource: ResourceDefinition, limit = 100_000): Promise<RecordProblem[]> {
  const { area } = resource;
  const columns = getTableColumns(resource.table) as Record<string, PgColumn>;
  const names = Object.keys(area.fieldLabels);
  const rows = await database.db
    .select({ id: columns.id, ...Object.fromEntries(names.map((name) => [name, columns[name]])) })
    .from(resource.table)
    .orderBy(asc(columns.id))
    .limit(limit);
  const idShape = idPattern(area.idFormat);
  const problems: RecordProblem[] = [];
  for (const { id, ...stored } of rows as Record<string, unknown>[]) {
    const problem = (text: string) => problems.push({ area: area.key, id: String(id), problem: text });
    if (!idShape.test(String(id))) problem(`its id is not of the form ${area.idFormat.prefix}…`);
    const input = Object.fromEntries(names.map((name) => [name, asInput(stored[name])]));
    const parsed = area.input.safeParse(input);
    if (!parsed.success) {
      problem(describeIssues(parsed.error, area.fieldLabels, input));
      continue;
    }
    const prepared = area.prepare ? area.prepare(parsed.data as Record<string, unknown>) : parsed.data;
    const failure = firstFailure(area.rules, prepared);
    if (failure) problem(`${failure.title}: ${failure.message}`);
    const changed = names.filter((name) => JSON.stringify(prepared[name]) !== JSON.stringify(input[name]));
    if (changed.length) problem(`the form would store ${changed.join(', ')} otherwise`);
  }
  return problems;
}
