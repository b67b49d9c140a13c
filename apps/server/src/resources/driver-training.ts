import { trainingArea } from '@raahi/domain';
import { driverTraining, drivers, files } from '../db/schema';
import type { ResourceDefinition } from '../http/resource';
import { driverNameOf, fileNameOf } from './labels';

export const trainingResource: ResourceDefinition = {
  area: trainingArea,
  table: driverTraining,
  computed: (c) => ({ driverName: driverNameOf(c.driverId), certificationFileName: fileNameOf(c.certificationFile) }),
  references: [
    { field: 'driverId', table: drivers, noun: 'driver' },
    { field: 'certificationFile', table: files, noun: 'file' },
  ],
};
