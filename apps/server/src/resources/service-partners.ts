import { servicePartnersArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';

export const servicePartners = declaredTable('service_partners', servicePartnersArea.fields, 'generated');
export const servicePartnersResource = declaredResource(servicePartnersArea, servicePartners, { idHeader: 'Partner ID' });
