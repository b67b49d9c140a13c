import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coldChainArea } from '@raahi/domain';
import { areaTestKit, q, sorted } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, tripBody, type Json, type TestClient, type TestServer } from '../testing/test-server';

const PATH = '/api/cold-chain';
const MISSING = { title: 'Missing Fields', message: 'Please fill in Name, Trip ID, Min Temp, and Max Temp.' };
const INVALID = { title: 'Invalid Temperatures', message: 'Min Temperature must be less than Max Temperature.' };

let server: TestServer;
let client: TestClient;
let trip: Json;
const { create, createDriver, createVehicle, expectNothingWritten, search } = areaTestKit({
  path: PATH,
  tables: ['cold_chain_units', 'trips'],
  reach: () => ({ server, client }),
});
const body = (overrides: Record<string, unknown> = {}, tripId: string = trip.id) =>
  declaredBody(coldChainArea.fields, { trips: tripId }, { name: 'Reefer Unit 7', ...overrides });
const unit = (overrides: Record<string, unknown> = {}, tripId?: string) => create(PATH, body(overrides, tripId));
const newTrip = async (overrides: Record<string, unknown> = {}) => {
  const [vehicle, driver] = [await createVehicle({ licensePlate: `MH04CC${Math.floor(Math.random() * 9000 + 1000)}` }), await createDriver()];
  return create('/api/trips', tripBody(vehicle.id, driver.id, overrides));
};

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  trip = await newTrip({ origin: 'Nashik', destination: 'Navi Mumbai' });
});
afterAll(() => server?.close());

describe('cold chain units', () => {
  it('stores the defaults (min 0, max 5, current 2.5, humidity 60, Optimal) with a CCU id and the trip’s label', async () => {
    expect(coldChainArea.defaults()).toMatchObject({ minTemp: 0, maxTemp: 5, currentTemp: 2.5, currentHumidity: 60, status: 'Optimal' });
    const saved = await unit();
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^CCU\d{5}[A-Z0-9]{3}$/),
      tripId: trip.id,
      tripLabel: `${trip.id} (Nashik → Navi Mumbai)`,
      minTemp: 0,
      maxTemp: 5,
      currentTemp: 2.5,
      currentHumidity: 60,
      status: 'Optimal',
      version: 1,
    });
  });

  it.each([
    ['name', ''],
    ['name', '   '],
    ['tripId', ''],
    ['minTemp', null],
    ['maxTemp', null],
  ])('refuses a blank %s (%j) with Missing Fields and writes nothing', async (field, value) => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ [field]: value }));
      expect([res.status, res.body]).toEqual([422, MISSING]);
    });
  });

  it('refuses a minimum at or above the maximum with Invalid Temperatures; accepts decimals just below', async () => {
    await expectNothingWritten(async () => {
      for (const [minTemp, maxTemp] of [
        [5, 5],
        [8, 2],
        [-18, -18.0],
      ]) {
        const res = await client.post(PATH, body({ minTemp, maxTemp }));
        expect([res.status, res.body], `${minTemp}..${maxTemp}`).toEqual([422, INVALID]);
      }
    });
    expect(await unit({ minTemp: 4.9, maxTemp: 5, currentTemp: -0.5 })).toMatchObject({ minTemp: 4.9, maxTemp: 5, currentTemp: -0.5 });
  });

  it('keeps current temperature and humidity optional and refuses a humidity outside 0–100 (400)', async () => {
    expect(await unit({ currentTemp: null, currentHumidity: null })).toMatchObject({ currentTemp: null, currentHumidity: null });
    await expectNothingWritten(async () => {
      for (const currentHumidity of [-1, 101]) expect((await client.post(PATH, body({ currentHumidity }))).status).toBe(400);
    });
  });

  it('refuses a trip that does not exist (409) and writes nothing', async () => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({}, 'TRP0000ZZ'));
      expect([res.status, res.body]).toEqual([
        409,
        { title: 'Linked Record Missing', message: 'The selected trip (TRP0000ZZ) does not exist. It may have been deleted; choose another.' },
      ]);
    });
  });

  it('filters by each status', async () => {
    const ids = Object.fromEntries(
      await Promise.all(
        ['Optimal', 'Warning', 'Critical', 'Offline'].map(async (status) => [status, (await unit({ name: `Statusfilter ${status}`, status })).id]),
      ),
    );
    for (const status of ['Optimal', 'Warning', 'Critical', 'Offline']) expect(await search(`${q('statusfilter')}&status=${status}`)).toEqual([ids[status]]);
    expect((await client.get(`${PATH}?status=Frozen`)).status).toBe(400);
  });

  it('searches id, name and the trip (its id and route), following a renamed trip', async () => {
    const own = await newTrip({ origin: 'Ratnagiri', destination: 'Kolhapur' });
    const saved = await unit({ name: 'Alphonso Reefer 3' }, own.id);
    for (const term of [saved.id.toLowerCase(), 'alphonso reefer', own.id, 'ratnagiri → kolh']) expect(await search(q(term))).toEqual(sorted(saved.id));
    expect(
      (
        await client.put(`/api/trips/${own.id}`, {
          ...tripBody(own.vehicleId, own.driverId, { origin: 'Devgad', destination: 'Kolhapur' }),
          version: own.version,
        })
      ).status,
    ).toBe(200);
    expect(await search(q('devgad'))).toEqual([saved.id]);
    expect(await search(q('ratnagiri'))).toEqual([]);
  });

  it('refuses to delete a trip a unit is on, saying what uses it', async () => {
    const own = await newTrip();
    const saved = await unit({}, own.id);
    const res = await client.del(`/api/trips/${own.id}`);
    expect([res.status, res.body]).toEqual([409, { title: 'Delete Failed', message: 'This trip cannot be deleted because 1 cold chain unit uses it.' }]);
    expect((await client.del(`${PATH}/${saved.id}`)).status).toBe(204);
    expect((await client.del(`/api/trips/${own.id}`)).status).toBe(204);
  });
});
