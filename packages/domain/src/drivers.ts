import { z } from 'zod';
import { defineArea, type Stored } from './area';
import { fileRef, isEmailAddress, isoDate, text, todayIso } from './fields';
import { requireFields, type Rule } from './rules';

export const DRIVER_STATUSES = ['Active', 'On Leave', 'Inactive', 'Pending Docs'] as const;

export const driverInput = z.strictObject({
  name: text(120),
  license: text(40),
  contact: text(30),
  email: text(200).refine((v) => v === '' || isEmailAddress(v), 'must be an email address such as name@example.in'),
  status: z.enum(DRIVER_STATUSES),
  address: text(500),
  joiningDate: isoDate.nullable(),
  aadharCardFile: fileRef,
});
export type DriverInput = z.infer<typeof driverInput>;
export type Driver = Stored<DriverInput>;

export const driverRules: Rule<DriverInput>[] = [
  requireFields<DriverInput>(['name', 'license', 'contact', 'email'], {
    title: 'Missing Fields',
    message: 'Please fill in all required fields (Name, License, Contact, Email).',
  }),
];

export const driversArea = defineArea<DriverInput>({
  key: 'drivers',
  singular: 'driver',
  plural: 'drivers',
  idFormat: { prefix: 'DRV', timeDigits: 4, randomChars: 2 },
  input: driverInput,
  fieldLabels: {
    name: 'Name',
    license: 'License No.',
    contact: 'Contact',
    email: 'Email',
    status: 'Status',
    address: 'Address',
    joiningDate: 'Joining Date',
    aadharCardFile: 'Aadhar Card',
  },
  rules: driverRules,
  defaults: () => ({ name: '', license: '', contact: '', email: '', status: 'Active', address: '', joiningDate: todayIso(), aadharCardFile: null }),
  filters: { status: DRIVER_STATUSES },
  sorts: ['createdAt', 'id', 'name', 'license', 'joiningDate', 'status'],
  defaultSort: { sort: 'createdAt', order: 'desc' },
});

/** How other areas show a driver: 'name (id)', falling back to the raw id. */
export function driverLabel(d: { id: string; name?: string | null } | null | undefined, rawId?: string): string {
  if (!d) return rawId ?? '';
  return d.name ? `${d.name} (${d.id})` : d.id;
}
