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

type Issue = z.ZodError['issues'][number];

/** Whether the value at `path` is missing: left out, undefined or null (a null where a value is needed is none given). */
function isMissing(input: unknown, path: PropertyKey[]): boolean {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !(key in value)) return true;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value === undefined || value === null;
}

/** Names (shortened) at most a few keys a client sent, and how many more: 20,000 unknown keys make one short answer. */
function nameSome(keys: readonly string[], shown = 5): string {
  const named = keys
    .slice(0, shown)
    .map((key) => (key.length > 40 ? key.slice(0, 40) + '…' : key))
    .join(', ');
  return keys.length > shown ? `${named} and ${(keys.length - shown).toLocaleString('en-IN')} more` : named;
}

/** The options a choice takes, in words: "must be one of Diesel, Petrol, CNG, Electric" (a blank, taken too where it is, is not an option to name). */
const oneOf = (values: readonly unknown[]) => `must be one of ${[...new Set(values.filter((value) => value !== '').map(String))].join(', ')}`;

/**
 * What one issue says of its field, in words (no library default such as "Invalid input"). `missing`: the value is
 * not there (left out or null), which a type or a choice answers as "is required".
 */
function described(issue: Issue, missing: boolean): string {
  switch (issue.code) {
    case 'invalid_type':
      return missing ? 'is required' : `must be ${EXPECTED[issue.expected] ?? `a ${issue.expected}`}`;
    case 'invalid_value':
      return missing ? 'is required' : oneOf(issue.values);
    case 'invalid_union': {
      // A choice that may also be blank (one of its options, or ''): its options, whichever branch was tried.
      const branches = issue.errors.map((branch) => branch[0]).filter((first) => first !== undefined);
      if (branches.length > 0 && branches.every((first) => first.code === 'invalid_value' && first.path.length === 0))
        return missing ? 'is required' : oneOf(branches.flatMap((first) => (first.code === 'invalid_value' ? first.values : [])));
      return branches.length > 0 ? described(branches[0], missing) : 'is not valid';
    }
    case 'too_small':
      // zod's own wording ("Too small: expected number to be >=1") becomes a sentence; custom messages stay.
      if (!/^Too small/.test(issue.message)) return issue.message;
      return issue.origin === 'string'
        ? Number(issue.minimum) <= 1
          ? 'is required'
          : `must be at least ${issue.minimum} characters`
        : `must be at least ${issue.minimum}`;
    case 'too_big':
      if (!/^Too big/.test(issue.message)) return issue.message;
      return issue.origin === 'string' ? `must be at most ${issue.maximum} characters` : `must be at most ${issue.maximum}`;
    default:
      // A library's default wording ("Invalid input", "Invalid string: must match pattern …") never reaches a person.
      return /^Invalid /.test(issue.message) ? 'is not valid' : issue.message;
  }
}

/**
 * Turns zod issues into one readable sentence naming the fields by their labels.
 * `input` (what was parsed) tells a missing field from a wrong one; `noun` names the keys ('field', 'parameter').
 * An item of a list is named by its list's label (no index: "Offense Types must be one of …").
 */
export function describeIssues(error: z.ZodError, labels: Record<string, string> = {}, input?: unknown, noun = 'field'): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `Unknown ${noun}${issue.keys.length > 1 ? 's' : ''}: ${nameSome(issue.keys)}.`;
      const key = issue.path.join('.');
      const named = issue.path.length > 1 && typeof issue.path[1] === 'number' ? String(issue.path[0]) : key;
      const label = key === '' ? 'The request body' : (labels[named] ?? named.charAt(0).toUpperCase() + named.slice(1));
      const missing = key !== '' && (input === undefined ? /received (undefined|null)/.test(issue.message) : isMissing(input, issue.path));
      return `${label} ${described(issue, missing)}.`;
    })
    .join(' ');
}
