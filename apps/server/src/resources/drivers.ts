import { driversArea } from '@raahi/domain';
import { driverHealth, driverTraining, drivers, files, trips } from '../db/schema';
import { usedByRows, type ResourceDefinition } from '../http/resource';
import { fileNameOf } from './labels';

export const driversResource: ResourceDefinition = {
  area: driversArea,
  table: drivers,
  computed: (c) => ({ aadharCardFileName: fileNameOf(c.aadharCardFile) }),
  references: [{ field: 'aadharCardFile', table: files, noun: 'file' }],
  usedBy: [
    usedByRows('trip', 'trips', trips, trips.driverId),
    usedByRows('training record', 'training records', driverTraining, driverTraining.driverId),
    usedByRows('health record', 'health records', driverHealth, driverHealth.driverId),
  ],
};
