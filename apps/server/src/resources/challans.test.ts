import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, challansArea, OFFENSE_TYPES, todayIn } from '@raahi/domain';
import { areaTestKit, q, sorted } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { driverBody, startTestServer, vehicleBody, type Json, type TestClient, type TestServer } from '../testing/test-server';

const PATH = '/api/challans';
const MISSING = { title: 'Missing Fields', message: 'Date, Vehicle ID, Offense Type, and Amount are required.' };
const AMOUNT = { title: 'Invalid Amount', message: 'Amount must be greater than zero.' };
const BEFORE_DATE = { title: 'Invalid Dates', message: 'Paid Date cannot be before the challan Date.' };
const FUTURE = { title: 'Invalid Dates', message: 'Paid Date cannot be in the future.' };
const PDF = Buffer.from('%PDF-1.4\n% challan scan\n%%EOF\n');

let server: TestServer;
let client: TestClient;
let vehicle: Json;
let driver: Json;
const { create, createDriver, createVehicle, expectNothingWritten, search } = areaTestKit({
  path: PATH,
  tables: ['challans'],
  reach: () => ({ server, client }),
});
const body = (overrides: Record<string, unknown> = {}) =>
  declaredBody(challansArea.fields, { vehicles: vehicle.id, drivers: driver.id }, { date: '2026-03-09', amount: 2000, paidDate: null, ...overrides });
const challan = (overrides: Record<string, unknown> = {}) => create(PATH, body(overrides));

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  vehicle = await createVehicle({ make: 'Tata', model: 'Signa 4825.TK', licensePlate: 'MH14KQ2211' });
  driver = await createDriver({ name: 'Santosh Jadhav' });
});
afterAll(() => server?.close());

