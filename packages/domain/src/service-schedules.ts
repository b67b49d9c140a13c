import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';
import type { DerivedState } from './derived';

/**
 * Service schedules (issue 18, decision 0037): per vehicle, a task done every N km and/or every M months.
 * Its Due state is judged from the vehicle's current odometer (odometer.ts; on the server its SQL twin
 * odometer_from over the vehicle's readings) and today: Overdue past either the km or the date, Due Soon within
 * max(1,000 km, 10% of the km interval) or 14 days, whichever comes first.
 */
export const SERVICE_TASKS = [
  'Oil & Filter Change',
  'General Service',
  'Tyre Rotation',
  'Brake Inspection',
  'Air Filter',
  'Clutch Service',
  'Battery Check',
  'Coolant Flush',
  'Wheel Alignment',
  'Gearbox Oil',
] as const;

export const SERVICE_DUE_STATES = ['OK', 'Due Soon', 'Overdue'] as const;
export type ServiceDueState = (typeof SERVICE_DUE_STATES)[number];
/** Days before the due date a schedule shows Due Soon (the due day itself included). */
export const SERVICE_DUE_SOON_DAYS = 14;
/** The km before the due km a schedule shows Due Soon: max(1,000 km, 10% of the interval). */
export const serviceDueSoonKm = (everyKm: number) => Math.max(1_000, Math.ceil(everyKm / 10));

/**
 * The Due state over values the server returns with every schedule (computed from the vehicle's odometer):
 * nextDueKm (last done km, 0 when never, + every km), dueSoonKm (nextDueKm − the Due Soon distance),
 * currentOdometer, and nextDueDate (last done date + every months). At the km exactly, and on the date, a
 * schedule is Due Soon; past them, Overdue.
 */
export const SERVICE_DUE: DerivedState = {
  cases: [
    { value: 'Overdue', when: { any: [{ atMost: 'nextDueKm', other: 'currentOdometer', plus: -1 }, { before: 'nextDueDate' }] } },
    {
      value: 'Due Soon',
      when: {
        any: [
          { atMost: 'dueSoonKm', other: 'currentOdometer' },
          { before: 'nextDueDate', days: SERVICE_DUE_SOON_DAYS + 1 },
        ],
      },
    },
  ],
  otherwise: 'OK',
  filterValues: SERVICE_DUE_STATES,
};

const positive = (n: number | null) => n === null || n > 0;

export const serviceSchedulesArea = declareArea({
  key: 'service-schedules',
  singular: 'service schedule',
  plural: 'service schedules',
  idFormat: { prefix: 'SCH', timeDigits: 5, randomChars: 3 },
  fields: {
    vehicleId: field.reference('vehicles', { label: 'Vehicle', required: true }),
    task: field.openChoice(SERVICE_TASKS, { label: 'Task', required: true, default: 'Oil & Filter Change', sort: true, filter: 'present' }),
    everyKm: field.integer({ label: 'Every (km)', min: -99_999_999, max: 9_999_999, sort: true, placeholder: 'e.g. 20000' }),
    everyMonths: field.integer({ label: 'Every (months)', min: -9_999, max: 120, sort: true, placeholder: 'e.g. 6' }),
    lastDoneDate: field.date({ label: 'Last Done', sort: true }),
    lastDoneKm: field.integer({ label: 'Last Done At (km)', min: -99_999_999, max: 99_999_999, placeholder: 'e.g. 184250' }),
    notes: field.text({ label: 'Notes', multiline: true, max: 1000 }),
  },
  required: { title: 'Missing Fields', message: 'Vehicle and Task are required.' },
  rules: [
    (v) =>
      v.everyKm === null && v.everyMonths === null
        ? { title: 'Missing Interval', message: 'Enter Every (km), Every (months) or both: a schedule needs an interval.', fields: ['everyKm', 'everyMonths'] }
        : null,
    (v) =>
      !positive(v.everyKm) || !positive(v.everyMonths)
        ? {
            title: 'Invalid Interval',
            message: 'Every (km) and Every (months) must be greater than zero.',
            fields: (['everyKm', 'everyMonths'] as const).filter((k) => !positive(v[k])),
          }
        : null,
    // Without a starting point a schedule by km would count from 0 km (Overdue at once on a truck at 2,00,000 km),
    // and one by months would never come due.
    (v) => {
      const missing = [
        ...(v.everyKm !== null && v.lastDoneKm === null ? (['lastDoneKm'] as const) : []),
        ...(v.everyMonths !== null && v.lastDoneDate === null ? (['lastDoneDate'] as const) : []),
      ];
      return missing.length
        ? {
            title: 'Missing Last Done',
            message: 'Enter when the task was last done: Last Done At (km) for a schedule by km, Last Done (date) for one by months.',
            fields: missing,
          }
        : null;
    },
    (v) =>
      v.lastDoneKm !== null && v.lastDoneKm < 0
        ? { title: 'Invalid Odometer', message: 'Last Done At (km) cannot be negative.', fields: ['lastDoneKm'] }
        : null,
  ],
  derived: { due: SERVICE_DUE },
  defaultSort: { sort: 'createdAt', order: 'desc' },
});

export type ServiceScheduleInput = InputOf<typeof serviceSchedulesArea.fields>;
export type ServiceSchedule = Stored<ServiceScheduleInput> & {
  vehicleLabel: string | null;
  vehiclePlate: string | null;
  currentOdometer: number | null;
  nextDueKm: number | null;
  dueSoonKm: number | null;
  nextDueDate: string | null;
};
