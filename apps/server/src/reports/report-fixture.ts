import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../testing/test-server';

/** The two vehicles the report tests compute by hand (VEH-1 Tata Prima MH12AB1234, VEH-2 Ashok Leyland Dost MH12AB1235). */
export const TWO_VEHICLES = `
  INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status) VALUES
    ('VEH-1', 'Tata', 'Prima', 2022, 'VIN1', 'MH12AB1234', 'Truck', 'Active'), ('VEH-2', 'Ashok Leyland', 'Dost', 2022, 'VIN2', 'MH12AB1235', 'Truck', 'Active');`;

/**
 * A test file's own database holding the two vehicles and `fixture` (SQL), opened before its tests and dropped after
 * them. Returns a getter: the database exists only once beforeAll has run.
 */
export function reportFixture(fixture: string): () => Database {
  let database: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.exec(TWO_VEHICLES + fixture);
  }, 120_000);
  afterAll(() => drop?.());
  return () => database!;
}
