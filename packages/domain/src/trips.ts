import { z } from 'zod';
import { defineArea, type Stored } from './area';
import { isoDateTime, text } from './fields';
import { requireFields, type Rule } from './rules';

export const TRIP_STATUSES = ['Scheduled', 'In Transit', 'Delivered', 'Delayed', 'Cancelled'] as const;

export const tripInput = z.strictObject({
  origin: text(200),
  destination: text(200),
  vehicleId: text(64),
  driverId: text(64),
  status: z.enum(TRIP_STATUSES),
  eta: isoDateTime.nullable(),
  startDate: isoDateTime.nullable(),
  endDate: isoDateTime.nullable(),
  notes: text(2000),
});
export type TripInput = z.infer<typeof tripInput>;
/** A trip as listed: with the labels of its vehicle and driver. */
export type Trip = Stored<TripInput> & { vehicleLabel: string | null; driverLabel: string | null };

export const tripRules: Rule<TripInput>[] = [
  requireFields<TripInput>(['origin', 'destination', 'vehicleId', 'driverId'], {
    title: 'Missing Fields',
    message: 'Origin, Destination, Vehicle, and Driver are required.',
  }),
];

export const tripsArea = defineArea<TripInput>({
  key: 'trips',
  singular: 'trip',
  plural: 'trips',
  idFormat: { prefix: 'TRP', timeDigits: 4, randomChars: 2 },
  input: tripInput,
  fieldLabels: {
    origin: 'Origin',
    destination: 'Destination',
    vehicleId: 'Vehicle',
    driverId: 'Driver',
    status: 'Status',
    eta: 'ETA',
    startDate: 'Start Date',
    endDate: 'End Date',
    notes: 'Notes',
  },
  rules: tripRules,
  defaults: () => ({ origin: '', destination: '', vehicleId: '', driverId: '', status: 'Scheduled', eta: null, startDate: null, endDate: null, notes: '' }),
  filters: { status: TRIP_STATUSES },
  sorts: ['createdAt', 'id', 'origin', 'destination', 'status', 'eta'],
  defaultSort: { sort: 'createdAt', order: 'desc' },
});
