import { tripsArea } from '@raahi/domain';
import { drivers, trips, vehicles } from '../db/schema';
import type { ResourceDefinition } from '../http/resource';
import { driverLabelOf, vehicleLabelOf } from './labels';

export const tripsResource: ResourceDefinition = {
  area: tripsArea,
  table: trips,
  computed: (c) => ({ vehicleLabel: vehicleLabelOf(c.vehicleId), driverLabel: driverLabelOf(c.driverId) }),
  references: [
    { field: 'vehicleId', table: vehicles, noun: 'vehicle' },
    { field: 'driverId', table: drivers, noun: 'driver' },
  ],
};
