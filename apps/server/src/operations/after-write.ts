import type { Actor } from '@raahi/domain';
import type { AfterWrite, AfterWriteResult } from '../http/resource';
import type { Database } from '../db/client';
import { emitRecordChanged } from './events';

/** The events of the other records an afterWrite hook changed (a schedule reset by its completed job card), after commit. */
export function emitHooked(hooked: AfterWriteResult, actor: Actor, batchId: string | null, database: Database): void {
  for (const change of hooked.changed ?? []) emitRecordChanged({ ...change, operation: 'update', actor, batchId, database });
}

/** The saved record as answered: with `warnings` when the hook gave any (the save stands; the screen shows them). */
export const withWarnings = (record: Record<string, unknown>, hooked: AfterWriteResult): Record<string, unknown> =>
  hooked.warnings?.length ? { ...record, warnings: hooked.warnings } : record;

/** Several afterWrite hooks run in order, their warnings and changed records joined. */
export function allHooks(...hooks: AfterWrite[]): AfterWrite {
  return async (tx, saved, before, actor) => {
    const result: Required<AfterWriteResult> = { warnings: [], changed: [] };
    for (const hook of hooks) {
      const one = (await hook(tx, saved, before, actor)) ?? {};
      result.warnings.push(...(one.warnings ?? []));
      result.changed.push(...(one.changed ?? []));
    }
    return result;
  };
}
