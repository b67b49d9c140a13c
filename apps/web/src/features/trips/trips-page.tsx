import { TRIP_STATUSES, tripsArea, type Trip, type TripInput } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { formFields } from '../../components/area/declared';
import { IdCell, LinkedLabel, StatusBadge } from '../../components/area/cells';
import type { BadgeTone } from '../../components/ui/badge';
import { formatDateTime, formatRupees, NA } from '../../lib/format';
import { driverReference, salesOrderReference, vehicleReference } from '../references';

const STATUS_TONES: Record<string, BadgeTone> = { 'In Transit': 'blue', Delivered: 'green', Scheduled: 'yellow', Delayed: 'orange', Cancelled: 'red' };

const route = (t: Trip) => `${t.origin} → ${t.destination}`;

/** Rupees as the table shows them, N/A for a figure whose input is missing (never a made-up ₹0). */
const rupees = (value: number | null | undefined) => (
  <span className="whitespace-nowrap tabular-nums">{value === null || value === undefined ? NA : formatRupees(value)}</span>
);
/** The trip's money (issue 19): columns the user may add with "Columns"; off by default, so spec 000's table is unchanged. */
const money = { keepWhole: true, optional: true } as const;

const config: AreaPageConfig<Trip> = {
  area: tripsArea,
  client: areaClient<Trip, TripInput>(tripsArea.key),
  title: 'Fleet & Trip Management',
  addLabel: 'Create New Trip',
  cardTitle: 'Trip List',
  searchPlaceholder: 'Search trips...',
  filters: [{ param: 'status', label: 'Status', allLabel: 'All Statuses', options: TRIP_STATUSES }],
  columns: [
    { id: 'id', header: 'Trip ID', cell: ({ row }) => <IdCell id={row.original.id} area="trips" /> },
    { id: 'origin', header: 'Origin', accessorKey: 'origin' },
    { id: 'destination', header: 'Destination', accessorKey: 'destination' },
    {
      id: 'vehicle',
      header: 'Vehicle',
      cell: ({ row }) => <LinkedLabel label={row.original.vehicleLabel ?? row.original.vehicleId} keep="tail" area="vehicles" id={row.original.vehicleId} />,
    },
    {
      id: 'driver',
      header: 'Driver',
      cell: ({ row }) => <LinkedLabel label={row.original.driverLabel ?? row.original.driverId} keep="both" area="drivers" id={row.original.driverId} />,
    },
    { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge value={row.original.status} tones={STATUS_TONES} /> },
    { id: 'eta', header: 'ETA', meta: { keepWhole: true }, cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.eta)}</span> },
    { id: 'freight', header: 'Freight', meta: money, cell: ({ row }) => rupees(row.original.freight) },
    { id: 'cost', header: 'Cost', meta: money, cell: ({ row }) => rupees(row.original.cost) },
    { id: 'margin', header: 'Margin', meta: money, cell: ({ row }) => rupees(row.original.margin) },
  ],
  texts: { loading: 'Loading trips...', empty: 'No Trips Found', fetchError: 'Could not fetch trips.' },
  form: {
    texts: { addTitle: 'Create New Trip', editTitle: 'Edit Trip', addButton: 'Create Trip', editButton: 'Save Changes' },
    fields: formFields(tripsArea, {
      vehicleId: { ...vehicleReference, defaultToFirst: true },
      driverId: { ...driverReference, defaultToFirst: true },
      salesOrderId: salesOrderReference,
    }).map((f) =>
      // Freight in rupees; the distance typed, or the difference of the odometers (then shown locked).
      f.name === 'freight' ? { ...f, min: 0 } : f.name === 'distanceKm' ? { ...f, min: 0.1 } : f,
    ),
  },
  toasts: {
    saved: (t, added) =>
      added
        ? { title: 'Trip Created!', description: `Trip ${t.id} (${route(t)}) has been created.` }
        : { title: 'Trip Updated!', description: `Trip ${t.id} has been updated.` },
    deleted: (t) => ({ title: 'Trip Deleted!', description: `Trip ${t.id} (${route(t)}) has been deleted.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (t) => `Are you sure you want to delete trip ${t.id} (${route(t)})? This action cannot be undone.`,
    confirmLabel: 'Delete Trip',
  },
};

export function TripsPage() {
  return <AreaPage config={config} />;
}

/** The trips list as record pages reuse it (a vehicle's Trips tab). */
export { config as tripsConfig };
