import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fuelExpensesArea } from './fuel-expenses';
import { describeIssues } from './issues';
import { vehiclesArea } from './vehicles';

/** What an area's request body answers, as the server words it. */
const answer = (schema: z.ZodType, body: Record<string, unknown>, labels: Record<string, string>) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : describeIssues(parsed.error, labels, body);
};

describe('describeIssues words every issue, never in a library’s words', () => {
  const expense = (body: Record<string, unknown>) =>
    answer(fuelExpensesArea.body, { type: 'Fuel', date: '2026-11-20', ...body }, fuelExpensesArea.fieldLabels as Record<string, string>);

  it('names the options of a choice that may also be blank, without the blank', () => {
    expect(expense({ fuelType: 'Kerosene' })).toBe('Fuel Type must be one of Diesel, Petrol, CNG, Electric.');
    expect(expense({ fuelType: 42 })).toBe('Fuel Type must be one of Diesel, Petrol, CNG, Electric.');
    expect(expense({ type: 'Snacks' })).toBe('Type must be one of Fuel, Maintenance, Toll, Meal, Parking, Other.');
  });

  it('says a value left out or null is required where one is needed', () => {
    const vehicle = (body: Record<string, unknown>) =>
      answer(vehiclesArea.body, { make: 'Tata', model: 'Prima', year: 2022, vin: 'V', licensePlate: 'MH12AB1234', ...body }, vehiclesArea.fieldLabels);
    expect(vehicle({ make: null })).toBe('Make is required.');
    expect(vehicle({ make: undefined, licensePlate: null })).toBe('Make is required. License Plate is required.');
    expect(expense({ type: null })).toBe('Type is required.');
    expect(answer(z.strictObject({ version: z.number() }), { version: null }, { version: 'Version' })).toBe('Version is required.');
  });

  it('names an item of a list by its list, and any other default wording as not valid', () => {
    const list = z.strictObject({ kinds: z.array(z.enum(['Speeding', 'Illegal Parking'])) });
    expect(answer(list, { kinds: ['Speeding', 'Racing'] }, { kinds: 'Offense Types' })).toBe('Offense Types must be one of Speeding, Illegal Parking.');
    expect(answer(z.strictObject({ site: z.url() }), { site: 'not a url' }, { site: 'Website' })).toBe('Website is not valid.');
    expect(answer(z.strictObject({ code: z.string().refine((v) => v === 'A') }), { code: 'B' }, { code: 'Code' })).toBe('Code is not valid.');
  });
});

describe('an area’s request body', () => {
  it('gives an optional field left out its default, and null its blank or, where it cannot be blank, its default', () => {
    const parsed = vehiclesArea.body.parse({ make: 'Tata', model: 'Prima', year: 2022, vin: 'V', licensePlate: 'P', status: null, currentMileage: null });
    expect(parsed).toEqual({
      make: 'Tata',
      model: 'Prima',
      year: 2022,
      vin: 'V',
      licensePlate: 'P',
      type: 'Truck',
      status: 'Active',
      currentMileage: null,
      purchaseDate: null,
    });
  });

  it('still refuses an unknown field, and keeps the record’s input whole', () => {
    const parsed = vehiclesArea.body.safeParse({ make: 'Tata', model: 'Prima', year: 2022, vin: 'V', licensePlate: 'P', colour: 'red' });
    expect(parsed.success ? '' : describeIssues(parsed.error)).toBe('Unknown field: colour.');
    expect(vehiclesArea.input.safeParse({ make: 'Tata', model: 'Prima', year: 2022, vin: 'V', licensePlate: 'P' }).success).toBe(false);
  });
});
