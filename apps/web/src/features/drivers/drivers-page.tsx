import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { DRIVER_STATUSES, driversArea, recordPageOf, type Driver, type DriverInput } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { formFields } from '../../components/area/declared';
import { IdCell, RecordLink, StatusBadge } from '../../components/area/cells';
import { buttonClasses } from '../../components/ui/button';
import type { BadgeTone } from '../../components/ui/badge';
import { formatDate } from '../../lib/format';

type DriverRow = Driver & { aadharCardFileName: string | null };

const STATUS_TONES: Record<string, BadgeTone> = { Active: 'green', 'On Leave': 'yellow', Inactive: 'gray', 'Pending Docs': 'orange' };

const config: AreaPageConfig<DriverRow> = {
  area: driversArea,
  client: areaClient<DriverRow, DriverInput>(driversArea.key),
  title: 'Driver Management',
  addLabel: 'Add New Driver',
  searchPlaceholder: 'Search drivers...',
  filters: [{ param: 'status', label: 'Status', allLabel: 'All Statuses', options: DRIVER_STATUSES }],
  columns: [
    { id: 'id', header: 'Driver ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <RecordLink area="drivers" id={row.original.id}>
          <span className="font-medium">{row.original.name}</span>
        </RecordLink>
      ),
    },
    { id: 'license', header: 'License No.', meta: { keepWhole: true }, accessorKey: 'license' },
    { id: 'contact', header: 'Contact', meta: { keepWhole: true }, accessorKey: 'contact' },
    { id: 'email', header: 'Email', accessorKey: 'email' },
    { id: 'joiningDate', header: 'Joining Date', meta: { keepWhole: true }, cell: ({ row }) => formatDate(row.original.joiningDate) },
    { id: 'status', header: 'Status', meta: { keepWhole: true }, cell: ({ row }) => <StatusBadge value={row.original.status} tones={STATUS_TONES} /> },
  ],
  // Spec 000's View Documents icon (there Not Implemented) opens the driver's page on its Documents tab: the
  // compliance documents naming the driver and, for roles with personal data, the Aadhaar card file.
  rowActions: (d) => (
    <Link
      to={recordPageOf('drivers', d.id, 'documents')}
      className={buttonClasses('ghost', 'icon-sm', 'text-primary')}
      aria-label={`View Documents of ${d.name}`}
      title="View Documents"
    >
      <FileText />
    </Link>
  ),
  texts: { loading: 'Loading drivers...', empty: 'No Drivers Found', fetchError: 'Could not fetch drivers.' },
  form: {
    texts: { addTitle: 'Add New Driver', editTitle: 'Edit Driver Profile', addButton: 'Add Driver', editButton: 'Save Changes' },
    fields: formFields(driversArea, {}),
  },
  toasts: {
    saved: (d, added) =>
      added
        ? { title: 'Driver Added!', description: `${d.name} has been added with id ${d.id}.` }
        : { title: 'Driver Updated!', description: `${d.name}'s profile has been updated.` },
    deleted: (d) => ({ title: 'Driver Deleted!', description: `${d.name} (${d.id}) has been deleted.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (d) => `Are you sure you want to delete driver ${d.name} (${d.id})? This action cannot be undone.`,
    confirmLabel: 'Delete Driver',
  },
};

export function DriversPage() {
  return <AreaPage config={config} />;
}
