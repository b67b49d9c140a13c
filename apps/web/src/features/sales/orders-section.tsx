import { ORDER_STATUSES, ordersArea, quotationFinalAmount, type OrderInput, type SalesOrder } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import type { AreaPageConfig } from '../../components/area/area-page';
import { IdCell } from '../../components/area/cells';
import { column, formFields } from '../../components/area/declared';
import { formatRupees } from '../../lib/format';
import { vehicleReference } from '../references';
import { approvedQuotationReference } from './quotations-section';
import { SalesStatusBadge } from './sales-status';

const amountOf = (value: unknown) => (typeof value === 'number' ? value : null);

const fields = formFields(ordersArea, {
  quotationId: approvedQuotationReference,
  assignedVehicles: { ...vehicleReference, fetchError: 'Could not fetch vehicles for sales orders.' },
}).map((f) => {
  // A chosen quotation gives the customer and the final amount (blank when it has no flat rate).
  if (f.name === 'quotationId')
    return {
      ...f,
      fills: (picked: Record<string, unknown> | null) => {
        if (!picked) return {};
        const amount = quotationFinalAmount({ flatRate: amountOf(picked.flatRate), tax: amountOf(picked.tax), discount: amountOf(picked.discount) });
        return { customerName: String(picked.customerName ?? ''), finalAmount: amount === null ? '' : amount.toFixed(2) };
      },
    };
  // The customer of an order placed on a quotation is the quotation's.
  if (f.name === 'customerName') return { ...f, lockedFor: (record: Record<string, unknown>) => Boolean(record.quotationId) };
  return f;
});

export const ordersConfig: AreaPageConfig<SalesOrder> = {
  area: ordersArea,
  client: areaClient<SalesOrder, OrderInput>(ordersArea.key),
  title: 'Sales Order Management',
  addLabel: 'Create Sales Order',
  searchPlaceholder: 'Search by customer or order ID...',
  filters: [{ param: 'status', label: 'Order Status', allLabel: 'All Statuses', options: ORDER_STATUSES }],
  columns: [
    { id: 'id', header: 'Order ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(ordersArea, 'customerName', { header: 'Customer', cell: ({ row }) => <span className="font-medium">{row.original.customerName}</span> }),
    column(ordersArea, 'date'),
    column(ordersArea, 'finalAmount', { cell: ({ row }) => <span className="whitespace-nowrap font-medium">{formatRupees(row.original.finalAmount)}</span> }),
    column(ordersArea, 'paymentStatus', { cell: ({ row }) => <SalesStatusBadge value={row.original.paymentStatus} /> }),
    column(ordersArea, 'status', { cell: ({ row }) => <SalesStatusBadge value={row.original.status} /> }),
  ],
  texts: { loading: 'Loading sales orders...', empty: 'No sales orders found', fetchError: 'Could not fetch sales orders.' },
  form: { texts: { addTitle: 'Create New Sales Order', editTitle: 'Edit Sales Order', addButton: 'Save Order', editButton: 'Save Changes' }, fields },
  toasts: {
    saved: (o, added) => ({
      title: added ? 'Sales Order Created!' : 'Sales Order Updated!',
      description: `Order ${o.id} for ${o.customerName} (${formatRupees(o.finalAmount)}) has been ${added ? 'created' : 'updated'}.`,
    }),
    deleted: (o) => ({ title: 'Sales Order Deleted', description: `Order ${o.id} for ${o.customerName} has been removed.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (o) =>
      `Are you sure you want to delete sales order ${o.id} for ${o.customerName} (${formatRupees(o.finalAmount)})? This action cannot be undone.`,
    confirmLabel: 'Delete Order',
  },
};
