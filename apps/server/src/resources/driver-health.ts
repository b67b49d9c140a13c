import { healthArea } from '@raahi/domain';
import { driverHealth, drivers, files } from '../db/schema';
import type { ResourceDefinition } from '../http/resource';
import { fieldColumn, labelColumn } from '../http/csv-export';
import { driverNameOf, fileNameOf } from './labels';

export const healthResource: ResourceDefinition = {
  area: healthArea,
  table: driverHealth,
  computed: (c) => ({ driverName: driverNameOf(c.driverId), reportFileName: fileNameOf(c.reportFile) }),
  references: [
    { field: 'driverId', table: drivers, noun: 'driver' },
    { field: 'reportFile', table: files, noun: 'file' },
  ],
  exportColumns: [
    labelColumn('Driver', 'driverName', 'driverId'),
    fieldColumn('Test Type', 'testType'),
    fieldColumn('Test Date', 'testDate', 'date'),
    fieldColumn('Result', 'result'),
    fieldColumn('Next Due Date', 'nextDueDate', 'date'),
    fieldColumn('Clinic', 'clinicInfo'),
  ],
};
