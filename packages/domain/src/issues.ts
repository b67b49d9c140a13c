import type { z } from 'zod';

/** Bad input in words, shared by the server's 400 answers and the form's check before sending. */
const EXPECTED: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  object: 'a JSON object',
  array: 'a list',
  string: 'text',
  boolean: 'true or false',
};

function isMissing(input: unknown, path: PropertyKey[]): boolean {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !(key in value)) return true;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value === undefined;
}

/** Names (shortened) at most a few keys a client sent, and how many more: 20,000 unknown keys make one short answer. */
function nameSome(keys: readonly string[], shown = 5): string {
  const named = keys
    .slice(0, shown)
    .map((key) => (key.length > 40 ? key.slice(0, 40) + '…' : key))
    .join(', ');
  return keys.length > shown ? `${named} and ${(keys.length - shown).toLocaleString('en-IN')} more` : named;
}

/**
 * Turns zod issues into one readable sentence naming the fields by their labels.
 * `input` (what was parsed) tells a missing field from a wrong one; `noun` names the keys ('field', 'parameter').
 */
export function describeIssues(error: z.ZodError, labels: Record<string, string> = {}, input?: unknown, noun = 'field'): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `Unknown ${noun}${issue.keys.length > 1 ? 's' : ''}: ${nameSome(issue.keys)}.`;
      const key = issue.path.join('.');
      const label = key === '' ? 'The request body' : (labels[key] ?? key.charAt(0).toUpperCase() + key.slice(1));
      let message = issue.message;
      if (issue.code === 'invalid_type') {
        const missing = key !== '' && (input === undefined ? /received undefined/.test(issue.message) : isMissing(input, issue.path));
        message = missing ? 'is required' : `must be ${EXPECTED[issue.expected] ?? `a ${issue.expected}`}`;
      }
      if (issue.code === 'invalid_value') message = `must be one of: ${issue.values.join(', ')}`;
      // zod's own wording ("Too small: expected number to be >=1") becomes a sentence; custom messages stay.
      if (issue.code === 'too_small' && /^Too small/.test(issue.message)) {
        message =
          issue.origin === 'string'
            ? Number(issue.minimum) <= 1
              ? 'is required'
              : `must be at least ${issue.minimum} characters`
            : `must be at least ${issue.minimum}`;
      }
      if (issue.code === 'too_big' && /^Too big/.test(issue.message)) {
        message = issue.origin === 'string' ? `must be at most ${issue.maximum} characters` : `must be at most ${issue.maximum}`;
      }
      return `${label} ${message}.`;
    })
    .join(' ');
}
