import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';
import { todayIso } from './fields';

export const DRIVER_STATUSES = ['Active', 'On Leave', 'Inactive', 'Pending Docs'] as const;

export const driversArea = declareArea({
  key: 'drivers',
  singular: 'driver',
  plural: 'drivers',
  idFormat: { prefix: 'DRV', timeDigits: 4, randomChars: 2 },
  fields: {
    name: field.text({ label: 'Name', required: true, max: 120, sort: true, placeholder: 'e.g. Ramesh Kumar' }),
    license: field.text({ label: 'License No.', required: true, max: 40, sort: true, placeholder: 'e.g. MH1220190012345' }),
    contact: field.phone({ label: 'Contact', required: true, placeholder: 'e.g. +91 98765 43210' }),
    email: field.email({ label: 'Email', required: true, placeholder: 'e.g. ramesh@example.in' }),
    status: field.choice(DRIVER_STATUSES, { label: 'Status', default: 'Active', sort: true, filter: true }),
    joiningDate: field.date({ label: 'Joining Date', default: todayIso, sort: true }),
    address: field.text({ label: 'Address', max: 500, multiline: true }),
    aadharCardFile: field.file({ label: 'Aadhar Card', wide: true }),
  },
  // The dashboard's "+N new": drivers who joined this calendar month.
  derived: { joined: { cases: [{ value: 'This Month', when: { thisMonth: 'joiningDate' } }], otherwise: 'Earlier', filterValues: ['This Month', 'Earlier'] } },
  required: { title: 'Missing Fields', message: 'Please fill in all required fields (Name, License, Contact, Email).' },
});

export type DriverInput = InputOf<typeof driversArea.fields>;
export type Driver = Stored<DriverInput>;

/** How other areas show a driver: 'name (id)', falling back to the raw id. */
export function driverLabel(d: { id: string; name?: string | null } | null | undefined, rawId?: string): string {
  if (!d) return rawId ?? '';
  return d.name ? `${d.name} (${d.id})` : d.id;
}
