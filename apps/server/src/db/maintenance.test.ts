import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { analyzeChangedTables } from './maintenance';

// The embedded database only: a PostgreSQL server analyses tables itself.
describe('statistics on the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(() => database?.close());

  it('analyses a table once enough of it changed, and not again until it changes again', async () => {
    await database.exec(`INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status)
      SELECT 'VEH' || g, 'Tata', 'Prima', 2020, 'VIN' || g, 'MH12AB' || g, 'Truck', 'Active' FROM generate_series(1, 500) AS g`);
    // The counters reach pg_stat_user_tables a moment after the transaction.
    let analysed: string[] = [];
    for (let i = 0; i < 20 && !analysed.includes('vehicles'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      analysed = await analyzeChangedTables(database);
    }
    expect(analysed).toContain('vehicles');
    const [stats] = await database.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'vehicles'`);
    expect(stats.reltuples).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await analyzeChangedTables(database)).not.toContain('vehicles');
  });
});
