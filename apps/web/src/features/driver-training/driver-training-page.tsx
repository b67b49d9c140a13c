import { Award } from 'lucide-react';
import { TRAINING_STATUSES, trainingArea, type TrainingInput, type TrainingRecord } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { formFields } from '../../components/area/declared';
import { FileAction, IdCell, RecordLink, StatusBadge } from '../../components/area/cells';
import type { BadgeTone } from '../../components/ui/badge';
import { formatDate, NA } from '../../lib/format';
import { driverListReference } from '../references';
import { UnreadableValidity } from './unreadable-validity';

type TrainingRow = TrainingRecord & { certificationFileName: string | null };

const STATUS_TONES: Record<string, BadgeTone> = {
  Scheduled: 'blue',
  'In Progress': 'yellow',
  Completed: 'green',
  Failed: 'red',
  Expired: 'red',
  'Pending Renewal': 'orange',
  Cancelled: 'gray',
};
// The specified status filter lists every status but Cancelled.
const FILTER_STATUSES = TRAINING_STATUSES.filter((s) => s !== 'Cancelled');

const config: AreaPageConfig<TrainingRow> = {
  area: trainingArea,
  client: areaClient<TrainingRow, TrainingInput>(trainingArea.key),
  title: 'Driver Training',
  addLabel: 'Add Training Record',
  searchPlaceholder: 'Search by Driver ID, Type, Trainer...',
  filters: [
    { param: 'status', label: 'Status', allLabel: 'All Statuses', options: FILTER_STATUSES },
    { param: 'trainingType', label: 'Training Type', allLabel: 'All Types', options: 'present' },
  ],
  columns: [
    { id: 'id', header: 'Record ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    {
      id: 'driver',
      header: 'Driver',
      cell: ({ row }) => (
        <RecordLink area="drivers" id={row.original.driverId}>
          <span className="font-medium">{row.original.driverName ?? row.original.driverId}</span>
        </RecordLink>
      ),
    },
    { id: 'trainingType', header: 'Training Type', accessorKey: 'trainingType' },
    { id: 'scheduleDate', header: 'Schedule Date', meta: { keepWhole: true }, cell: ({ row }) => formatDate(row.original.scheduleDate) },
    { id: 'trainerName', header: 'Trainer', cell: ({ row }) => row.original.trainerName || NA },
    { id: 'assessmentScore', header: 'Score', cell: ({ row }) => (row.original.assessmentScore === null ? NA : `${row.original.assessmentScore}%`) },
    { id: 'validityPeriod', header: 'Validity', cell: ({ row }) => row.original.validityPeriod || NA },
    { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge value={row.original.status} tones={STATUS_TONES} /> },
  ],
  rowActions: (t) => <FileAction fileId={t.certificationFile} label={`View certificate of ${t.id}`} icon={<Award />} />,
  texts: { loading: 'Loading training records...', empty: 'No Training Records Found', fetchError: 'Could not fetch training records.' },
  form: {
    texts: { addTitle: 'Add New Training Record', editTitle: 'Edit Training Record', addButton: 'Add Record', editButton: 'Save Changes' },
    fields: formFields(trainingArea, { driverId: { ...driverListReference, defaultToFirst: true } }),
  },
  toasts: {
    saved: (t, added) =>
      added
        ? { title: 'Training Record Added!', description: `${t.trainingType} for ${t.driverName ?? t.driverId} has been recorded as ${t.id}.` }
        : { title: 'Training Record Updated!', description: `Training record ${t.id} has been updated.` },
    deleted: (t) => ({ title: 'Training Record Deleted', description: `Training record ${t.id} has been deleted.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: () => 'Are you sure you want to delete this training record? This action cannot be undone.',
    confirmLabel: 'Delete Record',
  },
};

export function DriverTrainingPage() {
  return <AreaPage config={{ ...config, banner: <UnreadableValidity /> }} />;
}

/** The training list as record pages reuse it (a driver's Training tab). */
export { config as driverTrainingConfig };
