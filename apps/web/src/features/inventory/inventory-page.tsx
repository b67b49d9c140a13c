import { AlertTriangle } from 'lucide-react';
import { inventoryArea, REPORT_BUTTONS, type InventoryInput, type InventoryItem } from '@raahi/domain';
import { lazyAction } from '../../components/lazy-action';
import { reportAction } from '../../components/report-button';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { column, derivedState, formFields } from '../../components/area/declared';
import { IdCell } from '../../components/area/cells';
import { cn } from '../../lib/utils';

// Quantity coloured by stock level: red with a warning at or below the reorder level, yellow up to 5 above.
const STOCK_CLASSES: Record<string, string> = {
  'Reorder Needed': 'text-red-600 dark:text-red-400',
  'Low Stock': 'text-yellow-700 dark:text-yellow-400',
  'In Stock': 'text-green-700 dark:text-green-400',
};

function Quantity({ item }: { item: InventoryItem }) {
  const stock = derivedState(inventoryArea, 'stock', item);
  return (
    <span className={cn('inline-flex items-center gap-1 font-medium', STOCK_CLASSES[stock])} title={stock}>
      {stock === 'Reorder Needed' && <AlertTriangle className="size-4" aria-label="Reorder Needed" />}
      {item.quantity}
    </span>
  );
}

const config: AreaPageConfig<InventoryItem> = {
  area: inventoryArea,
  client: areaClient<InventoryItem, InventoryInput>(inventoryArea.key),
  title: 'Inventory Management',
  addLabel: 'Add New Item',
  inertActions: ['View Reorder Suggestions', 'Generate Inventory Report'],
  activeActions: {
    'View Reorder Suggestions': lazyAction('View Reorder Suggestions', () => import('./reorder-suggestions-dialog')),
    'Generate Inventory Report': reportAction('Generate Inventory Report', REPORT_BUTTONS.inventoryReport),
  },
  searchPlaceholder: 'Search items...',
  filters: [{ param: 'stock', label: 'Stock level', allLabel: 'All Items', options: ['Low Stock', 'Reorder Needed'] }],
  columns: [
    { id: 'id', header: 'Item ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(inventoryArea, 'name', { header: 'Name' }),
    column(inventoryArea, 'partNumber', { header: 'Part No.' }),
    column(inventoryArea, 'quantity', { cell: ({ row }) => <Quantity item={row.original} /> }),
    column(inventoryArea, 'reorderLevel', { header: 'Reorder Lvl' }),
    column(inventoryArea, 'costPerUnit', { header: 'Cost/Unit' }),
    column(inventoryArea, 'supplier'),
    column(inventoryArea, 'location'),
  ],
  texts: { loading: 'Loading inventory...', empty: 'No Inventory Items Found', fetchError: 'Could not fetch inventory items.' },
  form: {
    texts: { addTitle: 'Add New Item', editTitle: 'Edit Item', addButton: 'Add Item', editButton: 'Save Changes' },
    fields: formFields(inventoryArea, {}),
  },
  toasts: {
    saved: (item, added) => ({
      title: added ? 'Item Added!' : 'Item Updated!',
      description: `${item.name} (${item.id}) has been ${added ? 'added' : 'updated'}.`,
    }),
    deleted: (item) => ({ title: 'Item Deleted!', description: `${item.name} (${item.id}) has been removed.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (item) => `Are you sure you want to delete ${item.name} (${item.id})? This action cannot be undone.`,
    confirmLabel: 'Delete Item',
  },
};

export function InventoryPage() {
  return <AreaPage config={config} />;
}
