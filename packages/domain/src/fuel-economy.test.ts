import { describe, expect, it } from 'vitest';
import { derive } from './derived';
import { countFills, fuelEconomy, formatFuelEconomy, vehicleEconomy, type Fill } from './fuel-economy';
import { driversArea } from './drivers';
import { maintenanceArea } from './maintenance';
import { tripsArea } from './trips';
import { vehiclesArea } from './vehicles';

const fill = (odometer: number, litres: number, more: Partial<Fill> = {}): Fill => ({
  vehicleId: 'VEH1',
  odometer,
  litres,
  partial: false,
  source: 'expense',
  ...more,
});

describe('fuel economy (LubeLogger GasHelper)', () => {
  it('is N/A with no fills, one fill, or only partial fills after the first', () => {
    expect(fuelEconomy([]).kmPerLitre).toBeNull();
    expect(fuelEconomy([fill(1000, 50)]).kmPerLitre).toBeNull();
    expect(fuelEconomy([fill(1000, 50), fill(1400, 40, { partial: true })]).kmPerLitre).toBeNull();
    expect(formatFuelEconomy(null)).toBe('N/A');
  });

  it('the first fill only sets the start: its litres are not counted', () => {
    const economy = fuelEconomy([fill(1000, 500), fill(1450, 100)]);
    expect(economy).toMatchObject({ km: 450, litres: 100, fills: 1, vehicles: 1 });
    expect(economy.kmPerLitre).toBe(4.5);
    expect(formatFuelEconomy(economy.kmPerLitre)).toBe('4.5 km/L');
  });

  it('orders fills by odometer, whatever order they come in', () => {
    expect(fuelEconomy([fill(1800, 100), fill(1000, 30), fill(1400, 100)])).toMatchObject({ km: 800, litres: 200 });
  });

  it("carries a partial fill's km and litres to the next full fill", () => {
    // 1000 start; 1200 partial 30 L; 1500 full 70 L → 500 km on 100 L.
    expect(vehicleEconomy([fill(1000, 80), fill(1200, 30, { partial: true }), fill(1500, 70)])).toEqual({ km: 500, litres: 100, fills: 1 });
    // A partial fill after the last full one counts nothing yet.
    expect(vehicleEconomy([fill(1000, 80), fill(1500, 100), fill(1700, 30, { partial: true })])).toEqual({ km: 500, litres: 100, fills: 1 });
  });

  it('is Σkm ÷ Σlitres, never a mean of ratios', () => {
    // 400 km on 100 L (4) and 100 km on 10 L (10): 500 / 110, not 7.
    const economy = fuelEconomy([fill(0, 10), fill(400, 100), fill(500, 10)]);
    expect(economy.kmPerLitre).toBeCloseTo(500 / 110, 10);
    // Across vehicles too: the same numbers on two vehicles.
    const fleet = fuelEconomy([fill(0, 1), fill(400, 100), fill(0, 1, { vehicleId: 'VEH2' }), fill(100, 10, { vehicleId: 'VEH2' })]);
    expect(fleet).toMatchObject({ km: 500, litres: 110, vehicles: 2, fills: 2 });
  });

  it('an expense and a refuelling log of one vehicle at the same odometer are one fill', () => {
    const economy = fuelEconomy([fill(1000, 50), fill(1500, 100), fill(1500, 100, { source: 'log' })]);
    expect(economy).toMatchObject({ km: 500, litres: 100, fills: 1 });
    // Partial only when both say so.
    expect(vehicleEconomy([fill(1000, 50), fill(1500, 100, { partial: true }), fill(1500, 100, { source: 'log' })])).toEqual({
      km: 500,
      litres: 100,
      fills: 1,
    });
  });

  it('counts litre fuels only (Diesel, Petrol, Biofuel), never CNG in kg or electricity in kWh', () => {
    expect(fuelEconomy([fill(0, 10, { fuelType: 'Diesel' }), fill(300, 60, { fuelType: 'Biofuel' })]).kmPerLitre).toBe(5);
    expect(fuelEconomy([fill(0, 10, { fuelType: 'CNG' }), fill(300, 60, { fuelType: 'CNG' })]).kmPerLitre).toBeNull();
    expect(fuelEconomy([fill(0, 10, { fuelType: 'Electric' }), fill(300, 60, { fuelType: 'Petrol' })]).kmPerLitre).toBeNull();
  });

  it("a period counts the full fills made in it, each from the vehicle's fill before it, whenever that was", () => {
    const window = { from: '2026-11-01', to: '2026-11-30' };
    const fills = [
      fill(9_000, 300, { day: '2026-10-20' }),
      // The first fill of November counts from October's: 1,000 km on 80 L.
      fill(10_000, 80, { day: '2026-11-02' }),
      fill(10_200, 40, { day: '2026-11-10', partial: true }),
      fill(10_500, 60, { day: '2026-11-20' }),
      // December's fill is not November's.
      fill(11_000, 50, { day: '2026-12-01' }),
    ];
    expect(fuelEconomy(fills, window)).toMatchObject({ km: 1_500, litres: 180, fills: 2, vehicles: 1 });
    // The vehicle's first fill ever only sets the start, in the period or not.
    expect(fuelEconomy(fills.slice(1), window)).toMatchObject({ km: 500, litres: 100, fills: 1 });
    // A fill of one odometer recorded as an expense and as a log counts when either record's day is in the period.
    expect(
      fuelEconomy([fill(0, 10, { day: '2026-10-01' }), fill(400, 100, { day: '2026-10-31' }), fill(400, 100, { source: 'log', day: '2026-11-01' })], window),
    ).toMatchObject({ km: 400, litres: 100 });
    // Each fill as counted.
    expect(countFills(fills).map((f) => [f.odometer, f.km, f.countedLitres])).toEqual([
      [9_000, null, null],
      [10_000, 1_000, 80],
      [10_200, null, null],
      [10_500, 500, 100],
      [11_000, 500, 50],
    ]);
  });

  it('keeps vehicles apart: one vehicle’s start is not another’s', () => {
    expect(fuelEconomy([fill(1000, 10), fill(5000, 10, { vehicleId: 'VEH2' })]).kmPerLitre).toBeNull();
  });
});

