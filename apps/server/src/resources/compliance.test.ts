import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, complianceArea, DOCUMENT_TYPES, todayIn } from '@raahi/domain';
import { areaTestKit, q, sorted } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, tripBody, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';

const PATH = '/api/compliance';
const MISSING = { title: 'Missing Fields', message: 'Document Name, Type, and Expiry Date are required.' };
const BAD_DATES = { title: 'Invalid Dates', message: 'Issue Date cannot be after Expiry Date.' };

let server: TestServer;
let client: TestClient;
const { create, createDriver, createVehicle, expectNothingWritten, search } = areaTestKit({
  path: PATH,
  tables: ['compliance_documents'],
  reach: () => ({ server, client }),
});
const body = (overrides: Record<string, unknown> = {}) =>
  declaredBody(complianceArea.fields, {}, { documentName: 'RC MH12AB1234', issueDate: null, expiryDate: '2030-01-01', ...overrides });
/** A document stored before Entity IDs were links, naming something that is no record (the database now refuses one written anew). */
async function storeLegacyEntityId(id: string, entityId: string) {
  const trigger = 'compliance_documents_entity_id_exists';
  await server.database.exec(
    `ALTER TABLE compliance_documents DISABLE TRIGGER ${trigger}; UPDATE compliance_documents SET entity_id = '${entityId}' WHERE id = '${id}'; ALTER TABLE compliance_documents ENABLE TRIGGER ${trigger};`,
  );
}
// A user in India and the server agree on today for these tests; the edges are judged by the date sent.
const today = todayIn('Asia/Kolkata');

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
});
afterAll(() => server?.close());

describe('compliance documents', () => {
  it('creates a DOC id of 4 digits and 2 capitals, with Vehicle Registration by default', async () => {
    const saved = await create(PATH, body());
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^DOC\d{4}[A-Z0-9]{2}$/),
      documentType: 'Vehicle Registration',
      documentFile: null,
      documentFileName: null,
    });
  });

  it.each([
    ['documentName', ''],
    ['documentType', ''],
    ['expiryDate', null],
  ])('refuses a blank %s with Missing Fields', async (field, value) => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ [field]: value }));
      expect([res.status, res.body]).toEqual([422, MISSING]);
    });
  });

  it('refuses an issue date after the expiry date, and takes the same day', async () => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ issueDate: '2030-01-02', expiryDate: '2030-01-01' }));
      expect([res.status, res.body]).toEqual([422, BAD_DATES]);
    });
    expect((await create(PATH, body({ issueDate: '2030-01-01', expiryDate: '2030-01-01' }))).issueDate).toBe('2030-01-01');
  });

  it('filters Expired and Expires Soon at the edges: yesterday, today, today + 30, today + 31', async () => {
    const doc = (name: string, days: number) => create(PATH, body({ documentName: `Edgecase ${name}`, expiryDate: addDays(today, days) }));
    const yesterday = await doc('yesterday', -1);
    const onToday = await doc('today', 0);
    const in30 = await doc('in30', 30);
    await doc('in31', 31);
    const at = `today=${today}&${q('edgecase')}`;
    expect(await search(`${at}&expiry=Expired`)).toEqual(sorted(yesterday.id));
    expect(await search(`${at}&expiry=${encodeURIComponent('Expires Soon')}`)).toEqual(sorted(onToday.id, in30.id));
    // The server judges by the company's today: a browser's tomorrow (sent by an older client) changes nothing.
    const tomorrow = addDays(today, 1);
    expect(await search(`today=${tomorrow}&${q('edgecase')}&expiry=Expired`)).toEqual(sorted(yesterday.id));
    const total = await client.get(`${PATH}/total?${at}&expiry=${encodeURIComponent('Expires Soon')}`);
    expect(total.body).toEqual({ total: 2, totalIsEstimate: false });
  });

  it('ignores a today sent by the client (the company’s today is the server’s), and refuses one too long to be a date', async () => {
    for (const ignored of ['2020-01-01', 'tomorrow', '2026-02-30']) {
      const res = await client.get(`${PATH}?today=${encodeURIComponent(ignored)}&expiry=Expired`);
      expect(res.status, ignored).toBe(200);
    }
    expect((await client.get(`${PATH}?today=${'x'.repeat(5000)}&expiry=Expired`)).status).toBe(400);
  });

  it('keeps a private file with the document and returns its name', async () => {
    const stored = await client.upload('rc-scan.pdf', Buffer.from('%PDF-1.4\n%test\n%%EOF\n'));
    expect(stored.status, stored.text).toBe(201);
    const saved = await create(PATH, body({ documentFile: stored.body.id }));
    expect(saved).toMatchObject({ documentFile: stored.body.id, documentFileName: 'rc-scan.pdf' });
    const missing = await client.post(PATH, body({ documentFile: 'FIL0000000000000' }));
    expect(missing.status).toBe(409);
  });

  it('searches id, name, entity id, document number and issuer', async () => {
    const saved = await create(PATH, body({ documentName: 'National Permit', documentNumber: 'NP/KA/2026/0042', issuer: 'RTO Bengaluru Central' }));
    await storeLegacyEntityId(saved.id, 'VEH7777QQ');
    for (const term of [saved.id, 'national perm', 'veh7777', 'ka/2026/00', 'bengaluru cen']) expect(await search(q(term))).toContain(saved.id);
  });

  it('takes the PUC and Fitness certificates after the eight types of the specification, and filters by them', async () => {
    expect(DOCUMENT_TYPES.slice(8)).toEqual(['Pollution Under Control (PUC) Certificate', 'Fitness Certificate']);
    const puc = await create(PATH, body({ documentName: 'Typecheck PUC', documentType: 'Pollution Under Control (PUC) Certificate' }));
    const fitness = await create(PATH, body({ documentName: 'Typecheck Fitness', documentType: 'Fitness Certificate' }));
    expect(await search(`${q('typecheck')}&documentType=${encodeURIComponent('Pollution Under Control (PUC) Certificate')}`)).toEqual([puc.id]);
    expect(await search(`${q('typecheck')}&documentType=${encodeURIComponent('Fitness Certificate')}`)).toEqual([fitness.id]);
  });
});

