import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { eq, getTableColumns, getTableName, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import { derive, linksTo, type AnyField, type AreaKey, type DeclaredArea, type IdFormat } from '@raahi/domain';
import { files } from '../db/schema';
import { fieldColumn, labelColumn, type ExportColumn } from '../http/csv-export';
import {
  usedByRows,
  type AfterDelete,
  type AfterWrite,
  type EntityReference,
  type RecordLabel,
  type Reference,
  type ReferenceFilter,
  type ResourceDefinition,
  type UniqueValue,
  type UsedBy,
} from '../http/resource';
import type { KeptCounts } from '../http/kept-counts';
import { entityAreaOf, fileListOf, fileNameOf, labelListOf } from './labels';

type Columns = Record<string, PgColumn>;
type Fields = Record<string, AnyField>;

/** A column of an area's export: its id, a field (as declared: a link by its label), a field under another header, or a column of its own. */
export type ExportEntry<Name extends string = string> = 'id' | Name | { field: Name; header: string } | ExportColumn;

export interface DeclaredOptions<Name extends string = string> {
  /** The header of the id column ('Trip ID'). */
  idHeader?: string;
  /** The export's columns in order, where they are not every field in declared order (a vehicle's 'Make & Model'). */
  exportColumns?: readonly ExportEntry<Name>[];
  /** Values of the area's own beside the declared ones (a challan's driver by name alone). */
  computed?: (columns: Columns) => Record<string, SQL>;
  /** Makes the area's records linkable from other areas, named by this label (a station by its name). */
  label?: (columns: Columns) => SQL;
  /**
   * A shorter name where a list names records of several areas in one column (a vehicle by its plate). With
   * `beside`, every link to the area also returns it (vehicleId → vehiclePlate) and exports it next to the label.
   */
  shortLabel?: { of: (columns: Columns) => SQL; beside?: { suffix: string; header: string } };
  /** Values one record at most may hold (a plate), refused naming the holder. */
  uniqueValues?: UniqueValue[];
  /** The API types of `computed` values that are not text or null (a number), for the OpenAPI document. */
  computedTypes?: Record<string, z.ZodType>;
  /** Values the area's derived states read beside its columns (ResourceDefinition.derivedColumns). */
  derivedColumns?: (columns: Columns) => Record<string, SQL>;
  /** Checks and writes inside the save's transaction (ResourceDefinition.afterWrite). */
  afterWrite?: AfterWrite;
  /** Writes inside a delete's transaction (ResourceDefinition.afterDelete). */
  afterDelete?: AfterDelete;
  /** Counts of its records kept by the database, and the filters they answer (ResourceDefinition.keptCounts). */
  keptCounts?: KeptCounts;
}

/** An area as declared on the server: its declaration, table and options. The registry links them (linkResources). */
export interface DeclaredResource<Key extends AreaKey = AreaKey> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  area: DeclaredArea<any, Key>;
  table: PgTable;
  options: DeclaredOptions;
  label?: RecordLabel;
  shortLabel?: RecordLabel;
}

/**
 * A declared area's server side. Everything that depends on the areas it links to (their labels, existence
 * checks, filters one link further) follows once every area is declared, in linkResources.
 */
export function declaredResource<F extends Fields, Key extends AreaKey>(
  area: DeclaredArea<F, Key>,
  table: PgTable,
  options: DeclaredOptions<keyof F & string> = {},
): DeclaredResource<Key> {
  return {
    area,
    table,
    options: options as DeclaredOptions,
    label: options.label && recordLabel(table, options.label),
    shortLabel: options.shortLabel && recordLabel(table, options.shortLabel.of),
  };
}

/** A label over the table's own columns, and the same by id as a subquery. */
function recordLabel(table: PgTable, of: (columns: Columns) => SQL): RecordLabel {
  // The subquery reads the table under a name of its own, so that its columns never resolve to an outer query's row of the same table.
  const name = `${getTableName(table)}_named`;
  const named = alias(table, name) as unknown as Columns;
  const columns = Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, named[key]])) as Columns;
  return { of, byId: (id: SQLWrapper) => sql<string | null>`(SELECT ${of(columns)} FROM ${table} AS ${sql.identifier(name)} WHERE ${columns.id} = ${id})` };
}

