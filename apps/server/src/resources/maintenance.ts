import { maintenanceArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';
import { linkedResource } from './registry';
import { jobCardAfterWrite } from './service-schedules';

const maintenanceJobs = declaredTable('maintenance_jobs', maintenanceArea.fields);
export const maintenanceResource = declaredResource(maintenanceArea, maintenanceJobs, {
  idHeader: 'Job ID',
  // Pending Maintenance and the list's totals by status (migration 0042, decision 0046).
  keptCounts: { name: 'maintenance', fields: ['status'], answers: ['status', 'pending'] },
  // A job card naming a schedule resets it when Completed (issue 18, decision 0037).
  afterWrite: (tx, saved, before, actor) => jobCardAfterWrite(() => linkedResource('service-schedules'), tx, saved, before, actor),
});
