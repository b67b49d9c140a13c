import { lazy, Suspense, useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ClipboardList } from 'lucide-react';
import { JOB_STATUSES, maintenanceArea, recordPageOf, screenPathOf, type MaintenanceInput, type MaintenanceJob } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { IdCell, InertRowAction, LinkedLabel, StatusBadge } from '../../components/area/cells';
import { Button, buttonClasses } from '../../components/ui/button';
import { useCan } from '../../app/use-can';
import { column, formFields } from '../../components/area/declared';
import type { BadgeTone } from '../../components/ui/badge';
import { toastExcerpt } from '../../lib/format';
import { scheduleReference, vehicleReference } from '../references';

// The schedules' list, form and badge load only when opened (the first visit's budget is tight).
const SchedulesSection = lazy(() => import('./schedules-section'));

const STATUS_TONES: Record<string, BadgeTone> = { Scheduled: 'blue', 'In Progress': 'yellow', Completed: 'green', 'On Hold': 'orange', Cancelled: 'gray' };
const vehicleOf = (job: MaintenanceJob) => job.vehicleLabel ?? job.vehicleId;

/** A job card's service log: its vehicle's page on the Job Cards tab (inert for a role that may not view vehicles). */
function ServiceLogAction({ job }: { job: MaintenanceJob }) {
  const { can } = useCan();
  const label = `Service log of ${job.id}`;
  if (!can('vehicles', 'view')) return <InertRowAction label={label} icon={<ClipboardList />} />;
  return (
    <Link
      to={recordPageOf('vehicles', job.vehicleId, 'job-cards')}
      className={buttonClasses('ghost', 'icon-sm', 'text-primary')}
      aria-label={label}
      title="Service log"
    >
      <ClipboardList />
    </Link>
  );
}

/** View Full Service Logs: the completed job cards, the latest completed first. */
const FULL_SERVICE_LOGS = `${screenPathOf('maintenance')}?status=Completed&sort=completionDate&order=desc`;

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
    column(maintenanceArea, 'vehicleId', {
      cell: ({ row }) => <LinkedLabel label={vehicleOf(row.original)} keep="tail" className="font-medium" area="vehicles" id={row.original.vehicleId} />,
    }),
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
  rowActions: (job) => <ServiceLogAction job={job} />,
  texts: { loading: 'Loading maintenance jobs...', empty: 'No Maintenance Jobs Found', fetchError: 'Could not fetch maintenance jobs.' },
  form: {
    texts: { addTitle: 'Create Job Card', editTitle: 'Edit Job Card', addButton: 'Create Job', editButton: 'Save Changes' },
    fields: formFields(maintenanceArea, { vehicleId: { ...vehicleReference, fetchError: 'Could not fetch vehicles list.' }, scheduleId: scheduleReference }),
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

/** Open while the address says so (`?schedules=open`, or a schedule's own parameters such as `schedules.edit=SCH…`). */
const SCHEDULES_PARAM = 'schedules';
const schedulesShown = (params: URLSearchParams) =>
  params.get(SCHEDULES_PARAM) === 'open' || [...params.keys()].some((key) => key.startsWith(`${SCHEDULES_PARAM}.`));

export function MaintenancePage() {
  const [params, setParams] = useSearchParams();
  const { can } = useCan();
  const shown = schedulesShown(params);
  const setShown = useCallback(
    (open: boolean) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const key of [...next.keys()]) if (key === SCHEDULES_PARAM || key.startsWith(`${SCHEDULES_PARAM}.`)) next.delete(key);
        if (open) next.set(SCHEDULES_PARAM, 'open');
        return next;
      }),
    [setParams],
  );
  const open = () => {
    setShown(true);
    document.getElementById('service-schedules')?.scrollIntoView({ block: 'start' });
  };
  // A role that may not view schedules keeps the specification's inert button.
  const activeActions = {
    ...(can('service-schedules', 'view')
      ? {
          'Schedule Preventive Maintenance': (
            <Button key="schedules" type="button" variant="outline" onClick={open} aria-expanded={shown}>
              Schedule Preventive Maintenance
            </Button>
          ),
        }
      : {}),
    'View Full Service Logs': (
      <Link key="logs" to={FULL_SERVICE_LOGS} className={buttonClasses('outline')}>
        View Full Service Logs
      </Link>
    ),
  };
  const banner = shown ? (
    <Suspense fallback={<p className="text-sm text-muted-foreground">Loading service schedules...</p>}>
      <SchedulesSection onClose={() => setShown(false)} />
    </Suspense>
  ) : undefined;
  return <AreaPage config={{ ...config, activeActions, banner }} />;
}

/** The job cards list as record pages reuse it (a vehicle's Job Cards tab). */
export { config as jobCardsConfig };
