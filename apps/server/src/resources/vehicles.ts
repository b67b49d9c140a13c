import { vehiclesArea } from '@raahi/domain';
import { vehicles } from '../db/schema';
import type { ResourceDefinition } from '../http/resource';

export const vehiclesResource: ResourceDefinition = {
  area: vehiclesArea,
  table: vehicles,
};
