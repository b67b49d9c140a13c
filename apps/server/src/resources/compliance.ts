import { complianceArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';

const complianceDocuments = declaredTable('compliance_documents', complianceArea.fields);
export const complianceResource = declaredResource(complianceArea, complianceDocuments, { idHeader: 'Doc ID' });
