import { driverLabel, driversArea, partnerFuelStationsArea, tripLabel, tripsArea, vehicleLabel, vehiclesArea } from '@raahi/domain';
import type { ReferenceSpec } from '../components/area/reference-picker';

/** Pick-lists of other areas' records, shared by the forms that name them. */
export const vehicleReference: ReferenceSpec = {
  area: vehiclesArea.key,
  label: (row) => vehicleLabel(row as { id: string; make: string; model: string; licensePlate: string }),
  // Active vehicles first (the statuses sort Active, In Maintenance, Out of Service, Sold); the others marked.
  sort: { sort: 'status', order: 'asc' },
  status: (row) => String(row.status ?? ''),
  usableStatus: 'Active',
  fetchError: 'Could not fetch vehicles.',
};

export const driverReference: ReferenceSpec = {
  area: driversArea.key,
  label: (row) => driverLabel(row as { id: string; name: string }),
  // Active drivers first (Active, Inactive, On Leave, Pending Docs); the others marked.
  sort: { sort: 'status', order: 'asc' },
  status: (row) => String(row.status ?? ''),
  usableStatus: 'Active',
  fetchError: 'Could not fetch drivers.',
};

/** The training and health pages name the same failure 'drivers list'. */
export const driverListReference: ReferenceSpec = { ...driverReference, fetchError: 'Could not fetch drivers list.' };

/** Trips, newest first, as 'TRP… (Origin → Destination)'. */
export const tripReference: ReferenceSpec = {
  area: tripsArea.key,
  label: (row) => tripLabel(row as { id: string; origin: string; destination: string }),
  fetchError: 'Could not fetch trips list.',
};

/** Partner fuel stations by name, Active first (the Inactive ones marked). */
export const stationReference: ReferenceSpec = {
  area: partnerFuelStationsArea.key,
  label: (row) => String(row.stationName ?? row.id),
  sort: { sort: 'status', order: 'asc' },
  status: (row) => String(row.status ?? ''),
  usableStatus: 'Active',
  fetchError: 'Could not fetch stations.',
};
