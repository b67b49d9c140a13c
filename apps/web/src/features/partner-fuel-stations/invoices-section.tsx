import { fuelStationInvoicesArea, type FuelStationInvoice, type FuelStationInvoiceInput } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import type { AreaPageConfig } from '../../components/area/area-page';
import { IdCell, StatusBadge } from '../../components/area/cells';
import { column, formFields } from '../../components/area/declared';
import type { BadgeTone } from '../../components/ui/badge';
import { formatDate, formatRupees } from '../../lib/format';
import { stationReference } from '../references';

const PAYMENT_TONES: Record<string, BadgeTone> = { Pending: 'yellow', Paid: 'green', 'Partially Paid': 'blue', Disputed: 'orange', Cancelled: 'gray' };

export const invoicesSection: AreaPageConfig<FuelStationInvoice> = {
  area: fuelStationInvoicesArea,
  client: areaClient<FuelStationInvoice, FuelStationInvoiceInput>(fuelStationInvoicesArea.key),
  title: 'Invoices & Settlements',
  addLabel: 'Add Invoice',
  searchPlaceholder: 'Search by station name or payment status...',
  filters: [],
  columns: [
    { id: 'id', header: 'Invoice ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(fuelStationInvoicesArea, 'stationId', { header: 'Station', cell: ({ row }) => row.original.stationLabel ?? row.original.stationId }),
    column(fuelStationInvoicesArea, 'amount', {
      header: 'Amount',
      cell: ({ row }) => <span className="whitespace-nowrap font-medium">{formatRupees(row.original.amount)}</span>,
    }),
    column(fuelStationInvoicesArea, 'dateRangeStart', {
      header: 'Date Range',
      meta: { keepWhole: true },
      cell: ({ row }) => <span className="whitespace-nowrap">{`${formatDate(row.original.dateRangeStart)} – ${formatDate(row.original.dateRangeEnd)}`}</span>,
    }),
    column(fuelStationInvoicesArea, 'paymentStatus', {
      header: 'Status',
      meta: { keepWhole: true },
      cell: ({ row }) => <StatusBadge value={row.original.paymentStatus} tones={PAYMENT_TONES} />,
    }),
    column(fuelStationInvoicesArea, 'generatedOn', { header: 'Generated' }),
  ],
  texts: {
    loading: 'Loading invoices...',
    empty: 'No invoices found',
    emptyHint: "Click 'Add Invoice' to record a station's invoice.",
    fetchError: 'Could not fetch invoices.',
    fetchErrorTitle: 'Error fetching invoices',
  },
  form: {
    texts: { addTitle: 'Add Invoice', editTitle: 'Edit Invoice', addButton: 'Add Invoice', editButton: 'Save Changes', saveFailedTitle: 'Save invoice failed' },
    fields: formFields(fuelStationInvoicesArea, { stationId: stationReference }),
  },
  toasts: {
    saved: (i, added) => ({
      title: added ? 'Invoice Added!' : 'Invoice Updated!',
      description: `Invoice ${i.id} of ${formatRupees(i.amount)} for ${i.stationLabel ?? i.stationId} has been ${added ? 'added' : 'updated'}.`,
    }),
    deleted: (i) => ({ title: 'Invoice Deleted', description: `Invoice ${i.id} has been removed.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (i) =>
      `Are you sure you want to delete the invoice ${i.id} of ${formatRupees(i.amount)} for ${i.stationLabel ?? i.stationId}? This action cannot be undone.`,
    confirmLabel: 'Delete Invoice',
  },
};
