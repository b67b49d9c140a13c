import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';
import { todayIso } from './fields';
import { roundRupees } from './money';

export const EXPENSE_TYPES = ['Fuel', 'Maintenance', 'Toll', 'Meal', 'Parking', 'Other'] as const;
/** Stored Meal, shown Meal Allowance (spec 001 §5). */
export const EXPENSE_TYPE_LABELS: Readonly<Record<string, string>> = { Meal: 'Meal Allowance' };
export const FUEL_TYPES = ['Diesel', 'Petrol', 'CNG', 'Electric'] as const;
/** The unit a fill-up is measured in: kilograms of CNG, kilowatt-hours of charge, litres otherwise. */
export const fuelUnit = (fuelType: string | null | undefined) => (fuelType === 'CNG' ? 'KG' : fuelType === 'Electric' ? 'kWh' : 'Liters');
const isFuel = (v: { type: string }) => v.type === 'Fuel';
const positive = (n: number | null) => n !== null && n > 0;
export const fuelExpensesArea = declareArea({
  key: 'fuel-expenses',
  singular: 'expense',
  plural: 'expenses',
  idFormat: { prefix: 'EXP', timeDigits: 5, randomChars: 3 },
  fields: {
    type: field.choice(EXPENSE_TYPES, { label: 'Type', required: true, default: 'Fuel', filter: true, labels: EXPENSE_TYPE_LABELS }),
    date: field.date({ label: 'Date', required: true, default: todayIso, sort: true, filter: 'range' }),
    vehicleId: field.reference('vehicles', { label: 'Vehicle' }),
    tripId: field.reference('trips', { label: 'Trip' }),
    fuelType: field.choice(FUEL_TYPES, { label: 'Fuel Type', default: 'Diesel' }),
    // Bounded: quantity × price stays within money's range. Price is a rate typed to 0.001, kept a number; the amount paid is money.
    quantity: field.number({ label: 'Quantity', step: 0.01, min: -1e6, max: 1e6 }),
    pricePerUnit: field.number({ label: 'Price Per Unit (₹)', step: 0.001, min: -1e5, max: 1e5 }),
    amount: field.money({ label: 'Amount (₹)', sort: true }),
    odometer: field.integer({ label: 'Odometer (km)', min: 0, max: 99_999_999 }),
    // Not in the specification's form: a tank not filled to full, whose km and litres count with the next full fill (fuel economy).
    partialFill: field.flag({ label: 'Partial Fill', added: true }),
    vendor: field.text({ label: 'Vendor', sort: true, placeholder: 'e.g. Indian Oil, Khed Shivapur toll plaza' }),
    gpsLocation: field.text({ label: 'GPS Location', max: 100, placeholder: 'e.g. 18.5204,73.8567' }),
    description: field.text({ label: 'Description', multiline: true, max: 1000, placeholder: 'e.g. FASTag toll, Mumbai–Pune Expressway' }),
  },
  required: { title: 'Missing Fields', message: 'Type and Date are required.' },
  rules: [
    (v) => (isFuel(v) && !v.fuelType ? { title: 'Missing Fields', message: 'Fuel Type is required for fuel expenses.', fields: ['fuelType'] } : null),
    (v) =>
      isFuel(v) && !(positive(v.quantity) && positive(v.pricePerUnit))
        ? {
            title: 'Invalid Fuel Details',
            message: 'Quantity and Price Per Unit are required for fuel expenses and must be greater than zero.',
            fields: ['quantity', 'pricePerUnit'].filter((k) => !positive(v[k as 'quantity'])),
          }
        : null,
    (v) =>
      !isFuel(v) && !positive(v.amount)
        ? { title: 'Invalid Amount', message: 'Amount must be greater than zero for non-fuel expenses.', fields: ['amount'] }
        : null,
  ],
  shownWhen: { fuelType: isFuel, quantity: isFuel, pricePerUnit: isFuel, partialFill: isFuel },
  // Quantity × price to the paisa, once both are filled; until then the amount is the user's.
  computed: { amount: (v) => (isFuel(v) && v.quantity !== null && v.pricePerUnit !== null ? roundRupees(v.quantity * v.pricePerUnit) : undefined) },
});

export type ExpenseInput = InputOf<typeof fuelExpensesArea.fields>;
export type Expense = Stored<ExpenseInput> & { vehicleLabel: string | null; vehiclePlate: string | null; tripLabel: string | null };
