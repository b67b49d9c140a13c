import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaTestKit, notFound, q, sorted, updateConflict } from '../testing/area-tests';
import { driverBody, startTestServer, trainingBody, type Json, type TestClient, type TestServer } from '../testing/test-server';

const MISSING_FIELDS = { title: 'Missing Fields', message: 'Driver ID, Training Type, and Schedule Date are required.' };
const INVALID_SCORE = { title: 'Invalid Score', message: 'Assessment Score must be between 0 and 100.' };
const PATH = '/api/driver-training';

let server: TestServer;
let client: TestClient;
let driver: Json;

// A refused request must leave the driver it names untouched too.
const { create, createDriver, expectNothingWritten, search } = areaTestKit({
  path: PATH,
  tables: ['driver_training_records', 'drivers'],
  reach: () => ({ server, client }),
});

const createTraining = (overrides: Record<string, unknown> = {}, d: Json = driver) => create(PATH, trainingBody(d.id, overrides));

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  driver = await createDriver({ name: 'Ramesh Kumar' });
});
afterAll(() => server?.close());

describe('create and read', () => {
  it('creates a record with a TRN id, version 1 and the driver’s name', async () => {
    const res = await client.post(PATH, trainingBody(driver.id));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      ...trainingBody(driver.id),
      id: expect.stringMatching(/^TRN\d{5}[A-Z0-9]{3}$/),
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      driverName: 'Ramesh Kumar',
      // As every link since the area moved onto its declaration (the Driver column shows the name).
      driverLabel: `Ramesh Kumar (${driver.id})`,
      certificationFileName: null,
    });
    const read = await client.get(`${PATH}/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it('accepts every status and a record without score or trainer', async () => {
    for (const status of ['Scheduled', 'In Progress', 'Completed', 'Failed', 'Pending Renewal', 'Expired', 'Cancelled']) {
      expect((await createTraining({ status })).status).toBe(status);
    }
    const t = await createTraining({ assessmentScore: null, trainerName: '', validityPeriod: '' });
    expect([t.assessmentScore, t.trainerName, t.validityPeriod]).toEqual([null, '', '']);
  });

  it('answers 404 for an unknown record', async () => {
    const res = await client.get(`${PATH}/TRN00000ZZZ`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound('training record', 'TRN00000ZZZ'));
  });

  it('refuses a record for a driver that does not exist with Linked Record Missing', async () => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, trainingBody('DRV0000ZZ'));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        title: 'Linked Record Missing',
        message: 'The selected driver (DRV0000ZZ) does not exist. It may have been deleted; choose another.',
      });
    });
  });
});

describe('the training form’s rules', () => {
  it.each([
    ['driverId', ''],
    ['driverId', '  '],
    ['trainingType', ''],
    ['trainingType', ' '],
    ['scheduleDate', null],
  ])('refuses a blank %s (%j) with Missing Fields and writes nothing', async (field, value) => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, trainingBody(driver.id, { [field]: value }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual(MISSING_FIELDS);
    });
  });

  it.each([-1, 100.5, -0.01, 101, 1000])('refuses the score %s with Invalid Score and writes nothing', async (score) => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, trainingBody(driver.id, { assessmentScore: score }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual(INVALID_SCORE);
    });
  });

  it.each([0, 100, 99.5, 0.5, 73])('accepts the score %s', async (score) => {
    const t = await createTraining({ assessmentScore: score });
    expect(t.assessmentScore).toBe(score);
    expect((await client.get(`${PATH}/${t.id}`)).body.assessmentScore).toBe(score);
  });

  it('reports missing fields before the score, and refuses a score that is not a number with 400', async () => {
    await expectNothingWritten(async () => {
      const both = await client.post(PATH, trainingBody(driver.id, { trainingType: '', assessmentScore: 150 }));
      expect(both.body).toEqual(MISSING_FIELDS);
      const text = await client.post(PATH, trainingBody(driver.id, { assessmentScore: '85' }));
      expect(text.status).toBe(400);
      expect(text.body.title).toBe('Invalid Request');
      const date = await client.post(PATH, trainingBody(driver.id, { scheduleDate: '10/03/2026' }));
      expect(date.status).toBe(400);
    });
  });

  it('applies the rules to an update and keeps the record as it was', async () => {
    const t = await createTraining();
    await expectNothingWritten(async () => {
      for (const [change, expected] of [
        [{ trainingType: '' }, MISSING_FIELDS],
        [{ scheduleDate: null }, MISSING_FIELDS],
        [{ assessmentScore: -1 }, INVALID_SCORE],
        [{ assessmentScore: 100.5 }, INVALID_SCORE],
      ] as const) {
        const res = await client.put(`${PATH}/${t.id}`, trainingBody(driver.id, { ...change, version: 1 }));
        expect(res.status).toBe(422);
        expect(res.body).toEqual(expected);
      }
    });
  });
});

describe('search, filters and the values present', () => {
  let priya: Json;
  let arjun: Json;
  let a: Json;
  let b: Json;
  let c: Json;
  beforeAll(async () => {
    priya = await createDriver({ name: 'Priyanka Chaturvedi' });
    arjun = await createDriver({ name: 'Arjun Balakrishnan' });
    a = await createTraining({ trainingType: 'Hazmat Handling', trainerName: 'Capt. Vikram Oberoi', status: 'Completed' }, priya);
    b = await createTraining({ trainingType: 'Fatigue Management', trainerName: 'Dr. Meera Iyengar', status: 'In Progress' }, arjun);
    c = await createTraining({ trainingType: 'Hazmat Handling', trainerName: 'Dr. Meera Iyengar', status: 'Failed' }, arjun);
  });

  it('finds records by driver name, training type and trainer, in any case', async () => {
    expect(await search(q('chaturvedi'))).toEqual([a.id]);
    expect(await search(q('ARJUN bala'))).toEqual(sorted(b.id, c.id));
    expect(await search(q(arjun.id))).toEqual(sorted(b.id, c.id));
    expect(await search(q('fatigue management'))).toEqual([b.id]);
    expect(await search(q('meera iyengar'))).toEqual(sorted(b.id, c.id));
    expect(await search(q('OBEROI'))).toEqual([a.id]);
    const hazmat = await search(q('hazmat'));
    expect(hazmat).toEqual(expect.arrayContaining([a.id, c.id]));
    expect(hazmat).not.toContain(b.id);
  });

  it('does not search notes or validity, and follows a renamed driver', async () => {
    const d = await createDriver({ name: 'Sukhwinder Dhillon' });
    const t = await createTraining({ notes: 'Quixotic remarks', validityPeriod: '7 fortnights' }, d);
    expect(await search(q('Quixotic'))).toEqual([]);
    expect(await search(q('fortnights'))).toEqual([]);
    expect(await search(q('Sukhwinder'))).toEqual([t.id]);
    const renamed = await client.put(`/api/drivers/${d.id}`, driverBody({ name: 'Sukhi Brar', version: 1 }));
    expect(renamed.status).toBe(200);
    expect(await search(q('Sukhwinder'))).toEqual([]);
    expect(await search(q('sukhi brar'))).toEqual([t.id]);
    expect((await client.get(`${PATH}/${t.id}`)).body.driverName).toBe('Sukhi Brar');
  });

  it('filters by status and by training type, alone and together', async () => {
    const completed = await client.get(`${PATH}?pageSize=200&status=Completed`);
    expect(completed.body.items.every((t: Json) => t.status === 'Completed')).toBe(true);
    expect(completed.body.items.map((t: Json) => t.id)).toContain(a.id);
    expect(await search(`${q('Iyengar')}&status=In%20Progress`)).toEqual([b.id]);
    expect(await search(`${q('Iyengar')}&trainingType=Hazmat%20Handling`)).toEqual([c.id]);
    expect(await search(`${q('Iyengar')}&trainingType=Hazmat%20Handling&status=In%20Progress`)).toEqual([]);
    const hazmat = await client.get(`${PATH}?pageSize=200&trainingType=${encodeURIComponent('Hazmat Handling')}`);
    expect(hazmat.body.items.every((t: Json) => t.trainingType === 'Hazmat Handling')).toBe(true);
    // Types are values present, so any (short) type filters: one nobody has gives nothing.
    expect(await search('trainingType=Underwater%20Driving')).toEqual([]);
    expect((await client.get(`${PATH}?status=Passed`)).status).toBe(400);
  });

  it('lists exactly the distinct training types present, sorted, and follows changes', async () => {
    const all = await client.get(`${PATH}?pageSize=200`);
    const present = [...new Set<string>(all.body.items.map((t: Json) => t.trainingType))].sort();
    const values = await client.get(`${PATH}/values/trainingType`);
    expect(values.status).toBe(200);
    expect(values.body).toEqual({ values: present });
    expect(values.body.values).toEqual(expect.arrayContaining(['Fatigue Management', 'Hazmat Handling']));
    expect(values.body.values).not.toContain('Load Securement');

    const custom = await createTraining({ trainingType: 'Zone Ghat Driving' });
    expect((await client.get(`${PATH}/values/trainingType`)).body.values).toEqual([...present, 'Zone Ghat Driving'].sort());
    expect((await client.del(`${PATH}/${custom.id}`)).status).toBe(204);
    expect((await client.get(`${PATH}/values/trainingType`)).body).toEqual({ values: present });
  });

  it('answers 404 for values of a field that is not such a filter', async () => {
    for (const field of ['trainerName', 'status', 'notes', 'nope', 'search_text']) {
      const res = await client.get(`${PATH}/values/${field}`);
      expect(res.status, field).toBe(404);
      expect(res.body.title).toBe('Not Found');
    }
  });
});

describe('editing and deleting', () => {
  it('saves an edit of the current version, then refuses a stale one with 409 and keeps the first change', async () => {
    const t = await createTraining();
    const first = await client.put(`${PATH}/${t.id}`, trainingBody(driver.id, { status: 'Completed', assessmentScore: 92, version: 1 }));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ...t, status: 'Completed', assessmentScore: 92, version: 2, updatedAt: expect.any(String) });
    await expectNothingWritten(async () => {
      const stale = await client.put(`${PATH}/${t.id}`, trainingBody(driver.id, { status: 'Failed', version: 1 }));
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual(updateConflict('training record'));
    });
    expect((await client.get(`${PATH}/${t.id}`)).body).toMatchObject({ status: 'Completed', assessmentScore: 92, version: 2 });
  });

  it('refuses an edit that names a missing driver', async () => {
    const t = await createTraining();
    await expectNothingWritten(async () => {
      const res = await client.put(`${PATH}/${t.id}`, trainingBody('DRV0000ZZ', { version: 1 }));
      expect(res.status).toBe(409);
      expect(res.body.title).toBe('Linked Record Missing');
    });
  });

  it('deletes a record, then answers 404 to reading, editing and deleting it', async () => {
    const t = await createTraining();
    expect((await client.del(`${PATH}/${t.id}`)).status).toBe(204);
    expect((await client.get(`${PATH}/${t.id}`)).body).toEqual(notFound('training record', t.id));
    const edit = await client.put(`${PATH}/${t.id}`, trainingBody(driver.id, { version: 1 }));
    expect(edit.status).toBe(404);
    expect(edit.body).toEqual(notFound('training record', t.id));
    expect((await client.del(`${PATH}/${t.id}`)).body).toEqual(notFound('training record', t.id));
  });
});
