import { and, eq, inArray, sql } from 'drizzle-orm';
import { TRIPS_ON_THE_ROAD, tripsArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import type { UniqueValue } from '../http/resource';
import { declaredResource } from './declared';

export const trips = declaredTable('trips', tripsArea.fields);

/** One trip under way per vehicle and per driver (migration 0024's indexes); a second is refused naming the first. */
const onTheRoad = (index: string, field: 'vehicleId' | 'driverId', noun: string, title: string): UniqueValue => ({
  index,
  heldBy: (c, input) => and(eq(c[field], input[field] as string), inArray(c.status, [...TRIPS_ON_THE_ROAD])),
  refusal: (other) => ({
    title,
    message: `${String(other[`${noun}Label`])} is already on trip ${String(other.id)} (${String(other.origin)} → ${String(other.destination)}), which is ${String(other.status)}. A ${noun} is on one trip In Transit or Delayed at a time: finish or update that trip first, or choose another ${noun}.`,
  }),
});

/** Other areas name a trip as 'TRP… (Origin → Destination)' (trip_label). */
export const tripsResource = declaredResource(tripsArea, trips, {
  idHeader: 'Trip ID',
  label: (c) => sql`trip_label(${c.id}, ${c.origin}, ${c.destination})`,
  uniqueValues: [onTheRoad('trips_vehicle_on_the_road', 'vehicleId', 'vehicle', 'Vehicle Busy'), onTheRoad('trips_driver_on_the_road', 'driverId', 'driver', 'Driver Busy')],
  exportColumns: ['id', 'origin', 'destination', 'vehicleId', 'driverId', 'status', 'eta', 'startDate', 'endDate'],
});
