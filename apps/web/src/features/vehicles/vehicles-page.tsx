import { VEHICLE_STATUSES, VEHICLE_TYPES, vehiclesArea, type Vehicle, type VehicleInput } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { formFields } from '../../components/area/declared';
import { IdCell, RecordLink, StatusBadge } from '../../components/area/cells';
import type { BadgeTone } from '../../components/ui/badge';
import { formatNumber, NA } from '../../lib/format';

const STATUS_TONES: Record<string, BadgeTone> = { Active: 'green', 'In Maintenance': 'yellow', 'Out of Service': 'red', Sold: 'gray' };

const describe = (v: Vehicle) => `${v.make} ${v.model} (${v.licensePlate})`;

const config: AreaPageConfig<Vehicle> = {
  area: vehiclesArea,
  client: areaClient<Vehicle, VehicleInput>(vehiclesArea.key),
  title: 'Vehicle Management',
  addLabel: 'Add New Vehicle',
  searchPlaceholder: 'Search vehicles...',
  filters: [
    { param: 'type', label: 'Type', allLabel: 'All Types', options: VEHICLE_TYPES },
    { param: 'status', label: 'Status', allLabel: 'All Statuses', options: VEHICLE_STATUSES },
  ],
  columns: [
    { id: 'id', header: 'ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    {
      id: 'make',
      header: 'Make & Model',
      cell: ({ row }) => (
        <RecordLink area="vehicles" id={row.original.id}>
          <span className="font-medium">{`${row.original.make} ${row.original.model}`}</span>
        </RecordLink>
      ),
    },
    { id: 'year', header: 'Year', accessorKey: 'year' },
    { id: 'licensePlate', header: 'License Plate', cell: ({ row }) => <span className="font-mono">{row.original.licensePlate}</span> },
    { id: 'type', header: 'Type', accessorKey: 'type' },
    {
      id: 'currentMileage',
      header: 'Mileage',
      cell: ({ row }) => (row.original.currentMileage === null ? NA : `${formatNumber(row.original.currentMileage)} km`),
    },
    { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge value={row.original.status} tones={STATUS_TONES} /> },
  ],
  texts: { loading: 'Loading vehicles...', empty: 'No Vehicles Found', fetchError: 'Could not fetch vehicles.' },
  form: {
    texts: { addTitle: 'Add New Vehicle', editTitle: 'Edit Vehicle Details', addButton: 'Add Vehicle', editButton: 'Save Changes' },
    fields: formFields(vehiclesArea, {}),
  },
  toasts: {
    saved: (v, added) =>
      added
        ? { title: 'Vehicle Added!', description: `${describe(v)} has been added with id ${v.id}.` }
        : { title: 'Vehicle Updated!', description: `${describe(v)} has been updated.` },
    deleted: (v) => ({ title: 'Vehicle Deleted!', description: `${describe(v)} has been deleted.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (v) => `Are you sure you want to delete vehicle ${describe(v)}? This action cannot be undone.`,
    confirmLabel: 'Delete Vehicle',
  },
};

export function VehiclesPage() {
  return <AreaPage config={config} />;
}
