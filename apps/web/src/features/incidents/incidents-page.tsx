import { Image } from 'lucide-react';
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, incidentsArea, type Incident, type IncidentInput } from '@raahi/domain';
import { lazyAction } from '../../components/lazy-action';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { FilesAction, IdCell, LinkedLabel, StatusBadge } from '../../components/area/cells';
import { column, formFields } from '../../components/area/declared';
import type { BadgeTone } from '../../components/ui/badge';
import { toastExcerpt } from '../../lib/format';
import { driverListReference, vehicleReference } from '../references';

const SEVERITY_TONES: Record<string, BadgeTone> = { Low: 'green', Medium: 'yellow', High: 'orange', Critical: 'red' };
const STATUS_TONES: Record<string, BadgeTone> = { Open: 'red', Investigating: 'yellow', 'Action Pending': 'orange', Resolved: 'green', Closed: 'gray' };

const config: AreaPageConfig<Incident> = {
  area: incidentsArea,
  client: areaClient<Incident, IncidentInput>(incidentsArea.key),
  title: 'Incident & Emergency',
  addLabel: 'Report New Incident',
  inertActions: ['View Incidents on Map', 'Track Pending Actions'],
  activeActions: { 'Track Pending Actions': lazyAction('Track Pending Actions', () => import('./pending-actions-dialog')) },
  searchPlaceholder: 'Search incidents...',
  filters: [
    { param: 'severity', label: 'Severity', allLabel: 'All', options: INCIDENT_SEVERITIES },
    { param: 'status', label: 'Status', allLabel: 'All', options: INCIDENT_STATUSES },
  ],
  columns: [
    { id: 'id', header: 'ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(incidentsArea, 'type'),
    column(incidentsArea, 'severity', { cell: ({ row }) => <StatusBadge value={row.original.severity} tones={SEVERITY_TONES} /> }),
    column(incidentsArea, 'dateTime', { meta: { keepWhole: true } }),
    column(incidentsArea, 'location'),
    column(incidentsArea, 'vehicleId', {
      cell: ({ row }) => <LinkedLabel label={row.original.vehicleLabel ?? row.original.vehicleId} keep="tail" area="vehicles" id={row.original.vehicleId} />,
    }),
    column(incidentsArea, 'status', { cell: ({ row }) => <StatusBadge value={row.original.status} tones={STATUS_TONES} /> }),
  ],
  rowActions: (incident) => <FilesAction files={incident.imagesFiles} label={`View images of ${incident.id}`} icon={<Image />} />,
  texts: { loading: 'Loading incidents...', empty: 'No Incidents Found', fetchError: 'Could not fetch incidents.' },
  form: {
    texts: { addTitle: 'Report New Incident', editTitle: 'Edit Incident', addButton: 'Report Incident', editButton: 'Save Changes' },
    fields: formFields(incidentsArea, { vehicleId: { ...vehicleReference, fetchError: 'Could not fetch vehicles list.' }, driverId: driverListReference }).map(
      (f) => (f.kind === 'files' ? { ...f, uploadFailureTitle: 'Image Upload Failed' } : f),
    ),
  },
  toasts: {
    saved: (incident, added) => ({
      title: added ? 'Incident Reported!' : 'Incident Updated!',
      description: added ? `${incident.type} at ${incident.location} has been reported as ${incident.id}.` : `Incident ${incident.id} has been updated.`,
    }),
    deleted: (incident) => ({ title: 'Incident Deleted!', description: `Incident "${toastExcerpt(incident.description)}" (${incident.id}) has been removed.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (incident) =>
      `Are you sure you want to delete incident ${incident.id} (${incident.type} at ${incident.location})? This action cannot be undone.`,
    confirmLabel: 'Delete Incident',
  },
};

export function IncidentsPage() {
  return <AreaPage config={config} />;
}

/** The incidents list as record pages reuse it (a vehicle's Incidents tab). */
export { config as incidentsConfig };
