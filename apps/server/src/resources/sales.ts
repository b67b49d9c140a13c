import { sql } from 'drizzle-orm';
import { leadsArea, ordersArea, quotationsArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';

const salesLeads = declaredTable('sales_leads', leadsArea.fields, 'generated');
const salesQuotations = declaredTable('sales_quotations', quotationsArea.fields, 'generated');
const salesOrders = declaredTable('sales_orders', ordersArea.fields, 'generated');

// A quotation names its lead by company; an order names its quotation as 'QTN… — Customer'.
export const leadsResource = declaredResource(leadsArea, salesLeads, { idHeader: 'Lead ID', label: (c) => sql`${c.companyName}` });
export const quotationsResource = declaredResource(quotationsArea, salesQuotations, {
  idHeader: 'Quote ID',
  label: (c) => sql`${c.id} || ' — ' || ${c.customerName}`,
});
// A trip names its sales order as 'SO… — Customer' (issue 19).
export const ordersResource = declaredResource(ordersArea, salesOrders, { idHeader: 'Order ID', label: (c) => sql`${c.id} || ' — ' || ${c.customerName}` });
