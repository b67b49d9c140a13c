import { fuelExpensesArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';

const fuelExpenses = declaredTable('fuel_expenses', fuelExpensesArea.fields);
// The Vehicle column shows the licence plate alone (vehiclePlate), falling back to the vehicle's id.
export const fuelExpensesResource = declaredResource(fuelExpensesArea, fuelExpenses, { idHeader: 'Expense ID' });