describe("the dashboard's derived filters", () => {
  const today = '2026-11-24';
  it('vehicles: Sold is out of the fleet; added this calendar month by the company’s day', () => {
    expect(derive(vehiclesArea.derived!.fleet, { status: 'Sold' }, today)).toBe('Sold');
    expect(derive(vehiclesArea.derived!.fleet, { status: 'Out of Service' }, today)).toBe('In Fleet');
    // 2026-10-31T19:00Z is 1 November 00:30 in India: this month there.
    expect(derive(vehiclesArea.derived!.added, { createdAt: '2026-10-31T19:00:00.000Z' }, today, 'Asia/Kolkata')).toBe('This Month');
    expect(derive(vehiclesArea.derived!.added, { createdAt: '2026-10-31T18:00:00.000Z' }, today, 'Asia/Kolkata')).toBe('Earlier');
  });
  it('drivers joined this month; maintenance pending and overdue (before today); trips on time', () => {
    expect(derive(driversArea.derived!.joined, { joiningDate: '2026-11-01' }, today)).toBe('This Month');
    expect(derive(driversArea.derived!.joined, { joiningDate: '2026-10-31' }, today)).toBe('Earlier');
    expect(derive(maintenanceArea.derived!.overdue, { status: 'On Hold', scheduledDate: '2026-11-23' }, today)).toBe('Overdue');
    expect(derive(maintenanceArea.derived!.overdue, { status: 'Scheduled', scheduledDate: today }, today)).toBe('Not Overdue');
    expect(derive(maintenanceArea.derived!.overdue, { status: 'Completed', scheduledDate: '2026-11-01' }, today)).toBe('Not Overdue');
    expect(derive(maintenanceArea.derived!.pending, { status: 'In Progress' }, today)).toBe('Pending');
    const trip = (endDate: string, eta: string | null) => derive(tripsArea.derived!.delivery, { status: 'Delivered', endDate, eta }, today, 'Asia/Kolkata');
    expect(trip('2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z')).toBe('On Time (30d)');
    expect(trip('2026-11-20T10:00:01.000Z', '2026-11-20T10:00:00.000Z')).toBe('Late (30d)');
    expect(trip('2026-11-20T10:00:00.000Z', null)).toBe('Other');
    // The 30 days are today and the 29 before: 26 October (India) is out.
    expect(trip('2026-10-25T19:00:00.000Z', '2026-10-26T00:00:00.000Z')).toBe('On Time (30d)');
    expect(trip('2026-10-25T18:00:00.000Z', '2026-10-26T00:00:00.000Z')).toBe('Other');
  });
});
