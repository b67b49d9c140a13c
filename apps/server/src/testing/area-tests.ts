import { expect } from 'vitest';
import { driverBody, vehicleBody, type Json, type TestClient, type TestServer } from './test-server';

/**
 * Helpers shared by the API tests of the record areas (vehicles, drivers, trips, training, health).
 * Each test file starts its own server in beforeAll; the kit reaches it through a getter, so it can
 * be made at module level before the server exists.
 */

export interface AreaTestOptions {
  /** The area's API path, e.g. '/api/trips'. */
  path: string;
  /** The tables a refused request must leave exactly as they were. */
  tables: string[];
  /** The server and signed-in client the test file set up in beforeAll. */
  reach: () => { server: TestServer; client: TestClient };
}

export interface AreaTestKit {
  /** POSTs the body to the path, expects 201 and returns the created record. */
  create(path: string, body: Record<string, unknown>): Promise<Json>;
  /** Creates a vehicle from vehicleBody(overrides). */
  createVehicle(overrides?: Record<string, unknown>): Promise<Json>;
  /** Creates a driver from driverBody(overrides). */
  createDriver(overrides?: Record<string, unknown>): Promise<Json>;
  /** Runs requests that must fail and checks that the area's tables are exactly as before. */
  expectNothingWritten(action: () => Promise<unknown>): Promise<void>;
  /** Lists the area with the query (all on one page) and returns the ids found, sorted. */
  search(query: string): Promise<string[]>;
}

export function areaTestKit({ path, tables, reach }: AreaTestOptions): AreaTestKit {
  const create = async (createPath: string, body: Record<string, unknown>) => {
    const res = await reach().client.post(createPath, body);
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  return {
    create,
    createVehicle: (overrides = {}) => create('/api/vehicles', vehicleBody(overrides)),
    createDriver: (overrides = {}) => create('/api/drivers', driverBody(overrides)),
    expectNothingWritten: async (action) => {
      const before = await reach().server.snapshot(...tables);
      await action();
      expect(await reach().server.snapshot(...tables)).toEqual(before);
    },
    search: async (query) => {
      const res = await reach().client.get(`${path}?pageSize=200&${query}`);
      expect(res.status, res.text).toBe(200);
      // One page holds every match, so the ids returned are all there are.
      expect(res.body.hasMore).toBe(false);
      return res.body.items.map((record: Json) => record.id).sort();
    },
  };
}

/** The list's search parameter for a term: q=<term>, URL-encoded. */
export const q = (term: string) => `q=${encodeURIComponent(term)}`;

/** Ids in the order search() returns them. */
export const sorted = (...ids: string[]) => [...ids].sort();

/** The server's generic answer to an edit of a stale copy, for an area's singular noun ('trip'). */
export const updateConflict = (noun: string) => ({
  title: 'Update Conflict',
  message: `This ${noun} was changed by someone else after you opened it. Close the dialog and open it again to see the latest version; your changes were not saved.`,
});

/** The server's generic answer for a record that does not exist, for an area's singular noun and the id asked for. */
export const notFound = (noun: string, id: string) => ({ title: 'Not Found', message: `The ${noun} ${id} does not exist. It may have been deleted.` });
