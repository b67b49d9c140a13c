import type { Context } from 'hono';
import { can } from '@raahi/domain';
import type { AppEnv } from '../auth/middleware';
import { notAllowed } from '../auth/permissions';
import { notFound } from '../http/errors';
import type { RunRow } from './runs';

/**
 * Who reads an import run (decision 0062). A key acts as its creator's user row, so the user alone cannot say whose
 * a run is: a run started by a key is that key's (import_runs.api_key_id), and the key reads no other.
 */
export interface RunReader {
  role: string;
  userId: string;
  /** The API key the request carries, or null for a signed-in person. */
  apiKeyId: string | null;
}

export const runReaderOf = (c: Context<AppEnv>): RunReader => {
  const { user, actor } = c.get('session');
  return { role: user.role, userId: user.id, apiKeyId: actor?.type === 'api_key' ? actor.id : null };
};

/** A key's runs are the key's alone; a person's are those they started themselves; an administrator reads everyone's and every key's. */
export const isReadersRun = (reader: RunReader, run: RunRow): boolean =>
  reader.apiKeyId !== null ? run.apiKeyId === reader.apiKeyId : reader.role === 'administrator' || (run.userId === reader.userId && run.apiKeyId === null);

/**
 * The run, when its reader may see it: another's reads as missing (404); one of theirs in an area their role may
 * not view now (a role changed since) is refused (403), as its file name, counts and errors tell of that area.
 */
export function runVisibleTo(reader: RunReader, run: RunRow | undefined, what: string, pluralOf: (area: string) => string): RunRow {
  if (!run || !isReadersRun(reader, run)) throw notFound(`There is no import ${what}.`);
  if (!can(reader.role, run.area, 'view')) throw notAllowed(reader.role, `view ${pluralOf(run.area)}`);
  return run;
}
