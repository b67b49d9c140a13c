import { CircleEllipsis, Fuel, SquareParking, Ticket, Utensils, Wrench, type LucideIcon } from 'lucide-react';
import { EXPENSE_TYPE_LABELS, EXPENSE_TYPES, fuelExpensesArea, fuelUnit, REPORT_BUTTONS, type Expense, type ExpenseInput } from '@raahi/domain';
import { areaClient } from '../../components/area/area-client';
import { AreaPage, type AreaPageConfig } from '../../components/area/area-page';
import { IdCell, RecordLink, VehiclePlateCell } from '../../components/area/cells';
import { column, formFields } from '../../components/area/declared';
import { reportAction } from '../../components/report-button';
import { formatNumber, formatRupees, NA, toastExcerpt } from '../../lib/format';
import { tripReference, vehicleReference } from '../references';

const ICONS: Record<string, LucideIcon> = { Fuel, Maintenance: Wrench, Toll: Ticket, Meal: Utensils, Parking: SquareParking, Other: CircleEllipsis };
const typeLabel = (type: string) => EXPENSE_TYPE_LABELS[type] ?? type;
function TypeCell({ type }: { type: string }) {
  const Icon = ICONS[type] ?? CircleEllipsis;
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <Icon className="size-4 text-muted-foreground" aria-hidden />
      {typeLabel(type)}
    </span>
  );
}
/** Fuel type, quantity with its unit and price per unit for a fill-up; the description otherwise. */
function fuelDetails(e: Expense): string {
  if (e.type !== 'Fuel') return e.description || NA;
  const price = e.pricePerUnit === null ? NA : `₹${e.pricePerUnit.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 3 })}`;
  return `${e.fuelType || NA} · ${formatNumber(e.quantity)} ${fuelUnit(e.fuelType)} @ ${price}`;
}
const fields = formFields(fuelExpensesArea, { vehicleId: { ...vehicleReference, fetchError: 'Could not fetch vehicles list.' }, tripId: tripReference }).map(
  (f) => (f.name === 'quantity' ? { ...f, labelFor: (values: Record<string, unknown>) => `Quantity (${fuelUnit(String(values.fuelType ?? ''))})` } : f),
);
const config: AreaPageConfig<Expense> = {
  area: fuelExpensesArea,
  client: areaClient<Expense, ExpenseInput>(fuelExpensesArea.key),
  title: 'Fuel & Expense Management',
  subtitle: 'Log fuel fill-ups, track expenses, and generate reports.',
  addLabel: 'Log New Expense',
  cardTitle: 'Expense Log',
  inertActions: ['Cost Reports', 'Fuel Consumption Analytics'],
  activeActions: {
    'Cost Reports': reportAction('Cost Reports', REPORT_BUTTONS.fuelCostReport),
    'Fuel Consumption Analytics': reportAction('Fuel Consumption Analytics', REPORT_BUTTONS.fuelConsumption),
  },
  searchPlaceholder: 'Search expenses...',
  filters: [{ param: 'type', label: 'Type', allLabel: 'All Types', options: EXPENSE_TYPES, optionLabels: EXPENSE_TYPE_LABELS }],
  columns: [
    { id: 'id', header: 'ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    column(fuelExpensesArea, 'type', { meta: { keepWhole: true }, cell: ({ row }) => <TypeCell type={row.original.type} /> }),
    column(fuelExpensesArea, 'date'),
    column(fuelExpensesArea, 'amount', { cell: ({ row }) => <span className="whitespace-nowrap font-medium">{formatRupees(row.original.amount)}</span> }),
    column(fuelExpensesArea, 'vehicleId', { header: 'Vehicle', cell: ({ row }) => <VehiclePlateCell record={row.original} /> }),
    column(fuelExpensesArea, 'tripId', {
      header: 'Trip',
      cell: ({ row }) => (
        <span title={row.original.tripLabel ?? undefined}>
          {row.original.tripId ? (
            <RecordLink area="trips" id={row.original.tripId}>
              {row.original.tripId}
            </RecordLink>
          ) : (
            NA
          )}
        </span>
      ),
    }),
    column(fuelExpensesArea, 'vendor'),
    { id: 'fuelDetails', header: 'Fuel Details', cell: ({ row }) => <span className="line-clamp-2 max-w-72">{fuelDetails(row.original)}</span> },
  ],
  texts: { loading: 'Loading expenses...', empty: 'No Expenses Found', fetchError: 'Could not fetch expenses.' },
  form: { texts: { addTitle: 'Log New Expense', editTitle: 'Edit Expense', addButton: 'Log Expense', editButton: 'Save Changes' }, fields },
  toasts: {
    saved: (e, added) => ({
      title: added ? 'Expense Logged!' : 'Expense Updated!',
      description: `${typeLabel(e.type)} expense of ${formatRupees(e.amount)} (${e.id}) has been ${added ? 'logged' : 'updated'}.`,
    }),
    deleted: (e) => ({ title: 'Expense Deleted!', description: `Expense "${toastExcerpt(e.description || typeLabel(e.type))}" (${e.id}) has been removed.` }),
  },
  deleteConfirm: {
    title: 'Confirm Deletion',
    confirmLabel: 'Delete Expense',
    description: (e) => `Are you sure you want to delete the ${typeLabel(e.type)} expense ${e.id} of ${formatRupees(e.amount)}? This action cannot be undone.`,
  },
};

export function FuelExpensesPage() {
  return <AreaPage config={config} />;
}

/** The expenses list as record pages reuse it (a vehicle's Fuel & Expenses tab). */
export { config as fuelExpensesConfig };