/** Where a linked record's label is returned: vehicleId → vehicleLabel. */
const labelKey = (field: string) => `${field.replace(/Id$/, '')}Label`;
/** Where a linked record's short label is returned beside its label: vehicleId → vehiclePlate. */
const besideKey = (field: string, suffix: string) => `${field.replace(/Id$/, '')}${suffix}`;

/**
 * Where an entity field's record is described: entityId → entityArea (the area it names), entityLabel (as the
 * list shows it: a vehicle's plate, a driver's name, a trip with its route) and entityTitle (in full, for hover).
 */
const entityKeys = (field: string) => {
  const base = field.replace(/Id$/, '');
  return { area: `${base}Area`, label: `${base}Label`, title: `${base}Title` };
};

const fieldsOf = (resource: DeclaredResource) => Object.entries(resource.area.fields as Fields);
const referenceFields = (resource: DeclaredResource) => fieldsOf(resource).flatMap(([name, f]) => (f.kind === 'reference' ? [[name, f] as const] : []));

/** An id as a list filter takes it: short, letters, digits, '-' and '_' (an id names nothing otherwise). */
const ID_SHAPE = /^[A-Za-z0-9_-]+$/;
const exampleId = ({ prefix, timeDigits, randomChars }: IdFormat) => prefix + '1234567890'.slice(0, timeDigits) + 'ABCDEFGHIJ'.slice(0, randomChars);
const idFilterSchema = (target: DeclaredResource, noun = target.area.singular) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .max(64, { message: 'must be at most 64 characters', abort: true })
      .regex(ID_SHAPE, `must be the id of a ${noun}, such as ${exampleId(target.area.idFormat)}`)
      .optional(),
  ) as z.ZodType<string | undefined>;

/**
 * Every declared area, complete: its links checked on save (references, files), the values returned with
 * every record (vehicleId → vehicleLabel and vehiclePlate, a file → its name, several files → [{id, name}]),
 * its export's columns, its filters by linked records, and who uses its records (a delete is refused while
 * any do). An area others link to is one whose resource gives a `label`; a link to any other fails here, at start-up.
 */
export function linkResources(declared: readonly DeclaredResource[]): ResourceDefinition[] {
  const byKey = new Map<string, DeclaredResource>(declared.map((resource) => [resource.area.key, resource]));
  const linked = (from: DeclaredResource, field: string, key: string) => {
    const target = byKey.get(key);
    if (!target?.label) throw new Error(`${from.area.key}.${field} links to '${key}', which no resource declares with a label.`);
    return target as DeclaredResource & { label: RecordLabel };
  };
  return declared.map((resource) => ({ ...complete(resource, linked), usedBy: usedBy(resource, declared) }));
}

type Linked = (from: DeclaredResource, field: string, key: string) => DeclaredResource & { label: RecordLabel };

