import { fuelExpensesArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';
import { odometerCheck } from './service-schedules';

const fuelExpenses = declaredTable('fuel_expenses', fuelExpensesArea.fields);
// The Vehicle column shows the licence plate alone (vehiclePlate), falling back to the vehicle's id.
// An odometer far above the vehicle's other readings is saved with a warning (decision 0037).
export const fuelExpensesResource = declaredResource(fuelExpensesArea, fuelExpenses, { idHeader: 'Expense ID', afterWrite: odometerCheck('odometer') });
