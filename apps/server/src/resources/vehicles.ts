import { vehiclesArea } from '@raahi/domain';
import { trips, vehicles } from '../db/schema';
import { usedByRows, type ResourceDefinition } from '../http/resource';

export const vehiclesResource: ResourceDefinition = {
  area: vehiclesArea,
  table: vehicles,
  usedBy: [usedByRows('trip', 'trips', trips, trips.vehicleId)],
};
