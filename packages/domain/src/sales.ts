import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';
import { todayIso } from './fields';
import { roundRupees } from './money';

export const LEAD_STATUSES = ['New', 'Contacted', 'Qualified', 'Proposal Sent', 'Negotiation', 'Won', 'Lost', 'On Hold'] as const;
export const LEAD_SOURCES = ['Website', 'Referral', 'Cold Call', 'Trade Show', 'Advertisement', 'Other'] as const;
export const QUOTATION_STATUSES = ['Draft', 'Sent', 'Approved', 'Rejected', 'Expired'] as const;
export const ORDER_STATUSES = ['New', 'Processing', 'Dispatched', 'Delivered', 'Cancelled'] as const;
export const PAYMENT_STATUSES = ['Pending', 'Paid', 'Partially Paid', 'Overdue'] as const;

/** The badge colour of every lead, quotation, order and payment status (spec 002 §4), one map for the three lists. */
export const SALES_STATUS_COLOURS = {
  New: 'blue',
  Draft: 'blue',
  Contacted: 'cyan',
  Sent: 'cyan',
  Processing: 'cyan',
  Qualified: 'teal',
  'Proposal Sent': 'emerald',
  Approved: 'emerald',
  Dispatched: 'emerald',
  Negotiation: 'lime',
  Won: 'green',
  Paid: 'green',
  Delivered: 'green',
  Lost: 'red',
  Rejected: 'red',
  Cancelled: 'red',
  'On Hold': 'yellow',
  Expired: 'yellow',
  'Partially Paid': 'yellow',
  Overdue: 'yellow',
  // The specification gives Pending (payment) no colour: neutral grey.
  Pending: 'gray',
} as const satisfies Record<string, 'blue' | 'cyan' | 'teal' | 'emerald' | 'lime' | 'green' | 'red' | 'yellow' | 'gray'>;

export const leadsArea = declareArea({
  key: 'sales-leads',
  singular: 'lead',
  plural: 'leads',
  idFormat: { prefix: 'LEAD', timeDigits: 5, randomChars: 3 },
  fields: {
    companyName: field.text({ label: 'Company Name', required: true, max: 200, sort: true, placeholder: 'e.g. Tata Steel Ltd.' }),
    contactPerson: field.text({ label: 'Contact Person', required: true, max: 120, sort: true, placeholder: 'e.g. Anil Deshmukh' }),
    contactInfo: field.text({ label: 'Contact Info', required: true, max: 200, placeholder: 'Phone or email, e.g. +91 98200 12345' }),
    leadSource: field.choice(LEAD_SOURCES, { label: 'Lead Source', default: 'Website', sort: true }),
    // Anyone may be assigned; the filter offers the assignees present in the data.
    assignedTo: field.text({ label: 'Assigned To', max: 120, sort: true, filter: true, placeholder: 'e.g. Priya Sharma' }),
    status: field.choice(LEAD_STATUSES, { label: 'Status', default: 'New', sort: true, filter: true }),
    industry: field.text({ label: 'Industry', max: 120, placeholder: 'e.g. Steel, FMCG, Retail' }),
    region: field.text({ label: 'Region', max: 120, placeholder: 'e.g. West (Maharashtra)' }),
    notes: field.text({ label: 'Notes', multiline: true, wide: true }),
  },
  required: { title: 'Missing Fields', message: 'Company Name, Contact Person, and Contact Info are required.' },
});

export type LeadInput = InputOf<typeof leadsArea.fields>;
export type Lead = Stored<LeadInput>;

/** A quotation is valid for 30 days from today unless changed (spec 002 §9). */
const QUOTATION_VALID_DAYS = 30;
const inDays = (days: number) => todayIso(new Date(Date.now() + days * 86_400_000));
const PRICING_REQUIRED = {
  title: 'Missing Fields',
  message: 'Customer Name, Valid Until, and at least one pricing field (Per KM or Flat Rate) are required.',
};
const percentRule = (name: 'tax' | 'discount', label: string) => (v: { tax: number | null; discount: number | null }) => {
  const value = v[name];
  return value !== null && (value < 0 || value > 100) ? { title: 'Invalid Percentage', message: `${label} must be between 0 and 100%.`, fields: [name] } : null;
};

export const quotationsArea = declareArea({
  key: 'sales-quotations',
  singular: 'quotation',
  plural: 'quotations',
  idFormat: { prefix: 'QTN', timeDigits: 5, randomChars: 3 },
  fields: {
    leadId: field.reference('sales-leads', { label: 'Lead' }),
    customerName: field.text({ label: 'Customer Name', required: true, max: 200, sort: true, placeholder: 'e.g. Asian Paints Ltd.' }),
    vehicleType: field.text({ label: 'Vehicle Type', max: 100, default: 'Standard Truck', placeholder: 'e.g. 32 ft Container, Reefer' }),
    routeOrRegion: field.text({ label: 'Route / Region', max: 200, placeholder: 'e.g. Pune → Chennai' }),
    pricingPerKm: field.money({ label: 'Pricing per KM (₹)' }),
    flatRate: field.money({ label: 'Flat Rate (₹)', sort: true }),
    tax: field.number({ label: 'Tax (%)', step: 0.1, default: 5 }),
    discount: field.number({ label: 'Discount (%)', step: 0.1, default: 0 }),
    validUntil: field.date({ label: 'Valid Until', required: true, default: () => inDays(QUOTATION_VALID_DAYS), sort: true }),
    attachments: field.files({ label: 'Attachments' }),
    termsAndConditions: field.text({ label: 'Terms & Conditions', multiline: true, default: 'Standard terms apply' }),
    status: field.choice(QUOTATION_STATUSES, { label: 'Status', default: 'Draft', sort: true, filter: true }),
  },
  required: PRICING_REQUIRED,
  rules: [
    (v) => (v.pricingPerKm === null && v.flatRate === null ? { ...PRICING_REQUIRED, fields: ['pricingPerKm', 'flatRate'] } : null),
    (v) =>
      (v.pricingPerKm !== null && v.pricingPerKm < 0) || (v.flatRate !== null && v.flatRate < 0)
        ? { title: 'Invalid Amount', message: 'Pricing per KM and Flat Rate cannot be negative.', fields: ['pricingPerKm', 'flatRate'] }
        : null,
    percentRule('tax', 'Tax'),
    percentRule('discount', 'Discount'),
  ],
});

