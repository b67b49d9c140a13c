import { z } from 'zod';
import { defineArea, type Stored } from './area';
import { integer, isoDate, text } from './fields';
import { requireFields, type Rule } from './rules';

export const VEHICLE_TYPES = ['Truck', 'Van', 'Trailer', 'Car', 'Bus', 'Motorcycle', 'Other'] as const;
export const VEHICLE_STATUSES = ['Active', 'In Maintenance', 'Out of Service', 'Sold'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

export const vehicleInput = z.strictObject({
  make: text(100),
  model: text(100),
  year: integer(0, 9999).nullable(),
  vin: text(50),
  licensePlate: text(20),
  type: z.enum(VEHICLE_TYPES),
  status: z.enum(VEHICLE_STATUSES),
  currentMileage: integer(-99_999_999, 99_999_999).nullable(),
  purchaseDate: isoDate.nullable(),
});
export type VehicleInput = z.infer<typeof vehicleInput>;
export type Vehicle = Stored<VehicleInput>;

const currentYear = () => new Date().getFullYear();

export const vehicleRules: Rule<VehicleInput>[] = [
  requireFields<VehicleInput>(['make', 'model', 'year', 'vin', 'licensePlate'], {
    title: 'Missing Fields',
    message: 'Make, Model, Year, VIN, and License Plate are required.',
  }),
  (v) =>
    v.year !== null && (v.year < 1900 || v.year > currentYear() + 1)
      ? { title: 'Invalid Year', message: 'Please enter a valid vehicle year.', fields: ['year'] }
      : null,
  (v) =>
    v.currentMileage !== null && v.currentMileage < 0
      ? { title: 'Invalid Mileage', message: 'Mileage cannot be negative.', fields: ['currentMileage'] }
      : null,
];

export const vehiclesArea = defineArea<VehicleInput>({
  key: 'vehicles',
  singular: 'vehicle',
  plural: 'vehicles',
  idFormat: { prefix: 'VEH', timeDigits: 4, randomChars: 2 },
  input: vehicleInput,
  fieldLabels: {
    make: 'Make',
    model: 'Model',
    year: 'Year',
    vin: 'VIN',
    licensePlate: 'License Plate',
    type: 'Type',
    status: 'Status',
    currentMileage: 'Current Mileage',
    purchaseDate: 'Purchase Date',
  },
  rules: vehicleRules,
  defaults: () => ({
    make: '',
    model: '',
    year: currentYear(),
    vin: '',
    licensePlate: '',
    type: 'Truck',
    status: 'Active',
    currentMileage: 0,
    purchaseDate: null,
  }),
  filters: { type: VEHICLE_TYPES, status: VEHICLE_STATUSES },
  sorts: ['createdAt', 'id', 'make', 'year', 'licensePlate', 'type', 'currentMileage', 'status'],
  defaultSort: { sort: 'createdAt', order: 'desc' },
});

/** How other areas show a vehicle: 'make model (license plate or id)'. */
export function vehicleLabel(v: { id: string; make: string; model: string; licensePlate?: string | null }): string {
  return `${v.make} ${v.model} (${v.licensePlate || v.id})`;
}
