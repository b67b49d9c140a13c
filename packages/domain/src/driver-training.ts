import { z } from 'zod';
import { defineArea, type Stored } from './area';
import { fileRef, isoDate, text, todayIso } from './fields';
import { requireFields, type Rule } from './rules';

export const TRAINING_STATUSES = ['Scheduled', 'In Progress', 'Completed', 'Failed', 'Pending Renewal', 'Expired', 'Cancelled'] as const;
export const TRAINING_TYPES = [
  'Defensive Driving',
  'Hazmat Handling',
  'Customer Service Excellence',
  'Vehicle Inspection Protocol',
  'Logbook Management',
  'Fatigue Management',
  'First Aid & CPR',
  'Load Securement',
] as const;

export const trainingInput = z.strictObject({
  driverId: text(64),
  trainingType: text(100),
  scheduleDate: isoDate.nullable(),
  status: z.enum(TRAINING_STATUSES),
  certificationFile: fileRef,
  validityPeriod: text(50),
  trainerName: text(120),
  assessmentScore: z.number({ message: 'must be a number' }).min(-1e6).max(1e6).nullable(),
  notes: text(2000),
});
export type TrainingInput = z.infer<typeof trainingInput>;
export type TrainingRecord = Stored<TrainingInput> & { driverName: string | null };

export const trainingRules: Rule<TrainingInput>[] = [
  requireFields<TrainingInput>(['driverId', 'trainingType', 'scheduleDate'], {
    title: 'Missing Fields',
    message: 'Driver ID, Training Type, and Schedule Date are required.',
  }),
  (v) =>
    v.assessmentScore !== null && (v.assessmentScore < 0 || v.assessmentScore > 100)
      ? { title: 'Invalid Score', message: 'Assessment Score must be between 0 and 100.', fields: ['assessmentScore'] }
      : null,
];

export const trainingArea = defineArea<TrainingInput>({
  key: 'driver-training',
  singular: 'training record',
  plural: 'training records',
  idFormat: { prefix: 'TRN', timeDigits: 5, randomChars: 3 },
  input: trainingInput,
  fieldLabels: {
    driverId: 'Driver',
    trainingType: 'Training Type',
    scheduleDate: 'Schedule Date',
    status: 'Status',
    certificationFile: 'Certificate',
    validityPeriod: 'Validity Period',
    trainerName: 'Trainer',
    assessmentScore: 'Assessment Score',
    notes: 'Notes',
  },
  rules: trainingRules,
  defaults: () => ({
    driverId: '',
    trainingType: 'Defensive Driving',
    scheduleDate: todayIso(),
    status: 'Scheduled',
    certificationFile: null,
    validityPeriod: '1 year',
    trainerName: '',
    assessmentScore: null,
    notes: '',
  }),
  filters: { status: TRAINING_STATUSES, trainingType: [] },
  sorts: ['createdAt', 'id', 'trainingType', 'scheduleDate', 'trainerName', 'assessmentScore', 'status'],
  defaultSort: { sort: 'createdAt', order: 'desc' },
});
