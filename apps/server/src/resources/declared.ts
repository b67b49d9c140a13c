import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { derive, type AnyField, type DeclaredArea } from '@raahi/domain';
import { drivers, files, trips, vehicles } from '../db/schema';
import { fieldColumn, labelColumn, type ExportColumn } from '../http/csv-export';
import type { Reference, ResourceDefinition } from '../http/resource';
import { driverLabelOf, fileListOf, fileNameOf, labelListOf, tripLabelOf, vehicleLabelOf } from './labels';

interface Linkable {
  table: PgTable;
  /** 'vehicle', for messages. */
  noun: string;
  plural?: string;
  /** Field labels of a declared area, for messages about its values. */
  labels?: Readonly<Record<string, string>>;
  /** The label of the record an id names, as the screens show it (null when there is none). */
  label(id: SQLWrapper): SQL<string | null>;
}

/**
 * Records other areas link to, by area key. The fleet records are here from the start; a declared area
 * joins by giving its resource a `label` (a station by its name, a lead by its company).
 */
const LINKABLE = new Map<string, Linkable>([
  ['vehicles', { table: vehicles, noun: 'vehicle', label: vehicleLabelOf }],
  ['drivers', { table: drivers, noun: 'driver', label: driverLabelOf }],
  ['trips', { table: trips, noun: 'trip', label: tripLabelOf }],
]);

function linked(area: string): Linkable {
  const entry = LINKABLE.get(area);
  if (!entry) throw new Error(`A field links to '${area}', which no resource declares with a label.`);
  return entry;
}

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
  /**
   * `computed`: values of the area's own beside the declared ones (a vehicle's plate alone).
   * `label`: makes the area's records linkable from other areas, shown by this label (a station's name).
   */
  options: {
    idHeader?: string;
    exportColumns?: ExportColumn[];
    computed?: (columns: Record<string, PgColumn>) => Record<string, SQL>;
    label?: (columns: Record<string, PgColumn>) => SQL;
  } = {},
): ResourceDefinition {
  const fields = Object.entries(area.fields as Record<string, AnyField>);
  if (options.label) {
    const own = getTableColumns(table) as Record<string, PgColumn>;
    const label = options.label(own);
    LINKABLE.set(area.key, { table, noun: area.singular, plural: area.plural, labels: area.fieldLabels, label: (id) => sql<string | null>`(SELECT ${label} FROM ${table} WHERE ${own.id} = ${id})` });
  }
  // Resolved when read, not here: a linked area's resource may be declared after this one. The registry
  // (resources/index.ts) reads them once, after every resource is declared.
  const references = (): Reference[] =>
    fields.flatMap(([name, f]): Reference[] => {
      if (f.kind === 'reference' || f.kind === 'references') {
        const target = linked(f.area);
        const when = f.kind === 'reference' ? f.linkableWhen : undefined;
        const { unlinkableWhen, checkedWhile } = f.kind === 'reference' ? f : {};
        return [{ field: name, table: target.table, noun: target.noun, plural: target.plural, label: target.label, linkableWhen: when && { values: when, labels: target.labels ?? {} }, unlinkableWhen, checkedWhile }];
      }
      if (f.kind === 'file' || f.kind === 'files') return [{ field: name, table: files, noun: 'file' }];
      return [];
    });
  const computed = (columns: Record<string, PgColumn>) => ({
    ...Object.fromEntries(
      fields.flatMap(([name, f]): [string, SQL][] => {
        if (f.kind === 'reference') return [[labelKey(name), linked(f.area).label(columns[name])]];
        // Several links: [{ id, label }] under <field>Labels (assignedVehicles → assignedVehiclesLabels).
        if (f.kind === 'references') return [[`${name}Labels`, labelListOf(columns[name], linked(f.area).label)]];
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
      if (f.kind === 'references') return [{ header: f.label, value: (row) => (row[`${name}Labels`] as { label: string }[]).map((l) => l.label).join('; ') }];
      // A value as the screen shows it: a status by today's date (Expired), a choice by its label (Meal Allowance).
      const state = area.derived?.[name];
      if (state) return [{ header: f.label, value: (row, today) => derive(state, row, today) }];
      if (f.kind === 'choice' && f.labels) {
        const labels = f.labels;
        return [{ header: f.label, value: (row) => labels[row[name] as string] ?? row[name] }];
      }
      const kind = f.kind === 'money' ? 'money' : f.kind === 'number' || f.kind === 'rating' ? 'number' : f.kind === 'date' || f.kind === 'datetime' ? f.kind : 'text';
      return [fieldColumn(f.label, name, kind)];
    }),
  ];
  return {
    area,
    table,
    computed,
    get references() {
      return references();
    },
    exportColumns,
  };
}
