import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';
import { todayIso } from './fields';

export const JOB_TYPES = ['Preventive', 'Corrective', 'Inspection', 'Emergency'] as const;
export const JOB_STATUSES = ['Scheduled', 'In Progress', 'Completed', 'On Hold', 'Cancelled'] as const;
/** Jobs still to be done: the dashboard's Pending Maintenance. */
export const PENDING_JOB_STATUSES = ['Scheduled', 'In Progress', 'On Hold'] as const;

export const maintenanceArea = declareArea({
  key: 'maintenance',
  singular: 'maintenance job',
  plural: 'maintenance jobs',
  idFormat: { prefix: 'JOB', timeDigits: 5, randomChars: 3 },
  fields: {
    vehicleId: field.reference('vehicles', { label: 'Vehicle', required: true }),
    jobType: field.choice(JOB_TYPES, { label: 'Job Type', default: 'Preventive', sort: true }),
    description: field.text({
      label: 'Job Description',
      required: true,
      multiline: true,
      placeholder: 'e.g. Replace front brake pads and bleed the brake lines',
    }),
    technician: field.text({ label: 'Technician', max: 120, sort: true, placeholder: 'e.g. Ramesh Patil (Shree Ganesh Motors)' }),
    partsUsed: field.text({ label: 'Parts Used', max: 1000, wide: true, placeholder: 'e.g. Brake pad set, brake fluid DOT 4' }),
    scheduledDate: field.date({ label: 'Scheduled Date', default: todayIso, sort: true, filter: 'range' }),
    completionDate: field.date({ label: 'Completion Date', sort: true }),
    status: field.choice(JOB_STATUSES, { label: 'Status', default: 'Scheduled', sort: true, filter: true }),
    cost: field.money({ label: 'Cost (₹)', sort: true }),
    // Issue 18: the service schedule a job carries out (reset when the job is Completed) and the odometer then.
    scheduleId: field.reference('service-schedules', { label: 'Schedule', added: true, sameAs: { vehicleId: 'vehicleId' } }),
    odometer: field.integer({ label: 'Odometer (km)', min: 0, max: 99_999_999, placeholder: 'e.g. 184250', added: true }),
  },
  required: { title: 'Missing Fields', message: 'Vehicle ID and Job Description are required.' },
  // The dashboard's Pending Maintenance and, of those, the ones scheduled before today.
  derived: {
    pending: {
      cases: [{ value: 'Pending', when: { in: 'status', values: PENDING_JOB_STATUSES } }],
      otherwise: 'Not Pending',
      filterValues: ['Pending', 'Not Pending'],
    },
    overdue: {
      cases: [{ value: 'Overdue', when: { all: [{ in: 'status', values: PENDING_JOB_STATUSES }, { before: 'scheduledDate' }] } }],
      otherwise: 'Not Overdue',
      filterValues: ['Overdue', 'Not Overdue'],
    },
  },
  rules: [
    (v) => (v.cost !== null && v.cost < 0 ? { title: 'Invalid Cost', message: 'Cost cannot be negative.', fields: ['cost'] } : null),
    (v) =>
      v.status === 'Completed' && v.scheduleId && v.odometer === null
        ? { title: 'Missing Odometer', message: 'Odometer is required to complete a scheduled service.', fields: ['odometer'] }
        : null,
  ],
});

export type MaintenanceInput = InputOf<typeof maintenanceArea.fields>;
export type MaintenanceJob = Stored<MaintenanceInput> & { vehicleLabel: string | null; scheduleLabel: string | null };
