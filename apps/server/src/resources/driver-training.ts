import { trainingArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { labelColumn } from '../http/csv-export';
import { declaredResource } from './declared';
import { driverNameOf } from './drivers';

const driverTraining = declaredTable('driver_training_records', trainingArea.fields);
// The Driver column shows the driver's name.
export const trainingResource = declaredResource(trainingArea, driverTraining, {
  idHeader: 'Record ID',
  computed: (c) => ({ driverName: driverNameOf(c.driverId) }),
  exportColumns: [
    'id',
    labelColumn('Driver', 'driverName', 'driverId'),
    'trainingType',
    'scheduleDate',
    { field: 'trainerName', header: 'Trainer' },
    { field: 'assessmentScore', header: 'Score (%)' },
    { field: 'validityPeriod', header: 'Validity' },
    'status',
  ],
});
