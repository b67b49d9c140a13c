import { describe, expect, it } from 'vitest';
import { firstFailure, generateId, idPattern, vehiclesArea, vehicleLabel, type VehicleInput } from './index';

const valid = (): VehicleInput => ({ ...vehiclesArea.defaults(), make: 'Tata', model: 'Prima', vin: 'MAT123', licensePlate: 'MH12AB1234' });

describe('vehicle rules', () => {
  it('accepts a complete vehicle', () => {
    expect(firstFailure(vehiclesArea.rules, valid())).toBeNull();
  });
  it.each(['make', 'model', 'vin', 'licensePlate'] as const)('requires %s', (field) => {
    expect(firstFailure(vehiclesArea.rules, { ...valid(), [field]: '  ' })).toEqual({
      title: 'Missing Fields',
      message: 'Make, Model, Year, VIN, and License Plate are required.',
      fields: [field],
    });
  });
  it('requires the year', () => {
    expect(firstFailure(vehiclesArea.rules, { ...valid(), year: null })?.title).toBe('Missing Fields');
  });
  it('bounds the year from 1900 to next year', () => {
    const next = new Date().getFullYear() + 1;
    expect(firstFailure(vehiclesArea.rules, { ...valid(), year: 1899 })).toEqual({
      title: 'Invalid Year',
      message: 'Please enter a valid vehicle year.',
      fields: ['year'],
    });
    expect(firstFailure(vehiclesArea.rules, { ...valid(), year: next + 1 })?.title).toBe('Invalid Year');
    expect(firstFailure(vehiclesArea.rules, { ...valid(), year: 1900 })).toBeNull();
    expect(firstFailure(vehiclesArea.rules, { ...valid(), year: next })).toBeNull();
  });
  it('refuses negative mileage and allows none', () => {
    expect(firstFailure(vehiclesArea.rules, { ...valid(), currentMileage: -1 })).toEqual({
      title: 'Invalid Mileage',
      message: 'Mileage cannot be negative.',
      fields: ['currentMileage'],
    });
    expect(firstFailure(vehiclesArea.rules, { ...valid(), currentMileage: null })).toBeNull();
  });
  it('defaults to this year, mileage 0, Truck, Active', () => {
    const d = vehiclesArea.defaults();
    expect([d.year, d.currentMileage, d.type, d.status]).toEqual([new Date().getFullYear(), 0, 'Truck', 'Active']);
  });
  it('labels a vehicle as make model (plate or id)', () => {
    expect(vehicleLabel({ id: 'VEH1234AB', make: 'Tata', model: 'Prima', licensePlate: 'MH12AB1234' })).toBe('Tata Prima (MH12AB1234)');
    expect(vehicleLabel({ id: 'VEH1234AB', make: 'Tata', model: 'Prima', licensePlate: '' })).toBe('Tata Prima (VEH1234AB)');
  });
});

describe('ids', () => {
  it('makes VEH + 4 time digits + 2 random capitals', () => {
    const id = generateId(vehiclesArea.idFormat, 1_700_000_123_456);
    expect(id).toMatch(/^VEH3456[A-Z0-9]{2}$/);
    expect(id).toMatch(idPattern(vehiclesArea.idFormat));
  });
});
