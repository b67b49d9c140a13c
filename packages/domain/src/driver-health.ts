import { z } from 'zod';
import { defineArea, type Stored } from './area';
import { fileRef, isoDate, text, todayIso } from './fields';
import { requireFields, type Rule } from './rules';

export const HEALTH_RESULTS = ['Fit', 'Fit with Aid', 'Unfit', 'Pending Review'] as const;
export const HEALTH_TEST_TYPES = ['Vision Test', 'Audiometry', 'General Fitness Checkup', 'Blood Pressure Test', 'Diabetes Screening', 'Drug & Alcohol Test'] as const;

export const healthInput = z.strictObject({
  driverId: text(64),
  testType: text(100),
  testDate: isoDate.nullable(),
  result: z.union([z.enum(HEALTH_RESULTS), z.literal('')]),
  nextDueDate: isoDate.nullable(),
  reportFile: fileRef,
  clinicInfo: text(300),
  notes: text(2000),
});
export type HealthInput = z.infer<typeof healthInput>;
export type HealthReport = Stored<HealthInput> & { driverName: string | null };

export const healthRules: Rule<HealthInput>[] = [
  requireFields<HealthInput>(['driverId', 'testType', 'testDate', 'result'], {
    title: 'Missing Fields',
    message: 'Driver, Test Type, Test Date, and Result are required.',
  }),
  (v) =>
    v.testDate && v.nextDueDate && v.testDate > v.nextDueDate
      ? { title: 'Invalid Dates', message: 'Test Date cannot be after Next Due Date.', fields: ['testDate', 'nextDueDate'] }
      : null,
];

export const healthArea = defineArea<HealthInput>({
  key: 'driver-health',
  singular: 'health record',
  plural: 'health records',
  idFormat: { prefix: 'DHR', timeDigits: 5, randomChars: 3 },
  input: healthInput,
  fieldLabels: {
    driverId: 'Driver',
    testType: 'Test Type',
    testDate: 'Test Date',
    result: 'Result',
    nextDueDate: 'Next Due Date',
    reportFile: 'Report File',
    clinicInfo: 'Clinic',
    notes: 'Notes',
  },
  rules: healthRules,
  defaults: () => ({ driverId: '', testType: 'General Fitness Checkup', testDate: todayIso(), result: 'Pending Review', nextDueDate: null, reportFile: null, clinicInfo: '', notes: '' }),
  filters: { result: HEALTH_RESULTS, testType: [] },
  sorts: ['createdAt', 'id', 'testType', 'testDate', 'result', 'nextDueDate', 'clinicInfo'],
  defaultSort: { sort: 'createdAt', order: 'desc' },
});