describe('the Entity ID: a vehicle, a driver, a trip or none', () => {
  let vehicle: { id: string };
  let driver: { id: string };
  let trip: { id: string };
  beforeAll(async () => {
    vehicle = await createVehicle({ make: 'Ashok Leyland', model: 'Ecomet 1615', licensePlate: 'KA01EN4321' });
    driver = await createDriver({ name: 'Suresh Entitywala' });
    trip = await create('/api/trips', tripBody(vehicle.id, driver.id, { origin: 'Hubballi', destination: 'Belagavi' }));
  });

  it('returns the linked record: a vehicle by its plate (in full on hover), a driver by name, a trip with its route', async () => {
    const onVehicle = await create(PATH, body({ entityId: vehicle.id }));
    expect(onVehicle).toMatchObject({
      entityId: vehicle.id,
      entityArea: 'vehicles',
      entityLabel: 'KA01EN4321',
      entityTitle: 'Ashok Leyland Ecomet 1615 (KA01EN4321)',
    });
    const onDriver = await create(PATH, body({ entityId: driver.id }));
    expect(onDriver).toMatchObject({
      entityId: driver.id,
      entityArea: 'drivers',
      entityLabel: 'Suresh Entitywala',
      entityTitle: `Suresh Entitywala (${driver.id})`,
    });
    const onTrip = await create(PATH, body({ documentType: 'e-Way Bill', entityId: trip.id }));
    expect(onTrip).toMatchObject({
      entityId: trip.id,
      entityArea: 'trips',
      entityLabel: `${trip.id} (Hubballi → Belagavi)`,
      entityTitle: `${trip.id} (Hubballi → Belagavi)`,
    });
    const none = await create(PATH, body({ entityId: '' }));
    expect(none).toMatchObject({ entityId: '', entityArea: null, entityLabel: null, entityTitle: null });
  });

  it('refuses a new Entity ID that names no vehicle, driver or trip (422), writing nothing', async () => {
    const unknown = { title: 'Invalid Link', message: 'The Entity ID VEH0000ZZ names no vehicle, driver or trip. Choose one from the list, or none.' };
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ entityId: 'VEH0000ZZ' }));
      expect([res.status, res.body]).toEqual([422, unknown]);
    });
    const saved = await create(PATH, body({ entityId: vehicle.id }));
    await expectNothingWritten(async () => {
      const res = await client.put(`${PATH}/${saved.id}`, { ...body({ entityId: 'VEH0000ZZ' }), version: saved.version });
      expect([res.status, res.body]).toEqual([422, unknown]);
    });
  });

  it('keeps a stored Entity ID that names no record when the document is saved again unchanged, shown as text', async () => {
    const saved = await create(PATH, body({ documentName: 'Legacy permit', entityId: '' }));
    await storeLegacyEntityId(saved.id, 'VEH7777QQ');
    const stored = (await client.get(`${PATH}/${saved.id}`)).body;
    expect(stored).toMatchObject({ entityId: 'VEH7777QQ', entityArea: null, entityLabel: null });
    const resaved = await client.put(`${PATH}/${saved.id}`, {
      ...body({ documentName: 'Legacy permit, renewed', entityId: 'VEH7777QQ' }),
      version: stored.version,
    });
    expect(resaved.status, resaved.text).toBe(200);
    expect(resaved.body).toMatchObject({ documentName: 'Legacy permit, renewed', entityId: 'VEH7777QQ', entityArea: null, entityLabel: null });
    expect(await search(q('veh7777qq'))).toContain(saved.id);
    // Once changed, it cannot go back to an id that names nothing.
    const relinked = await client.put(`${PATH}/${saved.id}`, { ...body({ entityId: driver.id }), version: resaved.body.version });
    expect(relinked.body.entityLabel).toBe('Suresh Entitywala');
    expect((await client.put(`${PATH}/${saved.id}`, { ...body({ entityId: 'VEH7777QQ' }), version: relinked.body.version })).status).toBe(422);
  });

  it("finds a document by its vehicle's plate, its driver's name and its trip's route, and by the new ones after a change", async () => {
    const ownVehicle = await createVehicle({ licensePlate: 'GJ05ZX9090' });
    const ownDriver = await createDriver({ name: 'Harjeet Searchable' });
    const onVehicle = await create(PATH, body({ entityId: ownVehicle.id }));
    const onDriver = await create(PATH, body({ entityId: ownDriver.id }));
    const onTrip = await create(PATH, body({ entityId: trip.id }));
    expect(await search(q('gj05zx90'))).toEqual([onVehicle.id]);
    expect(await search(q('harjeet search'))).toEqual([onDriver.id]);
    expect(await search(q('hubballi → belagavi'))).toContain(onTrip.id);
    const replated = await client.put(`/api/vehicles/${ownVehicle.id}`, { ...vehicleBody({ licensePlate: 'GJ05ZX9191' }), version: ownVehicle.version });
    expect(replated.status, replated.text).toBe(200);
    expect(await search(q('gj05zx9191'))).toEqual([onVehicle.id]);
  });

  it('refuses deleting a vehicle, a driver or a trip that a document names, saying so', async () => {
    const ownVehicle = await createVehicle({ licensePlate: 'TN09DL5555' });
    const ownDriver = await createDriver({ name: 'Kept Driver' });
    const ownTrip = await create('/api/trips', tripBody(vehicle.id, driver.id));
    for (const [path, noun, id] of [
      ['/api/vehicles', 'vehicle', ownVehicle.id],
      ['/api/drivers', 'driver', ownDriver.id],
      ['/api/trips', 'trip', ownTrip.id],
    ]) {
      const doc = await create(PATH, body({ entityId: id }));
      const refused = await client.del(`${path}/${id}`);
      expect([refused.status, refused.body], noun).toEqual([
        409,
        { title: 'Delete Failed', message: `This ${noun} cannot be deleted because 1 document uses it.` },
      ]);
      expect((await client.del(`${PATH}/${doc.id}`)).status).toBe(204);
      expect((await client.del(`${path}/${id}`)).status, noun).toBe(204);
    }
  });

  it('holds both rules in the database too (a request racing another)', async () => {
    const ownVehicle = await createVehicle({ licensePlate: 'RJ14GH2020' });
    const doc = await create(PATH, body({ entityId: ownVehicle.id }));
    await expect(server.database.query('DELETE FROM vehicles WHERE id = $1', [ownVehicle.id])).rejects.toThrow(/named by compliance_documents/);
    await expect(server.database.query(`UPDATE compliance_documents SET entity_id = 'DRV0000ZZ' WHERE id = $1`, [doc.id])).rejects.toThrow(/names no record/);
  });

  it('exports the Entity ID as stored and, beside it, what it names as the list shows it', async () => {
    const onVehicle = await create(PATH, body({ documentName: 'Exportable RC', entityId: vehicle.id }));
    const csv = await client.get(`${PATH}/export?${q('exportable rc')}`);
    const [header, row] = csv.text.trim().split('\n');
    expect(header).toContain('Entity ID,Entity,');
    expect(row).toContain(`${onVehicle.id},Exportable RC,Vehicle Registration,${vehicle.id},KA01EN4321,`);
  });
});
