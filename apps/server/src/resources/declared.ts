import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import { derive, type AnyField, type DeclaredArea } from '@raahi/domain';
import { drivers, files, trips, vehicles } from '../db/schema';
import { fieldColumn, labelColumn, type ExportColumn } from '../http/csv-export';
import type { EntityReference, Reference, ResourceDefinition } from '../http/resource';
import { driverLabelOf, driverNameOf, entityAreaOf, fileListOf, fileNameOf, labelListOf, tripLabelOf, vehicleLabelOf, vehiclePlateOf } from './labels';

interface Linkable {
  table: PgTable;
  /** 'vehicle', for messages. */
  noun: string;
  plural?: string;
  /** Field labels of a declared area, for messages about its values. */
  labels?: Readonly<Record<string, string>>;
  /** The label of the record an id names, as the screens show it (null when there is none). */
  label(id: SQLWrapper): SQL<string | null>;
  /** A shorter label where a list names records of several areas in one column (a vehicle by its plate); the label otherwise. */
  shortLabel?(id: SQLWrapper): SQL<string | null>;
}

/**
 * Records other areas link to, by area key. The fleet records are here from the start; a declared area
 * joins by giving its resource a `label` (a station by its name, a lead by its company).
 */
const LINKABLE = new Map<string, Linkable>([
  ['vehicles', { table: vehicles, noun: 'vehicle', label: vehicleLabelOf, shortLabel: vehiclePlateOf }],
  ['drivers', { table: drivers, noun: 'driver', label: driverLabelOf, shortLabel: driverNameOf }],
  ['trips', { table: trips, noun: 'trip', label: tripLabelOf }],
]);

/** The label SQL of an area's records by id (its pick-list shows them so), if other areas may link to it. */
export const linkLabelOf = (area: string): Linkable['label'] | undefined => LINKABLE.get(area)?.label;

function linked(area: string): Linkable {
  const entry = LINKABLE.get(area);
  if (!entry) throw new Error(`A field links to '${area}', which no resource declares with a label.`);
  return entry;
}

/** Where a linked record's label is returned: vehicleId → vehicleLabel. */
export const labelKey = (field: string) => `${field.replace(/Id$/, '')}Label`;
/** Where a linked vehicle's plate is returned: vehicleId → vehiclePlate; several, assignedVehicles → assignedVehiclesPlates. */
export const plateKey = (field: string) => `${field.replace(/Id$/, '')}Plate`;
const PLATE_HEADER = 'License Plate';

/**
 * Where an entity field's record is described: entityId → entityArea (the area it names), entityLabel (as the
 * list shows it: a vehicle's plate, a driver's name, a trip with its route) and entityTitle (in full, for hover).
 */
export const entityKeys = (field: string) => {
  const base = field.replace(/Id$/, '');
  return { area: `${base}Area`, label: `${base}Label`, title: `${base}Title` };
};

/**
 * A declared area's server side: links checked on save, linked labels and file names returned with every
 * record (vehicleId → vehicleLabel and vehiclePlate, a file → its name, several files → [{id, name}]), and its
 * export's columns (each field under its label, a linked vehicle's plate beside it, unless the area lists them).
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
  const entities = (): EntityReference[] =>
    fields.flatMap(([name, f]): EntityReference[] =>
      f.kind === 'entity' ? [{ field: name, label: f.label, targets: f.areas.map((key) => ({ table: linked(key).table, noun: linked(key).noun })) }] : [],
    );
  // Each value computed from a link, with the type the API returns it as (for the OpenAPI document).
  type LinkedValue = [key: string, value: (columns: Record<string, PgColumn>) => SQL, type: z.ZodType];
  const text = z.string().nullable();
  const linkedValues = fields.flatMap(([name, f]): LinkedValue[] => {
    // A vehicle is also named by its plate alone (a column of its own in exports; the plate column of some lists).
    if (f.kind === 'reference')
      return [
        [labelKey(name), (columns) => linked(f.area).label(columns[name]), text],
        ...(f.area === 'vehicles' ? [[plateKey(name), (columns) => vehiclePlateOf(columns[name]), text] as LinkedValue] : []),
      ];
    // Several links: [{ id, label }] under <field>Labels (assignedVehicles → assignedVehiclesLabels).
    if (f.kind === 'references') {
      const list = z.array(z.object({ id: z.string(), label: z.string() }));
      return [
        [`${name}Labels`, (columns) => labelListOf(columns[name], linked(f.area).label), list],
        ...(f.area === 'vehicles' ? [[`${name}Plates`, (columns) => labelListOf(columns[name], vehiclePlateOf), list] as LinkedValue] : []),
      ];
    }
    if (f.kind === 'file') return [[`${name}Name`, (columns) => fileNameOf(columns[name]), text]];
    if (f.kind === 'files') return [[`${name}Files`, (columns) => fileListOf(columns[name]), z.array(z.object({ id: z.string(), name: z.string() }))]];
    if (f.kind === 'entity') {
      const keys = entityKeys(name);
      const targets = f.areas.map((key) => ({ key, ...linked(key) }));
      // Ids of different areas differ in their prefix, so at most one area holds a given id.
      const firstOf = (values: SQL<string | null>[]) => sql<string | null>`coalesce(${sql.join(values, sql`, `)})`;
      return [
        [keys.area, (columns) => entityAreaOf(columns[name], targets), text],
        [keys.label, (columns) => firstOf(targets.map((t) => (t.shortLabel ?? t.label)(columns[name]))), text],
        [keys.title, (columns) => firstOf(targets.map((t) => t.label(columns[name]))), text],
      ];
    }
    return [];
  });
  const computed = (columns: Record<string, PgColumn>) => ({
    ...Object.fromEntries(linkedValues.map(([key, value]) => [key, value(columns)])),
    ...options.computed?.(columns),
  });
  const exportColumns = options.exportColumns ?? [
    fieldColumn(options.idHeader ?? 'ID', 'id'),
    ...fields.flatMap(([name, f]): ExportColumn[] => {
      if (f.kind === 'reference') return [labelColumn(f.label, labelKey(name), name), ...(f.area === 'vehicles' ? [fieldColumn(PLATE_HEADER, plateKey(name))] : [])];
      if (f.kind === 'file') return [fieldColumn(f.label, `${name}Name`)];
      // The id as stored, and beside it the record it names as the list shows it (blank when it names none).
      if (f.kind === 'entity') return [fieldColumn(f.label, name), fieldColumn(f.label.replace(/ ID$/, ''), entityKeys(name).label)];
      if (f.kind === 'files') return [];
      if (f.kind === 'text' && f.format === 'tel') return [fieldColumn(f.label, name, 'phone')];
      if (f.kind === 'choices') return [{ header: f.label, value: (row) => (row[name] as string[]).join(', ') }];
      if (f.kind === 'references') {
        const joined = (key: string) => (row: Record<string, unknown>) => (row[key] as { label: string }[]).map((l) => l.label).join('; ');
        return [{ header: f.label, value: joined(`${name}Labels`) }, ...(f.area === 'vehicles' ? [{ header: `${PLATE_HEADER}s`, value: joined(`${name}Plates`) }] : [])];
      }
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
    computedTypes: Object.fromEntries(linkedValues.map(([key, , type]) => [key, type])),
    get references() {
      return references();
    },
    get entities() {
      return entities();
    },
    exportColumns,
  };
}
