import { coldChainArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';

// search_text is kept by a trigger: it holds the trip's label (migration 0007).
const coldChainUnits = declaredTable('cold_chain_units', coldChainArea.fields);
export const coldChainResource = declaredResource(coldChainArea, coldChainUnits, { idHeader: 'Unit ID' });
