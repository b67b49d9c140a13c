import { healthArea, type HEALTH_RESULTS, type HEALTH_TEST_TYPES } from '@raahi/domain';
import type { Database } from '../client';
import type { BulkColumn, ComputedColumns } from './bulk-insert';
import { DAY, HOUR, isoDate, startOfIndianDay, YEAR, type SeedOptions } from './common';
import { driverRecordColumns, seedDriverRecords, type DriverRecordRow } from './driver-records';
import { FREIGHT_CITIES } from './india';
import type { HomeTown } from './people';
import { weightedTable, type Random } from './random';

type TestType = (typeof HEALTH_TEST_TYPES)[number];
type Result = (typeof HEALTH_RESULTS)[number];

export const HEALTH_COLUMNS: readonly BulkColumn[] = driverRecordColumns([
  { name: 'test_type', type: 'text' },
  { name: 'test_date', type: 'date' },
  { name: 'result', type: 'text' },
  { name: 'next_due_date', type: 'date' },
  { name: 'clinic_info', type: 'text' },
  { name: 'notes', type: 'text' },
]);

/** As the health_search_text trigger (migration 0002) computes it, over the batch's row `u`. */
export const HEALTH_SEARCH_TEXT: ComputedColumns = {
  values: { search_text: `lower(concat_ws(E'\\n', driver_label(d.name, d.id), u.test_type, u.clinic_info))` },
  joins: 'LEFT JOIN drivers d ON d.id = u.driver_id',
};
export const HEALTH_SEARCH_TRIGGER = 'health_search_text';

/**
 * Per test: how common it is, the usual results (Fit with Aid: spectacles, a hearing aid, medication)
 * and the months to the next one. Transport licences need a medical (Form 1-A) at every renewal;
 * fleets add yearly eye and fitness checks and frequent alcohol tests.
 */
const TESTS: Record<TestType, { weight: number; results: readonly (readonly [Result, number])[]; months: number }> = {
  'Vision Test': {
    weight: 4,
    results: [
      ['Fit', 70],
      ['Fit with Aid', 24],
      ['Unfit', 2],
    ],
    months: 12,
  },
  Audiometry: {
    weight: 1.5,
    results: [
      ['Fit', 88],
      ['Fit with Aid', 8],
      ['Unfit', 2],
    ],
    months: 24,
  },
  'General Fitness Checkup': {
    weight: 4,
    results: [
      ['Fit', 86],
      ['Fit with Aid', 8],
      ['Unfit', 3],
    ],
    months: 12,
  },
  'Blood Pressure Test': {
    weight: 2.5,
    results: [
      ['Fit', 74],
      ['Fit with Aid', 18],
      ['Unfit', 5],
    ],
    months: 6,
  },
  'Diabetes Screening': {
    weight: 2,
    results: [
      ['Fit', 78],
      ['Fit with Aid', 16],
      ['Unfit', 3],
    ],
    months: 6,
  },
  'Drug & Alcohol Test': {
    weight: 2.5,
    results: [
      ['Fit', 97],
      ['Unfit', 2],
    ],
    months: 3,
  },
};
const pickTest = weightedTable(Object.entries(TESTS).map(([type, t]) => [type as TestType, t.weight] as const));
const pickResult = Object.fromEntries(Object.entries(TESTS).map(([type, t]) => [type, weightedTable(t.results)])) as Record<
  TestType,
  (random: Random) => Result
>;

/** Clinic and hospital chains, and the states they are found in ('*': nationwide). */
const CLINICS: readonly (readonly [string, string, readonly TestType[] | '*'])[] = [
  ['Apollo Clinic', '*', '*'],
  ['Thyrocare', '*', ['Diabetes Screening', 'Blood Pressure Test', 'General Fitness Checkup']],
  ['SRL Diagnostics', '*', ['Diabetes Screening', 'Drug & Alcohol Test', 'General Fitness Checkup']],
  ['District Hospital', '*', '*'],
  ['ESIC Hospital', '*', '*'],
  ['Dr Lal PathLabs', 'DL HR UP PB RJ UK MP BR JH', ['Diabetes Screening', 'Drug & Alcohol Test', 'General Fitness Checkup']],
  ['Metropolis Healthcare', 'MH GJ KA TN KL', ['Diabetes Screening', 'Drug & Alcohol Test', 'General Fitness Checkup']],
  ['Vijaya Diagnostic Centre', 'AP TS', '*'],
  ['Suburban Diagnostics', 'MH', '*'],
  ['Neuberg Diagnostics', 'TN KA KL', '*'],
  ['Max Healthcare', 'DL HR PB UK', '*'],
  ['Fortis Hospital', 'DL HR PB KA MH WB RJ', '*'],
  ['Manipal Hospital', 'KA GA OD WB', '*'],
  ['CARE Hospitals', 'TS AP OD MH', '*'],
  ["Dr. Agarwal's Eye Hospital", 'TN KA TS AP MH KL OD', ['Vision Test']],
  ['Sankara Eye Hospital', 'TN KA AP UP RJ', ['Vision Test']],
  ['Centre for Sight', 'DL HR UP RJ PB', ['Vision Test']],
  ['Amplifon Hearing Centre', '*', ['Audiometry']],
];

function clinicFor(random: Random, test: TestType, state: string): string {
  const fits = CLINICS.filter(([, states, tests]) => (states === '*' || states.split(' ').includes(state)) && (tests === '*' || tests.includes(test)));
  return random.pick(fits)[0];
}

const bp = (random: Random, high: boolean) => (high ? `${random.int(142, 176)}/${random.int(92, 108)}` : `${random.int(112, 138)}/${random.int(72, 88)}`);

