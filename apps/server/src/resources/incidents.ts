import { incidentsArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';

export const incidents = declaredTable('incidents', incidentsArea.fields);
export const incidentsResource = declaredResource(incidentsArea, incidents);
