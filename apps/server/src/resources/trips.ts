import { and, eq, inArray, sql } from 'drizzle-orm';
import { numeric } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { TRIPS_ON_THE_ROAD, tripsArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import type { UniqueValue } from '../http/resource';
import { checkTripVehicleChange } from '../money/trip-cost';
import { declaredResource } from './declared';

// cost: the sum of the amounts of the records that carry the trip, kept by their writes (money/trip-cost.ts, decision 0041).
export const trips = declaredTable('trips', tripsArea.fields, 'trigger', {
  maintained: { cost: numeric('cost', { precision: 20, scale: 2, mode: 'number' }).notNull().default(0) },
});

/** One trip under way per vehicle and per driver (migration 0024's indexes); a second is refused naming the first. */
const onTheRoad = (index: string, field: 'vehicleId' | 'driverId', noun: string, title: string): UniqueValue => ({
  index,
  heldBy: (c, input) => and(eq(c[field], input[field] as string), inArray(c.status, [...TRIPS_ON_THE_ROAD])),
  keyOf: (input) => ((TRIPS_ON_THE_ROAD as readonly unknown[]).includes(input.status) && input[field] ? String(input[field]) : null),
  refusal: (other) => ({
    title,
    message: `${String(other[`${noun}Label`])} is already on trip ${String(other.id)} (${String(other.origin)} → ${String(other.destination)}), which is ${String(other.status)}. A ${noun} is on one trip In Transit or Delayed at a time: finish or update that trip first, or choose another ${noun}.`,
  }),
});

/** Other areas name a trip as 'TRP… (Origin → Destination)' (trip_label). */
export const tripsResource = declaredResource(tripsArea, trips, {
  idHeader: 'Trip ID',
  // On-time delivery and the list's totals by status (migration 0042, decision 0046): a Delivered trip's key holds its
  // end day in the company's zone and whether it was on time.
  keptCounts: { name: 'trips', fields: ['status', 'endDate', 'eta'], answers: ['status', 'delivery', 'delivered'], zoned: true },
  label: (c) => sql`trip_label(${c.id}, ${c.origin}, ${c.destination})`,
  uniqueValues: [
    onTheRoad('trips_vehicle_on_the_road', 'vehicleId', 'vehicle', 'Vehicle Busy'),
    onTheRoad('trips_driver_on_the_road', 'driverId', 'driver', 'Driver Busy'),
  ],
  exportColumns: ['id', 'origin', 'destination', 'vehicleId', 'driverId', 'status', 'eta', 'startDate', 'endDate'],
  // The trip's money (TripMoney): null where an input is missing, never a made-up 0; per km to the paisa.
  computed: (c) => ({
    cost: sql<number>`${c.cost}::float8`,
    customerName: sql<string | null>`(SELECT so.customer_name FROM sales_orders so WHERE so.id = ${c.salesOrderId})`,
    margin: sql<number | null>`(${c.freight} - ${c.cost})::float8`,
    costPerKm: sql<number | null>`CASE WHEN ${c.distanceKm} > 0 THEN round(${c.cost} / ${c.distanceKm}::numeric, 2)::float8 END`,
    revenuePerKm: sql<number | null>`CASE WHEN ${c.distanceKm} > 0 THEN round(${c.freight} / ${c.distanceKm}::numeric, 2)::float8 END`,
  }),
  computedTypes: { cost: z.number(), margin: z.number().nullable(), costPerKm: z.number().nullable(), revenuePerKm: z.number().nullable() },
  // Sorted by margin (N/A last), served by migration 0037's expression indexes on the same expression.
  derivedColumns: (c) => ({ margin: sql`(${c.freight} - ${c.cost})` }),
  // Its vehicle stays while records of that vehicle carry it (decision 0041).
  afterWrite: async (tx, saved, before) => {
    await checkTripVehicleChange(tx, saved, before);
  },
});
