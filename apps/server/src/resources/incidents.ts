import { incidentsArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';

export const incidents = declaredTable('incidents', incidentsArea.fields);
export const incidentsResource = declaredResource(incidentsArea, incidents, {
  // Open Incidents, its critical ones and the list's totals by status and severity (migration 0042, decision 0046).
  keptCounts: { name: 'incidents', fields: ['status', 'severity'], answers: ['status', 'severity', 'open'] },
});
