import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidentsArea } from '@raahi/domain';
import { areaTestKit, q, sorted } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { driverBody, startTestServer, type Json, type TestClient, type TestServer } from '../testing/test-server';

const PATH = '/api/incidents';
const MISSING = { title: 'Missing Fields', message: 'Type, Date/Time, Location, and Description are required.' };
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

let server: TestServer;
let client: TestClient;
const { create, createDriver, createVehicle, expectNothingWritten, search } = areaTestKit({
  path: PATH,
  tables: ['incidents'],
  reach: () => ({ server, client }),
});
const body = (overrides: Record<string, unknown> = {}) =>
  declaredBody(incidentsArea.fields, {}, { location: 'NH 48, Khalapur', description: 'Rear bumper scraped', ...overrides });
const incident = (overrides: Record<string, unknown> = {}) => create(PATH, body(overrides));
async function photo(name: string) {
  const res = await client.upload(name, JPEG);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string };
}

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
});
afterAll(() => server?.close());

describe('incidents', () => {
  it('stores the defaults (Minor Accident, Low, Open, now) with an INC id and no vehicle, driver or images', async () => {
    const before = Date.now();
    const defaults = incidentsArea.defaults();
    expect(defaults).toMatchObject({ type: 'Minor Accident', severity: 'Low', status: 'Open', vehicleId: null, driverId: null, images: [] });
    expect(Math.abs(new Date(defaults.dateTime!).getTime() - before)).toBeLessThan(5_000);
    const saved = await incident();
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^INC\d{5}[A-Z0-9]{3}$/),
      type: 'Minor Accident',
      vehicleId: null,
      vehicleLabel: null,
      driverId: null,
      driverLabel: null,
      images: [],
      imagesFiles: [],
    });
  });

  it.each([
    ['type', ''],
    ['dateTime', null],
    ['location', ' '],
    ['description', ''],
  ])('refuses a blank %s (%j) with the specified text and writes nothing', async (field, value) => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ [field]: value }));
      expect([res.status, res.body]).toEqual([422, MISSING]);
    });
  });

  it('accepts every type, severity and status, and refuses others', async () => {
    for (const type of ['Minor Accident', 'Major Accident', 'Vehicle Breakdown', 'Cargo Damage', 'Theft/Vandalism', 'Traffic Violation', 'Other'])
      expect((await incident({ type })).type).toBe(type);
    for (const severity of ['Low', 'Medium', 'High', 'Critical']) expect((await incident({ severity })).severity).toBe(severity);
    for (const status of ['Open', 'Investigating', 'Action Pending', 'Resolved', 'Closed']) expect((await incident({ status })).status).toBe(status);
    await expectNothingWritten(async () => {
      for (const overrides of [{ type: 'Fire' }, { severity: 'Severe' }, { status: 'Pending' }])
        expect((await client.post(PATH, body(overrides))).status).toBe(400);
    });
  });

  it('keeps several photos in order with their names; removes one on edit, which deletes it; refuses a file that does not exist', async () => {
    const [front, side, rear] = [await photo('front.jpg'), await photo('side.jpg'), await photo('rear.jpg')];
    const saved = await incident({ images: [front.id, side.id, rear.id] });
    expect(saved.imagesFiles).toEqual([front, side, rear].map(({ id, name }) => ({ id, name })));
    const edited = await client.put(`${PATH}/${saved.id}`, body({ images: [front.id, rear.id], version: 1 }));
    expect(edited.status).toBe(200);
    expect(edited.body.imagesFiles.map((f: Json) => f.name)).toEqual(['front.jpg', 'rear.jpg']);
    // The removed photo goes with the edit; the kept ones stay.
    expect((await client.get(`/api/files/${side.id}`)).status).toBe(404);
    expect((await client.get(`/api/files/${rear.id}`)).status).toBe(200);
    await expectNothingWritten(async () => {
      const gone = await client.post(PATH, body({ images: [front.id, 'FILdoesnotexist000'] }));
      expect([gone.status, gone.body.title]).toEqual([409, 'Linked Record Missing']);
      expect((await client.post(PATH, body({ images: [front.id, front.id] }))).status).toBe(400);
      expect((await client.post(PATH, body({ images: ['https://example.com/a.jpg'] }))).status).toBe(400);
    });
  });

  it('searches id, type, location, description and the vehicle and driver labels; follows a renamed driver; not reported by', async () => {
    const v = await createVehicle({ make: 'Eicher', model: 'Pro 3015', licensePlate: 'RJ14GH5566' });
    const d = await createDriver({ name: 'Baldev Chaudhary' });
    const saved = await incident({
      type: 'Cargo Damage',
      location: 'Kishangarh bypass, NH 48',
      description: 'Marble slabs cracked',
      vehicleId: v.id,
      driverId: d.id,
      reportedBy: 'Quixotic Reporter',
    });
    expect(saved).toMatchObject({ vehicleLabel: 'Eicher Pro 3015 (RJ14GH5566)', driverLabel: `Baldev Chaudhary (${d.id})` });
    for (const term of [saved.id.toLowerCase(), 'kishangarh bypass', 'MARBLE SLABS', 'pro 3015', 'rj14gh5566', 'baldev chau', d.id])
      expect(await search(q(term)), term).toEqual([saved.id]);
    const byType = await client.get(`${PATH}?pageSize=200&${q('CARGO DAM')}`);
    expect(byType.body.items.map((i: Json) => i.id)).toContain(saved.id);
    expect(byType.body.items.every((i: Json) => i.type === 'Cargo Damage' || /cargo dam/i.test(i.description))).toBe(true);
    expect(await search(q('quixotic reporter'))).toEqual([]);
    expect((await client.put(`/api/drivers/${d.id}`, driverBody({ name: 'Baldev Singh', version: 1 }))).status).toBe(200);
    expect(await search(q('chaudhary'))).toEqual([]);
    expect(await search(q('baldev singh'))).toEqual([saved.id]);
  });

  it('filters by severity and by status, alone and together', async () => {
    const a = await incident({ description: 'Filteredge tyre burst', severity: 'High', status: 'Investigating' });
    const b = await incident({ description: 'Filteredge theft of diesel', severity: 'High', status: 'Closed' });
    const c = await incident({ description: 'Filteredge mirror broken', severity: 'Low', status: 'Investigating' });
    expect(await search(`${q('filteredge')}&severity=High`)).toEqual(sorted(a.id, b.id));
    expect(await search(`${q('filteredge')}&status=Investigating`)).toEqual(sorted(a.id, c.id));
    expect(await search(`${q('filteredge')}&severity=High&status=Investigating`)).toEqual([a.id]);
    expect((await client.get(`${PATH}?severity=Severe`)).status).toBe(400);
  });

  it('refuses to delete a vehicle or driver an incident names', async () => {
    const v = await createVehicle({ licensePlate: 'UP32ZZ0001' });
    const d = await createDriver({ name: 'Ramkishan Yadav' });
    const saved = await incident({ vehicleId: v.id, driverId: d.id });
    expect((await client.del(`/api/vehicles/${v.id}`)).body).toEqual({
      title: 'Delete Failed',
      message: 'This vehicle cannot be deleted because 1 incident uses it.',
    });
    expect((await client.del(`/api/drivers/${d.id}`)).body).toEqual({
      title: 'Delete Failed',
      message: 'This driver cannot be deleted because 1 incident uses it.',
    });
    const cleared = await client.put(`${PATH}/${saved.id}`, body({ vehicleId: null, driverId: null, version: 1 }));
    expect([cleared.status, cleared.body.vehicleId, cleared.body.driverId]).toEqual([200, null, null]);
    expect((await client.del(`/api/vehicles/${v.id}`)).status).toBe(204);
    expect((await client.del(`/api/drivers/${d.id}`)).status).toBe(204);
  });
});
