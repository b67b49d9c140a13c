import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Labels of linked records, computed in SQL with the same functions the search triggers use. */
export const vehicleLabelOf = (vehicleId: SQLWrapper): SQL<string | null> =>
  sql<string | null>`(SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) FROM vehicles v WHERE v.id = ${vehicleId})`;

/** A vehicle's licence plate alone, its id when it has none (the Vehicle column of expenses and challans). */
export const vehiclePlateOf = (vehicleId: SQLWrapper): SQL<string | null> =>
  sql<string | null>`(SELECT coalesce(nullif(v.license_plate, ''), v.id) FROM vehicles v WHERE v.id = ${vehicleId})`;

export const driverLabelOf = (driverId: SQLWrapper): SQL<string | null> =>
  sql<string | null>`(SELECT driver_label(d.name, d.id) FROM drivers d WHERE d.id = ${driverId})`;

export const driverNameOf = (driverId: SQLWrapper): SQL<string | null> => sql<string | null>`(SELECT d.name FROM drivers d WHERE d.id = ${driverId})`;

/** The original name of a stored file, for the form and the view action. */
export const fileNameOf = (fileId: SQLWrapper): SQL<string | null> => sql<string | null>`(SELECT f.original_name FROM files f WHERE f.id = ${fileId})`;

export const tripLabelOf = (tripId: SQLWrapper): SQL<string | null> =>
  sql<string | null>`(SELECT trip_label(t.id, t.origin, t.destination) FROM trips t WHERE t.id = ${tripId})`;

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
