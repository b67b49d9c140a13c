import type { Database } from '../client';
import type { Random } from './random';

/**
 * Freight per km as Indian road transport quotes it (2026): a 20-tonne truck or a trailer ₹40–60 per km (full
 * truck load), a light commercial van ₹22–32, anything else ₹30–45. Short hauls carry a minimum charge.
 */
const RATE_PER_KM: Readonly<Record<string, readonly [number, number]>> = { Truck: [40, 60], Trailer: [45, 60], Van: [22, 32] };
const OTHER_RATE: readonly [number, number] = [30, 45];
const MINIMUM_FREIGHT = 6000;

/** A seeded trip's freight (₹, to the hundred) and the km it ran (Delivered trips: the road distance, a few percent longer for diversions). */
export function tripFreight(random: Random, roadKmBetween: number, vehicleType: string, status: string): { freight: number | null; km: number | null } {
  if (status === 'Cancelled') return { freight: null, km: null };
  const [low, high] = RATE_PER_KM[vehicleType] ?? OTHER_RATE;
  const freight = Math.max(MINIMUM_FREIGHT, Math.round((roadKmBetween * random.around(low, high)) / 100) * 100);
  return { freight, km: status === 'Delivered' ? Math.round(roadKmBetween * random.around(1.01, 1.08) * 10) / 10 : null };
}

/**
 * A trip's linked spend stays what a carrier sees: most trips cost 60–90 % of their freight, about one in ten runs at
 * a loss (up to 105 %). The records linked to a trip are taken in date order; those past its share (a ratio fixed
 * per trip by a hash of its id, so a seed is repeatable) stay the vehicle's spend but are no longer the trip's. A
 * Cancelled trip (no freight) keeps none.
 */
async function keepTripCostsBelievable(database: Database): Promise<void> {
  const over = await database.query<{ source: string; id: string }>(
    `WITH linked AS (
        SELECT 'fuel_expenses' AS source, id, trip_id, amount, date::timestamptz AS at FROM fuel_expenses WHERE trip_id IS NOT NULL AND amount IS NOT NULL
        UNION ALL SELECT 'refueling_logs', id, trip_id, total_cost, "timestamp" FROM refueling_logs WHERE trip_id IS NOT NULL AND total_cost IS NOT NULL
        UNION ALL SELECT 'challans', id, trip_id, amount, date::timestamptz FROM challans WHERE trip_id IS NOT NULL AND amount IS NOT NULL),
      running AS (
        SELECT l.source, l.id, t.freight, 0.6 + 0.45 * (abs(hashtext(t.id)) % 1000) / 1000.0 AS share,
               sum(l.amount) OVER (PARTITION BY l.trip_id ORDER BY l.at, l.id) AS spent
          FROM linked l JOIN trips t ON t.id = l.trip_id)
      SELECT source, id FROM running WHERE freight IS NULL OR spent > freight * share`,
  );
  for (const source of ['fuel_expenses', 'refueling_logs', 'challans']) {
    const ids = over.filter((row) => row.source === source).map((row) => row.id);
    if (ids.length > 0) await database.query(`UPDATE ${source} SET trip_id = NULL WHERE id = ANY($1::text[])`, [ids]);
  }
}

/**
 * The rest of the seeded trips' money (issue 19; their freight and km come with them, tripFreight): a customer's
 * sales order for most of them, the refuelling logs and challans of a vehicle during one of its trips linked to it
 * (the fuel & expenses seed links its own), then every trip's stored cost is the sum of what carries it (decision
 * 0041). The trips rewritten are put back in order of creation (CLUSTER), as the lists' indexes expect.
 */
export async function seedTripMoney(database: Database, options: { random: Random }): Promise<{ orders: number; linkedLogs: number; linkedChallans: number }> {
  const { random } = options;
  const orders = (await database.query<{ id: string }>('SELECT id FROM sales_orders ORDER BY id')).map((row) => row.id);
  let ordered = 0;
  // The trips' search text does not read these columns: its trigger is off while they are filled.
  await database.exec('ALTER TABLE trips DISABLE TRIGGER trips_search_text');
  if (orders.length > 0) {
    const trips = await database.query<{ id: string }>(`SELECT id FROM trips WHERE sales_order_id IS NULL AND status <> 'Cancelled' ORDER BY id`);
    const picked = trips.filter(() => random.chance(0.6));
    const chosen = picked.map(() => random.pick(orders));
    await database.query('UPDATE trips t SET sales_order_id = x.sales_order FROM unnest($1::text[], $2::text[]) AS x(id, sales_order) WHERE t.id = x.id', [picked.map((t) => t.id), chosen]);
    ordered = picked.length;
  }
  // A refuelling log or challan of a vehicle while one of its trips ran belongs to that trip.
  const logs = await database.query<{ id: string }>(
    `UPDATE refueling_logs r SET trip_id = (
        SELECT t.id FROM trips t WHERE t.vehicle_id = r.vehicle_id AND t.status <> 'Cancelled' AND t.start_date <= r."timestamp"
           AND coalesce(t.end_date, now()) >= r."timestamp" ORDER BY t.start_date DESC LIMIT 1)
      WHERE r.trip_id IS NULL RETURNING r.trip_id AS id`,
  );
  const challans = await database.query<{ id: string }>(
    `UPDATE challans c SET trip_id = (
        SELECT t.id FROM trips t WHERE t.vehicle_id = c.vehicle_id AND t.status <> 'Cancelled'
           AND t.start_date < (c.date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata'
           AND coalesce(t.end_date, now()) >= c.date::timestamp AT TIME ZONE 'Asia/Kolkata' ORDER BY t.start_date DESC LIMIT 1)
      WHERE c.trip_id IS NULL RETURNING c.trip_id AS id`,
  );
  await keepTripCostsBelievable(database);
  const costed = await database.query<{ id: string }>(`UPDATE trips t SET cost = s.total
      FROM (SELECT trip_id, sum(amount) AS total
              FROM (SELECT trip_id, amount FROM fuel_expenses UNION ALL SELECT trip_id, total_cost FROM refueling_logs UNION ALL SELECT trip_id, amount FROM challans) x
             WHERE trip_id IS NOT NULL AND amount IS NOT NULL GROUP BY trip_id) s
     WHERE s.trip_id = t.id AND t.cost IS DISTINCT FROM s.total RETURNING t.id`);
  await database.exec('ALTER TABLE trips ENABLE TRIGGER trips_search_text');
  // Oldest first, as the application appends them (an index of the moment: trips_newest would lay them out newest first).
  if (ordered > 0 || costed.length > 0) await database.exec('CREATE INDEX trips_seed_order ON trips (created_at, id); CLUSTER trips USING trips_seed_order; DROP INDEX trips_seed_order');
  return { orders: ordered, linkedLogs: logs.filter((row) => row.id !== null).length, linkedChallans: challans.filter((row) => row.id !== null).length };
}
