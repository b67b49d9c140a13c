import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaTestKit, notFound, q, sorted, updateConflict } from '../testing/area-tests';
import { driverBody, healthBody, startTestServer, type Json, type TestClient, type TestServer } from '../testing/test-server';

const MISSING_FIELDS = { title: 'Missing Fields', message: 'Driver, Test Type, Test Date, and Result are required.' };
const INVALID_DATES = { title: 'Invalid Dates', message: 'Test Date cannot be after Next Due Date.' };
const PATH = '/api/driver-health';

let server: TestServer;
let client: TestClient;
let driver: Json;

// A refused request must leave the driver it names untouched too.
const { create, createDriver, expectNothingWritten, search } = areaTestKit({
  path: PATH,
  tables: ['driver_health_reports', 'drivers'],
  reach: () => ({ server, client }),
});

const createHealth = (overrides: Record<string, unknown> = {}, d: Json = driver) => create(PATH, healthBody(d.id, overrides));

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  driver = await createDriver({ name: 'Ramesh Kumar' });
});
afterAll(() => server?.close());

describe('create and read', () => {
  it('creates a record with a DHR id, version 1 and the driver’s name', async () => {
    const res = await client.post(PATH, healthBody(driver.id));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      ...healthBody(driver.id),
      id: expect.stringMatching(/^DHR\d{5}[A-Z0-9]{3}$/),
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      driverName: 'Ramesh Kumar',
      // As every link since the area moved onto its declaration (the Driver column shows the name).
      driverLabel: `Ramesh Kumar (${driver.id})`,
      reportFileName: null,
    });
    const read = await client.get(`${PATH}/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it('accepts every result, and a record without a next due date', async () => {
    for (const result of ['Fit', 'Fit with Aid', 'Unfit', 'Pending Review']) expect((await createHealth({ result })).result).toBe(result);
    expect((await createHealth({ nextDueDate: null })).nextDueDate).toBeNull();
  });

  it('answers 404 for an unknown record', async () => {
    const res = await client.get(`${PATH}/DHR00000ZZZ`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound('health record', 'DHR00000ZZZ'));
  });

  it('refuses a record for a driver that does not exist with Linked Record Missing', async () => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, healthBody('DRV0000ZZ'));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        title: 'Linked Record Missing',
        message: 'The selected driver (DRV0000ZZ) does not exist. It may have been deleted; choose another.',
      });
    });
  });
});

describe('the health form’s rules', () => {
  it.each([
    ['driverId', ''],
    ['testType', ''],
    ['testType', '   '],
    ['testDate', null],
    ['result', ''],
  ])('refuses a blank %s (%j) with Missing Fields and writes nothing', async (field, value) => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, healthBody(driver.id, { [field]: value }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual(MISSING_FIELDS);
    });
  });

  it('refuses a test date after the next due date with Invalid Dates and writes nothing', async () => {
    await expectNothingWritten(async () => {
      for (const [testDate, nextDueDate] of [
        ['2026-02-02', '2026-02-01'],
        ['2027-01-01', '2026-12-31'],
        ['2026-03-01', '2025-03-01'],
      ]) {
        const res = await client.post(PATH, healthBody(driver.id, { testDate, nextDueDate }));
        expect(res.status, `${testDate} > ${nextDueDate}`).toBe(422);
        expect(res.body).toEqual(INVALID_DATES);
      }
    });
  });

  it('accepts equal dates and a next due date after the test date', async () => {
    expect(await createHealth({ testDate: '2026-05-05', nextDueDate: '2026-05-05' })).toMatchObject({ testDate: '2026-05-05', nextDueDate: '2026-05-05' });
    expect(await createHealth({ testDate: '2026-12-31', nextDueDate: '2027-01-01' })).toMatchObject({ testDate: '2026-12-31', nextDueDate: '2027-01-01' });
  });

  it('reports missing fields before the dates, and refuses malformed values with 400', async () => {
    await expectNothingWritten(async () => {
      const both = await client.post(PATH, healthBody(driver.id, { result: '', testDate: '2026-02-02', nextDueDate: '2026-02-01' }));
      expect(both.body).toEqual(MISSING_FIELDS);
      for (const change of [{ result: 'Healthy' }, { testDate: '2026-13-01' }, { nextDueDate: '01/02/2027' }, { clinicInfo: 7 }]) {
        const res = await client.post(PATH, healthBody(driver.id, change));
        expect(res.status, JSON.stringify(change)).toBe(400);
        expect(res.body.title).toBe('Invalid Request');
      }
    });
  });

  it('applies the rules to an update and keeps the record as it was', async () => {
    const h = await createHealth();
    await expectNothingWritten(async () => {
      for (const [change, expected] of [
        [{ testType: '' }, MISSING_FIELDS],
        [{ result: '' }, MISSING_FIELDS],
        [{ testDate: '2027-02-02', nextDueDate: '2027-02-01' }, INVALID_DATES],
      ] as const) {
        const res = await client.put(`${PATH}/${h.id}`, healthBody(driver.id, { ...change, version: 1 }));
        expect(res.status).toBe(422);
        expect(res.body).toEqual(expected);
      }
    });
  });
});

describe('search, filters and the values present', () => {
  let kavita: Json;
  let bhupinder: Json;
  let a: Json;
  let b: Json;
  let c: Json;
  beforeAll(async () => {
    kavita = await createDriver({ name: 'Kavita Raghunathan' });
    bhupinder = await createDriver({ name: 'Bhupinder Walia' });
    a = await createHealth({ testType: 'Audiometry', clinicInfo: 'Jehangir Hospital, Pune', result: 'Fit with Aid' }, kavita);
    b = await createHealth({ testType: 'Diabetes Screening', clinicInfo: 'Apollo Clinic, Ludhiana', result: 'Unfit' }, bhupinder);
    c = await createHealth({ testType: 'Audiometry', clinicInfo: 'Apollo Clinic, Ludhiana', result: 'Pending Review' }, bhupinder);
  });

  it('finds records by driver name, test type and clinic, in any case', async () => {
    expect(await search(q('raghunathan'))).toEqual([a.id]);
    expect(await search(q('BHUPINDER'))).toEqual(sorted(b.id, c.id));
    expect(await search(q(kavita.id))).toEqual([a.id]);
    expect(await search(q('diabetes screening'))).toEqual([b.id]);
    expect(await search(q('apollo clinic'))).toEqual(sorted(b.id, c.id));
    expect(await search(q('JEHANGIR'))).toEqual([a.id]);
    const audiometry = await search(q('audiometry'));
    expect(audiometry).toEqual(expect.arrayContaining([a.id, c.id]));
    expect(audiometry).not.toContain(b.id);
  });

  it('does not search notes or results, and follows a renamed driver', async () => {
    const d = await createDriver({ name: 'Yashwant Phadnis' });
    const h = await createHealth({ notes: 'Zygomatic fracture healed', result: 'Unfit' }, d);
    expect(await search(q('Zygomatic'))).toEqual([]);
    expect(await search(q('Unfit'))).toEqual([]);
    expect(await search(q('Yashwant'))).toEqual([h.id]);
    const renamed = await client.put(`/api/drivers/${d.id}`, driverBody({ name: 'Yash Phadke', version: 1 }));
    expect(renamed.status).toBe(200);
    expect(await search(q('Yashwant'))).toEqual([]);
    expect(await search(q('yash phadke'))).toEqual([h.id]);
    expect((await client.get(`${PATH}/${h.id}`)).body.driverName).toBe('Yash Phadke');
  });

  it('filters by result and by test type, alone and together', async () => {
    const unfit = await client.get(`${PATH}?pageSize=200&result=Unfit`);
    expect(unfit.body.items.every((h: Json) => h.result === 'Unfit')).toBe(true);
    expect(unfit.body.items.map((h: Json) => h.id)).toContain(b.id);
    expect(await search(`${q('Apollo')}&result=Pending%20Review`)).toEqual([c.id]);
    expect(await search(`${q('Apollo')}&testType=Audiometry`)).toEqual([c.id]);
    expect(await search(`${q('Apollo')}&testType=Audiometry&result=Unfit`)).toEqual([]);
    const audiometry = await client.get(`${PATH}?pageSize=200&testType=Audiometry`);
    expect(audiometry.body.items.every((h: Json) => h.testType === 'Audiometry')).toBe(true);
    expect(await search(`testType=${encodeURIComponent('Drug & Alcohol Test')}`)).toEqual([]);
    expect((await client.get(`${PATH}?result=Healthy`)).status).toBe(400);
  });

  it('lists exactly the distinct test types present, sorted, and follows changes', async () => {
    const all = await client.get(`${PATH}?pageSize=200`);
    const present = [...new Set<string>(all.body.items.map((h: Json) => h.testType))].sort();
    const values = await client.get(`${PATH}/values/testType`);
    expect(values.status).toBe(200);
    expect(values.body).toEqual({ values: present });
    expect(values.body.values).toEqual(expect.arrayContaining(['Audiometry', 'Diabetes Screening']));
    expect(values.body.values).not.toContain('Drug & Alcohol Test');

    const custom = await createHealth({ testType: 'Drug & Alcohol Test' });
    expect((await client.get(`${PATH}/values/testType`)).body.values).toEqual([...present, 'Drug & Alcohol Test'].sort());
    expect((await client.del(`${PATH}/${custom.id}`)).status).toBe(204);
    expect((await client.get(`${PATH}/values/testType`)).body).toEqual({ values: present });
  });

  it('answers 404 for values of a field that is not such a filter', async () => {
    for (const field of ['clinicInfo', 'result', 'trainingType', 'nope']) {
      const res = await client.get(`${PATH}/values/${field}`);
      expect(res.status, field).toBe(404);
      expect(res.body.title).toBe('Not Found');
    }
  });
});

describe('editing and deleting', () => {
  it('saves an edit of the current version, then refuses a stale one with 409 and keeps the first change', async () => {
    const h = await createHealth({ result: 'Pending Review' });
    const first = await client.put(`${PATH}/${h.id}`, healthBody(driver.id, { result: 'Fit', version: 1 }));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ...h, result: 'Fit', version: 2, updatedAt: expect.any(String) });
    await expectNothingWritten(async () => {
      const stale = await client.put(`${PATH}/${h.id}`, healthBody(driver.id, { result: 'Unfit', version: 1 }));
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual(updateConflict('health record'));
    });
    expect((await client.get(`${PATH}/${h.id}`)).body).toMatchObject({ result: 'Fit', version: 2 });
  });

  it('deletes a record, then answers 404 to reading, editing and deleting it', async () => {
    const h = await createHealth();
    expect((await client.del(`${PATH}/${h.id}`)).status).toBe(204);
    expect((await client.get(`${PATH}/${h.id}`)).body).toEqual(notFound('health record', h.id));
    const edit = await client.put(`${PATH}/${h.id}`, healthBody(driver.id, { version: 1 }));
    expect(edit.status).toBe(404);
    expect(edit.body).toEqual(notFound('health record', h.id));
    expect((await client.del(`${PATH}/${h.id}`)).body).toEqual(notFound('health record', h.id));
  });
});
