import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';
import type { Condition } from './derived';
import type { TripMoney } from './record-pages';

export const TRIP_STATUSES = ['Scheduled', 'In Transit', 'Delivered', 'Delayed', 'Cancelled'] as const;
/** A vehicle or driver is on at most one trip with these statuses at a time (a database index holds it). */
export const TRIPS_ON_THE_ROAD = ['In Transit', 'Delayed'] as const;
/** Trips that need their vehicle and driver: those not yet finished or cancelled. */
const TRIPS_UNDER_WAY_OR_PLANNED = ['Scheduled', ...TRIPS_ON_THE_ROAD] as const;

/** Delivered within the last 30 days (by the end date's day), with an ETA to be judged against. */
const DELIVERED_LAST_30_DAYS: Condition = {
  all: [{ in: 'status', values: ['Delivered'] }, { onOrAfter: 'endDate', days: -29 }, { before: 'endDate', days: 1 }, { not: { blank: 'eta' } }],
};

export const tripsArea = declareArea({
  key: 'trips',
  singular: 'trip',
  plural: 'trips',
  idFormat: { prefix: 'TRP', timeDigits: 4, randomChars: 2 },
  fields: {
    origin: field.text({ label: 'Origin', required: true, sort: true, placeholder: 'e.g. Pune' }),
    destination: field.text({ label: 'Destination', required: true, sort: true, placeholder: 'e.g. Mumbai' }),
    // The form pre-selects the first vehicle and driver (as specified); a trip that is or will be under way
    // may not name one that is gone, and a finished trip keeps the vehicle it ran on after it is sold.
    vehicleId: field.reference('vehicles', {
      label: 'Vehicle',
      required: true,
      unlinkableWhen: { status: ['Sold', 'Out of Service'] },
      checkedWhile: { status: TRIPS_UNDER_WAY_OR_PLANNED },
    }),
    driverId: field.reference('drivers', {
      label: 'Driver',
      required: true,
      unlinkableWhen: { status: ['Inactive'] },
      checkedWhile: { status: TRIPS_UNDER_WAY_OR_PLANNED },
    }),
    status: field.choice(TRIP_STATUSES, { label: 'Status', default: 'Scheduled', sort: true, filter: true }),
    eta: field.dateTime({ label: 'ETA', sort: true }),
    startDate: field.dateTime({ label: 'Start Date', filter: 'range' }),
    endDate: field.dateTime({ label: 'End Date' }),
    // Not in the specification's form (issue 19, decision 0041): the trip's money. Distance is typed, or follows from
    // the start and end odometer when both are given (computed below).
    freight: field.money({ label: 'Freight (₹)', added: true, placeholder: 'e.g. 33500' }),
    startOdometer: field.integer({ label: 'Start Odometer (km)', min: 0, max: 99_999_999, added: true }),
    endOdometer: field.integer({ label: 'End Odometer (km)', min: 0, max: 99_999_999, added: true }),
    distanceKm: field.number({ label: 'Distance (km)', step: 0.1, min: -1e6, max: 1e6, added: true, placeholder: 'e.g. 280' }),
    salesOrderId: field.reference('sales-orders', { label: 'Sales Order', added: true }),
    notes: field.text({ label: 'Notes', multiline: true }),
  },
  required: { title: 'Missing Fields', message: 'Origin, Destination, Vehicle, and Driver are required.' },
  rules: [
    (v) =>
      // Equal readings are no distance: said of the odometers, ahead of the distance's own rule.
      v.startOdometer !== null && v.endOdometer !== null && v.endOdometer <= v.startOdometer
        ? {
            title: 'Invalid Odometer',
            message: `End Odometer (${v.endOdometer} km) must be greater than Start Odometer (${v.startOdometer} km).`,
            fields: ['endOdometer', 'startOdometer'],
          }
        : null,
    (v) =>
      v.distanceKm !== null && v.distanceKm <= 0
        ? { title: 'Invalid Distance', message: 'Distance (km) must be greater than 0.', fields: ['distanceKm'] }
        : null,
    (v) => (v.freight !== null && v.freight < 0 ? { title: 'Invalid Freight', message: 'Freight (₹) cannot be negative.', fields: ['freight'] } : null),
  ],
  // With both odometer readings, the distance is their difference (the form shows it locked).
  computed: { distanceKm: (v) => (v.startOdometer !== null && v.endOdometer !== null ? v.endOdometer - v.startOdometer : undefined) },
  // Margin (freight − cost) is the server's: sorted by it, N/A (no freight) last.
  computedSorts: ['margin'],
  // On-time delivery over the last 30 days (today and the 29 before, company's days): trips Delivered then that had an ETA.
  derived: {
    delivery: {
      cases: [
        { value: 'On Time (30d)', when: { all: [DELIVERED_LAST_30_DAYS, { atMost: 'endDate', other: 'eta' }] } },
        { value: 'Late (30d)', when: DELIVERED_LAST_30_DAYS },
      ],
      otherwise: 'Other',
      filterValues: ['On Time (30d)', 'Late (30d)', 'Other'],
    },
    delivered: { cases: [{ value: 'Delivered (30d)', when: DELIVERED_LAST_30_DAYS }], otherwise: 'Other', filterValues: ['Delivered (30d)', 'Other'] },
  },
});

export type TripInput = InputOf<typeof tripsArea.fields>;
/** A trip as listed: with the labels of its vehicle and driver. */
export type Trip = Stored<TripInput> & {
  vehicleLabel: string | null;
  driverLabel: string | null;
  salesOrderLabel: string | null;
  /** The customer of its sales order. */
  customerName: string | null;
} & TripMoney;

/** How other areas show a trip: 'TRP… (Origin → Destination)', as the SQL trip_label() gives it. */
export function tripLabel(t: { id: string; origin: string; destination: string }): string {
  return `${t.id} (${t.origin} → ${t.destination})`;
}
