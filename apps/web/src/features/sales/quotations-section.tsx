import { Paperclip } from 'lucide-react';
import { QUOTATION_STATUSES, quotationsArea, type Quotation, type QuotationInput } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import type { AreaPageConfig } from '../../components/area/area-page';
import { FilesAction, IdCell } from '../../components/area/cells';
import { column, formFields } from '../../components/area/declared';
import type { ReferenceSpec } from '../../components/area/reference-picker';
import { formatRupees, NA } from '../../lib/format';
import { leadReference } from './leads-section';
import { SalesStatusBadge } from './sales-status';

/** The Amount (Est. ₹) column: the flat rate, else the per-km rate as an approximation, else N/A. */
export function estimatedAmount(q: Pick<Quotation, 'flatRate' | 'pricingPerKm'>): string {
  if (q.flatRate !== null) return formatRupees(q.flatRate);
  if (q.pricingPerKm !== null) return `≈ ${formatRupees(q.pricingPerKm)}/km`;
  return NA;
}

/** Quotations an order may be placed on: Approved ones only, as 'QTN… — Customer'. */
export const approvedQuotationReference: ReferenceSpec = {
  area: quotationsArea.key,
  filters: { status: 'Approved' },
  fetchError: 'Could not fetch quotations.',
};

const fields = formFields(quotationsArea, { leadId: leadReference }).map((f) => {
  // A chosen lead names the customer; clearing it clears the name of a new quotation only.
  if (f.name === 'leadId')
    return {
      ...f,
      fills: (picked: Record<string, unknown> | null, _values: unknown, adding: boolean) =>
        picked ? { customerName: String(picked.companyName ?? '') } : adding ? { customerName: '' } : {},
    };
  // When editing, a quotation without tax reads as 0% (spec 002 §9).
  if (f.name === 'tax') return { ...f, min: 0, max: 100, whenBlank: '0' };
  if (f.name === 'discount') return { ...f, min: 0, max: 100 };
  if (f.kind === 'files') return { ...f, uploadFailureTitle: 'Attachment Upload Failed' };
  return f;
});

export const quotationsConfig: AreaPageConfig<Quotation> = {
  area: quotationsArea,
  client: areaClient<Quotation, QuotationInput>(quotationsArea.key),
  title: 'Quotation Management',
  addLabel: 'Create Quotation',
  searchPlaceholder: 'Search by customer or quote ID...',
  filters: [{ param: 'status', label: 'Status', allLabel: 'All Statuses', options: QUOTATION_STATUSES }],
  columns: [
    { id: 'id', header: 'Quote ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(quotationsArea, 'customerName', { header: 'Customer', cell: ({ row }) => <span className="font-medium">{row.original.customerName}</span> }),
    column(quotationsArea, 'validUntil'),
    column(quotationsArea, 'flatRate', {
      header: 'Amount (Est. ₹)',
      cell: ({ row }) => <span className="whitespace-nowrap">{estimatedAmount(row.original)}</span>,
    }),
    column(quotationsArea, 'status', { cell: ({ row }) => <SalesStatusBadge value={row.original.status} /> }),
  ],
  rowActions: (q) => <FilesAction files={q.attachmentsFiles} label={`Open attachments of ${q.id}`} icon={<Paperclip />} />,
  texts: { loading: 'Loading quotations...', empty: 'No quotations found', fetchError: 'Could not fetch quotations.' },
  form: { texts: { addTitle: 'Create New Quotation', editTitle: 'Edit Quotation', addButton: 'Save Quotation', editButton: 'Save Changes' }, fields },
  toasts: {
    saved: (q, added) => ({
      title: added ? 'Quotation Created!' : 'Quotation Updated!',
      description: `Quotation ${q.id} for ${q.customerName} has been ${added ? 'created' : 'updated'}.`,
    }),
    deleted: (q) => ({ title: 'Quotation Deleted', description: `Quotation ${q.id} for ${q.customerName} has been removed.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (q) => `Are you sure you want to delete quotation ${q.id} for ${q.customerName}? This action cannot be undone.`,
    confirmLabel: 'Delete Quotation',
  },
};
