import { sql } from 'drizzle-orm';
import type { UniqueValue } from '../http/resource';

/**
 * A value one record at most holds, ignoring case, spaces and dashes (record_key, migration 0023):
 * 'mh 12 ab-1234' is the plate MH12AB1234. `holder` names the record that has it.
 */
export const uniqueKey = (index: string, field: string, title: string, refusal: (holder: Record<string, unknown>, value: string) => string): UniqueValue => ({
  index,
  heldBy: (c, input) => sql`record_key(${c[field]}) = record_key(${String(input[field])})`,
  refusal: (holder, input) => ({ title, message: refusal(holder, String(input[field])) }),
});
