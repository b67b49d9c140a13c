import { ClipboardList } from 'lucide-react';
import { JOB_STATUSES, maintenanceArea, type MaintenanceInput, type MaintenanceJob } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { IdCell, InertRowAction, LinkedLabel, StatusBadge } from '../../components/area/cells';
import { column, formFields } from '../../components/area/declared';
import type { BadgeTone } from '../../components/ui/badge';
import { toastExcerpt } from '../../lib/format';
import { vehicleReference } from '../references';

const STATUS_TONES: Record<string, BadgeTone> = { Scheduled: 'blue', 'In Progress': 'yellow', Completed: 'green', 'On Hold': 'orange', Cancelled: 'gray' };
const vehicleOf = (job: MaintenanceJob) => job.vehicleLabel ?? job.vehicleId;

const config: AreaPageConfig<MaintenanceJob> = {
  area: maintenanceArea,
  client: areaClient<MaintenanceJob, MaintenanceInput>(maintenanceArea.key),
  title: 'Maintenance & Workshop',
  addLabel: 'Create Job Card',
  inertActions: ['Schedule Preventive Maintenance', 'View Full Service Logs'],
  searchPlaceholder: 'Search jobs...',
  filters: [{ param: 'status', label: 'Status', allLabel: 'All', options: JOB_STATUSES }],
  columns: [
    { id: 'id', header: 'Job ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(maintenanceArea, 'vehicleId', { cell: ({ row }) => <LinkedLabel label={vehicleOf(row.original)} keep="tail" className="font-medium" /> }),
    column(maintenanceArea, 'jobType', { header: 'Type' }),
    column(maintenanceArea, 'description', {
      header: 'Description',
      // Cut after three lines (the table's rule for text), the whole description on hover.
      cell: ({ row }) => <span title={row.original.description}>{row.original.description}</span>,
    }),
    column(maintenanceArea, 'technician'),
    column(maintenanceArea, 'scheduledDate', { header: 'Scheduled' }),
    column(maintenanceArea, 'cost', { header: 'Cost', meta: { keepWhole: true } }),
    column(maintenanceArea, 'status', { cell: ({ row }) => <StatusBadge value={row.original.status} tones={STATUS_TONES} /> }),
  ],
  rowActions: (job) => <InertRowAction label={`Service log of ${job.id}`} icon={<ClipboardList />} />,
  texts: { loading: 'Loading maintenance jobs...', empty: 'No Maintenance Jobs Found', fetchError: 'Could not fetch maintenance jobs.' },
  form: {
    texts: { addTitle: 'Create Job Card', editTitle: 'Edit Job Card', addButton: 'Create Job', editButton: 'Save Changes' },
    fields: formFields(maintenanceArea, { vehicleId: { ...vehicleReference, fetchError: 'Could not fetch vehicles list.' } }),
  },
  toasts: {
    saved: (job, added) => ({
      title: added ? 'Job Created!' : 'Job Updated!',
      description: added ? `Job card ${job.id} for ${vehicleOf(job)} has been created.` : `Job card ${job.id} has been updated.`,
    }),
    deleted: (job) => ({ title: 'Job Deleted!', description: `Job "${toastExcerpt(job.description)}" (${job.id}) has been removed.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (job) => `Are you sure you want to delete job card ${job.id} for ${vehicleOf(job)}? This action cannot be undone.`,
    confirmLabel: 'Delete Job',
  },
};

export function MaintenancePage() {
  return <AreaPage config={config} />;
}
