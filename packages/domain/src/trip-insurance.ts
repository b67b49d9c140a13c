import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';

export const INSURANCE_TYPES = ['Cargo', 'Vehicle', 'Driver Accident', 'Goods in Transit', 'Liability'] as const;
export const INSURANCE_STATUSES = ['Pending', 'Active', 'Expired', 'Claim Filed', 'Cancelled'] as const;
/** The status filter's options, in the specification's order: the displayed status. */
export const INSURANCE_STATUS_FILTER = ['Active', 'Pending', 'Expired', 'Claim Filed', 'Cancelled'] as const;

export const insuranceArea = declareArea({
  key: 'trip-insurance',
  singular: 'insurance policy',
  plural: 'insurance policies',
  idFormat: { prefix: 'INS', timeDigits: 5, randomChars: 3 },
  fields: {
    tripId: field.reference('trips', { label: 'Trip', required: true }),
    insuranceType: field.choice(INSURANCE_TYPES, { label: 'Insurance Type', required: true, default: 'Cargo', sort: true, filter: true }),
    policyNumber: field.text({ label: 'Policy Number', required: true, max: 100, sort: true, placeholder: 'e.g. 2311/CG/000123' }),
    providerName: field.text({ label: 'Provider', required: true, max: 150, sort: true, placeholder: 'e.g. ICICI Lombard' }),
    startDate: field.date({ label: 'Start Date', required: true, sort: true }),
    endDate: field.date({ label: 'End Date', required: true, sort: true }),
    status: field.choice(INSURANCE_STATUSES, { label: 'Status', default: 'Pending', sort: true }),
    claimId: field.text({ label: 'Claim ID', max: 100, placeholder: 'e.g. CLM-2026-0042' }),
    documentFile: field.file({ label: 'Policy Document' }),
    notes: field.text({ label: 'Notes', multiline: true, wide: true }),
  },
  required: { title: 'Missing Fields', message: 'Trip ID, Type, Policy #, Provider, Start Date, and End Date are required.' },
  rules: [
    (v) =>
      v.startDate && v.endDate && v.startDate > v.endDate
        ? { title: 'Invalid Dates', message: 'Start Date cannot be after End Date.', fields: ['startDate', 'endDate'] }
        : null,
  ],
  // A claim number belongs only to a policy a claim was filed on.
  shownWhen: { claimId: (v) => v.status === 'Claim Filed' },
  derived: {
    // Shown (and filtered) as Expired once the end date has passed, unless a claim was filed or the policy cancelled.
    status: {
      cases: [
        {
          value: 'Expired',
          when: {
            any: [{ in: 'status', values: ['Expired'] }, { all: [{ before: 'endDate' }, { not: { in: 'status', values: ['Claim Filed', 'Cancelled'] } }] }],
          },
        },
      ],
      otherwise: { field: 'status' },
      filterValues: INSURANCE_STATUS_FILTER,
    },
  },
});

export type InsuranceInput = InputOf<typeof insuranceArea.fields>;
/** A policy as listed: with its trip's label and its document's name. */
export type InsurancePolicy = Stored<InsuranceInput> & { tripLabel: string | null; documentFileName: string | null };
