import { sql } from 'drizzle-orm';
import { vehiclesArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';
import { uniqueKey } from './unique-values';
import { odometerCheck } from './service-schedules';

export const vehicles = declaredTable('vehicles', vehiclesArea.fields, 'generated', { notNull: ['year'] });

const vehicleNamed = (v: Record<string, unknown>) => `${String(v.id)} (${String(v.make)} ${String(v.model)}, ${String(v.licensePlate)})`;

/** Other areas name a vehicle as 'Make Model (plate)' (vehicle_label, as their search text does), and also by its plate alone. */
export const vehiclesResource = declaredResource(vehiclesArea, vehicles, {
  label: (c) => sql`vehicle_label(${c.make}, ${c.model}, ${c.licensePlate}, ${c.id})`,
  shortLabel: { of: (c) => sql`coalesce(nullif(${c.licensePlate}, ''), ${c.id})`, beside: { suffix: 'Plate', header: 'License Plate' } },
  uniqueValues: [
    uniqueKey(
      'vehicles_plate_unique',
      'licensePlate',
      'Duplicate License Plate',
      (v, plate) => `The license plate ${plate} is already on vehicle ${vehicleNamed(v)}.`,
    ),
    uniqueKey('vehicles_vin_unique', 'vin', 'Duplicate VIN', (v, vin) => `The VIN ${vin} is already on vehicle ${vehicleNamed(v)}.`),
  ],
  // A recorded mileage far above the vehicle's other readings is saved with a warning (decision 0037).
  afterWrite: odometerCheck('currentMileage', 'id'),
  // Total Vehicles and the list's totals by status and type (migration 0042, decision 0046).
  keptCounts: { name: 'vehicles', fields: ['status', 'type'], answers: ['status', 'type', 'fleet'] },
  exportColumns: [
    'id',
    { header: 'Make & Model', value: (v) => `${v.make} ${v.model}` },
    'year',
    'licensePlate',
    'vin',
    'type',
    { field: 'currentMileage', header: 'Mileage (km)' },
    'status',
    'purchaseDate',
  ],
});
