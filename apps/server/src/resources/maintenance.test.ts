import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceArea, todayIso } from '@raahi/domain';
import { areaTestKit, q, sorted } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, vehicleBody, type Json, type TestClient, type TestServer } from '../testing/test-server';

const PATH = '/api/maintenance';
const MISSING = { title: 'Missing Fields', message: 'Vehicle ID and Job Description are required.' };

let server: TestServer;
let client: TestClient;
let vehicle: Json;
const { create, createVehicle, expectNothingWritten, search } = areaTestKit({
  path: PATH,
  tables: ['maintenance_jobs', 'vehicles'],
  reach: () => ({ server, client }),
});
const body = (overrides: Record<string, unknown> = {}, v: Json = vehicle) =>
  declaredBody(maintenanceArea.fields, { vehicles: v.id }, { description: 'Replace front brake pads', ...overrides });
const job = (overrides: Record<string, unknown> = {}, v: Json = vehicle) => create(PATH, body(overrides, v));

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  vehicle = await createVehicle({ make: 'Tata', model: 'Signa 4825.TK', licensePlate: 'MH12AB4321' });
});
afterAll(() => server?.close());

describe('maintenance jobs', () => {
  it('stores the defaults (Preventive, Scheduled, today) with a JOB id, the vehicle label and the cost in exact rupees', async () => {
    expect(maintenanceArea.defaults()).toMatchObject({
      jobType: 'Preventive',
      status: 'Scheduled',
      scheduledDate: todayIso(),
      cost: null,
      completionDate: null,
    });
    const saved = await job({ cost: 1234567.89 });
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^JOB\d{5}[A-Z0-9]{3}$/),
      jobType: 'Preventive',
      status: 'Scheduled',
      cost: 1234567.89,
      vehicleLabel: 'Tata Signa 4825.TK (MH12AB4321)',
    });
    const none = await job({ cost: null });
    expect((await client.get(`${PATH}/${none.id}`)).body.cost).toBeNull();
  });

  it.each([
    ['vehicleId', ''],
    ['description', ''],
    ['description', '   '],
  ])('refuses a blank %s (%j) with the specified text and writes nothing', async (field, value) => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ [field]: value }));
      expect([res.status, res.body]).toEqual([422, MISSING]);
    });
  });

  it('refuses a negative cost, fractions of a paisa, unknown types and statuses, and a vehicle that does not exist', async () => {
    await expectNothingWritten(async () => {
      const negative = await client.post(PATH, body({ cost: -0.01 }));
      expect([negative.status, negative.body]).toEqual([422, { title: 'Invalid Cost', message: 'Cost cannot be negative.' }]);
      for (const overrides of [{ cost: 10.001 }, { jobType: 'Overhaul' }, { status: 'Done' }])
        expect((await client.post(PATH, body(overrides))).status, JSON.stringify(overrides)).toBe(400);
      const missing = await client.post(PATH, body({ vehicleId: 'VEH0000ZZ' }));
      expect([missing.status, missing.body.title]).toEqual([409, 'Linked Record Missing']);
    });
  });

  it('accepts every job type and status', async () => {
    for (const jobType of ['Preventive', 'Corrective', 'Inspection', 'Emergency']) expect((await job({ jobType })).jobType).toBe(jobType);
    for (const status of ['Scheduled', 'In Progress', 'Completed', 'On Hold', 'Cancelled']) expect((await job({ status })).status).toBe(status);
  });

  it('searches id, the vehicle label, description and technician; follows a renamed vehicle; not parts used', async () => {
    const v = await createVehicle({ make: 'Ashok Leyland', model: 'Ecomet 1615', licensePlate: 'KA01XY9876' });
    const saved = await job({ description: 'Clutch overhaul at Hosur workshop', technician: 'Murugan Selvam', partsUsed: 'Quixotic clutch plate' }, v);
    for (const term of [saved.id.toLowerCase(), 'ecomet 1615', 'ka01xy9876', 'CLUTCH OVERHAUL', 'murugan sel'])
      expect(await search(q(term)), term).toEqual([saved.id]);
    expect(await search(q('quixotic'))).toEqual([]);
    expect(
      (await client.put(`/api/vehicles/${v.id}`, vehicleBody({ make: 'Ashok Leyland', model: 'Boss 1920', licensePlate: 'KA01XY9876', version: 1 }))).status,
    ).toBe(200);
    expect(await search(q('ecomet'))).toEqual([]);
    expect(await search(q('boss 1920'))).toEqual([saved.id]);
  });

  it('filters by status, alone and with search', async () => {
    const hold = await job({ description: 'Statusedge gearbox noise', status: 'On Hold' });
    const done = await job({ description: 'Statusedge oil change', status: 'Completed' });
    expect(await search(`${q('statusedge')}&status=${encodeURIComponent('On Hold')}`)).toEqual([hold.id]);
    expect(await search(`${q('statusedge')}&status=Completed`)).toEqual([done.id]);
    expect(await search(q('statusedge'))).toEqual(sorted(hold.id, done.id));
    expect((await client.get(`${PATH}?status=Done`)).status).toBe(400);
  });

  it('refuses to delete a vehicle that a job card names, and allows it once the job is gone', async () => {
    const v = await createVehicle({ licensePlate: 'GJ05MN1122' });
    const saved = await job({}, v);
    const refused = await client.del(`/api/vehicles/${v.id}`);
    expect([refused.status, refused.body]).toEqual([
      409,
      { title: 'Delete Failed', message: 'This vehicle cannot be deleted because 1 maintenance job uses it.' },
    ]);
    const second = await job({}, v);
    expect((await client.del(`/api/vehicles/${v.id}`)).body.message).toBe('This vehicle cannot be deleted because 2 maintenance jobs use it.');
    for (const id of [saved.id, second.id]) expect((await client.del(`${PATH}/${id}`)).status).toBe(204);
    expect((await client.del(`/api/vehicles/${v.id}`)).status).toBe(204);
  });
});

describe('maintenance jobs: values as stored', () => {
  it('refuses a cost of 1e-9 or finer than a paisa, and control characters in the technician; keeps line breaks in the description', async () => {
    await expectNothingWritten(async () => {
      for (const [overrides, message] of [
        [{ cost: 1e-9 }, 'Cost (₹) must have at most 2 decimals (paise).'],
        [{ cost: 1.005 }, 'Cost (₹) must have at most 2 decimals (paise).'],
        [{ technician: 'Ravi\u0000' }, 'Technician must not contain control characters.'],
        [{ technician: 'Ravi\u001b[31m' }, 'Technician must not contain control characters.'],
        [{ description: 'Brake pads\u0007' }, 'Job Description must not contain control characters.'],
      ] as const) {
        const res = await client.post(PATH, body(overrides));
        expect([res.status, res.body], JSON.stringify(overrides)).toEqual([400, { title: 'Invalid Request', message }]);
      }
    });
    expect(await job({ cost: 0.07, description: 'Replace front brake pads\n\tbleed the lines' })).toMatchObject({
      cost: 0.07,
      description: 'Replace front brake pads\n\tbleed the lines',
    });
  });
});
