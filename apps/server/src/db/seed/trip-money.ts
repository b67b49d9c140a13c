import type { Database } from '../client';
import { withoutSecondaryIndexes, withTriggersDisabled } from './bulk-insert';
import type { Random } from './random';
import { vehicleClass, type VehicleClass } from './vehicle-fuel';

/**
 * Freight per km as Indian road transport quotes a full truck load (2026), by what the vehicle carries: a heavy truck
 * (a 150 L tank or more: 16 tonnes and up) ₹40–60 per km, a trailer ₹45–60, a medium truck (7–9 tonnes) ₹24–34, a light
 * one (a Tata Ace, a pickup, a cargo van) ₹14–22; anything else ₹30–45. Short hauls carry a minimum charge. Against
 * the trip's diesel, tolls and driver's allowance (expenses.ts) that leaves a carrier's usual margin, mostly 10–40 %.
 */
const RATE_PER_KM: Readonly<Record<VehicleClass, readonly [number, number]>> = { heavy: [40, 60], medium: [24, 34], light: [14, 22] };
const TRAILER_RATE: readonly [number, number] = [45, 60];
const OTHER_RATE: readonly [number, number] = [30, 45];
const MINIMUM_FREIGHT = 6000;
const FREIGHT_CARRIERS = new Set(['Truck', 'Van']);

/** A seeded trip's freight (₹, to the hundred) and the km it ran (Delivered trips: the road distance, a few percent longer for diversions). */
export function tripFreight(
  random: Random,
  roadKmBetween: number,
  vehicleType: string,
  vehicleModel: string,
  status: string,
): { freight: number | null; km: number | null } {
  if (status === 'Cancelled') return { freight: null, km: null };
  const [low, high] =
    vehicleType === 'Trailer' ? TRAILER_RATE : FREIGHT_CARRIERS.has(vehicleType) ? RATE_PER_KM[vehicleClass(vehicleType, vehicleModel)] : OTHER_RATE;
  const freight = Math.max(MINIMUM_FREIGHT, Math.round((roadKmBetween * random.around(low, high)) / 100) * 100);
  return { freight, km: status === 'Delivered' ? Math.round(roadKmBetween * random.around(1.01, 1.08) * 10) / 10 : null };
}

/** What a trip's linked spend may come to at most: a run at a small loss happens, one at twice its freight does not. */
export const MOST_COST_OF_FREIGHT = 1.05;

/**
 * A trip's linked spend stays what a carrier sees, at most 105 % of its freight: the expenses generated along the
 * trip (expenses.ts: its diesel, tolls, allowance) come first, then the refuelling logs and challans that fell within
 * it, each in date order; those past the cap stay the vehicle's spend but are no longer the trip's. A Cancelled trip
 * (no freight) keeps none.
 */
async function keepTripCostsBelievable(database: Database): Promise<void> {
  const over = await database.query<{ source: string; id: string }>(
    `WITH linked AS (
        SELECT 'fuel_expenses' AS source, 0 AS rank, id, trip_id, amount, date::timestamptz AS at FROM fuel_expenses WHERE trip_id IS NOT NULL AND amount IS NOT NULL
        UNION ALL SELECT 'refueling_logs', 1, id, trip_id, total_cost, "timestamp" FROM refueling_logs WHERE trip_id IS NOT NULL AND total_cost IS NOT NULL
        UNION ALL SELECT 'challans', 2, id, trip_id, amount, date::timestamptz FROM challans WHERE trip_id IS NOT NULL AND amount IS NOT NULL),
      running AS (
        SELECT l.source, l.id, t.freight, sum(l.amount) OVER (PARTITION BY l.trip_id ORDER BY l.rank, l.at, l.id) AS spent
          FROM linked l JOIN trips t ON t.id = l.trip_id)
      SELECT source, id FROM running WHERE freight IS NULL OR spent > freight * ${MOST_COST_OF_FREIGHT}`,
  );
  for (const source of ['fuel_expenses', 'refueling_logs', 'challans']) {
    const ids = over.filter((row) => row.source === source).map((row) => row.id);
    if (ids.length > 0) await database.query(`UPDATE ${source} SET trip_id = NULL WHERE id = ANY($1::text[])`, [ids]);
  }
}

/**
 * The rest of the seeded trips' money (issue 19; their freight and km come with them, tripFreight): a customer's
 * sales order for most of them, the refuelling logs and challans of a vehicle during one of its trips linked to it
 * (the fuel & expenses seed generates the spend of the trips along them, linked), then every trip's stored cost is
 * the sum of what carries it (decision 0041). The trips rewritten are put back in order of creation (CLUSTER), as
 * the lists' indexes expect.
 */
