import { Download } from 'lucide-react';
import { useCan } from '../../app/use-can';
import { PagedListDialog, type PagedColumn } from '../../components/paged-list-dialog';
import { buttonClasses } from '../../components/ui/button';
import { formatNumber, NA } from '../../lib/format';
import { queryString } from '../../lib/api';

/** GET /api/inventory/reorder-suggestions. */
interface ReorderSuggestion {
  id: string;
  name: string;
  partNumber: string;
  quantity: number;
  reorderLevel: number;
  suggestedQuantity: number;
  supplier: string | null;
  location: string | null;
}

const columns: PagedColumn<ReorderSuggestion>[] = [
  { header: 'Item ID', cell: (row) => <span className="font-mono text-xs">{row.id}</span> },
  { header: 'Name', cell: (row) => row.name },
  { header: 'Part No.', cell: (row) => row.partNumber },
  {
    header: 'Quantity',
    cell: (row) => <span className="font-medium text-red-600 dark:text-red-400">{formatNumber(row.quantity)}</span>,
    className: 'text-right',
  },
  { header: 'Reorder Lvl', cell: (row) => formatNumber(row.reorderLevel), className: 'text-right' },
  { header: 'Suggested Order Qty', cell: (row) => <span className="font-semibold">{formatNumber(row.suggestedQuantity)}</span>, className: 'text-right' },
  { header: 'Supplier', cell: (row) => row.supplier || NA },
];

/** View Reorder Suggestions: items at or below their reorder level, with how many to order (2 × reorder level − quantity). */
export default function ReorderSuggestionsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { can } = useCan();
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <PagedListDialog
      open={open}
      onOpenChange={onOpenChange}
      title="View Reorder Suggestions"
      description="Items at or below their reorder level, with a suggested order quantity of 2 × reorder level − quantity."
      path="/api/inventory/reorder-suggestions"
      columns={columns}
      empty="No items are at or below their reorder level."
      actions={
        can('inventory', 'export') && (
          <a className={buttonClasses('outline', 'sm')} href={`/api/inventory/reorder-suggestions/export${queryString({ tz })}`} download>
            <Download aria-hidden /> Export CSV
          </a>
        )
      }
    />
  );
}
