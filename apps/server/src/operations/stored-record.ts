import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import type { ResourceDefinition } from '../http/resource';

/** The table's columns (search_text is internal) plus the resource's computed values: a record as the API returns it. */
export function recordSelection(def: Pick<ResourceDefinition, 'table' | 'computed'>) {
  const all = getTableColumns(def.table) as Record<string, PgColumn>;
  const { searchText: _searchText, ...columns } = all;
  return { all, columns, selected: { ...columns, ...def.computed?.(all) } };
}

/** One record as the API returns it, read on `database` (a transaction reads its own writes); undefined when there is none. */
export async function readRecord(
  database: Pick<Database, 'db'>,
  def: Pick<ResourceDefinition, 'table' | 'computed'>,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const { all, selected } = recordSelection(def);
  const [row] = await database.db.select(selected).from(def.table).where(eq(all.id, id));
  return row as Record<string, unknown> | undefined;
}

/** The answer to an id that names no record of the area (404). */
export const recordMissing = (def: Pick<ResourceDefinition, 'area'>, id: string) =>
  notFound(`The ${def.area.singular} ${id} does not exist. It may have been deleted.`);
