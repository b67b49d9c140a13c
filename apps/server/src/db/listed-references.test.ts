import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-server';
import type { Database } from './client';

/**
 * A list of ids in one column (an order's vehicles) is kept as valid as a foreign key by the triggers of
 * migration 0014, whatever the server checked first: tested here on a table of the test's own.
 */
describe('listed references', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.exec(`
      CREATE TABLE listing_test (id text PRIMARY KEY, vehicle_ids text[] NOT NULL DEFAULT '{}');
      SELECT declare_listed_reference('vehicles', 'listing_test', 'vehicle_ids');
      INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status)
        VALUES ('VEH1', 'Tata', 'Prima', 2020, 'VIN1', 'MH12AB1', 'Truck', 'Active'), ('VEH2', 'Tata', 'Ace', 2021, 'VIN2', 'MH12AB2', 'Truck', 'Active');`);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => 'saved',
      (err: { code?: string }) => err.code,
    );

  it('refuses a list naming a record that does not exist, and takes one whose records all do', async () => {
    expect(await code(database.exec(`INSERT INTO listing_test VALUES ('A', ARRAY['VEH1', 'VEH404'])`))).toBe('23503');
    expect(await code(database.exec(`INSERT INTO listing_test VALUES ('B', ARRAY['VEH1', 'VEH2'])`))).toBe('saved');
    expect(await code(database.exec(`UPDATE listing_test SET vehicle_ids = ARRAY['VEH404'] WHERE id = 'B'`))).toBe('23503');
    expect(await code(database.exec(`INSERT INTO listing_test VALUES ('C', '{}')`))).toBe('saved');
  });

  it('refuses to delete a record a list names, and deletes it once no list does', async () => {
    expect(await code(database.exec(`DELETE FROM vehicles WHERE id = 'VEH2'`))).toBe('23503');
    await database.exec(`UPDATE listing_test SET vehicle_ids = ARRAY['VEH1'] WHERE id = 'B'`);
    expect(await code(database.exec(`DELETE FROM vehicles WHERE id = 'VEH2'`))).toBe('saved');
  });
});