function complete(resource: DeclaredResource, linkedTo: Linked): ResourceDefinition {
  const { area, table, options } = resource;
  const fields = fieldsOf(resource);
  const linked = (field: string, key: string) => linkedTo(resource, field, key);
  const references = fields.flatMap(([name, f]): Reference[] => {
    if (f.kind === 'reference' || f.kind === 'references') {
      const target = linked(name, f.area);
      const when = f.kind === 'reference' ? f.linkableWhen : undefined;
      const { unlinkableWhen, checkedWhile } = f.kind === 'reference' ? f : {};
      return [
        {
          field: name,
          table: target.table,
          noun: target.area.singular,
          plural: target.area.plural,
          label: target.label.byId,
          linkableWhen: when && { values: when, labels: target.area.fieldLabels },
          unlinkableWhen,
          checkedWhile,
        },
      ];
    }
    if (f.kind === 'file' || f.kind === 'files') return [{ field: name, table: files, noun: 'file' }];
    return [];
  });
  const entities = fields.flatMap(([name, f]): EntityReference[] =>
    f.kind === 'entity'
      ? [{ field: name, label: f.label, targets: f.areas.map((key) => ({ table: linked(name, key).table, noun: linked(name, key).area.singular })) }]
      : [],
  );
  /** What a link to an area returns beside its label, if anything (a vehicle's plate). */
  const beside = (name: string, key: string) => {
    const target = linked(name, key);
    const shown = target.options.shortLabel?.beside;
    return shown && target.shortLabel ? { ...shown, byId: target.shortLabel.byId } : undefined;
  };
  // Each value computed from a link, with the type the API returns it as (for the OpenAPI document).
  type LinkedValue = [key: string, value: (columns: Columns) => SQL, type: z.ZodType];
  const text = z.string().nullable();
  const labelList = z.array(z.object({ id: z.string(), label: z.string() }));
  const linkedValues = fields.flatMap(([name, f]): LinkedValue[] => {
    if (f.kind === 'reference') {
      const also = beside(name, f.area);
      return [
        [labelKey(name), (columns) => linked(name, f.area).label.byId(columns[name]), text],
        ...(also ? [[besideKey(name, also.suffix), (columns: Columns) => also.byId(columns[name]), text] as LinkedValue] : []),
      ];
    }
    // Several links: [{ id, label }] under <field>Labels (assignedVehicles → assignedVehiclesLabels), and their plates.
    if (f.kind === 'references') {
      const also = beside(name, f.area);
      return [
        [`${name}Labels`, (columns) => labelListOf(columns[name], linked(name, f.area).label.byId), labelList],
        ...(also ? [[`${name}${also.suffix}s`, (columns: Columns) => labelListOf(columns[name], also.byId), labelList] as LinkedValue] : []),
      ];
    }
    if (f.kind === 'file') return [[`${name}Name`, (columns) => fileNameOf(columns[name]), text]];
    if (f.kind === 'files') return [[`${name}Files`, (columns) => fileListOf(columns[name]), z.array(z.object({ id: z.string(), name: z.string() }))]];
    if (f.kind === 'entity') {
      const keys = entityKeys(name);
      const targets = f.areas.map((key) => ({ key, ...linked(name, key) }));
      // Ids of different areas differ in their prefix, so at most one area holds a given id.
      const firstOf = (values: SQL<string | null>[]) => sql<string | null>`coalesce(${sql.join(values, sql`, `)})`;
      return [
        [keys.area, (columns) => entityAreaOf(columns[name], targets), text],
        [keys.label, (columns) => firstOf(targets.map((t) => (t.shortLabel ?? t.label).byId(columns[name]))), text],
        [keys.title, (columns) => firstOf(targets.map((t) => t.label.byId(columns[name]))), text],
      ];
    }
    return [];
  });
  const computed = (columns: Columns) => ({
    ...Object.fromEntries(linkedValues.map(([key, value]) => [key, value(columns)])),
    ...options.computed?.(columns),
  });

  /** A field's columns in the export, as declared. */
  const columnsOf = (name: string, f: AnyField): ExportColumn[] => {
    if (f.kind === 'reference') {
      const also = beside(name, f.area);
      return [labelColumn(f.label, labelKey(name), name), ...(also ? [fieldColumn(also.header, besideKey(name, also.suffix))] : [])];
    }
    if (f.kind === 'file') return [fieldColumn(f.label, `${name}Name`)];
    // The id as stored, and beside it the record it names as the list shows it (blank when it names none).
    if (f.kind === 'entity') return [fieldColumn(f.label, name), fieldColumn(f.label.replace(/ ID$/, ''), entityKeys(name).label)];
    if (f.kind === 'files') return [];
    if (f.kind === 'text' && f.format === 'tel') return [fieldColumn(f.label, name, 'phone')];
    if (f.kind === 'choices') return [{ header: f.label, value: (row) => (row[name] as string[]).join(', ') }];
    if (f.kind === 'references') {
      const also = beside(name, f.area);
      const joined = (key: string) => (row: Record<string, unknown>) => (row[key] as { label: string }[]).map((l) => l.label).join('; ');
      return [{ header: f.label, value: joined(`${name}Labels`) }, ...(also ? [{ header: `${also.header}s`, value: joined(`${name}${also.suffix}s`) }] : [])];
    }
    // A value as the screen shows it: a status by today's date (Expired), a choice by its label (Meal Allowance).
    const state = area.derived?.[name];
    if (state) return [{ header: f.label, value: (row, today) => derive(state, row, today) }];
    if (f.kind === 'choice' && f.labels) {
      const labels = f.labels;
      return [{ header: f.label, value: (row) => labels[row[name] as string] ?? row[name] }];
    }
    // A tick exports as Yes or No, as the table shows it.
    if (f.kind === 'flag') return [{ header: f.label, value: (row) => (row[name] ? 'Yes' : 'No') }];
    const kind =
      f.kind === 'money' ? 'money' : f.kind === 'number' || f.kind === 'rating' ? 'number' : f.kind === 'date' || f.kind === 'datetime' ? f.kind : 'text';
    return [fieldColumn(f.label, name, kind)];
  };
  const declaredFields = area.fields as Fields;
  const entries = options.exportColumns ?? ['id', ...fields.map(([name]) => name)];
  const exportColumns = entries.flatMap((entry): ExportColumn[] => {
    if (entry === 'id') return [fieldColumn(options.idHeader ?? 'ID', 'id')];
    if (typeof entry === 'string') return columnsOf(entry, declaredFields[entry]);
    if ('field' in entry) {
      const [first, ...rest] = columnsOf(entry.field, declaredFields[entry.field]);
      return [{ ...first, header: entry.header }, ...rest];
    }
    return [entry];
  });

  return {
    area,
    table,
    computed,
    computedTypes: { ...Object.fromEntries(linkedValues.map(([key, , type]) => [key, type])), ...options.computedTypes },
    references,
    entities,
    uniqueValues: options.uniqueValues,
    exportColumns,
    label: resource.label,
    referenceFilters: referenceFilters(resource, linked),
    derivedColumns: options.derivedColumns,
    afterWrite: options.afterWrite,
    afterDelete: options.afterDelete,
    keptCounts: options.keptCounts,
  };
}

