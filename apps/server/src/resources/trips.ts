import { and, eq, inArray } from 'drizzle-orm';
import { TRIPS_ON_THE_ROAD, tripsArea } from '@raahi/domain';
import { drivers, trips, vehicles } from '../db/schema';
import type { Reference, ResourceDefinition, UniqueValue } from '../http/resource';
import { fieldColumn, labelColumn } from '../http/csv-export';
import { driverLabelOf, vehicleLabelOf, vehiclePlateOf } from './labels';

const { vehicleId, driverId } = tripsArea.fields;
/** What the declaration asks of a linked vehicle or driver (not Sold, not Inactive, while the trip is planned or under way). */
const linkConditions = (f: typeof vehicleId): Pick<Reference, 'unlinkableWhen' | 'checkedWhile'> =>
  f.kind === 'reference' ? { unlinkableWhen: f.unlinkableWhen, checkedWhile: f.checkedWhile } : {};

/** One trip under way per vehicle and per driver (migration 0024's indexes); a second is refused naming the first. */
const onTheRoad = (index: string, field: 'vehicleId' | 'driverId', noun: string, title: string): UniqueValue => ({
  index,
  heldBy: (c, input) => and(eq(c[field], input[field] as string), inArray(c.status, [...TRIPS_ON_THE_ROAD])),
  refusal: (other) => ({
    title,
    message: `${String(other[`${noun}Label`])} is already on trip ${String(other.id)} (${String(other.origin)} → ${String(other.destination)}), which is ${String(other.status)}. A ${noun} is on one trip In Transit or Delayed at a time: finish or update that trip first, or choose another ${noun}.`,
  }),
});

export const tripsResource: ResourceDefinition = {
  area: tripsArea,
  table: trips,
  computed: (c) => ({ vehicleLabel: vehicleLabelOf(c.vehicleId), vehiclePlate: vehiclePlateOf(c.vehicleId), driverLabel: driverLabelOf(c.driverId) }),
  references: [
    { field: 'vehicleId', table: vehicles, noun: 'vehicle', label: vehicleLabelOf, ...linkConditions(vehicleId) },
    { field: 'driverId', table: drivers, noun: 'driver', label: driverLabelOf, ...linkConditions(driverId) },
  ],
  uniqueValues: [onTheRoad('trips_vehicle_on_the_road', 'vehicleId', 'vehicle', 'Vehicle Busy'), onTheRoad('trips_driver_on_the_road', 'driverId', 'driver', 'Driver Busy')],
  exportColumns: [
    fieldColumn('Trip ID', 'id'),
    fieldColumn('Origin', 'origin'),
    fieldColumn('Destination', 'destination'),
    labelColumn('Vehicle', 'vehicleLabel', 'vehicleId'),
    fieldColumn('License Plate', 'vehiclePlate'),
    labelColumn('Driver', 'driverLabel', 'driverId'),
    fieldColumn('Status', 'status'),
    fieldColumn('ETA', 'eta', 'datetime'),
    fieldColumn('Start Date', 'startDate', 'datetime'),
    fieldColumn('End Date', 'endDate', 'datetime'),
  ],
};
