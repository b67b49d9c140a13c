import type { IdFormat } from '@raahi/domain';
import type { Database } from '../client';
import { bulkLoad, type BulkColumn, type ColumnBatch, type ComputedColumns } from './bulk-insert';
import { seededId, type SeedOptions } from './common';
import { weightedTable, type Random } from './random';

export interface DriverRef {
  ids: string[];
  created: Float64Array;
  status: string[];
}

/** The drivers in the database, with their creation times (ms) and statuses. */
export async function loadDrivers(database: Database): Promise<DriverRef> {
  const rows = await database.query<{ id: string; status: string; created: number }>(
    'SELECT id, status, (extract(epoch FROM created_at) * 1000)::float8 AS created FROM drivers ORDER BY created_at, id',
  );
  return { ids: rows.map((r) => r.id), created: Float64Array.from(rows, (r) => Number(r.created)), status: rows.map((r) => r.status) };
}

/** A driver for a record, active drivers far more often than those who left. */
export function driverPicker(drivers: DriverRef): (random: Random) => number {
  return weightedTable(drivers.ids.map((_, i) => [i, drivers.status[i] === 'Active' ? 4 : drivers.status[i] === 'Inactive' ? 1 : 2] as const));
}

/** What every record about a driver has; each area adds its own fields. */
export interface DriverRecordRow {
  /** Index of the driver in the loaded DriverRef. */
  driver: number;
  created: number;
  updated: number;
  version: number;
}

/**
 * The table's columns: the id and driver, the area's own, then the timestamps and version, which
 * seedDriverRecords fills itself.
 */
export function driverRecordColumns(own: readonly BulkColumn[]): readonly BulkColumn[] {
  return [
    { name: 'id', type: 'text' },
    { name: 'driver_id', type: 'text' },
    ...own,
    { name: 'created_at', type: 'timestamptz' },
    { name: 'updated_at', type: 'timestamptz' },
    { name: 'version', type: 'integer' },
  ];
}

/** A kind of record about drivers (training, health): its table, and how its rows are made. */
export interface DriverRecordArea<Row extends DriverRecordRow> {
  /** The area's name in progress reports. */
  area: string;
  /** What the records are called, for the error when there are no drivers. */
  records: string;
  table: string;
  idFormat: IdFormat;
  /** From driverRecordColumns. */
  columns: readonly BulkColumn[];
  computed: ComputedColumns;
  disableTriggers: readonly string[];
  /** A record of the given driver, drawn from the seed's random source. */
  row(driver: number, drivers: DriverRef): Row;
  /** Appends the row's own columns to the batch; the common ones are pushed around it. */
  fill(batch: ColumnBatch, row: Row): void;
}

/**
 * Inserts `options.count` records of the area for the drivers in the database (active ones more
 * often), in order of creation, each with a fresh seeded id. The random source is drawn in this
 * order: all rows' generation, then per row its id and whatever `fill` draws.
 */
export async function seedDriverRecords<Row extends DriverRecordRow>(
  database: Database,
  options: SeedOptions,
  area: DriverRecordArea<Row>,
): Promise<{ inserted: number; ids: string[] }> {
  const { count, random } = options;
  if (count === 0) return { inserted: 0, ids: [] };
  const drivers = await loadDrivers(database);
  if (drivers.ids.length === 0) throw new Error(`${area.records} need drivers; the database has none (add some with --drivers).`);
  const pickDriver = driverPicker(drivers);

  const rows: Row[] = new Array(count);
  for (let i = 0; i < count; i++) rows[i] = area.row(pickDriver(random), drivers);
  rows.sort((a, b) => a.created - b.created);

  const existing = await database.query<{ id: string }>(`SELECT id FROM ${area.table}`);
  const ids = new Set(existing.map((r) => r.id));
  const newIds: string[] = [];
  const fill = (batch: ColumnBatch, offset: number, size: number) => {
    for (let n = offset; n < offset + size; n++) {
      const row = rows[n];
      let id: string;
      do id = seededId(area.idFormat, row.created, random);
      while (ids.has(id));
      ids.add(id);
      newIds.push(id);
      batch.id.push(id);
      batch.driver_id.push(drivers.ids[row.driver]);
      area.fill(batch, row);
      batch.created_at.push(new Date(row.created).toISOString());
      batch.updated_at.push(new Date(row.updated).toISOString());
      batch.version.push(row.version);
    }
  };

  const inserted = await bulkLoad(database, {
    table: area.table,
    columns: area.columns,
    count,
    existingRows: existing.length,
    fill,
    computed: area.computed,
    disableTriggers: area.disableTriggers,
    rebuildFrom: options.rebuildFrom,
    timings: options.phases,
    onProgress: (done, total) => options.onProgress?.(area.area, done, total),
  });
  return { inserted, ids: newIds };
}
