/**
 * A business rule failure carries the exact title and message the specification gives for the toast.
 * The form shows it before sending; the server answers it (422) when a request breaks the same rule.
 */
export interface RuleFailure {
  title: string;
  message: string;
  /** The fields at fault, which the form marks (the server answers only the title and message). */
  fields?: readonly string[];
}

export type Rule<T> = (value: T) => RuleFailure | null;

/** Runs rules in order and returns the first failure, as the specified form does. */
export function firstFailure<T>(rules: readonly Rule<T>[], value: T): RuleFailure | null {
  for (const rule of rules) {
    const failure = rule(value);
    if (failure) return failure;
  }
  return null;
}

/**
 * A character a reader can see: not white space, not a control or format character (zero-width space,
 * joiners, bidi controls, soft hyphen, BOM), nor one of the blank fillers that Unicode counts as letters or symbols.
 * One character class, tested once: no backtracking.
 */
const VISIBLE = /[^\s\p{Cc}\p{Cf}\u115F\u2800\u3164\uFFA0]/u;
export const hasVisibleCharacter = (value: string) => VISIBLE.test(value);
/** Where the first character a reader can see is (-1 when there is none). */
export const firstVisibleIndex = (value: string) => value.search(VISIBLE);

/** Blank: nothing, an empty list, or text without a visible character (a lone zero-width space does not fill a required field). */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (Array.isArray(value) && value.length === 0) || (typeof value === 'string' && !hasVisibleCharacter(value));
}

/** The 'Missing Fields' rule: fails when any of the named fields is blank. */
export function requireFields<T>(fields: readonly (keyof T)[], failure: RuleFailure): Rule<T> {
  return (value) => {
    const blank = fields.filter((field) => isBlank(value[field]));
    return blank.length > 0 ? { ...failure, fields: blank.map(String) } : null;
  };
}
