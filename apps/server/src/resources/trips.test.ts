import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaTestKit, notFound, q, sorted, updateConflict } from '../testing/area-tests';
import { driverBody, startTestServer, tripBody, vehicleBody, type Json, type TestClient, type TestServer } from '../testing/test-server';

const MISSING_FIELDS = { title: 'Missing Fields', message: 'Origin, Destination, Vehicle, and Driver are required.' };
const linkMissing = (noun: string, id: string) => ({
  title: 'Linked Record Missing',
  message: `The selected ${noun} (${id}) does not exist. It may have been deleted; choose another.`,
});

let server: TestServer;
let client: TestClient;
let vehicle: Json;
let driver: Json;

// A refused trip request must leave its linked vehicles and drivers untouched too.
const { create, createVehicle, createDriver, expectNothingWritten, search } = areaTestKit({
  path: '/api/trips',
  tables: ['trips', 'vehicles', 'drivers'],
  reach: () => ({ server, client }),
});

const createTrip = (overrides: Record<string, unknown> = {}, v: Json = vehicle, d: Json = driver) => create('/api/trips', tripBody(v.id, d.id, overrides));

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  vehicle = await createVehicle();
  driver = await createDriver();
});
afterAll(() => server?.close());

describe('create and read', () => {
  it('creates a trip with a TRP id, version 1 and the labels of its vehicle and driver', async () => {
    const res = await client.post('/api/trips', tripBody(vehicle.id, driver.id));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      ...tripBody(vehicle.id, driver.id),
      id: expect.stringMatching(/^TRP\d{4}[A-Z0-9]{2}$/),
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      vehicleLabel: 'Tata Prima 4028.S (MH12AB1234)',
      vehiclePlate: 'MH12AB1234',
      driverLabel: `Ramesh Kumar (${driver.id})`,
      // Issue 19's fields, blank when a client of the specified API leaves them out, and the trip's money.
      freight: null,
      startOdometer: null,
      endOdometer: null,
      distanceKm: null,
      salesOrderId: null,
      salesOrderLabel: null,
      customerName: null,
      cost: 0,
      margin: null,
      costPerKm: null,
      revenuePerKm: null,
    });
    const read = await client.get(`/api/trips/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it('keeps optional dates and notes empty when not given, and accepts every status', async () => {
    const t = await createTrip({ eta: null, startDate: null, endDate: null, notes: '' });
    expect([t.eta, t.startDate, t.endDate, t.notes]).toEqual([null, null, null, '']);
    // Each on a vehicle and driver of its own: one is on one trip In Transit or Delayed at a time.
    for (const status of ['Scheduled', 'In Transit', 'Delivered', 'Delayed', 'Cancelled'])
      expect((await createTrip({ status }, await createVehicle(), await createDriver())).status).toBe(status);
  });

  it('shows the vehicle’s id in its label when it has no license plate', async () => {
    const plateless = await createVehicle({ make: 'Ashok', model: 'Leyland 2820', licensePlate: 'TEMP0001' });
    await server.database.query(`UPDATE vehicles SET license_plate = '' WHERE id = $1`, [plateless.id]);
    const t = await createTrip({}, plateless);
    expect(t.vehicleLabel).toBe(`Ashok Leyland 2820 (${plateless.id})`);
    expect(await search(q(plateless.id))).toEqual([t.id]);
  });

  it('answers 404 for an unknown trip', async () => {
    for (const id of ['TRP0000ZZ', 'VEH0000ZZ', 'x'.repeat(100)]) {
      const res = await client.get(`/api/trips/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.title).toBe('Not Found');
    }
    expect((await client.get('/api/trips/TRP0000ZZ')).body).toEqual(notFound('trip', 'TRP0000ZZ'));
  });
});

