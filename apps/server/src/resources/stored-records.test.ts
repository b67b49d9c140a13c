import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../testing/test-server';
import { resourceOf } from '.';
import { recordsBreakingRules } from './stored-records';

/** Records written around the API (a bulk load) are judged by the same declaration as the API's input. */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await openTestDatabase()));
afterAll(() => drop?.());

describe('recordsBreakingRules', () => {
  it("names each record the API would refuse or store otherwise, and why, and passes the others", async () => {
    await database.exec(`
      INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status) VALUES
        ('VEH1000AA', 'Tata', 'Prima', 2020, 'VIN1', 'MH12AB0001', 'Truck', 'Active'),
        ('VEH1000AB', 'Tata', 'Prima', 1800, 'VIN2', 'MH12AB0002', 'Truck', 'Active'),
        ('VEH1000AC', 'Tata', 'Prima', 2020, 'VIN3', 'MH12AB0003', 'Truck', 'Flying'),
        ('VEH1000AD', ' Tata', 'Prima', 2020, 'VIN4', 'MH12AB0004', 'Truck', 'Active'),
        ('CAR1', 'Tata', 'Prima', 2020, 'VIN5', 'MH12AB0005', 'Truck', 'Active')`);
    expect(await recordsBreakingRules(database, resourceOf('vehicles'))).toEqual([
      { area: 'vehicles', id: 'CAR1', problem: 'its id is not of the form VEH…' },
      { area: 'vehicles', id: 'VEH1000AB', problem: 'Invalid Year: Please enter a valid vehicle year.' },
      { area: 'vehicles', id: 'VEH1000AC', problem: 'Status must be one of: Active, In Maintenance, Out of Service, Sold.' },
      { area: 'vehicles', id: 'VEH1000AD', problem: 'the form would store make otherwise' },
    ]);
  });
});
