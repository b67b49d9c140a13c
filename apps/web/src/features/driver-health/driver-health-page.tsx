import { FileHeart } from 'lucide-react';
import { HEALTH_RESULTS, HEALTH_TEST_TYPES, healthArea, type HealthInput, type HealthReport } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { FileAction, StatusBadge } from '../../components/area/cells';
import type { BadgeTone } from '../../components/ui/badge';
import { formatDate, NA } from '../../lib/format';
import { driverListReference } from '../references';

type HealthRow = HealthReport & { reportFileName: string | null };

const RESULT_TONES: Record<string, BadgeTone> = { Fit: 'green', 'Fit with Aid': 'blue', Unfit: 'red', 'Pending Review': 'yellow' };

const config: AreaPageConfig<HealthRow> = {
  area: healthArea,
  client: areaClient<HealthRow, HealthInput>('driver-health'),
  title: 'Driver Health Reports',
  addLabel: 'Add Health Record',
  searchPlaceholder: 'Search Driver, Test Type, Clinic...',
  filters: [
    { param: 'result', label: 'Result', allLabel: 'All Results', options: HEALTH_RESULTS },
    { param: 'testType', label: 'Test Type', allLabel: 'All Test Types', options: 'present' },
  ],
  columns: [
    { id: 'driver', header: 'Driver', cell: ({ row }) => <span className="font-medium">{row.original.driverName ?? row.original.driverId}</span> },
    { id: 'testType', header: 'Test Type', accessorKey: 'testType' },
    { id: 'testDate', header: 'Test Date', meta: { keepWhole: true }, cell: ({ row }) => formatDate(row.original.testDate) },
    { id: 'result', header: 'Result', cell: ({ row }) => <StatusBadge value={row.original.result} tones={RESULT_TONES} /> },
    { id: 'nextDueDate', header: 'Next Due Date', meta: { keepWhole: true }, cell: ({ row }) => formatDate(row.original.nextDueDate) },
    { id: 'clinicInfo', header: 'Clinic', cell: ({ row }) => row.original.clinicInfo || NA },
  ],
  rowActions: (h) => <FileAction fileId={h.reportFile} label={`View report file of ${h.id}`} icon={<FileHeart />} />,
  texts: { loading: 'Loading health records...', empty: 'No Health Records Found', fetchError: 'Could not fetch health records.' },
  form: {
    texts: { addTitle: 'Add New Health Record', editTitle: 'Edit Driver Health Record', addButton: 'Add Record', editButton: 'Save Changes' },
    fields: [
      { name: 'driverId', label: 'Driver', kind: 'reference', required: true, reference: { ...driverListReference, sort: { sort: 'name', order: 'asc' } } },
      { name: 'testType', label: 'Test Type', kind: 'select', required: true, options: HEALTH_TEST_TYPES },
      { name: 'testDate', label: 'Test Date', kind: 'date', required: true },
      { name: 'result', label: 'Result', kind: 'select', required: true, options: HEALTH_RESULTS },
      { name: 'nextDueDate', label: 'Next Due Date', kind: 'date' },
      { name: 'clinicInfo', label: 'Clinic', kind: 'text', placeholder: 'e.g. Apollo Clinic, Pune' },
      { name: 'reportFile', label: 'Report File', kind: 'file', wide: true },
      { name: 'notes', label: 'Notes', kind: 'textarea' },
    ],
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
