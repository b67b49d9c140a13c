import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../auth/middleware';
import type { ActiveSession } from '../auth/sessions';
import { resourceOf } from '../resources';
import { areaTestKit, notFound, updateConflict } from '../testing/area-tests';
import { startTestServer, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';
import { errorResponse } from './errors';
import { resourceRoutes } from './resource';

const MISSING_FIELDS = { title: 'Missing Fields', message: 'Make, Model, Year, VIN, and License Plate are required.' };
const INVALID_YEAR = { title: 'Invalid Year', message: 'Please enter a valid vehicle year.' };
const INVALID_MILEAGE = { title: 'Invalid Mileage', message: 'Mileage cannot be negative.' };

let server: TestServer;
let client: TestClient;

// The generic resource routes, tested through the vehicles area.
const { createVehicle, expectNothingWritten } = areaTestKit({ path: '/api/vehicles', tables: ['vehicles'], reach: () => ({ server, client }) });

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
});
afterAll(() => server?.close());

describe('create and read', () => {
  it('creates a vehicle with a server-made id, version 1 and timestamps, and reads it back', async () => {
    const started = Date.now();
    const body = vehicleBody();
    const res = await client.post('/api/vehicles', body);
    expect(res.status).toBe(201);
    const v = res.body;
    expect(v).toEqual({
      ...body,
      id: expect.stringMatching(/^VEH\d{4}[A-Z0-9]{2}$/),
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Date(v.createdAt).toISOString()).toBe(v.createdAt);
    expect(new Date(v.createdAt).getTime()).toBeGreaterThanOrEqual(started - 5000);
    expect(new Date(v.createdAt).getTime()).toBeLessThanOrEqual(Date.now() + 5000);
    expect(v.updatedAt).toBe(v.createdAt);
    // The id carries the last 4 digits of the time in milliseconds.
    const sinceStart = (Number(v.id.slice(3, 7)) - (started % 10_000) + 10_000) % 10_000;
    expect(sinceStart).toBeLessThanOrEqual(Date.now() - started);

    const read = await client.get(`/api/vehicles/${v.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(v);
  });

  it('trims text, and keeps empty optional values as null', async () => {
    const v = await createVehicle({ make: '  Ashok  ', model: ' Leyland 2820 ', currentMileage: null, purchaseDate: null });
    expect([v.make, v.model, v.currentMileage, v.purchaseDate]).toEqual(['Ashok', 'Leyland 2820', null, null]);
  });

  it('accepts every vehicle type and status', async () => {
    for (const [type, status] of [
      ['Van', 'In Maintenance'],
      ['Trailer', 'Out of Service'],
      ['Car', 'Sold'],
      ['Bus', 'Active'],
      ['Motorcycle', 'Active'],
      ['Other', 'Sold'],
    ]) {
      const v = await createVehicle({ type, status });
      expect([v.type, v.status]).toEqual([type, status]);
    }
  });

  it('keeps text with Indian scripts and punctuation intact', async () => {
    const v = await createVehicle({ make: 'टाटा', model: 'Prima 4028.S (6x4)', licensePlate: 'MH-12/AB 1234' });
    expect((await client.get(`/api/vehicles/${v.id}`)).body).toMatchObject({ make: 'टाटा', model: 'Prima 4028.S (6x4)', licensePlate: 'MH-12/AB 1234' });
  });

  it('gives distinct ids to many vehicles created at once', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => client.post('/api/vehicles', vehicleBody())));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(30);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await client.get('/api/vehicles/VEH0000ZZ');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound('vehicle', 'VEH0000ZZ'));
  });
});

describe('the vehicle form’s rules, with the specification’s texts', () => {
  it.each([
    ['make', ''],
    ['make', '   '],
    ['model', ''],
    ['vin', ' '],
    ['licensePlate', ''],
    ['year', null],
  ])('refuses a blank %s (%j) with Missing Fields', async (field, value) => {
    await expectNothingWritten(async () => {
      const res = await client.post('/api/vehicles', vehicleBody({ [field]: value }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual(MISSING_FIELDS);
    });
  });

  it('refuses a year before 1900 or after next year with Invalid Year', async () => {
    const next = new Date().getFullYear() + 1;
    await expectNothingWritten(async () => {
      for (const year of [1899, next + 1, 0]) {
        const res = await client.post('/api/vehicles', vehicleBody({ year }));
        expect(res.status, String(year)).toBe(422);
        expect(res.body).toEqual(INVALID_YEAR);
      }
    });
  });

  it('accepts the years 1900 and next year', async () => {
    const next = new Date().getFullYear() + 1;
    expect((await createVehicle({ year: 1900 })).year).toBe(1900);
    expect((await createVehicle({ year: next })).year).toBe(next);
  });

  it('refuses negative mileage with Invalid Mileage, and accepts 0 and none', async () => {
    await expectNothingWritten(async () => {
      const res = await client.post('/api/vehicles', vehicleBody({ currentMileage: -1 }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual(INVALID_MILEAGE);
    });
    expect((await createVehicle({ currentMileage: 0 })).currentMileage).toBe(0);
    expect((await createVehicle({ currentMileage: null })).currentMileage).toBeNull();
  });

  it('reports the first failing rule, in the form’s order', async () => {
    const missingFirst = await client.post('/api/vehicles', vehicleBody({ make: '', year: 1800, currentMileage: -5 }));
    expect(missingFirst.body).toEqual(MISSING_FIELDS);
    const yearNext = await client.post('/api/vehicles', vehicleBody({ year: 1800, currentMileage: -5 }));
    expect(yearNext.body).toEqual(INVALID_YEAR);
  });

  it('applies the same rules to an update, and leaves the record as it was', async () => {
    const v = await createVehicle();
    await expectNothingWritten(async () => {
      for (const [change, expected] of [
        [{ model: '' }, MISSING_FIELDS],
        [{ year: 1899 }, INVALID_YEAR],
        [{ currentMileage: -10 }, INVALID_MILEAGE],
      ] as const) {
        const res = await client.put(`/api/vehicles/${v.id}`, vehicleBody({ ...change, version: 1 }));
        expect(res.status).toBe(422);
        expect(res.body).toEqual(expected);
      }
    });
  });
});

describe('editing', () => {
  it('saves an edit of the current version and bumps the version', async () => {
    const v = await createVehicle();
    const res = await client.put(
      `/api/vehicles/${v.id}`,
      vehicleBody({ licensePlate: v.licensePlate, vin: v.vin, status: 'In Maintenance', currentMileage: 130500, version: 1 }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...v, status: 'In Maintenance', currentMileage: 130500, version: 2, updatedAt: expect.any(String) });
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThan(new Date(v.createdAt).getTime());
    expect((await client.get(`/api/vehicles/${v.id}`)).body).toEqual(res.body);
  });

  it('refuses an edit of a stale copy with 409 and keeps the other change', async () => {
    const v = await createVehicle();
    const first = await client.put(`/api/vehicles/${v.id}`, vehicleBody({ make: 'Eicher', version: 1 }));
    expect(first.status).toBe(200);
    await expectNothingWritten(async () => {
      const stale = await client.put(`/api/vehicles/${v.id}`, vehicleBody({ make: 'Mahindra', version: 1 }));
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual(updateConflict('vehicle'));
      const future = await client.put(`/api/vehicles/${v.id}`, vehicleBody({ make: 'Mahindra', version: 7 }));
      expect(future.status).toBe(409);
    });
    expect((await client.get(`/api/vehicles/${v.id}`)).body).toMatchObject({ make: 'Eicher', version: 2 });
  });

  it('lets exactly one of several simultaneous edits of the same version win', async () => {
    const v = await createVehicle();
    const results = await Promise.all(
      ['Ashok', 'BharatBenz', 'Eicher', 'Mahindra', 'Volvo'].map((make) => client.put(`/api/vehicles/${v.id}`, vehicleBody({ make, version: 1 }))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const winner = results.find((r) => r.status === 200)!.body;
    expect((await client.get(`/api/vehicles/${v.id}`)).body).toEqual(winner);
    expect(winner.version).toBe(2);
  });

  it('answers 404 to an edit of a deleted vehicle', async () => {
    const v = await createVehicle();
    expect((await client.del(`/api/vehicles/${v.id}`)).status).toBe(204);
    const res = await client.put(`/api/vehicles/${v.id}`, vehicleBody({ version: 1 }));
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound('vehicle', v.id));
    expect(await server.database.query('SELECT 1 FROM vehicles WHERE id = $1', [v.id])).toEqual([]);
  });

  it('does not let a body change the id, version or timestamps', async () => {
    const v = await createVehicle();
    await expectNothingWritten(async () => {
      for (const extra of [{ id: 'VEH9999ZZ' }, { createdAt: '2000-01-01T00:00:00Z' }, { updatedAt: '2000-01-01T00:00:00Z' }]) {
        const res = await client.put(`/api/vehicles/${v.id}`, vehicleBody({ ...extra, version: 1 }));
        expect(res.status).toBe(400);
        expect(res.body.title).toBe('Invalid Request');
      }
      const created = await client.post('/api/vehicles', vehicleBody({ version: 5 }));
      expect(created.status).toBe(400);
      expect(created.body).toEqual({ title: 'Invalid Request', message: 'Unknown field: version.' });
    });
  });
});

describe('deleting', () => {
  it('deletes with 204, then answers 404', async () => {
    const v = await createVehicle();
    const res = await client.del(`/api/vehicles/${v.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await client.get(`/api/vehicles/${v.id}`)).body).toEqual(notFound('vehicle', v.id));
    const again = await client.del(`/api/vehicles/${v.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(notFound('vehicle', v.id));
  });

  it('refuses to delete a record others use, saying what uses it', async () => {
    const used = await createVehicle();
    const usedOnce = await createVehicle();
    const unused = await createVehicle();
    // Vehicles have no referencing area yet: stand one in for the trips that will use them.
    const api = new Hono<AppEnv>();
    api.onError(errorResponse);
    // Writes name their actor: the stand-in app signs its requests in as admin, as requireSession would.
    const [admin] = await server.database.query<ActiveSession['user']>(`SELECT id, name, username FROM users WHERE username = 'admin'`);
    api.use(async (c, next) => {
      c.set('session', { id: '', csrfToken: '', user: admin });
      await next();
    });
    api.route(
      '/vehicles',
      resourceRoutes(server.database, {
        ...resourceOf('vehicles'),
        usedBy: [
          { singular: 'service record', plural: 'service records', count: async () => 0 },
          { singular: 'trip', plural: 'trips', count: async (_database, id) => (id === used.id ? 2 : id === usedOnce.id ? 1 : 0) },
        ],
      }),
    );
    const refused = await api.request(`/vehicles/${used.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ title: 'Delete Failed', message: 'This vehicle cannot be deleted because 2 trips use it.' });
    expect((await client.get(`/api/vehicles/${used.id}`)).status).toBe(200);
    const once = await api.request(`/vehicles/${usedOnce.id}`, { method: 'DELETE' });
    expect(await once.json()).toEqual({ title: 'Delete Failed', message: 'This vehicle cannot be deleted because 1 trip uses it.' });

    const allowed = await api.request(`/vehicles/${unused.id}`, { method: 'DELETE' });
    expect(allowed.status).toBe(204);
    expect((await client.get(`/api/vehicles/${unused.id}`)).status).toBe(404);
  });
});
