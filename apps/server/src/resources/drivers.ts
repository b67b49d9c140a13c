import { driversArea } from '@raahi/domain';
import { driverHealth, driverTraining, drivers, files, trips } from '../db/schema';
import { usedByRows, type ResourceDefinition } from '../http/resource';
import { fieldColumn } from '../http/csv-export';
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
  exportColumns: [
    fieldColumn('Driver ID', 'id'),
    fieldColumn('Name', 'name'),
    fieldColumn('License No.', 'license'),
    fieldColumn('Contact', 'contact'),
    fieldColumn('Email', 'email'),
    fieldColumn('Joining Date', 'joiningDate', 'date'),
    fieldColumn('Status', 'status'),
  ],
};
