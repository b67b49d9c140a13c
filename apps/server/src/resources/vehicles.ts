import { vehiclesArea } from '@raahi/domain';
import { vehicles } from '../db/schema';
import type { ResourceDefinition } from '../http/resource';
import { fieldColumn } from '../http/csv-export';

export const vehiclesResource: ResourceDefinition = {
  area: vehiclesArea,
  table: vehicles,
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
