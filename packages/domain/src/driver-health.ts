import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';
import { todayIso } from './fields';

export const HEALTH_RESULTS = ['Fit', 'Fit with Aid', 'Unfit', 'Pending Review'] as const;
export const HEALTH_TEST_TYPES = [
  'Vision Test',
  'Audiometry',
  'General Fitness Checkup',
  'Blood Pressure Test',
  'Diabetes Screening',
  'Drug & Alcohol Test',
] as const;

export const healthArea = declareArea({
  key: 'driver-health',
  singular: 'health record',
  plural: 'health records',
  idFormat: { prefix: 'DHR', timeDigits: 5, randomChars: 3 },
  fields: {
    driverId: field.reference('drivers', { label: 'Driver', required: true }),
    testType: field.openChoice(HEALTH_TEST_TYPES, { label: 'Test Type', required: true, default: 'General Fitness Checkup', sort: true, filter: true }),
    testDate: field.date({ label: 'Test Date', required: true, default: todayIso, sort: true }),
    result: field.choice(HEALTH_RESULTS, { label: 'Result', required: true, default: 'Pending Review', sort: true, filter: true }),
    nextDueDate: field.date({ label: 'Next Due Date', sort: true }),
    clinicInfo: field.text({ label: 'Clinic', max: 300, sort: true, placeholder: 'e.g. Apollo Clinic, Pune' }),
    reportFile: field.file({ label: 'Report File', wide: true }),
    notes: field.text({ label: 'Notes', multiline: true }),
  },
  required: { title: 'Missing Fields', message: 'Driver, Test Type, Test Date, and Result are required.' },
  rules: [
    (v) =>
      v.testDate && v.nextDueDate && v.testDate > v.nextDueDate
        ? { title: 'Invalid Dates', message: 'Test Date cannot be after Next Due Date.', fields: ['testDate', 'nextDueDate'] }
        : null,
  ],
});

export type HealthInput = InputOf<typeof healthArea.fields>;
export type HealthReport = Stored<HealthInput> & { driverName: string | null };
