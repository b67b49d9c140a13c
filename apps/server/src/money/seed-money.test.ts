import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { seedDemo } from '../db/seed/demo';
import { vehicleClass } from '../db/seed/vehicle-fuel';
import { openTestDatabase } from '../testing/test-server';
import { recomputedCosts } from './trip-cost';

/** seed:demo gives trips believable money (issue 19): freight at Indian rates, km, customers, costs that add up. */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedDemo(database, {
    vehicles: 40,
    drivers: 30,
    trips: 200,
    training: 0,
    health: 0,
    insurance: 0,
    maintenance: 0,
    incidents: 0,
    expenses: 400,
    challans: 150,
    sales: 20,
    fuelStations: 8,
    refuelingLogs: 600,
    seed: 19,
    now: Date.parse('2026-11-24T06:00:00Z'),
  });
}, 120_000);
afterAll(() => drop?.());

describe('seed:demo trip money', () => {
  it('gives trucks freight at the rate of their class (a heavy one ₹40–60 per km of the road, a light one ₹14–22), km to Delivered trips, none to Cancelled ones', async () => {
    const rows = await database.query<{ status: string; type: string; model: string; freight: string | null; km: number | null }>(
      `SELECT t.status, v.type, v.model, t.freight, t.distance_km AS km FROM trips t JOIN vehicles v ON v.id = t.vehicle_id`,
    );
    for (const row of rows.filter((r) => r.status === 'Cancelled')) expect([row.freight, row.km]).toEqual([null, null]);
    const delivered = rows.filter((r) => r.status === 'Delivered' && r.type === 'Truck' && Number(r.freight) > 6000);
    const heavy = delivered.filter((r) => vehicleClass(r.type, r.model) === 'heavy');
    const light = delivered.filter((r) => vehicleClass(r.type, r.model) === 'light');
    expect(heavy.length).toBeGreaterThan(20);
    expect(light.length).toBeGreaterThan(0);
    // Per km run (a few percent over the road distance): ₹37–60 on a heavy truck, ₹12.9–22 on a light one.
    for (const row of heavy) expect(Number(row.freight) / row.km!).toBeGreaterThan(36);
    for (const row of heavy) expect(Number(row.freight) / row.km!).toBeLessThanOrEqual(61);
    for (const row of light) expect(Number(row.freight) / row.km!).toBeGreaterThan(12.5);
    for (const row of light) expect(Number(row.freight) / row.km!).toBeLessThanOrEqual(23);
    expect(rows.filter((r) => r.status === 'Delivered').every((r) => r.km! > 0)).toBe(true);
  });

  it('links customers, refuelling logs and challans, and stores costs equal to a recomputation', async () => {
    const [linked] = await database.query<{ orders: number; logs: number; challans: number }>(
      `SELECT (SELECT count(*)::int FROM trips WHERE sales_order_id IS NOT NULL) AS orders,
              (SELECT count(*)::int FROM refueling_logs WHERE trip_id IS NOT NULL) AS logs,
              (SELECT count(*)::int FROM challans WHERE trip_id IS NOT NULL) AS challans`,
    );
    expect(linked.orders).toBeGreaterThan(50);
    expect(linked.logs).toBeGreaterThan(0);
    // Every linked log is of the trip's vehicle.
    const [{ wrong }] = await database.query<{ wrong: number }>(
      `SELECT count(*)::int AS wrong FROM refueling_logs r JOIN trips t ON t.id = r.trip_id WHERE t.vehicle_id <> r.vehicle_id`,
    );
    expect(wrong).toBe(0);
    const costs = [...(await recomputedCosts(database)).values()];
    expect(costs.filter((c) => c.stored > 0).length).toBeGreaterThan(20);
    for (const c of costs) expect(c.stored).toBe(c.recomputed);
  });

  it('costs a trip what a carrier sees (at most 105 % of its freight, mostly 60–90 %), and links no spend to a trip not yet started', async () => {
    const trips = await database.query<{ freight: string; cost: string }>(`SELECT freight, cost FROM trips WHERE cost > 0`);
    expect(trips.length).toBeGreaterThan(20);
    for (const t of trips) expect(Number(t.cost)).toBeLessThanOrEqual(Number(t.freight) * 1.05);
    const atLoss = trips.filter((t) => Number(t.cost) > Number(t.freight)).length;
    expect(atLoss).toBeLessThan(trips.length / 4);
    const [{ early }] = await database.query<{ early: number }>(
      `SELECT count(*)::int AS early FROM fuel_expenses e JOIN trips t ON t.id = e.trip_id
        WHERE t.start_date > now() OR (t.start_date IS NOT NULL AND e.date < (t.start_date AT TIME ZONE 'Asia/Kolkata')::date)`,
    );
    expect(early).toBe(0);
  });
});
