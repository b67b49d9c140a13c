import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';

export const VEHICLE_TYPES = ['Truck', 'Van', 'Trailer', 'Car', 'Bus', 'Motorcycle', 'Other'] as const;
export const VEHICLE_STATUSES = ['Active', 'In Maintenance', 'Out of Service', 'Sold'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

const currentYear = () => new Date().getFullYear();

export const vehiclesArea = declareArea({
  key: 'vehicles',
  singular: 'vehicle',
  plural: 'vehicles',
  idFormat: { prefix: 'VEH', timeDigits: 4, randomChars: 2 },
  fields: {
    make: field.text({ label: 'Make', required: true, max: 100, sort: true, placeholder: 'e.g. Tata' }),
    model: field.text({ label: 'Model', required: true, max: 100, placeholder: 'e.g. Prima 4028.S' }),
    year: field.integer({ label: 'Year', required: true, min: 0, max: 9999, default: currentYear, sort: true }),
    licensePlate: field.text({ label: 'License Plate', required: true, max: 20, sort: true, placeholder: 'e.g. MH12AB1234' }),
    vin: field.text({ label: 'VIN', required: true, max: 50, wide: true, placeholder: '17-character vehicle identification number' }),
    type: field.choice(VEHICLE_TYPES, { label: 'Type', default: 'Truck', sort: true, filter: true }),
    status: field.choice(VEHICLE_STATUSES, { label: 'Status', default: 'Active', sort: true, filter: true }),
    currentMileage: field.integer({ label: 'Current Mileage (km)', default: 0, sort: true }),
    purchaseDate: field.date({ label: 'Purchase Date' }),
  },
  required: { title: 'Missing Fields', message: 'Make, Model, Year, VIN, and License Plate are required.' },
  // The dashboard's Total Vehicles (not Sold) and its "+N this month" (added this calendar month, company's days).
  derived: {
    // Named by the statuses it holds (not 'not Sold'), so that its SQL can use the status index.
    fleet: {
      cases: [{ value: 'In Fleet', when: { in: 'status', values: VEHICLE_STATUSES.filter((s) => s !== 'Sold') } }],
      otherwise: 'Sold',
      filterValues: ['In Fleet', 'Sold'],
    },
    added: { cases: [{ value: 'This Month', when: { thisMonth: 'createdAt' } }], otherwise: 'Earlier', filterValues: ['This Month', 'Earlier'] },
  },
  rules: [
    (v) =>
      v.year !== null && (v.year < 1900 || v.year > currentYear() + 1)
        ? { title: 'Invalid Year', message: 'Please enter a valid vehicle year.', fields: ['year'] }
        : null,
    (v) =>
      v.currentMileage !== null && v.currentMileage < 0
        ? { title: 'Invalid Mileage', message: 'Mileage cannot be negative.', fields: ['currentMileage'] }
        : null,
  ],
});

export type VehicleInput = InputOf<typeof vehiclesArea.fields>;
export type Vehicle = Stored<VehicleInput>;

/** How other areas show a vehicle: 'make model (license plate or id)'. */
export function vehicleLabel(v: { id: string; make: string; model: string; licensePlate?: string | null }): string {
  return `${v.make} ${v.model} (${v.licensePlate || v.id})`;
}
