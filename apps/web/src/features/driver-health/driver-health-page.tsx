import { FileHeart } from 'lucide-react';
import { HEALTH_RESULTS, healthArea, type HealthInput, type HealthReport } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { FileAction, RecordLink, StatusBadge } from '../../components/area/cells';
import { column, formFields } from '../../components/area/declared';
import type { BadgeTone } from '../../components/ui/badge';
import { driverListReference } from '../references';

type HealthRow = HealthReport & { reportFileName: string | null };

const RESULT_TONES: Record<string, BadgeTone> = { Fit: 'green', 'Fit with Aid': 'blue', Unfit: 'red', 'Pending Review': 'yellow' };

const config: AreaPageConfig<HealthRow> = {
  area: healthArea,
  client: areaClient<HealthRow, HealthInput>(healthArea.key),
  title: 'Driver Health Reports',
  addLabel: 'Add Health Record',
  searchPlaceholder: 'Search Driver, Test Type, Clinic...',
  filters: [
    { param: 'result', label: 'Result', allLabel: 'All Results', options: HEALTH_RESULTS },
    { param: 'testType', label: 'Test Type', allLabel: 'All Test Types', options: 'present' },
  ],
  columns: [
    column(healthArea, 'driverId', {
      cell: ({ row }) => (
        <RecordLink area="drivers" id={row.original.driverId}>
          <span className="font-medium">{row.original.driverName ?? row.original.driverId}</span>
        </RecordLink>
      ),
    }),
    column(healthArea, 'testType'),
    column(healthArea, 'testDate'),
    column(healthArea, 'result', { cell: ({ row }) => <StatusBadge value={row.original.result} tones={RESULT_TONES} /> }),
    column(healthArea, 'nextDueDate'),
    column(healthArea, 'clinicInfo'),
  ],
  rowActions: (h) => <FileAction fileId={h.reportFile} label={`View report file of ${h.id}`} icon={<FileHeart />} />,
  texts: { loading: 'Loading health records...', empty: 'No Health Records Found', fetchError: 'Could not fetch health records.' },
  form: {
    texts: { addTitle: 'Add New Health Record', editTitle: 'Edit Driver Health Record', addButton: 'Add Record', editButton: 'Save Changes' },
    fields: formFields(healthArea, { driverId: { ...driverListReference, sort: { sort: 'name', order: 'asc' } } }),
  },
  toasts: {
    saved: (h, added) =>
      added
        ? { title: 'Health Record Added!', description: `${h.testType} for ${h.driverName ?? h.driverId} has been recorded.` }
        : { title: 'Health Record Updated!', description: `The ${h.testType} record of ${h.driverName ?? h.driverId} has been updated.` },
    deleted: (h) => ({ title: 'Health Record Deleted', description: `The ${h.testType} record of ${h.driverName ?? h.driverId} has been deleted.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (h) => `Are you sure you want to delete the ${h.testType} record of ${h.driverName ?? h.driverId}? This action cannot be undone.`,
    confirmLabel: 'Delete Record',
  },
};

export function DriverHealthPage() {
  return <AreaPage config={config} />;
}

/** The health records list as record pages reuse it (a driver's Health tab). */
export { config as driverHealthConfig };
