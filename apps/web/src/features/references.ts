import { driversArea, ordersArea, partnerFuelStationsArea, serviceSchedulesArea, tripsArea, vehiclesArea } from '@raahi/domain';
import { api, queryString } from '../lib/api';
import type { FieldSpec } from '../components/area/form-fields';
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

/** Sales orders as 'SO… — Customer' (a trip's Sales Order), newest first. */
export const salesOrderReference: ReferenceSpec = {
  area: ordersArea.key,
  fetchError: 'Could not fetch sales orders.',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A cost record's Trip, pre-filled with its vehicle's trip at its time (GET /api/trips/at): the trip whose dates
 * cover it, else the one In Transit or Delayed; none ('') when there is none. `at` names the field holding the
 * time (a refuelling log's timestamp, a challan's date).
 */
export const tripAtPrefill = (at: string): NonNullable<FieldSpec['prefill']> => ({
  from: ['vehicleId', at],
  value: async (input) => {
    const vehicleId = input.vehicleId;
    const when = input[at];
    if (typeof vehicleId !== 'string' || vehicleId === '' || typeof when !== 'string' || !(ISO_DATE.test(when) || !Number.isNaN(Date.parse(when))))
      return undefined;
    const found = await api<{ trip: { id: string } | null }>(`/api/trips/at${queryString({ vehicleId, at: when })}`);
    return found.trip?.id ?? '';
  },
});
