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
  keyOf: (input) => recordKey(String(input[field] ?? '')) || null,
});

/** record_key() in JavaScript: upper case without white space or dashes. */
export function recordKey(text: string): string {
  let key = '';
  for (const c of text.toUpperCase()) if (c !== '-' && c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r' && c !== '\v' && c !== '\f') key += c;
  return key;
}