export async function seedTripMoney(database: Database, options: { random: Random }): Promise<{ orders: number; linkedLogs: number; linkedChallans: number }> {
  const { random } = options;
  const orders = (await database.query<{ id: string }>('SELECT id FROM sales_orders ORDER BY id')).map((row) => row.id);
  // Who the trips not Cancelled were run for: a customer's order for most (each trip's row is written once, below).
  let picked: string[] = [];
  let chosen: string[] = [];
  if (orders.length > 0) {
    const trips = await database.query<{ id: string }>(`SELECT id FROM trips WHERE sales_order_id IS NULL AND status <> 'Cancelled' ORDER BY id`);
    picked = trips.filter(() => random.chance(0.6)).map((t) => t.id);
    chosen = picked.map(() => random.pick(orders));
  }
  // A refuelling log or challan of a vehicle while one of its trips ran belongs to that trip (only those rows are written).
  const logs = await database.query<{ id: string }>(
    `UPDATE refueling_logs r SET trip_id = m.trip_id
       FROM (SELECT r.id, (SELECT t.id FROM trips t WHERE t.vehicle_id = r.vehicle_id AND t.status <> 'Cancelled' AND t.start_date <= r."timestamp"
                             AND coalesce(t.end_date, now()) >= r."timestamp" ORDER BY t.start_date DESC LIMIT 1) AS trip_id
               FROM refueling_logs r WHERE r.trip_id IS NULL) m
      WHERE m.id = r.id AND m.trip_id IS NOT NULL RETURNING r.trip_id AS id`,
  );
  const challans = await database.query<{ id: string }>(
    `UPDATE challans c SET trip_id = m.trip_id
       FROM (SELECT c.id, (SELECT t.id FROM trips t WHERE t.vehicle_id = c.vehicle_id AND t.status <> 'Cancelled'
                             AND t.start_date < (c.date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata'
                             AND coalesce(t.end_date, now()) >= c.date::timestamp AT TIME ZONE 'Asia/Kolkata' ORDER BY t.start_date DESC LIMIT 1) AS trip_id
               FROM challans c WHERE c.trip_id IS NULL) m
      WHERE m.id = c.id AND m.trip_id IS NOT NULL RETURNING c.trip_id AS id`,
  );
  await keepTripCostsBelievable(database);
  // One statement gives each trip its order and its cost, with the trips' search trigger off (the text does not read
  // these columns) and their secondary indexes dropped (rewriting a row would add it to every one of them): they are
  // built once, after the trips are put back in order of creation (oldest first, as the application appends them;
  // CLUSTER on an index of the moment: trips_newest would lay them out newest first).
  let written: { ordered: boolean }[] = [];
  await withTriggersDisabled(database, 'trips', ['trips_search_text'], () =>
    withoutSecondaryIndexes(database, 'trips', async () => {
      written = await database.query<{ ordered: boolean }>(
        `WITH picked AS (SELECT * FROM unnest($1::text[], $2::text[]) AS x(id, sales_order)),
              costs AS (SELECT trip_id AS id, sum(amount) AS total
                          FROM (SELECT trip_id, amount FROM fuel_expenses UNION ALL SELECT trip_id, total_cost FROM refueling_logs UNION ALL SELECT trip_id, amount FROM challans) x
                         WHERE trip_id IS NOT NULL AND amount IS NOT NULL GROUP BY trip_id)
         UPDATE trips t SET sales_order_id = coalesce(m.sales_order, t.sales_order_id), cost = coalesce(m.total, 0)
           FROM (SELECT tr.id, p.sales_order, c.total FROM trips tr LEFT JOIN picked p ON p.id = tr.id LEFT JOIN costs c ON c.id = tr.id) m
          WHERE m.id = t.id AND (m.sales_order IS NOT NULL OR t.cost IS DISTINCT FROM coalesce(m.total, 0))
          RETURNING m.sales_order IS NOT NULL AS ordered`,
        [picked, chosen],
      );
      if (written.length > 0)
        await database.exec('CREATE INDEX trips_seed_order ON trips (created_at, id); CLUSTER trips USING trips_seed_order; DROP INDEX trips_seed_order');
    }),
  );
  const ordered = written.filter((row) => row.ordered).length;
  return { orders: ordered, linkedLogs: logs.filter((row) => row.id !== null).length, linkedChallans: challans.filter((row) => row.id !== null).length };
}
