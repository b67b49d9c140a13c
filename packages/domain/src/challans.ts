import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';
import { todayIn } from './derived';
import { todayIso } from './fields';

export const OFFENSE_TYPES = [
  'Speeding',
  'Illegal Parking',
  'Red Light Violation',
  'Overloading',
  'No Entry',
  'Wrong Lane',
  'Documentation Issue',
  'Other',
] as const;
export const CHALLAN_STATUSES = ['Pending Payment', 'Paid', 'Disputed', 'Overdue', 'Cancelled'] as const;

/**
 * The latest date that is today somewhere (UTC+14): a payment made today in the user's zone is never in
 * the future by it, wherever the form or the server runs.
 */
const latestToday = () => todayIn('Etc/GMT-14');

export const challansArea = declareArea({
  key: 'challans',
  singular: 'challan',
  plural: 'challans',
  idFormat: { prefix: 'CHLN', timeDigits: 5, randomChars: 3 },
  fields: {
    date: field.date({ label: 'Date', required: true, default: todayIso, sort: true, filter: 'range' }),
    vehicleId: field.reference('vehicles', { label: 'Vehicle', required: true }),
    driverId: field.reference('drivers', { label: 'Driver' }),
    // Not in the specification's form (issue 19): the trip it was spent on, pre-filled with the vehicle's trip at the time.
    tripId: field.reference('trips', { label: 'Trip', added: true, keptWith: ['vehicleId'] }),
    // The filter offers the offense types present in the data (spec 002 §2.3); any listed type is accepted.
    offenseType: field.choice(OFFENSE_TYPES, { label: 'Offense Type', required: true, default: 'Speeding', sort: true, filter: 'present' }),
    amount: field.money({ label: 'Amount (₹)', required: true, sort: true, placeholder: 'e.g. 2000' }),
    scannedCopy: field.file({ label: 'Scanned Copy' }),
    status: field.choice(CHALLAN_STATUSES, { label: 'Status', default: 'Pending Payment', sort: true, filter: true }),
    paidDate: field.date({ label: 'Paid Date' }),
    notes: field.text({ label: 'Notes', multiline: true, wide: true, placeholder: 'e.g. e-challan by Pune traffic police, camera at Katraj chowk' }),
  },
  required: { title: 'Missing Fields', message: 'Date, Vehicle ID, Offense Type, and Amount are required.' },
  rules: [
    (v) => (v.amount !== null && v.amount <= 0 ? { title: 'Invalid Amount', message: 'Amount must be greater than zero.', fields: ['amount'] } : null),
    (v) =>
      v.paidDate && v.date && v.paidDate < v.date
        ? { title: 'Invalid Dates', message: 'Paid Date cannot be before the challan Date.', fields: ['paidDate', 'date'] }
        : null,
    (v) => (v.paidDate && v.paidDate > latestToday() ? { title: 'Invalid Dates', message: 'Paid Date cannot be in the future.', fields: ['paidDate'] } : null),
  ],
  // A payment date belongs only to a paid challan: stored blank for every other status.
  shownWhen: { paidDate: (v) => v.status === 'Paid' },
});

export type ChallanInput = InputOf<typeof challansArea.fields>;
/** A challan as listed: with its vehicle's label and plate, its driver's label and name, and its scanned copy's name. */
export type Challan = Stored<ChallanInput> & {
  vehicleLabel: string | null;
  vehiclePlate: string | null;
  driverLabel: string | null;
  tripLabel: string | null;
  driverName: string | null;
  scannedCopyName: string | null;
};
