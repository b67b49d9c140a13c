import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS, pgliteDatabase, type Database } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { temporaryPostgresDatabase, testDatabaseUrl } from '../testing/test-server';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations/', import.meta.url));
const ATTACHMENTS = '0022_file_attachments.sql';

/** What applyMigrations needs of a database, on a fresh one that no migration has touched yet. */
async function unmigrated(): Promise<{ database: Pick<Database, 'exec' | 'execInTransaction' | 'query'>; close(): Promise<void> }> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    return { database: pgliteDatabase(client), close: () => client.close() };
  }
  const temporary = await temporaryPostgresDatabase(serverUrl);
  const pool = new pg.Pool({ connectionString: temporary.url, max: 2 });
  return {
    database: {
      exec: async (sql) => void (await pool.query(sql)),
      execInTransaction: async (sql) => void (await pool.query(`BEGIN; ${sql}; COMMIT`)),
      query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
    },
    close: async () => {
      await pool.end();
      await temporary.drop();
    },
  };
}

let fresh: Awaited<ReturnType<typeof unmigrated>>;
let before: string;
const query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => fresh.database.query<T>(sql, params);

beforeAll(async () => {
  fresh = await unmigrated();
  // Every migration up to the one under test.
  before = await mkdtemp(join(tmpdir(), 'raahi-migrations-'));
  for (const name of (await readdir(MIGRATIONS)).filter((n) => n.endsWith('.sql') && n < ATTACHMENTS))
    await copyFile(join(MIGRATIONS, name), join(before, name));
  await applyMigrations(fresh.database as Database, before + '/');
}, 120_000);
afterAll(async () => {
  await fresh?.close();
  if (before) await rm(before, { recursive: true, force: true });
});

describe('migration 0022: files already named by records', () => {
  it('attaches each to the record that named it first, takes it from the others with a new version, and drops ids of files already gone', async () => {
    for (const id of ['FILcard0000001', 'FILshared00001', 'FILphoto000001', 'FILscan0000001', 'FILloose000001']) {
      await query(`INSERT INTO files (id, storage_key, original_name, content_type, size_bytes, sha256) VALUES ($1, $1, 'f.pdf', 'application/pdf', 1, 'x')`, [
        id,
      ]);
    }
    const driver = (id: string, file: string | null, age: string) =>
      query(
        `INSERT INTO drivers (id, name, license, contact, email, status, aadhar_card_file, created_at) VALUES ($1, 'D', $1, 'C', 'e@x.in', 'Active', $2, now() - $3::interval)`,
        [id, file, age],
      );
    await driver('DRV0001AA', 'FILcard0000001', '3 days');
    // One card named by two drivers: the earlier keeps it.
    await driver('DRV0002AA', 'FILshared00001', '2 days');
    await driver('DRV0003AA', 'FILshared00001', '1 day');
    // A driver's card named by a quotation made later as well: the driver keeps it.
    await query(`INSERT INTO sales_quotations (id, customer_name, status, attachments) VALUES ('QTN00001AAA', 'Acme', 'Draft', '{FILcard0000001}')`);
    // A photo, and the id of a photo the old sweep already deleted.
    await query(
      `INSERT INTO incidents (id, type, severity, location, description, status, images) VALUES ('INC00001AAA', 'Other', 'Low', 'NH 48', 'x', 'Open', '{FILgone0000001,FILphoto000001}')`,
    );
    await query(
      `INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status) VALUES ('VEH0001AA', 'Tata', 'Prima', 2022, 'V', 'MH12AB1234', 'Truck', 'Active')`,
    );
    await query(
      `INSERT INTO challans (id, vehicle_id, offense_type, status, scanned_copy) VALUES ('CHL0001AA', 'VEH0001AA', 'Speeding', 'Unpaid', 'FILscan0000001')`,
    );

    await applyMigrations(fresh.database as Database);

    expect(await query(`SELECT id, attached_table, attached_record, attached_field FROM files ORDER BY id`)).toEqual([
      { id: 'FILcard0000001', attached_table: 'drivers', attached_record: 'DRV0001AA', attached_field: 'aadhar_card_file' },
      { id: 'FILloose000001', attached_table: null, attached_record: null, attached_field: null },
      { id: 'FILphoto000001', attached_table: 'incidents', attached_record: 'INC00001AAA', attached_field: 'images' },
      { id: 'FILscan0000001', attached_table: 'challans', attached_record: 'CHL0001AA', attached_field: 'scanned_copy' },
      { id: 'FILshared00001', attached_table: 'drivers', attached_record: 'DRV0002AA', attached_field: 'aadhar_card_file' },
    ]);
    expect(await query(`SELECT id, aadhar_card_file, version FROM drivers ORDER BY id`)).toEqual([
      { id: 'DRV0001AA', aadhar_card_file: 'FILcard0000001', version: 1 },
      { id: 'DRV0002AA', aadhar_card_file: 'FILshared00001', version: 1 },
      { id: 'DRV0003AA', aadhar_card_file: null, version: 2 },
    ]);
    expect(await query(`SELECT attachments, version FROM sales_quotations`)).toEqual([{ attachments: [], version: 2 }]);
    expect(await query(`SELECT images, version FROM incidents`)).toEqual([{ images: ['FILphoto000001'], version: 2 }]);
    expect(await query(`SELECT scanned_copy, version FROM challans`)).toEqual([{ scanned_copy: 'FILscan0000001', version: 1 }]);
    // A file a record names can no longer be deleted from under it (the field used to become NULL).
    await expect(query(`DELETE FROM files WHERE id = 'FILscan0000001'`)).rejects.toThrow(/foreign key/);
  });
});
