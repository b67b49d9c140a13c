import { trainingArea, type TRAINING_STATUSES, type TRAINING_TYPES } from '@raahi/domain';
import type { Database } from '../client';
import type { BulkColumn, ComputedColumns } from './bulk-insert';
import { DAY, HOUR, isoDate, startOfIndianDay, YEAR, type SeedOptions } from './common';
import { driverRecordColumns, seedDriverRecords, type DriverRecordRow } from './driver-records';
import { weightedTable } from './random';

type TrainingType = (typeof TRAINING_TYPES)[number];
type TrainingStatus = (typeof TRAINING_STATUSES)[number];

export const TRAINING_COLUMNS: readonly BulkColumn[] = driverRecordColumns([
  { name: 'training_type', type: 'text' },
  { name: 'schedule_date', type: 'date' },
  { name: 'status', type: 'text' },
  { name: 'validity_period', type: 'text' },
  { name: 'trainer_name', type: 'text' },
  { name: 'assessment_score', type: 'double precision' },
  { name: 'notes', type: 'text' },
]);

/** As the training_search_text trigger (migration 0002) computes it, over the batch's row `u`. */
export const TRAINING_SEARCH_TEXT: ComputedColumns = {
  values: { search_text: `lower(concat_ws(E'\\n', driver_label(d.name, d.id), u.training_type, u.trainer_name))` },
  joins: 'LEFT JOIN drivers d ON d.id = u.driver_id',
};
export const TRAINING_SEARCH_TRIGGER = 'training_search_text';

/** How often each course is run, and how long its certificate is usually valid. */
const COURSES: Record<TrainingType, { weight: number; validity: '6 months' | '1 year' | '2 years' }> = {
  'Defensive Driving': { weight: 5, validity: '2 years' },
  'Hazmat Handling': { weight: 1.5, validity: '1 year' },
  'Customer Service Excellence': { weight: 1.5, validity: '2 years' },
  'Vehicle Inspection Protocol': { weight: 2.5, validity: '1 year' },
  'Logbook Management': { weight: 1.5, validity: '2 years' },
  'Fatigue Management': { weight: 2.5, validity: '1 year' },
  'First Aid & CPR': { weight: 2.5, validity: '2 years' },
  'Load Securement': { weight: 2, validity: '1 year' },
};
const MONTHS = { '6 months': 6, '1 year': 12, '2 years': 24 } as const;
const pickCourse = weightedTable(Object.entries(COURSES).map(([type, c]) => [type as TrainingType, c.weight] as const));

/** Trainers and the courses they run: institutes, makers' driver-training centres and in-house staff. */
const TRAINERS: readonly (readonly [string, readonly TrainingType[]])[] = [
  ['Capt. Rajinder Singh (IDTR Delhi)', ['Defensive Driving', 'Fatigue Management', 'Logbook Management']],
  ['Anil Deshpande (IDTR Pune)', ['Defensive Driving', 'Vehicle Inspection Protocol', 'Fatigue Management']],
  ['K. Ramasubramanian (Ashok Leyland Driver Training Institute, Namakkal)', ['Defensive Driving', 'Vehicle Inspection Protocol', 'Load Securement']],
  ['Vikram Rathore (Tata Motors Driver Training Centre)', ['Defensive Driving', 'Vehicle Inspection Protocol', 'Fatigue Management']],
  ['Dr. Meera Iyer (St. John Ambulance)', ['First Aid & CPR']],
  ['Annamma Joseph (Indian Red Cross Society)', ['First Aid & CPR']],
  ['Dr. Sandeep Bhalla (Apollo Emergency Training)', ['First Aid & CPR', 'Fatigue Management']],
  ['Rohit Bansal (PESO-licensed hazmat trainer)', ['Hazmat Handling', 'Load Securement']],
  ['S. Venkatesh (Tanker Safety Cell, IOCL)', ['Hazmat Handling']],
  ['Priya Nair (Customer Experience)', ['Customer Service Excellence']],
  ['Farhan Qureshi (Fleet Operations)', ['Logbook Management', 'Customer Service Excellence']],
  ['Sanjay Kulkarni (Safety Officer)', ['Load Securement', 'Vehicle Inspection Protocol', 'Hazmat Handling']],
  ['Harish Gowda (Road Safety Consultant)', ['Fatigue Management', 'Defensive Driving']],
  ['Jaspreet Kaur (Transport Safety Trainer)', ['Defensive Driving', 'Customer Service Excellence']],
  ['Dinesh Yadav (Senior Driver Trainer)', ['Defensive Driving', 'Load Securement', 'Logbook Management']],
  ['Mohan Rao (Regional Training Manager, Hyderabad)', ['Vehicle Inspection Protocol', 'Logbook Management']],
  ['Subhash Ghosh (Fleet Safety, Kolkata)', ['Defensive Driving', 'Fatigue Management', 'Load Securement']],
];
const TRAINERS_FOR = new Map<TrainingType, string[]>();
for (const [name, types] of TRAINERS) for (const type of types) TRAINERS_FOR.set(type, [...(TRAINERS_FOR.get(type) ?? []), name]);

