import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaTestKit, notFound, q, updateConflict } from '../testing/area-tests';
import { driverBody, healthBody, startTestServer, trainingBody, tripBody, type Json, type TestClient, type TestServer } from '../testing/test-server';

const MISSING_FIELDS = { title: 'Missing Fields', message: 'Please fill in all required fields (Name, License, Contact, Email).' };
const inUse = (uses: string) => ({ title: 'Delete Failed', message: `This driver cannot be deleted because ${uses} it.` });

let server: TestServer;
let client: TestClient;

// A refused driver request must leave the records that refer to drivers untouched too.
const { create, createVehicle, createDriver, expectNothingWritten, search } = areaTestKit({
  path: '/api/drivers',
  tables: ['drivers', 'trips', 'driver_training_records', 'driver_health_reports'],
  reach: () => ({ server, client }),
});

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
});
afterAll(() => server?.close());

describe('create and read', () => {
  it('creates a driver with a DRV id and version 1, and reads it back', async () => {
    const body = driverBody();
    const res = await client.post('/api/drivers', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      ...body,
      id: expect.stringMatching(/^DRV\d{4}[A-Z0-9]{2}$/),
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      aadharCardFileName: null,
    });
    const read = await client.get(`/api/drivers/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it('accepts every status, no joining date and no address, and keeps Indian scripts intact', async () => {
    for (const status of ['Active', 'On Leave', 'Inactive', 'Pending Docs']) expect((await createDriver({ status })).status).toBe(status);
    const d = await createDriver({ name: 'राजेश यादव', joiningDate: null, address: '' });
    expect(d).toMatchObject({ name: 'राजेश यादव', joiningDate: null, address: '' });
  });

  it('answers 404 for an unknown driver', async () => {
    const res = await client.get('/api/drivers/DRV0000ZZ');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound('driver', 'DRV0000ZZ'));
  });
});

describe('the driver form’s rules', () => {
  it.each([
    ['name', ''],
    ['name', '   '],
    ['license', ''],
    ['contact', ' '],
    ['email', ''],
  ])('refuses a blank %s (%j) with Missing Fields and writes nothing', async (field, value) => {
    await expectNothingWritten(async () => {
      const res = await client.post('/api/drivers', driverBody({ [field]: value }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual(MISSING_FIELDS);
    });
  });

  it('applies the rule to an update and keeps the driver as it was', async () => {
    const d = await createDriver();
    await expectNothingWritten(async () => {
      for (const field of ['name', 'license', 'contact', 'email']) {
        const res = await client.put(`/api/drivers/${d.id}`, driverBody({ [field]: '', version: 1 }));
        expect(res.status, field).toBe(422);
        expect(res.body).toEqual(MISSING_FIELDS);
      }
    });
  });

  it('refuses an email that is not one, an unknown status and unknown fields with 400', async () => {
    await expectNothingWritten(async () => {
      for (const body of [
        driverBody({ email: 'ramesh at example' }),
        driverBody({ status: 'Retired' }),
        driverBody({ joiningDate: '2021-02-30' }),
        driverBody({ aadhaarNumber: '1234 5678 9012' }),
      ]) {
        const res = await client.post('/api/drivers', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.title).toBe('Invalid Request');
      }
    });
  });
});

describe('search and the status filter', () => {
  let a: Json;
  let b: Json;
  beforeAll(async () => {
    a = await createDriver({
      name: 'Gurmeet Kaur Sandhu',
      license: 'PB1020150098765',
      contact: '+91 98140 11223',
      email: 'gurmeet.sandhu@roadways.in',
      status: 'On Leave',
    });
    b = await createDriver({
      name: 'Thirumalai Selvam',
      license: 'TN3720180045678',
      contact: '+91 94440 55667',
      email: 'selvam.t@kaveri-logistics.in',
      status: 'Pending Docs',
    });
  });

  it('finds drivers by id, name, license, contact and email, in any case', async () => {
    expect(await search(q(a.id))).toEqual([a.id]);
    expect(await search(q(b.id.toLowerCase()))).toEqual([b.id]);
    expect(await search(q('kaur sandhu'))).toEqual([a.id]);
    expect(await search(q('THIRUMALAI'))).toEqual([b.id]);
    expect(await search(q('pb1020150098765'))).toEqual([a.id]);
    expect(await search(q('94440 55667'))).toEqual([b.id]);
    expect(await search(q('KAVERI-LOGISTICS'))).toEqual([b.id]);
    // The address is not searched.
    const c = await createDriver({ address: 'Plot 9, Quasar Nagar' });
    expect(await search(q('Quasar'))).not.toContain(c.id);
  });

  it('lists exactly the drivers of the chosen status', async () => {
    const onLeave = await search('status=On%20Leave');
    expect(onLeave).toContain(a.id);
    expect(onLeave).not.toContain(b.id);
    const res = await client.get('/api/drivers?pageSize=200&status=Pending%20Docs');
    expect(res.body.items.map((d: Json) => d.status)).toEqual(Array(res.body.items.length).fill('Pending Docs'));
    expect(res.body.items.map((d: Json) => d.id)).toContain(b.id);
    expect(await search(`${q('Gurmeet')}&status=Active`)).toEqual([]);
    expect((await client.get('/api/drivers?status=Retired')).status).toBe(400);
  });
});

describe('editing', () => {
  it('saves an edit of the current version, then refuses a stale one with 409 and keeps the first change', async () => {
    const d = await createDriver();
    const first = await client.put(`/api/drivers/${d.id}`, driverBody({ license: d.license, status: 'Inactive', version: 1 }));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ...d, status: 'Inactive', version: 2, updatedAt: expect.any(String) });
    await expectNothingWritten(async () => {
      const stale = await client.put(`/api/drivers/${d.id}`, driverBody({ name: 'Someone Else', version: 1 }));
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual(updateConflict('driver'));
    });
    expect((await client.get(`/api/drivers/${d.id}`)).body).toMatchObject({ name: 'Ramesh Kumar', status: 'Inactive', version: 2 });
  });

  it('answers 404 to an edit or delete of a driver that does not exist', async () => {
    const edit = await client.put('/api/drivers/DRV0000ZZ', driverBody({ version: 1 }));
    expect(edit.status).toBe(404);
    expect(edit.body).toEqual(notFound('driver', 'DRV0000ZZ'));
    const del = await client.del('/api/drivers/DRV0000ZZ');
    expect(del.status).toBe(404);
    expect(del.body).toEqual(notFound('driver', 'DRV0000ZZ'));
  });
});

describe('deleting a driver others use', () => {
  let vehicle: Json;
  beforeAll(async () => {
    vehicle = await createVehicle();
  });

  it('deletes an unused driver, then answers 404', async () => {
    const d = await createDriver();
    expect((await client.del(`/api/drivers/${d.id}`)).status).toBe(204);
    expect((await client.get(`/api/drivers/${d.id}`)).body).toEqual(notFound('driver', d.id));
  });

  it('names the training records that use a driver', async () => {
    const d = await createDriver();
    const training = await create('/api/driver-training', trainingBody(d.id));
    await expectNothingWritten(async () => {
      const res = await client.del(`/api/drivers/${d.id}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual(inUse('1 training record uses'));
    });
    await create('/api/driver-training', trainingBody(d.id, { trainingType: 'Hazmat Handling' }));
    expect((await client.del(`/api/drivers/${d.id}`)).body).toEqual(inUse('2 training records use'));
    expect((await client.del(`/api/driver-training/${training.id}`)).status).toBe(204);
    expect((await client.del(`/api/drivers/${d.id}`)).body).toEqual(inUse('1 training record uses'));
  });

  it('names the health records that use a driver, and allows the delete once they are gone', async () => {
    const d = await createDriver();
    const reports = [await create('/api/driver-health', healthBody(d.id)), await create('/api/driver-health', healthBody(d.id, { testType: 'Audiometry' }))];
    await expectNothingWritten(async () => {
      const res = await client.del(`/api/drivers/${d.id}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual(inUse('2 health records use'));
    });
    expect((await client.del(`/api/driver-health/${reports[0].id}`)).status).toBe(204);
    expect((await client.del(`/api/drivers/${d.id}`)).body).toEqual(inUse('1 health record uses'));
    expect((await client.del(`/api/driver-health/${reports[1].id}`)).status).toBe(204);
    expect((await client.del(`/api/drivers/${d.id}`)).status).toBe(204);
    expect((await client.get(`/api/drivers/${d.id}`)).status).toBe(404);
  });

  it('refuses while trips, training or health records use a driver, one kind at a time, until none is left', async () => {
    const d = await createDriver();
    const trip = await create('/api/trips', tripBody(vehicle.id, d.id));
    const training = await create('/api/driver-training', trainingBody(d.id));
    const health = await create('/api/driver-health', healthBody(d.id));
    await expectNothingWritten(async () => {
      const res = await client.del(`/api/drivers/${d.id}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual(inUse('1 trip uses'));
    });
    expect((await client.del(`/api/trips/${trip.id}`)).status).toBe(204);
    expect((await client.del(`/api/drivers/${d.id}`)).body).toEqual(inUse('1 training record uses'));
    expect((await client.del(`/api/driver-training/${training.id}`)).status).toBe(204);
    expect((await client.del(`/api/drivers/${d.id}`)).body).toEqual(inUse('1 health record uses'));
    expect((await client.del(`/api/driver-health/${health.id}`)).status).toBe(204);
    expect((await client.del(`/api/drivers/${d.id}`)).status).toBe(204);
  });

  it('is backed by the database: a row that refers to a driver keeps it even past the API', async () => {
    const d = await createDriver();
    await create('/api/trips', tripBody(vehicle.id, d.id));
    await expect(server.database.query('DELETE FROM drivers WHERE id = $1', [d.id])).rejects.toThrow();
    expect((await client.get(`/api/drivers/${d.id}`)).status).toBe(200);
  });
});
