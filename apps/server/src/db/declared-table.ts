import { boolean, date, doublePrecision, integer, numeric, pgTable, text, timestamp, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { AnyField, FieldDeclaration } from '@raahi/domain';
import { recordColumns, recordColumnsSearchingItself } from './schema';

/** A field name as its SQL column is named: currentMileage → current_mileage. */
export const columnName = (field: string) => field.replace(/[A-Z]/g, (ch) => '_' + ch.toLowerCase());

/** The Drizzle column a declared field is stored in (the migration makes it; a test holds the two together). */
function columnFor(name: string, field: FieldDeclaration<unknown>, notNull: boolean): PgColumnBuilderBase {
  const sqlName = columnName(name);
  const column = nullableColumn(sqlName, field);
  return notNull ? (column as ReturnType<typeof text>).notNull() : column;
}

function nullableColumn(sqlName: string, field: FieldDeclaration<unknown>): PgColumnBuilderBase {
  switch (field.kind) {
    case 'text':
    case 'choice':
    case 'entity':
      return text(sqlName).notNull();
    case 'reference':
      return field.blank === null ? text(sqlName) : text(sqlName).notNull();
    case 'file':
      return text(sqlName);
    case 'choices':
    case 'files':
    case 'references':
      return text(sqlName).array().notNull();
    case 'number':
      return field.integer ? integer(sqlName) : doublePrecision(sqlName);
    case 'rating':
      return doublePrecision(sqlName);
    case 'flag':
      return boolean(sqlName).notNull().default(false);
    case 'money':
      return numeric(sqlName, { precision: 14, scale: 2, mode: 'number' });
    case 'date':
      return date(sqlName, { mode: 'string' });
    case 'datetime':
      return timestamp(sqlName, { withTimezone: true, mode: 'date' });
  }
}

/**
 * The Drizzle table of a declared area: the record columns plus one column per field, named in snake case.
 * The SQL migration stays the source of truth; declarations.test.ts fails when they disagree. `search` says
 * how the migration keeps search_text: a trigger (it reaches linked records' labels) or a generated column.
 * `notNull` names columns the migration declares NOT NULL although their field may be blank: a required
 * field is never stored blank, so its column may refuse NULL (a vehicle's year).
 */
export function declaredTable<F extends Record<string, AnyField>, M extends Record<string, PgColumnBuilderBase> = Record<never, PgColumnBuilderBase>>(
  sqlName: string,
  fields: F,
  search: 'trigger' | 'generated' = 'trigger',
  options: { notNull?: readonly (keyof F & string)[]; maintained?: M } = {},
) {
  for (const name of options.notNull ?? [])
    if (!fields[name].required) throw new Error(`${sqlName}.${name} is NOT NULL, but its field is not required: a blank value could not be stored.`);
  const columns = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, columnFor(name, field, options.notNull?.includes(name) ?? false)]));
  const table = pgTable(sqlName, {
    ...(search === 'generated' ? recordColumnsSearchingItself : recordColumns),
    ...columns,
    ...(options.maintained ?? ({} as M)),
  });
  maintainedColumns.set(sqlName, Object.keys(options.maintained ?? {}));
  return table;
}

/**
 * Columns of a declared table that no field declares and no body may write: values the server keeps (a trip's
 * stored cost, decision 0041). Returned with every record, as the table's other columns are.
 */
export const maintainedColumns = new Map<string, string[]>();
