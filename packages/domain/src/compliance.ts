import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';

export const DOCUMENT_TYPES = [
  'Vehicle Registration',
  'Insurance Policy',
  'Operating Permit',
  'Driver License',
  'e-Way Bill',
  'Safety Certificate',
  'Aadhar Card',
  'Other',
  // Every goods vehicle in India must carry both (issue 16); added after the specification's eight.
  'Pollution Under Control (PUC) Certificate',
  'Fitness Certificate',
] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The areas a document's Entity ID may name: a vehicle, a driver or a trip (an e-Way Bill is a trip's). */
export const DOCUMENT_ENTITY_AREAS = ['vehicles', 'drivers', 'trips'] as const;

/** Whose document a type usually is (the form offers that kind first; the demo data follows it); null: the company's. */
export const DOCUMENT_TYPE_ENTITY: Readonly<Record<DocumentType, (typeof DOCUMENT_ENTITY_AREAS)[number] | null>> = {
  'Vehicle Registration': 'vehicles',
  'Insurance Policy': 'vehicles',
  'Operating Permit': 'vehicles',
  'Driver License': 'drivers',
  'e-Way Bill': 'trips',
  'Safety Certificate': 'vehicles',
  'Aadhar Card': 'drivers',
  Other: null,
  'Pollution Under Control (PUC) Certificate': 'vehicles',
  'Fitness Certificate': 'vehicles',
};

/** Documents expiring within this many days from today (today included) are shown as Expires Soon. */
const EXPIRY_WINDOW_DAYS = 30;

export const complianceArea = declareArea({
  key: 'compliance',
  singular: 'document',
  plural: 'documents',
  idFormat: { prefix: 'DOC', timeDigits: 4, randomChars: 2 },
  fields: {
    documentName: field.text({ label: 'Doc Name', required: true, sort: true, placeholder: 'e.g. RC – MH12AB1234' }),
    documentType: field.choice(DOCUMENT_TYPES, { label: 'Doc Type', required: true, default: 'Vehicle Registration', sort: true, filter: true }),
    entityId: field.entity(DOCUMENT_ENTITY_AREAS, { label: 'Entity ID', max: 64, sort: true }),
    documentNumber: field.text({ label: 'Doc Number', max: 100, placeholder: 'e.g. MH12 20230012345' }),
    issuer: field.text({ label: 'Issuer', sort: true, placeholder: 'e.g. RTO Pune' }),
    issueDate: field.date({ label: 'Issue Date' }),
    expiryDate: field.date({ label: 'Expiry Date', required: true, sort: true, filter: 'range' }),
    notes: field.text({ label: 'Notes', multiline: true }),
    documentFile: field.file({ label: 'Attach File (PDF/Image)', wide: true }),
  },
  required: { title: 'Missing Fields', message: 'Document Name, Type, and Expiry Date are required.' },
  rules: [
    (v) =>
      v.issueDate && v.expiryDate && v.issueDate > v.expiryDate
        ? { title: 'Invalid Dates', message: 'Issue Date cannot be after Expiry Date.', fields: ['issueDate', 'expiryDate'] }
        : null,
  ],
  defaultSort: { sort: 'createdAt', order: 'desc' },
  // Within Expires Soon or Expired, the soonest expiry first: what needs renewing next.
  sortWhenFiltered: { expiry: { sort: 'expiryDate', order: 'asc' } },
  derived: {
    expiry: {
      cases: [
        { value: 'No Expiry', when: { blank: 'expiryDate' } },
        { value: 'Expired', when: { before: 'expiryDate' } },
        { value: 'Expires Soon', when: { within: 'expiryDate', days: EXPIRY_WINDOW_DAYS } },
      ],
      otherwise: 'Valid',
      filterValues: ['Expires Soon', 'Expired'],
    },
  },
});

export type ComplianceInput = InputOf<typeof complianceArea.fields>;
export type ComplianceDocument = Stored<ComplianceInput> & {
  documentFileName: string | null;
  /** Which area the Entity ID names, its label as the list shows it and in full; null when it names none. */
  entityArea: (typeof DOCUMENT_ENTITY_AREAS)[number] | null;
  entityLabel: string | null;
  entityTitle: string | null;
};
