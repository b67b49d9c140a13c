import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';
import { todayIso } from './fields';

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

export const trainingArea = declareArea({
  key: 'driver-training',
  singular: 'training record',
  plural: 'training records',
  idFormat: { prefix: 'TRN', timeDigits: 5, randomChars: 3 },
  fields: {
    driverId: field.reference('drivers', { label: 'Driver', required: true }),
    trainingType: field.openChoice(TRAINING_TYPES, { label: 'Training Type', required: true, default: 'Defensive Driving', sort: true, filter: true }),
    scheduleDate: field.date({ label: 'Schedule Date', required: true, default: todayIso, sort: true }),
    status: field.choice(TRAINING_STATUSES, { label: 'Status', default: 'Scheduled', sort: true, filter: true }),
    trainerName: field.text({ label: 'Trainer Name', max: 120, sort: true, placeholder: 'e.g. Anil Deshpande' }),
    assessmentScore: field.number({ label: 'Assessment Score (%)', min: -1e6, max: 1e6, sort: true }),
    validityPeriod: field.text({ label: 'Validity Period', max: 50, default: '1 year', placeholder: 'e.g. 1 year' }),
    certificationFile: field.file({ label: 'Certificate' }),
    notes: field.text({ label: 'Notes', multiline: true }),
  },
  required: { title: 'Missing Fields', message: 'Driver ID, Training Type, and Schedule Date are required.' },
  rules: [
    (v) =>
      v.assessmentScore !== null && (v.assessmentScore < 0 || v.assessmentScore > 100)
        ? { title: 'Invalid Score', message: 'Assessment Score must be between 0 and 100.', fields: ['assessmentScore'] }
        : null,
  ],
});

export type TrainingInput = InputOf<typeof trainingArea.fields>;
export type TrainingRecord = Stored<TrainingInput> & { driverName: string | null };