describe('challans', () => {
  it('creates a CHLN id of 5 digits and 3 capitals, Speeding and Pending Payment by default, with the labels of its links', async () => {
    const defaults = challansArea.defaults();
    expect(defaults).toMatchObject({
      offenseType: 'Speeding',
      status: 'Pending Payment',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      driverId: null,
      scannedCopy: null,
      paidDate: null,
    });
    const saved = await challan();
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^CHLN\d{5}[A-Z0-9]{3}$/),
      offenseType: 'Speeding',
      status: 'Pending Payment',
      amount: 2000,
      vehicleId: vehicle.id,
      vehicleLabel: 'Tata Signa 4825.TK (MH14KQ2211)',
      vehiclePlate: 'MH14KQ2211',
      driverId: driver.id,
      driverLabel: `Santosh Jadhav (${driver.id})`,
      driverName: 'Santosh Jadhav',
      scannedCopy: null,
      scannedCopyName: null,
    });
    // Only the capitals and digits of the format, however many are made.
    for (let i = 0; i < 5; i++) expect((await challan()).id).toMatch(/^CHLN\d{5}[A-Z0-9]{3}$/);
  });

  it.each([
    ['date', null],
    ['vehicleId', ''],
    ['offenseType', ''],
    ['amount', null],
  ])('refuses a blank %s with Missing Fields (422, nothing written)', async (name, value) => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ [name]: value }));
      expect([res.status, res.body]).toEqual([422, MISSING]);
    });
  });

  it('keeps the driver optional', async () => {
    const saved = await challan({ driverId: null });
    expect(saved).toMatchObject({ driverId: null, driverLabel: null, driverName: null });
  });

  it('refuses an amount of 0 or less with Invalid Amount, and takes ₹0.01', async () => {
    await expectNothingWritten(async () => {
      for (const amount of [0, -0.01, -500]) {
        const res = await client.post(PATH, body({ amount }));
        expect([res.status, res.body], String(amount)).toEqual([422, AMOUNT]);
      }
    });
    expect((await challan({ amount: 0.01 })).amount).toBe(0.01);
    expect((await challan({ amount: 20000 })).amount).toBe(20000);
  });

  it('refuses an offense type or status outside the lists, and a fraction of a paisa (400)', async () => {
    await expectNothingWritten(async () => {
      for (const overrides of [{ offenseType: 'Drunk Driving' }, { status: 'Paid Partly' }, { amount: 500.005 }, { amount: '500' }]) {
        expect((await client.post(PATH, body(overrides))).status, JSON.stringify(overrides)).toBe(400);
      }
    });
  });

  it('keeps the paid date when Paid and clears it for every other status', async () => {
    const paid = await challan({ status: 'Paid', paidDate: '2026-03-12' });
    expect(paid).toMatchObject({ status: 'Paid', paidDate: '2026-03-12' });
    for (const status of ['Pending Payment', 'Disputed', 'Overdue', 'Cancelled']) {
      const saved = await challan({ status, paidDate: '2026-03-12' });
      expect([saved.status, saved.paidDate], status).toEqual([status, null]);
    }
    // Paid again → something else: the stored date goes.
    const edited = await client.put(`${PATH}/${paid.id}`, body({ status: 'Disputed', paidDate: '2026-03-12', version: 1 }));
    expect([edited.status, edited.body.paidDate]).toEqual([200, null]);
    // A Paid challan may wait for its date.
    expect((await challan({ status: 'Paid', paidDate: null })).paidDate).toBeNull();
  });

  it('refuses a paid date before the challan date, and takes the same day', async () => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ status: 'Paid', date: '2026-03-09', paidDate: '2026-03-08' }));
      expect([res.status, res.body]).toEqual([422, BEFORE_DATE]);
    });
    expect((await challan({ status: 'Paid', date: '2026-03-09', paidDate: '2026-03-09' })).paidDate).toBe('2026-03-09');
    // For another status the date is not kept, so it is not judged either.
    expect((await challan({ status: 'Overdue', date: '2026-03-09', paidDate: '2026-03-01' })).paidDate).toBeNull();
  });

  it('refuses a paid date in the future anywhere on earth, and takes today in India', async () => {
    const latest = todayIn('Etc/GMT-14');
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ status: 'Paid', date: '2026-01-01', paidDate: addDays(latest, 1) }));
      expect([res.status, res.body]).toEqual([422, FUTURE]);
    });
    const today = todayIn('Asia/Kolkata');
    expect((await challan({ status: 'Paid', date: '2026-01-01', paidDate: today })).paidDate).toBe(today);
  });

  it('keeps a private scanned copy and returns its name; a made-up file id is refused', async () => {
    const stored = await client.upload('challan-mh14kq2211.pdf', PDF);
    expect(stored.status, stored.text).toBe(201);
    const saved = await challan({ scannedCopy: stored.body.id });
    expect(saved).toMatchObject({ scannedCopy: stored.body.id, scannedCopyName: 'challan-mh14kq2211.pdf' });
    await expectNothingWritten(async () => {
      const madeUp = await client.post(PATH, body({ scannedCopy: 'FIL0000000000000' }));
      expect([madeUp.status, madeUp.body.title]).toEqual([409, 'Linked Record Missing']);
      // Not even the form of a stored file's id: a file name, a path.
      for (const scannedCopy of ['challan.pdf', '../files/x', '']) expect((await client.post(PATH, body({ scannedCopy }))).status, scannedCopy).toBe(400);
    });
    const removed = await client.put(`${PATH}/${saved.id}`, body({ scannedCopy: null, version: 1 }));
    expect([removed.status, removed.body.scannedCopy, removed.body.scannedCopyName]).toEqual([200, null, null]);
  });

  it('refuses a vehicle or driver that does not exist', async () => {
    await expectNothingWritten(async () => {
      for (const overrides of [{ vehicleId: 'VEH0000ZZ' }, { driverId: 'DRV0000ZZ' }]) {
        const res = await client.post(PATH, body(overrides));
        expect([res.status, res.body.title], JSON.stringify(overrides)).toEqual([409, 'Linked Record Missing']);
      }
    });
  });

  it('refuses to delete a vehicle or driver a challan names, until the challan goes', async () => {
    const v = await createVehicle({ licensePlate: 'KA51MN0042' });
    const d = await createDriver({ name: 'Manjunath Gowda' });
    const first = await challan({ vehicleId: v.id, driverId: d.id });
    await challan({ vehicleId: v.id, driverId: null });
    expect((await client.del(`/api/vehicles/${v.id}`)).body).toEqual({
      title: 'Delete Failed',
      message: 'This vehicle cannot be deleted because 2 challans use it.',
    });
    expect((await client.del(`/api/drivers/${d.id}`)).body).toEqual({
      title: 'Delete Failed',
      message: 'This driver cannot be deleted because 1 challan uses it.',
    });
    expect((await client.del(`${PATH}/${first.id}`)).status).toBe(204);
    expect((await client.del(`/api/drivers/${d.id}`)).status).toBe(204);
    expect((await client.del(`/api/vehicles/${v.id}`)).status).toBe(409);
  });

  it('searches id, offense type, the vehicle (plate, make, model) and the driver (name, id); follows renames', async () => {
    const v = await createVehicle({ make: 'Ashok Leyland', model: 'Boss Searchable 1415', licensePlate: 'GJ01QW7788' });
    const d = await createDriver({ name: 'Quirinal Parmar' });
    const saved = await challan({ vehicleId: v.id, driverId: d.id, offenseType: 'Red Light Violation', notes: 'Notesonly marker' });
    for (const term of [saved.id.toLowerCase(), 'gj01qw', 'BOSS SEARCHABLE', 'quirinal parm', d.id]) expect(await search(q(term)), term).toContain(saved.id);
    expect(await search(`${q('quirinal')}&offenseType=${encodeURIComponent('Red Light Violation')}`)).toEqual([saved.id]);
    expect(await search(q('red light violation'))).toContain(saved.id);
    // The notes are not searched (the specification searches id, vehicle, driver and offense).
    expect(await search(q('notesonly marker'))).toEqual([]);
    expect((await client.put(`/api/drivers/${d.id}`, driverBody({ name: 'Quirinal Solanki', version: 1 }))).status).toBe(200);
    expect(
      (await client.put(`/api/vehicles/${v.id}`, vehicleBody({ make: 'Ashok Leyland', model: 'Boss Searchable 1415', licensePlate: 'GJ01ZZ0001', version: 1 })))
        .status,
    ).toBe(200);
    expect(await search(q('quirinal solanki'))).toEqual([saved.id]);
    expect(await search(q('quirinal parmar'))).toEqual([]);
    expect(await search(q('gj01zz0001'))).toEqual([saved.id]);
    expect((await client.get(`${PATH}/${saved.id}`)).body).toMatchObject({ vehiclePlate: 'GJ01ZZ0001', driverName: 'Quirinal Solanki' });
  });

  it('filters by status, and by any listed offense type; the offense filter offers the types present', async () => {
    const v = await createVehicle({ licensePlate: 'RJ14FL0001' });
    const overloading = await challan({ vehicleId: v.id, offenseType: 'Overloading', amount: 22000, status: 'Overdue' });
    const parking = await challan({ vehicleId: v.id, offenseType: 'Illegal Parking', amount: 500, status: 'Paid', paidDate: '2026-03-10' });
    expect(await search(`${q('rj14fl0001')}&status=Overdue`)).toEqual([overloading.id]);
    expect(await search(`${q('rj14fl0001')}&status=Paid`)).toEqual([parking.id]);
    expect(await search(`${q('rj14fl0001')}&offenseType=Overloading`)).toEqual([overloading.id]);
    expect(await search(`${q('rj14fl0001')}&offenseType=Wrong%20Lane`)).toEqual([]);
    expect(await search(q('rj14fl0001'))).toEqual(sorted(overloading.id, parking.id));
    for (const bad of ['status=Unpaid', 'offenseType=Drunk%20Driving']) expect((await client.get(`${PATH}?${bad}`)).status, bad).toBe(400);

    const values = async () => (await client.get(`${PATH}/values/offenseType`)).body.values as string[];
    // Cached answers follow changes (announced by the table's trigger).
    await expect.poll(values).toEqual(expect.arrayContaining(['Illegal Parking', 'Overloading', 'Speeding', 'Red Light Violation']));
    const present = await values();
    expect(present).not.toContain('Wrong Lane');
    // In the order of the offense types' list, as the form offers them.
    expect(present).toEqual(OFFENSE_TYPES.filter((type) => present.includes(type)));
    // Statuses are a listed filter; no values are offered for them, nor for a field that is no filter.
    expect((await client.get(`${PATH}/values/status`)).status).toBe(404);
    expect((await client.get(`${PATH}/values/notes`)).status).toBe(404);
  });

  it('sorts by date and amount, newest first by default', async () => {
    const v = await createVehicle({ licensePlate: 'UP32SR0001' });
    const older = await challan({ vehicleId: v.id, date: '2025-12-01', amount: 5000 });
    const newer = await challan({ vehicleId: v.id, date: '2026-02-01', amount: 1000 });
    const ids = async (query: string) => (await client.get(`${PATH}?${q('up32sr0001')}&${query}`)).body.items.map((c: Json) => c.id);
    expect(await ids('')).toEqual([newer.id, older.id]);
    expect(await ids('sort=date&order=asc')).toEqual([older.id, newer.id]);
    expect(await ids('sort=amount&order=asc')).toEqual([newer.id, older.id]);
  });
});

