import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';
import { todayIn } from './derived';
import { todayIso } from './fields';
import { roundRupees } from './money';

export const INVOICE_PAYMENT_STATUSES = ['Pending', 'Paid', 'Partially Paid', 'Disputed', 'Cancelled'] as const;
/** Paid On, the paid amount and the balance belong only to an invoice paid in full or in part. */
const paidSome = (v: { paymentStatus: string }) => v.paymentStatus === 'Paid' || v.paymentStatus === 'Partially Paid';

export const fuelStationInvoicesArea = declareArea({
  key: 'fuel-station-invoices',
  singular: 'invoice',
  plural: 'invoices',
  idFormat: { prefix: 'FSINV', timeDigits: 5, randomChars: 3 },
  fields: {
    stationId: field.reference('partner-fuel-stations', { label: 'Station', required: true }),
    amount: field.money({ label: 'Amount (₹)', required: true, sort: true }),
    dateRangeStart: field.date({ label: 'Date Range Start', required: true, sort: true }),
    dateRangeEnd: field.date({ label: 'Date Range End', required: true }),
    paymentStatus: field.choice(INVOICE_PAYMENT_STATUSES, { label: 'Payment Status', default: 'Pending', sort: true }),
    generatedOn: field.date({ label: 'Generated On', default: todayIso, sort: true, filter: 'range' }),
    paidOn: field.date({ label: 'Paid On' }),
    paidAmount: field.money({ label: 'Paid Amount (₹)' }),
    balanceAmount: field.money({ label: 'Balance Amount (₹)' }),
    approvedBy: field.text({ label: 'Approved By', max: 150, placeholder: 'e.g. Meera Iyer (Accounts)' }),
    notes: field.text({ label: 'Notes', multiline: true, wide: true, max: 1000 }),
  },
  required: { title: 'Missing Fields', message: 'Station, Amount, and Date Range are required.' },
  rules: [
    (v) => (v.amount !== null && v.amount <= 0 ? { title: 'Invalid Amount', message: 'Amount must be greater than zero.', fields: ['amount'] } : null),
    (v) =>
      v.dateRangeStart && v.dateRangeEnd && v.dateRangeStart > v.dateRangeEnd
        ? { title: 'Invalid Date Range', message: 'Start date cannot be after end date.', fields: ['dateRangeStart', 'dateRangeEnd'] }
        : null,
    (v) =>
      v.paymentStatus === 'Partially Paid' && !(v.paidAmount !== null && v.paidAmount > 0 && v.amount !== null && v.paidAmount < v.amount)
        ? {
            title: 'Invalid Paid Amount',
            message: "Paid Amount must be less than Total Amount for 'Partially Paid'. Use 'Paid' status instead.",
            fields: ['paidAmount'],
          }
        : null,
  ],
  shownWhen: { paidOn: paidSome, paidAmount: paidSome, balanceAmount: paidSome },
  // Paid: the whole amount, nothing left. Partially Paid: what is left of the amount (the paid amount is the user's).
  computed: {
    paidAmount: (v) => (v.paymentStatus === 'Paid' ? v.amount : undefined),
    balanceAmount: (v) =>
      v.paymentStatus === 'Paid' ? (v.amount === null ? null : 0) : v.amount !== null && v.paidAmount !== null ? roundRupees(v.amount - v.paidAmount) : null,
  },
  // An invoice marked Paid without a date was paid today: the operator's today (India), the same in the form
  // and on the server whatever zone the server runs in.
  normalize: (v) => (v.paymentStatus === 'Paid' && !v.paidOn ? { ...v, paidOn: todayIn('Asia/Kolkata') } : v),
  defaultSort: { sort: 'generatedOn', order: 'desc' },
});

export type FuelStationInvoiceInput = InputOf<typeof fuelStationInvoicesArea.fields>;
export type FuelStationInvoice = Stored<FuelStationInvoiceInput> & { stationLabel: string | null };
