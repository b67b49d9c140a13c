import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { AnyField, DeclaredArea } from '@raahi/domain';
import { drivers, files, trips, vehicles } from '../db/schema';
import { fieldColumn, labelColumn, type ExportColumn } from '../http/csv-export';
import type { Reference, ResourceDefinition } from '../http/resource';
import { driverLabelOf, fileListOf, fileNameOf, tripLabelOf, vehicleLabelOf } from './labels';

/** Records other areas link to: their table, their noun in messages and their label as the screens show it. */
const LINKABLE: Record<string, { table: PgTable; noun: string; label(id: PgColumn): SQL }> = {
  vehicles: { table: vehicles, noun: 'vehicle', label: vehicleLabelOf },
  drivers: { table: drivers, noun: 'driver', label: driverLabelOf },
  trips: { table: trips, noun: 'trip', label: tripLabelOf },
};

/** Where a linked record's label is returned: vehicleId → vehicleLabel. */
export const labelKey = (field: string) => `${field.replace(/Id$/, '')}Label`;

/**
 * A declared area's server side: links checked on save, linked labels and file names returned with every
 * record (vehicleId → vehicleLabel, a file → its name, several files → [{id, name}]), and its export's columns
 * (each field under its label, unless the area lists them).
 */
export function declaredResource(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  area: DeclaredArea<any>,
  table: PgTable,
  /** `computed`: values of the area's own beside the declared ones (a vehicle's plate alone). */
  options: { idHeader?: string; exportColumns?: ExportColumn[]; computed?: (columns: Record<string, PgColumn>) => Record<string, SQL> } = {},
): ResourceDefinition {
  const fields = Object.entries(area.fields as Record<string, AnyField>);
  const references: Reference[] = fields.flatMap(([name, f]): Reference[] => {
    if (f.kind === 'reference') return [{ field: name, table: LINKABLE[f.area].table, noun: LINKABLE[f.area].noun }];
    if (f.kind === 'file' || f.kind === 'files') return [{ field: name, table: files, noun: 'file' }];
    return [];
  });
  const computed = (columns: Record<string, PgColumn>) => ({
    ...Object.fromEntries(
      fields.flatMap(([name, f]): [string, SQL][] => {
        if (f.kind === 'reference') return [[labelKey(name), LINKABLE[f.area].label(columns[name])]];
        if (f.kind === 'file') return [[`${name}Name`, fileNameOf(columns[name])]];
        if (f.kind === 'files') return [[`${name}Files`, fileListOf(columns[name])]];
        return [];
      }),
    ),
    ...options.computed?.(columns),
  });
  const exportColumns = options.exportColumns ?? [
    fieldColumn(options.idHeader ?? 'ID', 'id'),
    ...fields.flatMap(([name, f]): ExportColumn[] => {
      if (f.kind === 'reference') return [labelColumn(f.label, labelKey(name), name)];
      if (f.kind === 'file') return [fieldColumn(f.label, `${name}Name`)];
      if (f.kind === 'files' || (f.kind === 'text' && f.multiline)) return [];
      if (f.kind === 'choices') return [{ header: f.label, value: (row) => (row[name] as string[]).join(', ') }];
      const kind = f.kind === 'money' ? 'money' : f.kind === 'number' || f.kind === 'rating' ? 'number' : f.kind === 'date' || f.kind === 'datetime' ? f.kind : 'text';
      return [fieldColumn(f.label, name, kind)];
    }),
  ];
  return { area, table, computed, references, exportColumns };
}
