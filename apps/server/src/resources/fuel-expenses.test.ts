import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuelExpensesArea } from '@raahi/domain';
import { areaTestKit, q, sorted } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, tripBody, vehicleBody, type Json, type TestClient, type TestServer } from '../testing/test-server';

const PATH = '/api/fuel-expenses';
const FUEL = { title: 'Invalid Fuel Details', message: 'Quantity and Price Per Unit are required for fuel expenses and must be greater than zero.' };
const AMOUNT = { title: 'Invalid Amount', message: 'Amount must be greater than zero for non-fuel expenses.' };
const MISSING = { title: 'Missing Fields', message: 'Type and Date are required.' };

let server: TestServer;
let client: TestClient;
let vehicle: Json;
let trip: Json;
const { create, createDriver, createVehicle, expectNothingWritten, search } = areaTestKit({
  path: PATH,
  tables: ['fuel_expenses'],
  reach: () => ({ server, client }),
});
const body = (overrides: Record<string, unknown>) => declaredBody(fuelExpensesArea.fields, { vehicles: vehicle.id, trips: trip.id }, overrides);
const fuel = (overrides: Record<string, unknown> = {}) => create(PATH, body({ quantity: 120.5, pricePerUnit: 92.35, ...overrides }));
const toll = (overrides: Record<string, unknown> = {}) => create(PATH, body({ type: 'Toll', amount: 415, vendor: 'FASTag', ...overrides }));

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  vehicle = await createVehicle({ make: 'Ashok Leyland', model: 'Ecomet 1615', licensePlate: 'KA01FX7788' });
  const driver = await createDriver({ name: 'Harpreet Singh' });
  trip = await create('/api/trips', tripBody(vehicle.id, driver.id));
});
afterAll(() => server?.close());