describe('challans: values as stored', () => {
  it('refuses an amount of 1e-9 (it would be stored as 0.00, past "greater than zero") and writes nothing', async () => {
    await expectNothingWritten(async () => {
      for (const amount of [1e-9, 2000.001]) {
        const res = await client.post(PATH, body({ amount }));
        expect([res.status, res.body], String(amount)).toEqual([
          400,
          { title: 'Invalid Request', message: 'Amount (₹) must have at most 2 decimals (paise).' },
        ]);
      }
    });
    expect((await challan({ amount: 0.07 })).amount).toBe(0.07);
  });

  it('refuses control characters in a text; keeps line breaks and tabs in notes', async () => {
    await expectNothingWritten(async () => {
      for (const notes of ['Katraj\u0000chowk', 'camera \u001b[2J']) {
        const res = await client.post(PATH, body({ notes }));
        expect([res.status, res.body], JSON.stringify(notes)).toEqual([
          400,
          { title: 'Invalid Request', message: 'Notes must not contain control characters.' },
        ]);
      }
    });
    const saved = await challan({ notes: 'e-challan by Pune traffic police\n\tcamera at Katraj chowk' });
    expect((await client.get(`${PATH}/${saved.id}`)).body.notes).toBe('e-challan by Pune traffic police\n\tcamera at Katraj chowk');
  });
});
