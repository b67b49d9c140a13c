import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Values of linked records computed in SQL: file names, lists of labels, the area an id names. An area's own label is its resource's `label`. */

/** The original name of a stored file, for the form and the view action. */
export const fileNameOf = (fileId: SQLWrapper): SQL<string | null> => sql<string | null>`(SELECT f.original_name FROM files f WHERE f.id = ${fileId})`;

/** The original names of stored files, in the record's order, with their ids: [{ id, name }]. */
export const fileListOf = (fileIds: SQLWrapper): SQL<{ id: string; name: string }[]> =>
  sql`(SELECT coalesce(json_agg(json_build_object('id', f.id, 'name', f.original_name) ORDER BY l.n), '[]'::json)
       FROM unnest(${fileIds}) WITH ORDINALITY AS l(id, n) JOIN files f ON f.id = l.id)`;

/** The labels of several linked records, in the record's order, with their ids: [{ id, label }] (the id where one is gone). */
export const labelListOf = (ids: SQLWrapper, labelOf: (id: SQLWrapper) => SQL<string | null>): SQL<{ id: string; label: string }[]> =>
  sql`(SELECT coalesce(json_agg(json_build_object('id', l.id, 'label', coalesce(${labelOf(sql`l.id`)}, l.id)) ORDER BY l.n), '[]'::json)
       FROM unnest(${ids}) WITH ORDINALITY AS l(id, n))`;

/** Which of several areas holds a record with this id (its key, such as 'vehicles'), null when none does. */
export const entityAreaOf = (id: SQLWrapper, areas: { key: string; table: PgTable }[]): SQL<string | null> =>
  sql<string | null>`(CASE ${sql.join(
    areas.map(({ key, table }) => sql`WHEN EXISTS (SELECT 1 FROM ${table} e WHERE e.id = ${id}) THEN ${key}`),
    sql` `,
  )} END)`;
