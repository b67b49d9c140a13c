import { inventoryArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';

const inventoryItems = declaredTable('inventory_items', inventoryArea.fields, 'generated');
export const inventoryResource = declaredResource(inventoryArea, inventoryItems, { idHeader: 'Item ID' });