export type QuotationInput = InputOf<typeof quotationsArea.fields>;
export type Quotation = Stored<QuotationInput> & { leadLabel: string | null; attachmentsFiles: { id: string; name: string }[] };

/**
 * The final amount of an order placed on a quotation: flat rate + tax% of it − discount% of it, to the
 * paisa; null (left blank) when there is no flat rate or the result is 0 or less (a per-km price only).
 */
export function quotationFinalAmount(quotation: { flatRate: number | null; tax: number | null; discount: number | null }): number | null {
  const flat = quotation.flatRate;
  if (flat === null) return null;
  const amount = roundRupees(flat + (flat * (quotation.tax ?? 0)) / 100 - (flat * (quotation.discount ?? 0)) / 100);
  return amount > 0 ? amount : null;
}

const PARTIALLY_PAID = 'Partially Paid';
const paymentRecorded = (v: { paymentStatus: string }) => v.paymentStatus === 'Paid' || v.paymentStatus === PARTIALLY_PAID;

export const ordersArea = declareArea({
  key: 'sales-orders',
  singular: 'sales order',
  plural: 'sales orders',
  idFormat: { prefix: 'SO', timeDigits: 5, randomChars: 3 },
  fields: {
    // Only Approved quotations may be linked (an order keeps its quotation if that changes status later).
    quotationId: field.reference('sales-quotations', { label: 'Quotation', linkableWhen: { status: 'Approved' } }),
    customerName: field.text({ label: 'Customer Name', required: true, max: 200, sort: true, placeholder: 'e.g. Reliance Retail Ltd.' }),
    date: field.date({ label: 'Date', required: true, default: todayIso, sort: true }),
    finalAmount: field.money({ label: 'Final Amount', required: true, sort: true }),
    paymentStatus: field.choice(PAYMENT_STATUSES, { label: 'Payment Status', default: 'Pending', sort: true }),
    paidAmount: field.money({ label: 'Paid Amount' }),
    balanceAmount: field.money({ label: 'Balance' }),
    deliveryTerms: field.text({ label: 'Delivery Terms', max: 200, default: 'FOB Origin', placeholder: 'e.g. FOB Origin, Door Delivery' }),
    assignedVehicles: field.references('vehicles', { label: 'Assigned Vehicles' }),
    routeDetails: field.text({ label: 'Route Details', multiline: true, max: 1000, placeholder: 'e.g. Pune → Chennai via NH 48, unloading at Sriperumbudur' }),
    status: field.choice(ORDER_STATUSES, { label: 'Order Status', default: 'New', sort: true, filter: true }),
  },
  required: { title: 'Missing Fields', message: 'Customer Name, Date, and Final Amount are required.' },
  rules: [
    (v) =>
      v.finalAmount !== null && v.finalAmount <= 0
        ? { title: 'Invalid Amount', message: 'Final Amount must be greater than zero.', fields: ['finalAmount'] }
        : null,
    (v) =>
      v.paymentStatus === PARTIALLY_PAID && !(v.paidAmount !== null && v.paidAmount > 0)
        ? { title: 'Invalid Amount', message: 'Paid Amount must be greater than zero for partially paid status.', fields: ['paidAmount'] }
        : null,
    (v) =>
      v.paymentStatus === PARTIALLY_PAID && v.paidAmount !== null && v.finalAmount !== null && v.paidAmount >= v.finalAmount
        ? {
            title: 'Invalid Amount',
            message: "Paid Amount cannot be equal or greater than Final Amount for 'Partially Paid'. Use 'Paid' status instead.",
            fields: ['paidAmount'],
          }
        : null,
  ],
  // Paid and balance belong to an order paid in full or in part; otherwise they are cleared.
  shownWhen: { paidAmount: paymentRecorded, balanceAmount: paymentRecorded },
  computed: {
    // Paid in full: all of it. Partly paid: what the user enters.
    paidAmount: (v) => (v.paymentStatus === 'Paid' ? v.finalAmount : undefined),
    // What remains, never below 0.00; nothing remains of an order paid in full.
    balanceAmount: (v) => {
      if (v.paymentStatus === 'Paid') return 0;
      return v.finalAmount === null ? null : Math.max(0, roundRupees(v.finalAmount - (v.paidAmount ?? 0)));
    },
  },
});

export type OrderInput = InputOf<typeof ordersArea.fields>;
export type SalesOrder = Stored<OrderInput> & { quotationLabel: string | null; assignedVehiclesLabels: { id: string; label: string }[] };
