import { vehiclesArea } from '@raahi/domain';
import { vehicles } from '../db/schema';
import type { ResourceDefinition } from '../http/resource';
import { fieldColumn } from '../http/csv-export';
import { uniqueKey } from './unique-values';

const vehicleNamed = (v: Record<string, unknown>) => `${String(v.id)} (${String(v.make)} ${String(v.model)}, ${String(v.licensePlate)})`;

export const vehiclesResource: ResourceDefinition = {
  area: vehiclesArea,
  table: vehicles,
  uniqueValues: [
    uniqueKey('vehicles_plate_unique', 'licensePlate', 'Duplicate License Plate', (v, plate) => `The license plate ${plate} is already on vehicle ${vehicleNamed(v)}.`),
    uniqueKey('vehicles_vin_unique', 'vin', 'Duplicate VIN', (v, vin) => `The VIN ${vin} is already on vehicle ${vehicleNamed(v)}.`),
  ],
  exportColumns: [
    fieldColumn('ID', 'id'),
    { header: 'Make & Model', value: (v) => `${v.make} ${v.model}` },
    fieldColumn('Year', 'year', 'number'),
    fieldColumn('License Plate', 'licensePlate'),
    fieldColumn('VIN', 'vin'),
    fieldColumn('Type', 'type'),
    fieldColumn('Mileage (km)', 'currentMileage', 'number'),
    fieldColumn('Status', 'status'),
    fieldColumn('Purchase Date', 'purchaseDate', 'date'),
  ],
};
