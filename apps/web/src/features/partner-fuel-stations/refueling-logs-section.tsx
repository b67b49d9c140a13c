import { fuelUnit, refuelingLogsArea, STATION_FUEL_TYPES, type RefuelingLog, type RefuelingLogInput } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import type { AreaPageConfig } from '../../components/area/area-page';
import { IdCell, VehiclePlateCell } from '../../components/area/cells';
import { column, formFields } from '../../components/area/declared';
import { formatDateTime, formatNumber, formatRupees, NA } from '../../lib/format';
import { driverReference, stationReference, tripAtPrefill, tripReference, vehicleReference } from '../references';

const fields = formFields(refuelingLogsArea, {
  vehicleId: vehicleReference,
  driverId: driverReference,
  stationId: stationReference,
  tripId: tripReference,
}).map((f) =>
  f.name === 'quantity'
    ? { ...f, labelFor: (values: Record<string, unknown>) => `Quantity (${fuelUnit(String(values.fuelType ?? ''))})` }
    : // The vehicle's trip at the log's time, until the user picks another (issue 19).
      f.name === 'tripId'
      ? { ...f, prefill: tripAtPrefill('timestamp') }
      : f,
);

export const refuelingLogsSection: AreaPageConfig<RefuelingLog> = {
  area: refuelingLogsArea,
  client: areaClient<RefuelingLog, RefuelingLogInput>(refuelingLogsArea.key),
  title: 'Refueling Logs',
  addLabel: 'Add Log',
  searchPlaceholder: 'Search by vehicle, station or fuel type...',
  filters: [
    { param: 'stationId', label: 'Station', allLabel: 'All Stations', options: { reference: stationReference } },
    { param: 'vehicleId', label: 'Vehicle', allLabel: 'All Vehicles', options: { reference: vehicleReference } },
    { param: 'fuelType', label: 'Fuel Type', allLabel: 'All Fuel Types', options: STATION_FUEL_TYPES },
  ],
  columns: [
    { id: 'id', header: 'Log ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(refuelingLogsArea, 'vehicleId', {
      header: 'Vehicle',
      meta: { keepWhole: true },
      cell: ({ row }) => <VehiclePlateCell record={row.original} />,
    }),
    column(refuelingLogsArea, 'stationId', {
      header: 'Station',
      cell: ({ row }) => <span title={row.original.stationLabel ?? undefined}>{row.original.stationLabel ?? row.original.stationId}</span>,
    }),
    column(refuelingLogsArea, 'fuelType'),
    column(refuelingLogsArea, 'quantity', {
      header: 'Qty',
      meta: { keepWhole: true },
      cell: ({ row }) => (row.original.quantity === null ? NA : `${formatNumber(row.original.quantity)} ${fuelUnit(row.original.fuelType)}`),
    }),
    column(refuelingLogsArea, 'totalCost', {
      header: 'Cost (₹)',
      cell: ({ row }) => <span className="whitespace-nowrap font-medium">{formatRupees(row.original.totalCost)}</span>,
    }),
    column(refuelingLogsArea, 'timestamp', { meta: { keepWhole: true }, cell: ({ row }) => formatDateTime(row.original.timestamp) }),
  ],
  texts: {
    loading: 'Loading refueling logs...',
    empty: 'No refueling logs found',
    emptyHint: "Click 'Add Log' to record a refueling at a partner station.",
    fetchError: 'Could not fetch refueling logs.',
    fetchErrorTitle: 'Error fetching refueling logs',
  },
  form: {
    texts: {
      addTitle: 'Add Refueling Log',
      editTitle: 'Edit Refueling Log',
      addButton: 'Add Log',
      editButton: 'Save Changes',
      saveFailedTitle: 'Save log failed',
    },
    fields,
  },
  toasts: {
    saved: (l, added) => ({
      title: added ? 'Log Added!' : 'Log Updated!',
      description: `${formatNumber(l.quantity)} ${fuelUnit(l.fuelType)} of ${l.fuelType} for ${formatRupees(l.totalCost)} (${l.id}) has been ${added ? 'logged' : 'updated'}.`,
    }),
    deleted: (l) => ({ title: 'Log Deleted', description: `Refueling log ${l.id} has been removed.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    description: (l) =>
      `Are you sure you want to delete the refueling log ${l.id} (${l.vehicleLabel ?? l.vehicleId} at ${l.stationLabel ?? l.stationId})? This action cannot be undone.`,
    confirmLabel: 'Delete Log',
  },
};