describe('fuel and expenses', () => {
  it('computes a fill-up amount as quantity × price to the paisa, whatever amount is sent', async () => {
    const saved = await fuel({ quantity: 120.5, pricePerUnit: 92.355, amount: 1 });
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^EXP\d{5}[A-Z0-9]{3}$/),
      type: 'Fuel',
      fuelType: 'Diesel',
      amount: 11128.78,
      vehiclePlate: 'KA01FX7788',
      tripId: trip.id,
    });
    const edited = await client.put(`${PATH}/${saved.id}`, body({ quantity: 10, pricePerUnit: 0.005, amount: 999, version: 1 }));
    expect([edited.status, edited.body.amount]).toEqual([200, 0.05]);
  });

  it('stores the fuel fields blank for other types, and keeps their amount', async () => {
    const saved = await toll({ fuelType: 'Petrol', quantity: 40, pricePerUnit: 100, amount: 415.5 });
    expect(saved).toMatchObject({ type: 'Toll', fuelType: '', quantity: null, pricePerUnit: null, amount: 415.5 });
    // An edit of such a record sends its blank fuel type back.
    const edited = await client.put(`${PATH}/${saved.id}`, body({ type: 'Meal', fuelType: '', amount: 250, version: 1 }));
    expect([edited.status, edited.body.type, edited.body.fuelType]).toEqual([200, 'Meal', '']);
  });

  it.each([
    [{ quantity: null }, FUEL],
    [{ pricePerUnit: null }, FUEL],
    [{ quantity: 0 }, FUEL],
    [{ pricePerUnit: -1 }, FUEL],
    [{ fuelType: '' }, { title: 'Missing Fields', message: 'Fuel Type is required for fuel expenses.' }],
    [{ type: '' }, MISSING],
    [{ date: null }, MISSING],
    [{ type: 'Toll', amount: null }, AMOUNT],
    [{ type: 'Parking', amount: 0 }, AMOUNT],
    [{ type: 'Other', amount: -5 }, AMOUNT],
  ])('refuses %j with its text (422, nothing written)', async (overrides, failure) => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ quantity: 50, pricePerUnit: 90, ...overrides }));
      expect([res.status, res.body]).toEqual([422, failure]);
    });
  });

  it('refuses a type or fuel type outside the lists, and a fraction of a paisa (400)', async () => {
    await expectNothingWritten(async () => {
      for (const overrides of [{ type: 'Meal Allowance' }, { fuelType: 'LPG' }, { type: 'Toll', amount: 10.001 }, { odometer: 12.5 }]) {
        expect((await client.post(PATH, body({ quantity: 1, pricePerUnit: 1, ...overrides }))).status, JSON.stringify(overrides)).toBe(400);
      }
    });
  });

  it('filters by type, Meal stored for Meal Allowance', async () => {
    const meal = await toll({ type: 'Meal', amount: 180, vendor: 'Typefilter Dhaba' });
    const parking = await toll({ type: 'Parking', amount: 60, vendor: 'Typefilter Lot' });
    expect(await search(`${q('typefilter')}&type=Meal`)).toEqual([meal.id]);
    expect(await search(`${q('typefilter')}&type=Parking`)).toEqual([parking.id]);
    expect(await search(q('typefilter'))).toEqual(sorted(meal.id, parking.id));
    expect((await client.get(`${PATH}?type=${encodeURIComponent('Meal Allowance')}`)).status).toBe(400);
    // The export writes the type as the screen shows it.
    const exported = await client.get(`${PATH}/export?${q('typefilter')}&type=Meal`);
    expect(exported.text.split('\r\n')[1].split(',')).toContain('Meal Allowance');
  });

  it('searches id, type (as shown), vendor, description, the vehicle plate and label, and the trip id', async () => {
    const v = await createVehicle({ make: 'BharatBenz', model: 'Searchable 1917R', licensePlate: 'TN28QZ4455' });
    // A trip of its own vehicle (a trip of another vehicle is refused, issue 19).
    const vTrip = await create('/api/trips', tripBody(v.id, (await createDriver()).id));
    const saved = await toll({ type: 'Meal', vehicleId: v.id, tripId: vTrip.id, vendor: 'Murthal Paratha Point', description: 'Crew dinner at Sonipat' });
    for (const term of [saved.id.toLowerCase(), 'meal allow', 'paratha po', 'DINNER AT', 'tn28qz', 'searchable 1917', vTrip.id.toLowerCase()]) {
      expect(await search(q(term)), term).toContain(saved.id);
    }
    // A renamed vehicle re-indexes its expenses.
    const renamed = await client.put(
      `/api/vehicles/${v.id}`,
      vehicleBody({ make: 'BharatBenz', model: 'Searchable 1917R', licensePlate: 'TN28RR0001', version: 1 }),
    );
    expect(renamed.status).toBe(200);
    expect(await search(q('tn28rr0001'))).toEqual([saved.id]);
    expect(await search(q('tn28qz4455'))).toEqual([]);
    expect((await client.get(`${PATH}/${saved.id}`)).body.vehiclePlate).toBe('TN28RR0001');
  });

  it('refuses to delete a vehicle or trip an expense uses, and deletes the expense', async () => {
    const v = await createVehicle({ licensePlate: 'GJ05ZZ0009' });
    const driver = await createDriver({ name: 'Jignesh Patel' });
    const t = await create('/api/trips', tripBody(v.id, driver.id));
    const saved = await toll({ vehicleId: v.id, tripId: t.id });
    const byTrip = await client.del(`/api/trips/${t.id}`);
    expect([byTrip.status, byTrip.body]).toEqual([409, { title: 'Delete Failed', message: 'This trip cannot be deleted because 1 expense uses it.' }]);
    expect((await client.del(`${PATH}/${saved.id}`)).status).toBe(204);
    expect((await client.del(`/api/trips/${t.id}`)).status).toBe(204);
    await fuel({ vehicleId: v.id, tripId: null });
    await fuel({ vehicleId: v.id, tripId: null });
    const byVehicle = await client.del(`/api/vehicles/${v.id}`);
    expect([byVehicle.status, byVehicle.body]).toEqual([409, { title: 'Delete Failed', message: 'This vehicle cannot be deleted because 2 expenses use it.' }]);
  });

  it('keeps trip and vehicle optional (null), and refuses one that does not exist', async () => {
    const saved = await toll({ vehicleId: null, tripId: null });
    expect(saved).toMatchObject({ vehicleId: null, vehiclePlate: null, tripId: null, tripLabel: null });
    const res = await client.post(PATH, body({ type: 'Toll', amount: 5, vehicleId: 'VEH0000ZZ' }));
    expect([res.status, res.body.title]).toEqual([409, 'Linked Record Missing']);
  });
});
