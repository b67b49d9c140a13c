import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AnyField } from '@raahi/domain';
import { resources } from '../resources';
import { openTestDatabase } from '../testing/test-server';
import type { Database } from './client';
import { columnName, maintainedColumns } from './declared-table';

/**
 * An area's fields are declared once (packages/domain); its table is a reviewed SQL migration and a
 * Drizzle table. These tests fail when the three disagree: a field without a column, a column the
 * declaration does not know, a blank value the column cannot hold, or a Drizzle type the migration did not make.
 */
const RECORD_COLUMNS = ['id', 'createdAt', 'updatedAt', 'version', 'searchText'];
const declared = resources.filter((r) => 'fields' in r.area) as ((typeof resources)[number] & { area: { fields: Record<string, AnyField> } })[];

/** The PostgreSQL type a declaration needs. */
const SQL_TYPES: Record<AnyField['kind'], readonly string[]> = {
  text: ['text'],
  choice: ['text'],
  reference: ['text'],
  entity: ['text'],
  file: ['text'],
  date: ['date'],
  datetime: ['timestamp with time zone'],
  number: ['double precision', 'integer'],
  rating: ['double precision'],
  money: ['numeric'],
  choices: ['ARRAY'],
  files: ['ARRAY'],
  references: ['ARRAY'],
  flag: ['boolean'],
};

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await openTestDatabase()));
afterAll(() => drop?.());

describe.each(declared.map((r) => [r.area.key, r] as const))('%s', (_key, resource) => {
  const columns = getTableColumns(resource.table) as Record<string, PgColumn>;
  const fields = resource.area.fields;

  it('has a Drizzle column for each declared field, and no other but the record columns', () => {
    const maintained = maintainedColumns.get(getTableName(resource.table)) ?? [];
    expect(
      Object.keys(columns)
        .filter((name) => !RECORD_COLUMNS.includes(name) && !maintained.includes(name))
        .sort(),
    ).toEqual(Object.keys(fields).sort());
  });

  it("lets a column hold its field's blank value: NULL where an optional field may be null", () => {
    for (const [name, field] of Object.entries(fields)) {
      // A required field is never stored blank (its rule refuses it), so its column may refuse NULL too.
      if (field.blank === null && !field.required) expect(columns[name].notNull, `${name} must allow NULL`).toBe(false);
      if (field.blank !== null) expect(columns[name].notNull, `${name} must refuse NULL`).toBe(true);
    }
  });

  it('matches the migrated table in names, types and nullability', async () => {
    const rows = await database.query<{ column_name: string; data_type: string; is_nullable: string }>(
      'SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = $1',
      [getTableName(resource.table)],
    );
    const migrated = new Map(rows.map((row) => [row.column_name, row]));
    expect(migrated.size).toBe(Object.keys(columns).length);
    for (const [name, column] of Object.entries(columns)) {
      const row = migrated.get(column.name);
      expect(row, `${name} (${column.name}) is not in the migrated table`).toBeDefined();
      expect(row!.is_nullable === 'NO', `${column.name} nullability`).toBe(column.notNull);
      if (name in fields) expect(SQL_TYPES[fields[name].kind], `${column.name} type`).toContain(row!.data_type);
    }
  });
});

/**
 * Every reference is a list filter (GET /api/trips?vehicleId=…), served by an index on its column in the list's
 * default order: the page reads the matches in order and stops, with no sort of them all. Sorts and sequential
 * scans are priced out so that the plan shows which index, if any, serves the order.
 */
const references = declared.flatMap((resource) =>
  Object.entries(resource.area.fields)
    .filter(([, field]) => field.kind === 'reference')
    .map(([name]) => [`${resource.area.key}.${name}`, resource, name] as const),
);
describe.each(references)('%s', (_name, resource, name) => {
  it('is served in the default order by an index on its column (no sort)', async () => {
    const columns = getTableColumns(resource.table) as Record<string, PgColumn>;
    const { sort, order } = resource.area.defaultSort;
    const sorted = columns[sort];
    // N/A last, as the lists order (resource.ts sortDirection): a column that holds no NULL in plain order.
    const direction = order === 'desc' ? (sorted.notNull ? 'DESC' : 'DESC NULLS LAST') : 'ASC';
    const table = getTableName(resource.table);
    const plan = await database.transaction(async (tx) => {
      await tx.exec('SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off');
      const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (FORMAT JSON) SELECT id FROM ${table} WHERE ${columnName(name)} = $1 ORDER BY "${sorted.name}" ${direction}, id ${order.toUpperCase()} LIMIT 51`,
        ['X'],
      );
      const json = row['QUERY PLAN'];
      return typeof json === 'string' ? JSON.stringify(JSON.parse(json)) : JSON.stringify(json);
    });
    expect(plan, plan).not.toContain('"Node Type":"Sort"');
    expect(plan, plan).toMatch(new RegExp(`"Index Cond":"\\(${columnName(name)} = `));
  });
});
