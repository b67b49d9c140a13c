import { trainingArea } from '@raahi/domain';
import { driverTraining, drivers, files } from '../db/schema';
import type { ResourceDefinition } from '../http/resource';
import { fieldColumn, labelColumn } from '../http/csv-export';
import { driverNameOf, fileNameOf } from './labels';

export const trainingResource: ResourceDefinition = {
  area: trainingArea,
  table: driverTraining,
  computed: (c) => ({ driverName: driverNameOf(c.driverId), certificationFileName: fileNameOf(c.certificationFile) }),
  references: [
    { field: 'driverId', table: drivers, noun: 'driver' },
    { field: 'certificationFile', table: files, noun: 'file' },
  ],
  exportColumns: [
    fieldColumn('Record ID', 'id'),
    labelColumn('Driver', 'driverName', 'driverId'),
    fieldColumn('Training Type', 'trainingType'),
    fieldColumn('Schedule Date', 'scheduleDate', 'date'),
    fieldColumn('Trainer', 'trainerName'),
    fieldColumn('Score (%)', 'assessmentScore', 'number'),
    fieldColumn('Validity', 'validityPeriod'),
    fieldColumn('Status', 'status'),
  ],
};
