import { driversArea, partnerFuelStationsArea, serviceSchedulesArea, tripsArea, vehiclesArea } from '@raahi/domain';
import type { ReferenceSpec } from '../components/area/reference-picker';

/** Pick-lists of other areas' records, shared by the forms that name them (labels and statuses from the server). */
export const vehicleReference: ReferenceSpec = {
  area: vehiclesArea.key,
  // Active vehicles first (the statuses sort Active, In Maintenance, Out of Service, Sold); the others marked.
  sort: { sort: 'status', order: 'asc' },
  usableStatus: 'Active',
  fetchError: 'Could not fetch vehicles.',
};

export const driverReference: ReferenceSpec = {
  area: driversArea.key,
  // Active drivers first (Active, Inactive, On Leave, Pending Docs); the others marked.
  sort: { sort: 'status', order: 'asc' },
  usableStatus: 'Active',
  fetchError: 'Could not fetch drivers.',
};

/** The training and health pages name the same failure 'drivers list'. */
export const driverListReference: ReferenceSpec = { ...driverReference, fetchError: 'Could not fetch drivers list.' };

/** Trips, newest first, as 'TRP… (Origin → Destination)'. */
export const tripReference: ReferenceSpec = {
  area: tripsArea.key,
  fetchError: 'Could not fetch trips list.',
};

/** Partner fuel stations by name, Active first (the Inactive ones marked). */
export const stationReference: ReferenceSpec = {
  area: partnerFuelStationsArea.key,
  sort: { sort: 'status', order: 'asc' },
  usableStatus: 'Active',
  fetchError: 'Could not fetch stations.',
};

/** Service schedules as 'Task · plate' (a job card's Schedule); the server refuses another vehicle's. */
export const scheduleReference: ReferenceSpec = {
  area: serviceSchedulesArea.key,
  fetchError: 'Could not fetch service schedules.',
};
