import { tripsArea } from '@raahi/domain';
import { drivers, trips, vehicles } from '../db/schema';
import type { ResourceDefinition } from '../http/resource';
import { fieldColumn, labelColumn } from '../http/csv-export';
import { driverLabelOf, vehicleLabelOf, vehiclePlateOf } from './labels';

export const tripsResource: ResourceDefinition = {
  area: tripsArea,
  table: trips,
  computed: (c) => ({ vehicleLabel: vehicleLabelOf(c.vehicleId), vehiclePlate: vehiclePlateOf(c.vehicleId), driverLabel: driverLabelOf(c.driverId) }),
  references: [
    { field: 'vehicleId', table: vehicles, noun: 'vehicle' },
    { field: 'driverId', table: drivers, noun: 'driver' },
  ],
  exportColumns: [
    fieldColumn('Trip ID', 'id'),
    fieldColumn('Origin', 'origin'),
    fieldColumn('Destination', 'destination'),
    labelColumn('Vehicle', 'vehicleLabel', 'vehicleId'),
    fieldColumn('License Plate', 'vehiclePlate'),
    labelColumn('Driver', 'driverLabel', 'driverId'),
    fieldColumn('Status', 'status'),
    fieldColumn('ETA', 'eta', 'datetime'),
    fieldColumn('Start Date', 'startDate', 'datetime'),
    fieldColumn('End Date', 'endDate', 'datetime'),
  ],
};
