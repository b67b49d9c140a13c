/**
 * A business rule failure carries the exact title and message the specification gives for the toast.
 * The form shows it before sending; the server answers it (422) when a request breaks the same rule.
 */
export interface RuleFailure {
  title: string;
  message: string;
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

export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The 'Missing Fields' rule: fails when any of the named fields is blank. */
export function requireFields<T>(fields: readonly (keyof T)[], failure: RuleFailure): Rule<T> {
  return (value) => (fields.some((field) => isBlank(value[field])) ? failure : null);
}
