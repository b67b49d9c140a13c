import { healthArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { labelColumn } from '../http/csv-export';
import { declaredResource } from './declared';
import { driverNameOf } from './drivers';

const driverHealth = declaredTable('driver_health_reports', healthArea.fields);
// The Driver column shows the driver's name; the export names no record id, as the list shows none.
export const healthResource = declaredResource(healthArea, driverHealth, {
  computed: (c) => ({ driverName: driverNameOf(c.driverId) }),
  exportColumns: [labelColumn('Driver', 'driverName', 'driverId'), 'testType', 'testDate', 'result', 'nextDueDate', 'clinicInfo'],
});
