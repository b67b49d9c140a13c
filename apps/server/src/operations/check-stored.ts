import { asc, desc } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import type { ResourceDefinition } from '../http/resource';
import { checkEntities, checkReferences } from './link-checks';
import { parseInput } from './parse-input';
import { recordSelection } from './stored-record';

/** A stored record that its area's operation would not have saved as it is. */
export interface StoredFailure {
  area: string;
  id: string;
  title: string;
  message: string;
}

/** A stored value as a request carries it: dates and date-times as ISO text. */
const asRequestValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * Runs an area's operation checks over records written around it (the demo seed's bulk path): each
 * record, read as the API returns it and given back as a request body, must pass the area's strict input
 * schema, its rules and its link checks, and its stored values must be those the area's `prepare` computes
 * (an expense's amount from quantity × price). A link its record already holds is judged as an edit
 * judges it (a Delivered trip's vehicle since Sold stays), so what is checked is what a save would check.
 * `limit`: the newest so many records of each area (all of them when absent).
 */
export async function checkStored(database: Database, def: ResourceDefinition, options: { limit?: number } = {}): Promise<StoredFailure[]> {
  const { all, selected } = recordSelection(def);
  const query = database.db.select(selected).from(def.table).orderBy(desc(all.createdAt), asc(all.id));
  const records = (await (options.limit === undefined ? query : query.limit(options.limit))) as Record<string, unknown>[];
  const fields = Object.keys((def.area.input as z.ZodObject).shape);
  const failures: StoredFailure[] = [];
  for (const record of records) {
    const id = String(record.id);
    const body = Object.fromEntries(fields.map((field) => [field, asRequestValue(record[field])]));
    try {
      const input = parseInput(def, body, false);
      const differs = Object.keys(input).find((field) => field in record && JSON.stringify(input[field]) !== JSON.stringify(body[field]));
      if (differs)
        throw new ApiError(
          422,
          'Stored Value Differs',
          `${def.area.fieldLabels[differs] ?? differs} is ${JSON.stringify(body[differs])}; the area computes ${JSON.stringify(input[differs])}.`,
        );
      await checkReferences(database, def, input, body);
      await checkEntities(database, def, input);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      failures.push({ area: def.area.key, id, title: err.title, message: err.message });
    }
  }
  return failures;
}