function healthNote(random: Random, test: TestType, result: Result): string {
  if (random.chance(0.3)) return '';
  const aid = result === 'Fit with Aid';
  const unfit = result === 'Unfit';
  switch (test) {
    case 'Vision Test':
      if (aid) return `Fit with spectacles (−${(random.int(2, 12) * 0.25).toFixed(2)} D). Colour vision normal.`;
      if (unfit) return `Visual acuity 6/${random.pick(['18', '24', '36'])} in the ${random.pick(['right', 'left'])} eye; referred to an ophthalmologist.`;
      return 'Vision 6/6 both eyes; colour vision normal.';
    case 'Audiometry':
      if (aid) return `Mild hearing loss, ${random.pick(['left', 'right'])} ear; hearing aid advised.`;
      if (unfit) return 'Moderate hearing loss both ears; ENT referral.';
      return 'Hearing within normal limits.';
    case 'General Fitness Checkup':
      if (unfit) return `BP ${bp(random, true)} mmHg, ECG changes; cardiology review before driving.`;
      return `BMI ${random.around(20, 31).toFixed(1)}; BP ${bp(random, aid)} mmHg.${random.chance(0.5) ? ' Form 1-A issued.' : ''}`;
    case 'Blood Pressure Test':
      if (unfit) return `BP ${bp(random, true)} mmHg; started on medication, re-test in four weeks.`;
      if (aid) return `BP ${bp(random, false)} mmHg on medication (amlodipine).`;
      return `BP ${bp(random, false)} mmHg.`;
    case 'Diabetes Screening':
      if (unfit) return `Fasting glucose ${random.int(180, 260)} mg/dL, HbA1c ${random.around(8.5, 11).toFixed(1)}%; diabetologist referral.`;
      if (aid) return `HbA1c ${random.around(6.5, 7.6).toFixed(1)}%, controlled on metformin.`;
      return `Fasting glucose ${random.int(78, 108)} mg/dL, HbA1c ${random.around(4.8, 5.9).toFixed(1)}%.`;
    case 'Drug & Alcohol Test':
      if (unfit) return 'Breath alcohol positive; counselling arranged, off driving duty.';
      return random.pick(['Breath alcohol 0.000; urine screen negative.', 'Random test at the depot; negative.', 'Pre-trip test; negative.']);
  }
}

const addMonths = (date: string, months: number) => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1 + months, d, 12);
};

export interface HealthSeedOptions extends SeedOptions {
  /** Home towns of drivers (health checks are mostly done near home); others near a freight city. */
  homes?: Map<string, HomeTown>;
}

interface HealthRow extends DriverRecordRow {
  test: TestType;
  date: string;
  result: Result;
  due: string | null;
  clinic: string;
}

/**
 * Inserts `count` health reports of the drivers in the database over the last three years, at clinics
 * near their homes. Tests of the last ten days are often still Pending Review; the next due date
 * follows the test's interval (a month for an Unfit re-test) and always comes after the test date.
 */
export async function seedHealth(database: Database, options: HealthSeedOptions): Promise<{ inserted: number; ids: string[] }> {
  const { random, now } = options;
  const pickCity = weightedTable(FREIGHT_CITIES.map((c) => [c, c.weight] as const));
  const today = startOfIndianDay(now);
  return seedDriverRecords<HealthRow>(database, options, {
    area: 'health',
    records: 'Health reports',
    table: 'driver_health_reports',
    idFormat: healthArea.idFormat,
    columns: HEALTH_COLUMNS,
    computed: HEALTH_SEARCH_TEXT,
    disableTriggers: [HEALTH_SEARCH_TRIGGER],
    row: (driver, drivers) => {
      const joined = drivers.created[driver];
      const test = pickTest(random);
      const from = Math.max(now - 3 * YEAR, joined - 20 * DAY); // pre-employment medicals come before the record
      const day = startOfIndianDay(from + random.next() * Math.max(0, now - from));
      const date = isoDate(day + 12 * HOUR);
      const recent = day >= today - 10 * DAY;
      const result: Result = recent && random.chance(0.6) ? 'Pending Review' : random.chance(0.01) ? 'Pending Review' : pickResult[test](random);
      const months = result === 'Unfit' ? 1 : result === 'Fit with Aid' && TESTS[test].months > 3 ? Math.max(3, TESTS[test].months / 2) : TESTS[test].months;
      const due = (result === 'Pending Review' && random.chance(0.5)) || random.chance(0.05) ? null : isoDate(addMonths(date, months));

      const home = drivers.ids[driver] && options.homes?.get(drivers.ids[driver]);
      const near = home && random.chance(0.7) ? { town: home.town, state: home.state } : (({ name, state }) => ({ town: name, state }))(pickCity(random));
      const clinic = `${clinicFor(random, test, near.state)}, ${near.town}`;

      // Entered when the report came, within days of the test; never before the driver's record.
      const created = Math.floor(Math.min(now - random.next() * HOUR, Math.max(joined + random.next() * DAY, day + random.around(0.3, 6) * DAY)));
      const edited = result !== 'Pending Review' && random.chance(0.3);
      const updated = edited ? Math.floor(created + random.next() * (now - created)) : created;
      return { created, updated, driver, test, date, result, due, clinic, version: edited ? 2 : 1 };
    },
    fill: (batch, row) => {
      batch.test_type.push(row.test);
      batch.test_date.push(row.date);
      batch.result.push(row.result);
      batch.next_due_date.push(row.due);
      batch.clinic_info.push(row.clinic);
      batch.notes.push(
        row.result === 'Pending Review' ? (random.chance(0.5) ? "Awaiting the doctor's review." : '') : healthNote(random, row.test, row.result),
      );
    },
  });
}