/**
 * A list filter per reference field (vehicleId=VEH…: the records that name it) and, one link further, per
 * reference of the linked area (trip.vehicleId=VEH…: the records whose trip names it).
 */
function referenceFilters(resource: DeclaredResource, linked: (field: string, key: string) => DeclaredResource & { label: RecordLabel }): ReferenceFilter[] {
  return referenceFields(resource)
    .flatMap(([name, f]) => {
      const target = linked(name, f.area);
      const direct: ReferenceFilter = { param: name, label: f.label, schema: idFilterSchema(target), condition: (columns, id) => eq(columns[name], id) };
      // The linked table under a name of its own, so that it never resolves to an outer query's row of the same table.
      const as = `${getTableName(target.table)}_linked`;
      const own = alias(target.table, as) as unknown as Columns;
      const further = referenceFields(target).map(([next, g]): ReferenceFilter => ({
        param: `${name.replace(/Id$/, '')}.${next}`,
        label: `${f.label}'s ${g.label}`,
        schema: idFilterSchema(linked(name, g.area)),
        condition: (columns, id) => sql`${columns[name]} IN (SELECT ${own.id} FROM ${target.table} AS ${sql.identifier(as)} WHERE ${own[next]} = ${id})`,
      }));
      return [direct, ...further];
    })
    .concat(entityFilters(resource, linked));
}

/**
 * A list filter per entity field (compliance's entityId=VEH…: the documents of that vehicle, driver or trip), for a
 * record page's tab. Served by the column's own index (compliance_entity_sort).
 */
function entityFilters(resource: DeclaredResource, linked: (field: string, key: string) => DeclaredResource & { label: RecordLabel }): ReferenceFilter[] {
  return fieldsOf(resource).flatMap(([name, f]): ReferenceFilter[] =>
    f.kind === 'entity'
      ? [
          {
            param: name,
            label: f.label,
            // 'must be the id of a vehicle or driver or trip, such as VEH1234AB'
            schema: idFilterSchema(linked(name, f.areas[0]), f.areas.map((key) => linked(name, key).area.singular).join(' or ')),
            condition: (columns, id) => eq(columns[name], id),
          },
        ]
      : [],
  );
}

/**
 * Who uses an area's records: every declared field of another area that names one (a reference, a list of them, or an
 * entity), as the domain's LINKS_TO has them; in the registry's order, which the refusal's message follows.
 */
function usedBy(resource: DeclaredResource, declared: readonly DeclaredResource[]): UsedBy[] {
  const links = linksTo(resource.area.key);
  return declared.flatMap((user) =>
    links
      .filter((link) => link.from === user.area.key)
      .map((link) =>
        usedByRows(
          user.area.singular,
          user.area.plural,
          user.table,
          (getTableColumns(user.table) as Columns)[link.field],
          link.kind === 'references' ? 'list' : 'one',
        ),
      ),
  );
}
