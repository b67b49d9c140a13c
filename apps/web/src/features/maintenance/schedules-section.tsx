import { X } from 'lucide-react';
import { SERVICE_DUE_STATES, serviceSchedulesArea, type ServiceSchedule, type ServiceScheduleInput } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaSection, type AreaPageConfig } from '../../components/area/area-page';
import { IdCell, StatusBadge, VehiclePlateCell } from '../../components/area/cells';
import { column, derivedState, formFields } from '../../components/area/declared';
import type { BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDate, formatNumber, NA } from '../../lib/format';
import { vehicleReference } from '../references';

const DUE_TONES: Record<string, BadgeTone> = { OK: 'green', 'Due Soon': 'yellow', Overdue: 'red' };
const vehicleOf = (s: ServiceSchedule) => s.vehiclePlate ?? s.vehicleLabel ?? s.vehicleId;
const km = (n: number | null) => (n === null ? NA : `${formatNumber(n)} km`);
/** Every 20,000 km or 6 months: the interval as read. */
const interval = (s: ServiceSchedule) =>
  [s.everyKm !== null ? `${formatNumber(s.everyKm)} km` : null, s.everyMonths !== null ? `${s.everyMonths} month${s.everyMonths === 1 ? '' : 's'}` : null]
    .filter(Boolean)
    .join(' or ') || NA;
/** Last done on a date, at a km, or both. */
const lastDone = (s: ServiceSchedule) =>
  [s.lastDoneDate ? formatDate(s.lastDoneDate) : null, s.lastDoneKm !== null ? `at ${formatNumber(s.lastDoneKm)} km` : null].filter(Boolean).join(' ') || NA;
const nextDue = (s: ServiceSchedule) =>
  [s.nextDueDate ? formatDate(s.nextDueDate) : null, s.nextDueKm !== null ? `${formatNumber(s.nextDueKm)} km` : null].filter(Boolean).join(' or ') || NA;

export const schedulesSection: AreaPageConfig<ServiceSchedule> = {
  area: serviceSchedulesArea,
  client: areaClient<ServiceSchedule, ServiceScheduleInput>(serviceSchedulesArea.key),
  title: 'Service Schedules',
  subtitle: 'Preventive maintenance by km or months, whichever comes first. A job card that names a schedule resets it when Completed.',
  addLabel: 'Add Schedule',
  searchPlaceholder: 'Search schedules...',
  filters: [
    { param: 'due', label: 'Due', allLabel: 'All Due States', options: SERVICE_DUE_STATES },
    { param: 'vehicleId', label: 'Vehicle', allLabel: 'All Vehicles', options: { reference: vehicleReference } },
    { param: 'task', label: 'Task', allLabel: 'All Tasks', options: 'present' },
  ],
  columns: [
    { id: 'id', header: 'Schedule ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(serviceSchedulesArea, 'vehicleId', { header: 'Vehicle', meta: { keepWhole: true }, cell: ({ row }) => <VehiclePlateCell record={row.original} /> }),
    column(serviceSchedulesArea, 'task'),
    {
      id: 'due',
      header: 'Due',
      meta: { keepWhole: true },
      cell: ({ row }) => <StatusBadge value={derivedState(serviceSchedulesArea, 'due', row.original)} tones={DUE_TONES} />,
    },
    { id: 'interval', header: 'Every', meta: { keepWhole: true }, cell: ({ row }) => interval(row.original) },
    column(serviceSchedulesArea, 'lastDoneDate', { cell: ({ row }) => lastDone(row.original) }),
    { id: 'nextDue', header: 'Next Due', meta: { keepWhole: true }, cell: ({ row }) => nextDue(row.original) },
    { id: 'odometer', header: 'Odometer', meta: { keepWhole: true }, cell: ({ row }) => km(row.original.currentOdometer) },
  ],
  texts: {
    loading: 'Loading service schedules...',
    empty: 'No service schedules found',
    emptyHint: "Click 'Add Schedule' to plan a vehicle's preventive maintenance.",
    fetchError: 'Could not fetch service schedules.',
  },
  form: {
    texts: { addTitle: 'Add Service Schedule', editTitle: 'Edit Service Schedule', addButton: 'Add Schedule', editButton: 'Save Changes' },
    fields: formFields(serviceSchedulesArea, { vehicleId: vehicleReference }),
  },
  toasts: {
    saved: (s, added) => ({
      title: added ? 'Schedule Added!' : 'Schedule Updated!',
      description: `${s.task} for ${vehicleOf(s)} (${s.id}) has been ${added ? 'added' : 'updated'}.`,
    }),
    deleted: (s) => ({ title: 'Schedule Deleted', description: `${s.task} for ${vehicleOf(s)} (${s.id}) has been removed.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (s) => `Are you sure you want to delete the schedule ${s.task} for ${vehicleOf(s)} (${s.id})? This action cannot be undone.`,
    confirmLabel: 'Delete Schedule',
  },
};

/** The service schedules on the maintenance screen (loaded when Schedule Preventive Maintenance is first used). */
export default function SchedulesSection({ onClose }: { onClose: () => void }) {
  return (
    <div className="relative grid gap-2" id="service-schedules">
      <div className="flex justify-end">
        <Button type="button" variant="ghost" size="sm" onClick={onClose} aria-label="Close the service schedules">
          <X /> Close
        </Button>
      </div>
      <AreaSection config={schedulesSection} prefix="schedules" />
    </div>
  );
}
