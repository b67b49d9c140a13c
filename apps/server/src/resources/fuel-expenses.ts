import { fuelExpensesArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';
import { odometerCheck } from './service-schedules';
import { tripCostHooks } from '../money/trip-cost';
import { allHooks } from '../operations/after-write';

const fuelExpenses = declaredTable('fuel_expenses', fuelExpensesArea.fields);
// The Vehicle column shows the licence plate alone (vehiclePlate), falling back to the vehicle's id.
// An odometer far above the vehicle's other readings is saved with a warning (decision 0037).
// Its amount is its trip's cost (decision 0041): the trip must be of its vehicle, and its stored cost moves with each write.
const tripCost = tripCostHooks({ amount: 'amount', noun: 'expense' });
export const fuelExpensesResource = declaredResource(fuelExpensesArea, fuelExpenses, {
  idHeader: 'Expense ID',
  afterWrite: allHooks(odometerCheck('odometer'), tripCost.afterWrite),
  afterDelete: tripCost.afterDelete,
});
