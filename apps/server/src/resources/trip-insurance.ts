import { insuranceArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';

const insurancePolicies = declaredTable('trip_insurance_policies', insuranceArea.fields);
export const insuranceResource = declaredResource(insuranceArea, insurancePolicies, { idHeader: 'Policy ID' });
