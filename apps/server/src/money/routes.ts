import { Hono } from 'hono';
import { z } from 'zod';
import { TRIPS_ON_THE_ROAD, isoDate, isoDateTime } from '@raahi/domain';
import type { AppEnv } from '../auth/middleware';
import type { Database } from '../db/client';
import { badRequest, describeIssues } from '../http/errors';
import { companyTimeZone } from '../company-time';

const ID_SHAPE = /^[A-Za-z0-9_-]+$/;
const tripAtQuery = z.strictObject({
  vehicleId: z.string().max(64, { message: 'must be at most 64 characters', abort: true }).regex(ID_SHAPE, 'must be the id of a vehicle, such as VEH1234AB'),
  // A refuelling log's timestamp (date and time) or a challan's date (a whole day of the company's calendar).
  at: z.string().max(40, { message: 'must be a date or a date and time', abort: true }).pipe(isoDate.or(isoDateTime)),
});

/**
 * The vehicle's trip at an instant or on a day, which a refuelling log's or challan's form pre-fills (issue 19): a trip
 * whose start and end dates cover it (one still In Transit or Delayed runs until now), else the one In Transit or
 * Delayed that had started by then. Cancelled trips are never one. Answers { trip: { id, label } | null }.
 */
export async function tripAt(database: Pick<Database, 'query'>, vehicleId: string, at: string): Promise<{ id: string; label: string } | null> {
  const day = at.length === 10;
  const zone = companyTimeZone();
  const [row] = await database.query<{ id: string; label: string }>(
    `WITH span AS (
       SELECT CASE WHEN $3 THEN ($2::date)::timestamp AT TIME ZONE $4 ELSE $2::timestamptz END AS from_at,
              CASE WHEN $3 THEN (($2::date + 1)::timestamp AT TIME ZONE $4) - interval '1 microsecond' ELSE $2::timestamptz END AS to_at
     )
     SELECT t.id, trip_label(t.id, t.origin, t.destination) AS label
       FROM trips t, span
      WHERE t.vehicle_id = $1 AND t.status <> 'Cancelled'
        AND (t.start_date IS NULL OR t.start_date <= span.to_at)
        AND ((t.start_date IS NOT NULL AND (t.end_date >= span.from_at OR (t.end_date IS NULL AND t.status = ANY($5))))
             OR t.status = ANY($5))
      ORDER BY (t.start_date IS NOT NULL AND t.end_date >= span.from_at) DESC, (t.status = ANY($5)) DESC, t.start_date DESC NULLS LAST, t.id DESC
      LIMIT 1`,
    [vehicleId, day ? at : new Date(at).toISOString(), day, zone, [...TRIPS_ON_THE_ROAD]],
  );
  return row ?? null;
}

/** GET /trips/at?vehicleId=…&at=… (under the trips area's guard: the user must be allowed to view trips). */
export function moneyRoutes(database: Database) {
  const app = new Hono<AppEnv>();
  app.get('/trips/at', async (c) => {
    const parsed = tripAtQuery.safeParse(c.req.query());
    if (!parsed.success) throw badRequest(describeIssues(parsed.error, { vehicleId: 'Vehicle', at: 'At' }, c.req.query(), 'parameter'));
    return c.json({ trip: await tripAt(database, parsed.data.vehicleId, parsed.data.at) });
  });
  return app;
}
