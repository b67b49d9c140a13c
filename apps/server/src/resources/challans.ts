import { challansArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';
import { driverNameOf } from './drivers';
import { tripCostHooks } from '../money/trip-cost';

// Its amount is its trip's cost (decision 0041): the trip must be of its vehicle, and its stored cost moves with each write.
const tripCost = tripCostHooks({ amount: 'amount', noun: 'challan' });

export const challans = declaredTable('challans', challansArea.fields);
// The Vehicle column shows the licence plate (vehiclePlate: a challan is issued to a registration number), the Driver column the name.
export const challansResource = declaredResource(challansArea, challans, {
  idHeader: 'Challan ID',
  computed: (c) => ({ driverName: driverNameOf(c.driverId) }),
  ...tripCost,
});
