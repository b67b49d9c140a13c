import { maintenanceArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';

const maintenanceJobs = declaredTable('maintenance_jobs', maintenanceArea.fields);
export const maintenanceResource = declaredResource(maintenanceArea, maintenanceJobs, { idHeader: 'Job ID' });
