import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';
import { roundRupees } from './money';
import { STATION_FUEL_TYPES } from './partner-fuel-stations';

export const REFUEL_METHODS = ['Card', 'App', 'QR Code', 'Cash', 'Other'] as const;
const positive = (n: number | null) => n !== null && n > 0;

export const refuelingLogsArea = declareArea({
  key: 'refueling-logs',
  singular: 'refueling log',
  plural: 'refueling logs',
  idFormat: { prefix: 'RFL', timeDigits: 5, randomChars: 3 },
  fields: {
    vehicleId: field.reference('vehicles', { label: 'Vehicle', required: true }),
    driverId: field.reference('drivers', { label: 'Driver' }),
    // Not in the specification's form (issue 19): the trip it was spent on, pre-filled with the vehicle's trip at the time.
    tripId: field.reference('trips', { label: 'Trip', added: true, keptWith: ['vehicleId'] }),
    stationId: field.reference('partner-fuel-stations', { label: 'Station', required: true }),
    fuelType: field.choice(STATION_FUEL_TYPES, { label: 'Fuel Type', required: true, default: 'Diesel', sort: true, filter: true }),
    // Bounded so that quantity × rate stays within money's range. The rate is typed to 0.001 and kept a number.
    quantity: field.number({ label: 'Quantity', required: true, step: 0.01, min: -1e6, max: 1e6, sort: true }),
    rate: field.number({ label: 'Rate (₹)', required: true, step: 0.001, min: -1e5, max: 1e5 }),
    totalCost: field.money({ label: 'Total Cost (₹)', sort: true }),
    timestamp: field.dateTime({ label: 'Timestamp', required: true, sort: true, filter: 'range' }),
    refuelMethod: field.choice(REFUEL_METHODS, { label: 'Refuel Method', default: 'Card' }),
    odometer: field.integer({ label: 'Odometer (km)', min: 0, max: 99_999_999, placeholder: 'e.g. 184250' }),
    // Not in the specification's form: a tank not filled to full, whose km and litres count with the next full fill (fuel economy).
    partialFill: field.flag({ label: 'Partial Fill', added: true }),
    notes: field.text({ label: 'Notes', multiline: true, wide: true, max: 1000 }),
  },
  required: { title: 'Missing Fields', message: 'Vehicle, Station, Fuel Type, Quantity, Rate, and Timestamp are required.' },
  rules: [
    (v) =>
      !(positive(v.quantity) && positive(v.rate))
        ? {
            title: 'Invalid Values',
            message: 'Quantity and Rate must be greater than zero.',
            fields: ['quantity', 'rate'].filter((k) => !positive(v[k as 'rate'])),
          }
        : null,
  ],
  // Quantity × rate to the paisa, read-only; blank until both are given.
  computed: { totalCost: (v) => (v.quantity !== null && v.rate !== null ? roundRupees(v.quantity * v.rate) : null) },
  defaultSort: { sort: 'timestamp', order: 'desc' },
});

export type RefuelingLogInput = InputOf<typeof refuelingLogsArea.fields>;
export type RefuelingLog = Stored<RefuelingLogInput> & {
  vehicleLabel: string | null;
  vehiclePlate: string | null;
  driverLabel: string | null;
  stationLabel: string | null;
  tripLabel: string | null;
};
