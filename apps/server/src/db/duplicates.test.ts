import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryPostgresDatabase, testDatabaseUrl } from '../testing/test-server';
import { openDatabase, pgliteDatabase, PGLITE_EXTENSIONS, type Database } from './client';
import { DuplicateRecordsError, findDuplicates } from './duplicates';
import { applyMigrations } from './migrate';

/**
 * A database of an earlier version that holds what migrations 0023 and 0024 make impossible (one plate
 * typed twice, a VIN, a license, a truck on two trips under way): the start refuses with the list and
 * leaves the database as it was; once they are resolved, it upgrades.
 */
const MIGRATIONS = fileURLToPath(new URL('./migrations/', import.meta.url));
const FIRST_GUARDED = '0023_unique_plates_vins_licences.sql';

let database: Database;
let drop: () => Promise<void> = async () => undefined;
let earlier: string;

beforeAll(async () => {
  // The migrations as they were before the ones that impose uniqueness.
  earlier = await mkdtemp(join(tmpdir(), 'raahi-earlier-migrations-'));
  for (const name of await readdir(MIGRATIONS)) if (name < FIRST_GUARDED) await cp(join(MIGRATIONS, name), join(earlier, name));
  const url = testDatabaseUrl();
  if (url) {
    const temporary = await temporaryPostgresDatabase(url);
    database = await openDatabase({ url: temporary.url, poolSize: 2, migrate: false });
    drop = async () => {
      await database.close();
      await temporary.drop();
    };
  } else {
    database = pgliteDatabase(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    drop = () => database.close();
  }
  await applyMigrations(database, `${earlier}/`);
  await database.exec(`
    INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status) VALUES
      ('VEH0001AA', 'Tata', 'Prima', 2020, 'MAT000000NKL00001', 'MH12AB1234', 'Truck', 'Active'),
      ('VEH0002BB', 'Tata', 'Signa', 2021, 'mat000000nkl00001', 'mh 12 ab-1234', 'Truck', 'Active'),
      ('VEH0003CC', 'Eicher', 'Pro', 2022, 'MAT000000NKL00003', 'KA01XY9876', 'Truck', 'Active');
    INSERT INTO drivers (id, name, license, contact, email, status) VALUES
      ('DRV0001AA', 'Ramesh Kumar', 'MH1220110012345', '+91 98200 12345', 'r@example.in', 'Active'),
      ('DRV0002BB', 'Suresh Patil', 'MH12 2011 0012345', '+91 98200 12346', 's@example.in', 'Active');
    INSERT INTO trips (id, origin, destination, vehicle_id, driver_id, status) VALUES
      ('TRP0001AA', 'Pune', 'Mumbai', 'VEH0003CC', 'DRV0001AA', 'In Transit'),
      ('TRP0002BB', 'Pune', 'Nashik', 'VEH0003CC', 'DRV0002BB', 'Delayed');`);
});
afterAll(async () => {
  await drop();
  await rm(earlier, { recursive: true, force: true });
});

const upgraded = async () => (await database.query<{ name: string }>(`SELECT name FROM schema_migrations WHERE name >= '${FIRST_GUARDED}'`)).map((r) => r.name);

describe('upgrading a database that holds duplicates', () => {
  it('lists every duplicate, however it was typed', async () => {
    expect(await findDuplicates(database)).toEqual([
      { what: 'License plate MH12AB1234', records: ['VEH0001AA (Tata Prima, MH12AB1234)', 'VEH0002BB (Tata Signa, mh 12 ab-1234)'] },
      {
        what: 'VIN MAT000000NKL00001',
        records: ['VEH0001AA (Tata Prima, MH12AB1234) VIN MAT000000NKL00001', 'VEH0002BB (Tata Signa, mh 12 ab-1234) VIN mat000000nkl00001'],
      },
      { what: 'License No. MH1220110012345', records: ['DRV0001AA (Ramesh Kumar, MH1220110012345)', 'DRV0002BB (Suresh Patil, MH12 2011 0012345)'] },
      { what: 'The vehicle VEH0003CC is on several trips In Transit or Delayed', records: ['TRP0001AA (In Transit)', 'TRP0002BB (Delayed)'] },
    ]);
  });

  it('refuses to upgrade with the list in words, and leaves the database as it was', async () => {
    const error = await applyMigrations(database).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(DuplicateRecordsError);
    expect((error as Error).message).toBe(
      `The database was not upgraded (${FIRST_GUARDED}): these records share a value that must be unique.\n` +
        '  License plate MH12AB1234: VEH0001AA (Tata Prima, MH12AB1234), VEH0002BB (Tata Signa, mh 12 ab-1234)\n' +
        '  VIN MAT000000NKL00001: VEH0001AA (Tata Prima, MH12AB1234) VIN MAT000000NKL00001, VEH0002BB (Tata Signa, mh 12 ab-1234) VIN mat000000nkl00001\n' +
        '  License No. MH1220110012345: DRV0001AA (Ramesh Kumar, MH1220110012345), DRV0002BB (Suresh Patil, MH12 2011 0012345)\n' +
        'Change or delete all but one record of each line, then start again. List them again with: npm run check:duplicates',
    );
    expect(await upgraded()).toEqual([]);
    expect(await database.query(`SELECT 1 FROM pg_proc WHERE proname = 'record_key'`)).toEqual([]);
  });

  it('then refuses the next migration for the truck on two trips under way', async () => {
    await database.exec(`UPDATE vehicles SET license_plate = 'MH12AB1235', vin = 'MAT000000NKL00002' WHERE id = 'VEH0002BB';
                         UPDATE drivers SET license = 'MH1220110012346' WHERE id = 'DRV0002BB'`);
    const error = await applyMigrations(database).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(DuplicateRecordsError);
    expect((error as Error).message).toContain(
      '(0024_one_trip_on_the_road.sql): these records share a value that must be unique.\n  The vehicle VEH0003CC is on several trips In Transit or Delayed: TRP0001AA (In Transit), TRP0002BB (Delayed)\n',
    );
    expect(await upgraded()).toEqual([FIRST_GUARDED]);
  });

  it('upgrades once they are resolved, and then keeps them unique', async () => {
    await database.exec(`UPDATE trips SET status = 'Delivered' WHERE id = 'TRP0001AA'`);
    await applyMigrations(database);
    expect(await upgraded()).toContain('0024_one_trip_on_the_road.sql');
    expect(await findDuplicates(database)).toEqual([]);
    await expect(database.exec(`UPDATE vehicles SET license_plate = 'mh-12-ab-1234' WHERE id = 'VEH0002BB'`)).rejects.toMatchObject({ code: '23505' });
    await expect(database.exec(`UPDATE trips SET status = 'In Transit' WHERE id = 'TRP0001AA'`)).rejects.toMatchObject({ code: '23505' });
  });
});