describe('the trip form’s rules', () => {
  it.each([
    ['origin', ''],
    ['origin', '   '],
    ['destination', ''],
    ['destination', ' \t '],
    ['vehicleId', ''],
    ['driverId', ''],
  ])('refuses a blank %s (%j) with Missing Fields and writes nothing', async (field, value) => {
    await expectNothingWritten(async () => {
      const res = await client.post('/api/trips', tripBody(vehicle.id, driver.id, { [field]: value }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual(MISSING_FIELDS);
    });
  });

  it('refuses a trip with every required field blank, and the same on an update', async () => {
    const t = await createTrip();
    await expectNothingWritten(async () => {
      const blank = { origin: '', destination: '', vehicleId: '', driverId: '' };
      const created = await client.post('/api/trips', tripBody('', '', blank));
      expect(created.status).toBe(422);
      expect(created.body).toEqual(MISSING_FIELDS);
      for (const field of Object.keys(blank)) {
        const res = await client.put(`/api/trips/${t.id}`, tripBody(vehicle.id, driver.id, { [field]: '', version: 1 }));
        expect(res.status, field).toBe(422);
        expect(res.body).toEqual(MISSING_FIELDS);
      }
    });
  });

  it('refuses malformed bodies with 400 and writes nothing', async () => {
    await expectNothingWritten(async () => {
      for (const body of [
        tripBody(vehicle.id, driver.id, { status: 'Lost' }),
        tripBody(vehicle.id, driver.id, { eta: 'tomorrow' }),
        tripBody(vehicle.id, driver.id, { origin: 42 }),
        tripBody(vehicle.id, driver.id, { extra: 'x' }),
        (({ origin: _origin, ...rest }) => rest)(tripBody(vehicle.id, driver.id)),
      ]) {
        const res = await client.post('/api/trips', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.title).toBe('Invalid Request');
      }
    });
  });
});

describe('linked records', () => {
  it('refuses a trip whose vehicle or driver does not exist with Linked Record Missing', async () => {
    await expectNothingWritten(async () => {
      const noVehicle = await client.post('/api/trips', tripBody('VEH0000ZZ', driver.id));
      expect(noVehicle.status).toBe(409);
      expect(noVehicle.body).toEqual(linkMissing('vehicle', 'VEH0000ZZ'));
      const noDriver = await client.post('/api/trips', tripBody(vehicle.id, 'DRV0000ZZ'));
      expect(noDriver.status).toBe(409);
      expect(noDriver.body).toEqual(linkMissing('driver', 'DRV0000ZZ'));
      // A driver's id in the vehicle field is no vehicle.
      const swapped = await client.post('/api/trips', tripBody(driver.id, vehicle.id));
      expect(swapped.status).toBe(409);
      expect(swapped.body.title).toBe('Linked Record Missing');
    });
  });

  it('refuses an edit that links a missing vehicle or driver, and keeps the trip', async () => {
    const t = await createTrip();
    await expectNothingWritten(async () => {
      const res = await client.put(`/api/trips/${t.id}`, tripBody('VEH0000ZZ', driver.id, { version: 1 }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual(linkMissing('vehicle', 'VEH0000ZZ'));
      const other = await client.put(`/api/trips/${t.id}`, tripBody(vehicle.id, 'DRV0000ZZ', { version: 1 }));
      expect(other.body).toEqual(linkMissing('driver', 'DRV0000ZZ'));
    });
  });

  it('refuses to delete a vehicle its trips use, naming how many, until they are gone', async () => {
    const v = await createVehicle({ licensePlate: 'GJ01ZZ0001' });
    const first = await createTrip({}, v);
    const second = await createTrip({}, v);
    await expectNothingWritten(async () => {
      const res = await client.del(`/api/vehicles/${v.id}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ title: 'Delete Failed', message: 'This vehicle cannot be deleted because 2 trips use it.' });
    });
    expect((await client.del(`/api/trips/${first.id}`)).status).toBe(204);
    const once = await client.del(`/api/vehicles/${v.id}`);
    expect(once.status).toBe(409);
    expect(once.body).toEqual({ title: 'Delete Failed', message: 'This vehicle cannot be deleted because 1 trip uses it.' });
    expect((await client.del(`/api/trips/${second.id}`)).status).toBe(204);
    expect((await client.del(`/api/vehicles/${v.id}`)).status).toBe(204);
    expect((await client.get(`/api/vehicles/${v.id}`)).status).toBe(404);
  });

  it('refuses to delete a driver its trips use, until they are gone', async () => {
    const d = await createDriver({ name: 'Trip Only Driver' });
    const trips = [await createTrip({}, vehicle, d), await createTrip({}, vehicle, d), await createTrip({}, vehicle, d)];
    await expectNothingWritten(async () => {
      const res = await client.del(`/api/drivers/${d.id}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ title: 'Delete Failed', message: 'This driver cannot be deleted because 3 trips use it.' });
    });
    for (const t of trips) expect((await client.del(`/api/trips/${t.id}`)).status).toBe(204);
    expect((await client.del(`/api/drivers/${d.id}`)).status).toBe(204);
  });
});

describe('search through linked labels', () => {
  let eicher: Json;
  let volvo: Json;
  let harpreet: Json;
  let lakshmi: Json;
  let a: Json;
  let b: Json;
  let c: Json;
  beforeAll(async () => {
    eicher = await createVehicle({ make: 'Eicher', model: 'Pro 3015 Xylo', licensePlate: 'KA05QZ7781' });
    volvo = await createVehicle({ make: 'Volvo', model: 'FMX Quorra', licensePlate: 'TN09WV4402' });
    harpreet = await createDriver({ name: 'Harpreet Singh Gill' });
    lakshmi = await createDriver({ name: 'Lakshmi Venkataraman' });
    a = await createTrip({ origin: 'Ludhiana Dry Port', destination: 'Kandla Port' }, eicher, harpreet);
    b = await createTrip({ origin: 'Chennai Harbour', destination: 'Hosur Industrial Area' }, volvo, lakshmi);
    c = await createTrip({ origin: 'Hosur Industrial Area', destination: 'Bengaluru Peenya' }, eicher, lakshmi);
  });

  it('finds trips by their vehicle’s plate, make and model, in any case', async () => {
    expect(await search(q('KA05QZ7781'))).toEqual(sorted(a.id, c.id));
    expect(await search(q('ka05qz'))).toEqual(sorted(a.id, c.id));
    expect(await search(q('eicher'))).toEqual(sorted(a.id, c.id));
    expect(await search(q('XYLO'))).toEqual(sorted(a.id, c.id));
    expect(await search(q('fmx quorra'))).toEqual([b.id]);
    expect(await search(q('Volvo FMX Quorra (TN09WV4402)'))).toEqual([b.id]);
  });

  it('finds trips by their driver’s name and id, in any case', async () => {
    expect(await search(q('Harpreet'))).toEqual([a.id]);
    expect(await search(q('singh gill'))).toEqual([a.id]);
    expect(await search(q('VENKATARAMAN'))).toEqual(sorted(b.id, c.id));
    expect(await search(q(lakshmi.id))).toEqual(sorted(b.id, c.id));
    expect(await search(q(lakshmi.id.toLowerCase()))).toEqual(sorted(b.id, c.id));
    expect(await search(q(`Harpreet Singh Gill (${harpreet.id})`))).toEqual([a.id]);
  });

  it('finds trips by origin, destination and id, in any case', async () => {
    expect(await search(q('ludhiana'))).toEqual([a.id]);
    expect(await search(q('KANDLA'))).toEqual([a.id]);
    expect(await search(q('hosur industrial'))).toEqual(sorted(b.id, c.id));
    expect(await search(q('Peenya'))).toEqual([c.id]);
    expect(await search(q(b.id))).toEqual([b.id]);
    expect(await search(q(b.id.toLowerCase()))).toEqual([b.id]);
    expect(await search(q('  chennai  '))).toEqual([b.id]);
  });

  it('does not match across fields, nor text that no searched field has', async () => {
    expect(await search(q('Kandla Port Eicher'))).toEqual([]);
    expect(await search(q('Port\nEicher'))).toEqual([]);
    expect(await search(q('Quorrax'))).toEqual([]);
    // Notes and status are not searched.
    const noted = await createTrip({ notes: 'Fragile zirconium tiles', status: 'Delayed' }, eicher, harpreet);
    expect(await search(q('zirconium'))).toEqual([]);
    expect(await search(q('Delayed'))).not.toContain(noted.id);
  });

  it('returns the labels with every listed trip', async () => {
    const res = await client.get(`/api/trips?${q('Hosur')}&sort=id&order=asc`);
    expect(res.body.items).toHaveLength(2);
    const byId = Object.fromEntries(res.body.items.map((t: Json) => [t.id, t]));
    expect(byId[b.id]).toMatchObject({ vehicleLabel: 'Volvo FMX Quorra (TN09WV4402)', driverLabel: `Lakshmi Venkataraman (${lakshmi.id})` });
    expect(byId[c.id]).toMatchObject({ vehicleLabel: 'Eicher Pro 3015 Xylo (KA05QZ7781)', driverLabel: `Lakshmi Venkataraman (${lakshmi.id})` });
  });

  it('after a driver is renamed, finds the trips by the new name and not the old, and shows the new label', async () => {
    const d = await createDriver({ name: 'Mohammed Irfan Qureshi' });
    const t = await createTrip({}, eicher, d);
    expect(await search(q('Irfan'))).toEqual([t.id]);
    const renamed = await client.put(`/api/drivers/${d.id}`, driverBody({ name: 'Mohd. Farhan Qazi', version: 1 }));
    expect(renamed.status).toBe(200);
    expect(await search(q('Irfan'))).toEqual([]);
    expect(await search(q('Qureshi'))).toEqual([]);
    expect(await search(q('farhan qazi'))).toEqual([t.id]);
    expect((await client.get(`/api/trips/${t.id}`)).body.driverLabel).toBe(`Mohd. Farhan Qazi (${d.id})`);
    // The trip itself was not edited.
    expect((await client.get(`/api/trips/${t.id}`)).body.version).toBe(1);
  });

  it('after a vehicle’s plate, make or model changes, finds the trips by the new label and not the old', async () => {
    const v = await createVehicle({ make: 'BharatBenz', model: '1617R Odyssey', licensePlate: 'DL01PQ1111' });
    const t1 = await createTrip({}, v, harpreet);
    const t2 = await createTrip({}, v, lakshmi);
    expect(await search(q('DL01PQ1111'))).toEqual(sorted(t1.id, t2.id));

    const replated = await client.put(
      `/api/vehicles/${v.id}`,
      vehicleBody({ make: 'BharatBenz', model: '1617R Odyssey', licensePlate: 'DL02RS2222', version: 1 }),
    );
    expect(replated.status).toBe(200);
    expect(await search(q('DL01PQ1111'))).toEqual([]);
    expect(await search(q('dl02rs2222'))).toEqual(sorted(t1.id, t2.id));
    expect((await client.get(`/api/trips/${t1.id}`)).body.vehicleLabel).toBe('BharatBenz 1617R Odyssey (DL02RS2222)');

    const remodelled = await client.put(
      `/api/vehicles/${v.id}`,
      vehicleBody({ make: 'Mahindra', model: 'Blazo Nimbus', licensePlate: 'DL02RS2222', version: 2 }),
    );
    expect(remodelled.status).toBe(200);
    expect(await search(q('Odyssey'))).toEqual([]);
    expect(await search(q('BharatBenz'))).toEqual([]);
    expect(await search(q('blazo nimbus'))).toEqual(sorted(t1.id, t2.id));
  });

  it('after a trip moves to another vehicle and driver, finds it by the new labels only', async () => {
    const t = await createTrip({ origin: 'Nagpur Wardha Road' }, eicher, harpreet);
    const moved = await client.put(`/api/trips/${t.id}`, tripBody(volvo.id, lakshmi.id, { origin: 'Nagpur Wardha Road', version: 1 }));
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ version: 2, vehicleLabel: 'Volvo FMX Quorra (TN09WV4402)', driverLabel: `Lakshmi Venkataraman (${lakshmi.id})` });
    const found = await search(q('Nagpur Wardha'));
    expect(found).toEqual([t.id]);
    expect(await search(`${q('Nagpur')}&pageSize=200`)).toEqual([t.id]);
    expect(await search(q('Harpreet'))).not.toContain(t.id);
    expect(await search(q('Quorra'))).toContain(t.id);
  });
});

describe('the status filter', () => {
  it('lists exactly the trips of the chosen status, also with a search', async () => {
    const made: Record<string, string[]> = {};
    for (const [n, status] of ['Scheduled', 'In Transit', 'Delivered', 'Delayed', 'Cancelled', 'In Transit', 'Delayed'].entries()) {
      // A vehicle and driver each, as two trips under way cannot share them.
      const v = await createVehicle({ make: 'Force', model: 'Traveller Filterline', licensePlate: `RJ14FL000${n}` });
      const t = await createTrip({ status }, v, await createDriver());
      (made[status] ??= []).push(t.id);
    }
    for (const [status, ids] of Object.entries(made)) {
      expect(await search(`${q('Filterline')}&status=${encodeURIComponent(status)}`)).toEqual(sorted(...ids));
      const all = await client.get(`/api/trips?pageSize=200&status=${encodeURIComponent(status)}`);
      expect(all.body.items.every((t: Json) => t.status === status)).toBe(true);
    }
    // 'All Statuses' sends no value.
    expect(await search(`${q('Filterline')}&status=`)).toHaveLength(7);
    const bad = await client.get('/api/trips?status=Lost');
    expect(bad.status).toBe(400);
    expect(bad.body.title).toBe('Invalid Request');
  });
});

describe('editing and deleting', () => {
  it('saves an edit of the current version, then refuses a stale one with 409 and keeps the first change', async () => {
    const [v, d] = [await createVehicle(), await createDriver()];
    const t = await createTrip({}, v, d);
    const first = await client.put(`/api/trips/${t.id}`, tripBody(v.id, d.id, { status: 'In Transit', version: 1 }));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ...t, status: 'In Transit', version: 2, updatedAt: expect.any(String) });
    await expectNothingWritten(async () => {
      const stale = await client.put(`/api/trips/${t.id}`, tripBody(v.id, d.id, { status: 'Cancelled', version: 1 }));
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual(updateConflict('trip'));
    });
    expect((await client.get(`/api/trips/${t.id}`)).body).toMatchObject({ status: 'In Transit', version: 2 });
  });

  it('deletes a trip, then answers 404 to reading, editing and deleting it', async () => {
    const t = await createTrip();
    expect((await client.del(`/api/trips/${t.id}`)).status).toBe(204);
    expect((await client.get(`/api/trips/${t.id}`)).body).toEqual(notFound('trip', t.id));
    const edit = await client.put(`/api/trips/${t.id}`, tripBody(vehicle.id, driver.id, { version: 1 }));
    expect(edit.status).toBe(404);
    expect(edit.body).toEqual(notFound('trip', t.id));
    const again = await client.del(`/api/trips/${t.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(notFound('trip', t.id));
  });
});
