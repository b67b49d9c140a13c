import { date, doublePrecision, integer, numeric, pgTable, text, timestamp, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { AnyField, FieldDeclaration } from '@raahi/domain';
import { recordColumns, recordColumnsSearchingItself } from './schema';

/** A field name as its SQL column is named: currentMileage → current_mileage. */
export const columnName = (field: string) => field.replace(/[A-Z]/g, (ch) => '_' + ch.toLowerCase());

/** The Drizzle column a declared field is stored in (the migration makes it; a test holds the two together). */
function columnFor(name: string, field: FieldDeclaration<unknown>): PgColumnBuilderBase {
  const sqlName = columnName(name);
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
 */
export function declaredTable(sqlName: string, fields: Record<string, AnyField>, search: 'trigger' | 'generated' = 'trigger') {
  const columns = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, columnFor(name, field)]));
  return pgTable(sqlName, { ...(search === 'generated' ? recordColumnsSearchingItself : recordColumns), ...columns });
}
