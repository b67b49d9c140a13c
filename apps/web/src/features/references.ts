import { driverLabel, vehicleLabel } from '@raahi/domain';
import type { ReferenceSpec } from '../components/area/reference-picker';

/** Pick-lists of other areas' records, shared by the forms that name them. */
export const vehicleReference: ReferenceSpec = {
  area: 'vehicles',
  label: (row) => vehicleLabel(row as { id: string; make: string; model: string; licensePlate: string }),
};

export const driverReference: ReferenceSpec = {
  area: 'drivers',
  label: (row) => driverLabel(row as { id: string; name: string }),
};
