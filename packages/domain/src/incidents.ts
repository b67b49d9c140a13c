import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';

export const INCIDENT_TYPES = [
  'Minor Accident',
  'Major Accident',
  'Vehicle Breakdown',
  'Cargo Damage',
  'Theft/Vandalism',
  'Traffic Violation',
  'Other',
] as const;
export const INCIDENT_SEVERITIES = ['Low', 'Medium', 'High', 'Critical'] as const;
export const INCIDENT_STATUSES = ['Open', 'Investigating', 'Action Pending', 'Resolved', 'Closed'] as const;
/** Incidents neither Resolved nor Closed: the dashboard's Open Incidents. */
export const OPEN_INCIDENT_STATUSES = INCIDENT_STATUSES.filter((status) => status !== 'Resolved' && status !== 'Closed');

export const incidentsArea = declareArea({
  key: 'incidents',
  singular: 'incident',
  plural: 'incidents',
  idFormat: { prefix: 'INC', timeDigits: 5, randomChars: 3 },
  fields: {
    type: field.choice(INCIDENT_TYPES, { label: 'Type', required: true, default: 'Minor Accident', sort: true }),
    severity: field.choice(INCIDENT_SEVERITIES, { label: 'Severity', default: 'Low', sort: true, filter: true }),
    dateTime: field.dateTime({ label: 'Date/Time', required: true, default: () => new Date().toISOString(), sort: true, filter: 'range' }),
    location: field.text({ label: 'Location', required: true, max: 300, sort: true, placeholder: 'e.g. NH 48, near Khalapur Toll Plaza' }),
    description: field.text({ label: 'Description', required: true, multiline: true, placeholder: 'What happened, damage, injuries, actions taken' }),
    vehicleId: field.reference('vehicles', { label: 'Vehicle' }),
    driverId: field.reference('drivers', { label: 'Driver' }),
    reportedBy: field.text({ label: 'Reported By', max: 120, placeholder: 'e.g. Suresh Yadav (Control Room)' }),
    status: field.choice(INCIDENT_STATUSES, { label: 'Status', default: 'Open', sort: true, filter: true }),
    images: field.files({ label: 'Images' }),
  },
  required: { title: 'Missing Fields', message: 'Type, Date/Time, Location, and Description are required.' },
  // The dashboard's Open Incidents: neither Resolved nor Closed.
  // Named by the statuses it holds, so that its SQL can use the status index.
  derived: {
    open: {
      cases: [{ value: 'Open', when: { in: 'status', values: OPEN_INCIDENT_STATUSES } }],
      otherwise: 'Resolved or Closed',
      filterValues: ['Open', 'Resolved or Closed'],
    },
  },
});

export type IncidentInput = InputOf<typeof incidentsArea.fields>;
export type Incident = Stored<IncidentInput> & { vehicleLabel: string | null; driverLabel: string | null; imagesFiles: { id: string; name: string }[] };