const PAST_STATUS = weightedTable<TrainingStatus>([
  ['Completed', 86],
  ['Failed', 9],
  ['Cancelled', 5],
]);

const NOTES: Partial<Record<TrainingStatus, readonly string[]>> = {
  Completed: [
    'Classroom session and practical on the yard.',
    'Certificate issued by the institute.',
    'Simulator module included.',
    'Refresher after a minor incident.',
    'Night-driving module included.',
  ],
  Failed: ['Re-test booked.', 'Practical assessment not cleared; retraining advised.', 'Missed the written test.'],
  Cancelled: ['Trainer unavailable; to be rescheduled.', 'Driver on a long-haul trip that week.', 'Batch too small; merged with the next one.'],
  Scheduled: ['Batch of 12 drivers.', 'Report by 09:30 with licence and ID.', 'Venue: training hall, Transport Nagar depot.'],
  'In Progress': ['Day 1 of 2 done.', 'Practical sessions this week.'],
  'Pending Renewal': ['Renewal batch to be booked.', 'Certificate expires soon.'],
  Expired: ['Certificate lapsed; renewal not booked.', 'Driver on leave at renewal time.'],
};

const addMonths = (date: string, months: number) => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1 + months, d);
};

interface TrainingRow extends DriverRecordRow {
  type: TrainingType;
  date: string;
  status: TrainingStatus;
  validity: string;
  trainer: string;
  score: number | null;
}

/**
 * Inserts `count` training records of the drivers in the database over the last three years and the
 * next two months. Status follows the date: future courses are Scheduled, the last two days' In
 * Progress, past ones mostly Completed (with a score of 60–100) or Failed (40–59); a completed course
 * whose validity has run out is Expired or Pending Renewal. Scores are null unless assessed.
 */
export async function seedTraining(database: Database, options: SeedOptions): Promise<{ inserted: number; ids: string[] }> {
  const { random, now } = options;
  const today = startOfIndianDay(now);
  return seedDriverRecords<TrainingRow>(database, options, {
    area: 'training',
    records: 'Training records',
    table: 'driver_training_records',
    idFormat: trainingArea.idFormat,
    columns: TRAINING_COLUMNS,
    computed: TRAINING_SEARCH_TEXT,
    disableTriggers: [TRAINING_SEARCH_TRIGGER],
    row: (driver, drivers) => {
      const joined = drivers.created[driver];
      const type = pickCourse(random);
      const usual = COURSES[type].validity;
      const validity = random.chance(0.12) ? '6 months' : random.chance(0.05) ? (usual === '1 year' ? '2 years' : '1 year') : usual;

      const future = random.chance(0.1);
      const from = Math.max(now - 3 * YEAR, joined - 10 * DAY);
      const day = startOfIndianDay(future ? now + random.around(1, 60) * DAY : from + random.next() * Math.max(0, now - from));
      const date = isoDate(day + 12 * HOUR);
      let status: TrainingStatus;
      if (day > today) status = random.chance(0.94) ? 'Scheduled' : 'Cancelled';
      else if (day >= today - 2 * DAY) status = random.chance(0.6) ? 'In Progress' : 'Completed';
      else status = PAST_STATUS(random);
      if (status === 'Completed') {
        const validUntil = addMonths(date, MONTHS[validity as keyof typeof MONTHS]);
        if (validUntil < today) status = random.chance(0.75) ? 'Expired' : 'Pending Renewal';
        else if (validUntil < today + 45 * DAY) status = 'Pending Renewal';
      }
      const assessed = status === 'Completed' || status === 'Expired' || status === 'Pending Renewal';
      const score = assessed ? Math.round(random.around(60, 100) * 2) / 2 : status === 'Failed' ? Math.round(random.around(40, 59.5)) : null;

      // Booked a few days to a month ahead; never before the driver's record, never after now.
      const created = Math.floor(Math.min(now - random.next() * HOUR, Math.max(joined + random.next() * DAY, day - random.around(1, 30) * DAY)));
      const changed = status !== 'Scheduled';
      const version = changed ? random.int(2, 3) : 1;
      const updated = changed ? Math.floor(Math.min(now, Math.max(created, day + random.around(0.2, 3) * DAY))) : created;
      const trainers = TRAINERS_FOR.get(type)!;
      return { created, updated, driver, type, date, status, validity, trainer: random.pick(trainers), score, version };
    },
    fill: (batch, row) => {
      const notes = NOTES[row.status];
      batch.training_type.push(row.type);
      batch.schedule_date.push(row.date);
      batch.status.push(row.status);
      batch.validity_period.push(row.validity);
      batch.trainer_name.push(row.trainer);
      batch.assessment_score.push(row.score);
      batch.notes.push(notes && random.chance(0.5) ? random.pick(notes) : '');
    },
  });
}
