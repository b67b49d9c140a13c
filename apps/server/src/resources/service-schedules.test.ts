import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, currentOdometer, serviceSchedulesArea, validityMonths, type OdometerReading } from '@raahi/domain';
import { companyToday } from '../company-time';
import { areaTestKit } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, type Json, type TestClient, type TestServer } from '../testing/test-server';

const PATH = '/api/service-schedules';

let server: TestServer;
let client: TestClient;
let vehicle: Json;
const { create, createVehicle, expectNothingWritten } = areaTestKit({
  path: PATH,
  tables: ['service_schedules', 'maintenance_jobs'],
  reach: () => ({ server, client }),
});
const body = (overrides: Record<string, unknown> = {}, vehicleId: string = vehicle.id) =>
  declaredBody(
    serviceSchedulesArea.fields,
    { vehicles: vehicleId },
    { task: 'Oil & Filter Change', everyKm: 20000, everyMonths: 6, lastDoneDate: '2026-01-10', lastDoneKm: 110000, notes: '', ...overrides },
  );
const schedule = (overrides: Record<string, unknown> = {}, vehicleId?: string) => create(PATH, body(overrides, vehicleId));
const refused = async (sent: Record<string, unknown>, expected: { title: string; message: string | RegExp }) => {
  await expectNothingWritten(async () => {
    const res = await client.post(PATH, sent);
    expect(res.status, res.text).toBe(422);
    expect(res.body.title).toBe(expected.title);
    if (typeof expected.message === 'string') expect(res.body.message).toBe(expected.message);
    else expect(res.body.message).toMatch(expected.message);
  });
};

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  // The recorded mileage (125,000 km) is the vehicle's one reading.
  vehicle = await createVehicle({ licensePlate: 'MH12SS0001', currentMileage: 125000 });
});
afterAll(() => server?.close());

describe('service schedules', () => {
  it('saves a schedule with its next due km and date, the vehicle odometer and its Due state', async () => {
    const saved = await schedule();
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^SCH\d{5}[A-Z0-9]{3}$/),
      currentOdometer: 125000,
      nextDueKm: 130000,
      dueSoonKm: 128000,
      nextDueDate: '2026-07-10',
    });
  });

  it('refuses a schedule without an interval, with a zero or negative one, done in the future or above the odometer, saving nothing', async () => {
    await refused(body({ everyKm: null, everyMonths: null }), {
      title: 'Missing Interval',
      message: 'Enter Every (km), Every (months) or both: a schedule needs an interval.',
    });
    await refused(body({ everyKm: 0 }), { title: 'Invalid Interval', message: 'Every (km) and Every (months) must be greater than zero.' });
    await refused(body({ everyMonths: -3 }), { title: 'Invalid Interval', message: 'Every (km) and Every (months) must be greater than zero.' });
    const tomorrow = addDays(companyToday(), 1);
    await refused(body({ lastDoneDate: tomorrow }), {
      title: 'Invalid Date',
      message: `Last Done (${tomorrow}) cannot be in the future (today is ${companyToday()}).`,
    });
    await refused(body({ lastDoneKm: 125001 }), {
      title: 'Invalid Odometer',
      message: "Last Done At (1,25,001 km) cannot be above the vehicle's current odometer (1,25,000 km).",
    });
    // Exactly at the odometer, and today, are fine.
    expect((await schedule({ lastDoneKm: 125000, lastDoneDate: companyToday() })).lastDoneKm).toBe(125000);
  });

  it('filters and sorts by its Due state: past the km or the date Overdue, within the Due Soon distance or 14 days Due Soon', async () => {
    const v = await createVehicle({ licensePlate: 'MH12SS0002', currentMileage: 50000 });
    const today = companyToday();
    const ok = await schedule({ everyKm: 10000, everyMonths: 12, lastDoneKm: 45000, lastDoneDate: addDays(today, -30) }, v.id);
    // Due at 51,000 km; Due Soon from 50,000 km (1,000 km, more than 10% of 10,000... equal): at the limit.
    const soonKm = await schedule({ everyKm: 10000, everyMonths: null, lastDoneKm: 40000 + 1000, lastDoneDate: null }, v.id);
    const soonDate = await schedule({ everyKm: null, everyMonths: 1, lastDoneKm: null, lastDoneDate: addDays(addDays(today, 14), -31) }, v.id);
    const atKm = await schedule({ everyKm: 10000, everyMonths: null, lastDoneKm: 40000, lastDoneDate: null }, v.id);
    const pastKm = await schedule({ everyKm: 10000, everyMonths: null, lastDoneKm: 39999, lastDoneDate: null }, v.id);
    const ids = async (due: string) =>
      (await client.get(`${PATH}?vehicleId=${v.id}&due=${encodeURIComponent(due)}&today=${today}`)).body.items.map((s: Json) => s.id).sort();
    expect(soonKm).toMatchObject({ nextDueKm: 51000, dueSoonKm: 50000, currentOdometer: 50000 });
    expect(await ids('OK')).toEqual([ok.id].sort());
    // At the due km exactly: Due Soon; one km past it: Overdue.
    expect(await ids('Due Soon')).toEqual([soonKm.id, atKm.id, ...(soonDate.nextDueDate <= addDays(today, 14) ? [soonDate.id] : [])].sort());
    expect(await ids('Overdue')).toEqual([pastKm.id]);
    const sorted = (await client.get(`${PATH}?vehicleId=${v.id}&sort=due&order=asc&today=${today}`)).body.items.map((s: Json) => s.id);
    expect(sorted).toHaveLength(5);
  });

  it('a job card naming a schedule needs an odometer to complete it, and resets the schedule in its transaction', async () => {
    const v = await createVehicle({ licensePlate: 'MH12SS0003', currentMileage: 60000 });
    const s = await schedule({ everyKm: 15000, everyMonths: 6, lastDoneKm: 45000, lastDoneDate: '2025-12-01' }, v.id);
    const job = {
      vehicleId: v.id,
      jobType: 'Preventive',
      description: 'Oil and filter change',
      technician: '',
      partsUsed: '',
      scheduledDate: '2026-03-01',
      completionDate: null,
      status: 'Completed',
      cost: null,
      scheduleId: s.id,
      odometer: null,
    };
    await expectNothingWritten(async () => {
      const res = await client.post('/api/maintenance', job);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ title: 'Missing Odometer', message: 'Odometer is required to complete a scheduled service.' });
    });
    // Another vehicle's schedule is refused.
    const other = await createVehicle({ licensePlate: 'MH12SS0004', currentMileage: 1000 });
    await expectNothingWritten(async () => {
      const res = await client.post('/api/maintenance', { ...job, vehicleId: other.id, odometer: 1000 });
      expect(res.status).toBe(422);
      expect(res.body.title).toBe('Invalid Schedule');
    });
    const scheduled = await create('/api/maintenance', { ...job, status: 'Scheduled' });
    expect(scheduled.scheduleLabel).toBe('Oil & Filter Change · MH12SS0003');
    expect((await client.get(`${PATH}/${s.id}`)).body).toMatchObject({ lastDoneKm: 45000, lastDoneDate: '2025-12-01', version: 1 });
    const done = await client.put(`/api/maintenance/${scheduled.id}`, {
      ...job,
      status: 'Completed',
      completionDate: '2026-03-02',
      odometer: 61000,
      version: scheduled.version,
    });
    expect(done.status, done.text).toBe(200);
    expect((await client.get(`${PATH}/${s.id}`)).body).toMatchObject({
      lastDoneKm: 61000,
      lastDoneDate: '2026-03-02',
      version: 2,
      nextDueKm: 76000,
      currentOdometer: 61000,
    });
    // The schedule's history names the change.
    const history = (await client.get(`${PATH}/${s.id}/history`)).body;
    expect(JSON.stringify(history)).toContain('61000');
  });

  it('a completed job card moves its schedule only forward: not into the future, not from a typo, not back to an older service', async () => {
    const v = await createVehicle({ licensePlate: 'MH12SS0095', currentMileage: 80000 });
    const s = await schedule({ everyKm: 15000, everyMonths: 6, lastDoneKm: 70000, lastDoneDate: '2026-01-10' }, v.id);
    const job = {
      vehicleId: v.id,
      jobType: 'Preventive',
      description: 'Oil and filter change',
      technician: '',
      partsUsed: '',
      scheduledDate: '2026-01-01',
      completionDate: null,
      status: 'Completed',
      cost: null,
      scheduleId: s.id,
      odometer: 80000,
    };
    const unchanged = { lastDoneKm: 70000, lastDoneDate: '2026-01-10', version: 1 };
    await expectNothingWritten(async () => {
      const res = await client.post('/api/maintenance', { ...job, completionDate: '2099-01-01' });
      expect(res.status).toBe(422);
      expect(res.body.title).toBe('Invalid Date');
    });
    // A typo far above the trend is saved with its warnings, and the schedule is left as it was.
    const typo = await client.post('/api/maintenance', { ...job, completionDate: '2026-02-01', odometer: 9_999_999 });
    expect(typo.status, typo.text).toBe(201);
    expect(typo.body.warnings.join(' ')).toContain(`The schedule ${s.id} was not reset`);
    expect((await client.get(`${PATH}/${s.id}`)).body).toMatchObject(unchanged);
    // A job entered late, older than the last service, does not move it back.
    const older = await client.post('/api/maintenance', { ...job, completionDate: '2025-11-01', odometer: 60000 });
    expect(older.status, older.text).toBe(201);
    expect((await client.get(`${PATH}/${s.id}`)).body).toMatchObject(unchanged);
  });

  it('a client of the specified API, which knows no Schedule or Odometer, still creates job cards, and its edits keep them', async () => {
    const v = await createVehicle({ licensePlate: 'MH12SS0096', currentMileage: 50000 });
    const s = await schedule({ everyKm: 15000, everyMonths: null, lastDoneKm: 40000, lastDoneDate: null }, v.id);
    const specified = {
      vehicleId: v.id,
      jobType: 'Preventive',
      description: 'Oil and filter change',
      technician: '',
      partsUsed: '',
      scheduledDate: '2026-03-01',
      completionDate: null,
      status: 'Scheduled',
      cost: null,
    };
    const plain = await create('/api/maintenance', specified);
    expect(plain).toMatchObject({ scheduleId: null, odometer: null });
    const linked = await create('/api/maintenance', { ...specified, scheduleId: s.id, odometer: 50500 });
    const edited = await client.put(`/api/maintenance/${linked.id}`, { ...specified, technician: 'Ramesh', version: linked.version });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ technician: 'Ramesh', scheduleId: s.id, odometer: 50500 });
  });

  it('a vehicle with schedules cannot be deleted', async () => {
    const v = await createVehicle({ licensePlate: 'MH12SS0005' });
    const s = await schedule({ lastDoneKm: 1000 }, v.id);
    const res = await client.del(`/api/vehicles/${v.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This vehicle cannot be deleted because 1 service schedule uses it.');
    expect((await client.del(`${PATH}/${s.id}`)).status).toBe(204);
    expect((await client.del(`/api/vehicles/${v.id}`)).status).toBe(204);
  });

  it('an odometer far above the trend is saved with a warning and left out of the current odometer', async () => {
    const v = await createVehicle({ licensePlate: 'MH12SS0006', currentMileage: 99000 });
    const s = await schedule({ everyKm: 10000, everyMonths: null, lastDoneKm: 95000, lastDoneDate: null }, v.id);
    const job = {
      vehicleId: v.id,
      jobType: 'Inspection',
      description: 'Check',
      technician: '',
      partsUsed: '',
      scheduledDate: companyToday(),
      completionDate: null,
      status: 'Scheduled',
      cost: null,
      scheduleId: null,
      odometer: 999999,
    };
    const res = await client.post('/api/maintenance', job);
    expect(res.status).toBe(201);
    expect(res.body.warnings).toEqual([expect.stringContaining('The odometer 9,99,999 km is far above')]);
    expect((await client.get(`${PATH}/${s.id}`)).body).toMatchObject({ currentOdometer: 99000 });
    // A believable reading is taken, without a warning.
    const next = await client.post('/api/maintenance', { ...job, odometer: 100500 });
    expect(next.body.warnings).toBeUndefined();
    expect((await client.get(`${PATH}/${s.id}`)).body).toMatchObject({ currentOdometer: 100500 });
    // A fuel expense and a refuelling log are judged alike.
    const fuel = await client.post('/api/fuel-expenses', {
      type: 'Fuel',
      date: companyToday(),
      vehicleId: v.id,
      tripId: null,
      fuelType: 'Diesel',
      quantity: 100,
      pricePerUnit: 90,
      amount: 9000,
      odometer: 1005000,
      vendor: '',
      gpsLocation: '',
      description: '',
    });
    expect(fuel.status, fuel.text).toBe(201);
    expect(fuel.body.warnings).toEqual([expect.stringContaining('The odometer 10,05,000 km is far above')]);
    expect((await client.get(`${PATH}/${s.id}`)).body).toMatchObject({ currentOdometer: 100500 });
  });
});

describe('odometer_from is the domain rule', () => {
  const cases: OdometerReading[][] = [
    [],
    [{ km: 1000, date: '2026-01-01' }],
    [
      { km: 99000, date: '2026-01-01' },
      { km: 999999, date: '2026-01-02' },
      { km: 100500, date: '2026-01-03' },
    ],
    // Exactly at the limit (5,000 + 1,500 × 2 days) is taken; one more is not.
    [
      { km: 10000, date: '2026-01-01' },
      { km: 18000, date: '2026-01-03' },
    ],
    [
      { km: 10000, date: '2026-01-01' },
      { km: 18001, date: '2026-01-03' },
    ],
    // Two typos in a row both stay out; a lower reading changes nothing.
    [
      { km: 50000, date: '2026-02-01' },
      { km: 500000, date: '2026-02-02' },
      { km: 500000, date: '2026-02-03' },
      { km: 40000, date: '2026-02-04' },
      { km: 51000, date: '2026-02-05' },
    ],
    // Readings in any order; a typo that is the earliest reading is left out too.
    [
      { km: 30000, date: '2026-03-05' },
      { km: 20000, date: '2026-03-01' },
      { km: 25000, date: '2026-03-01' },
    ],
    [
      { km: 999999, date: '2026-01-01' },
      { km: 99000, date: '2026-01-02' },
      { km: 99500, date: '2026-01-03' },
    ],
    [
      { km: 1250000, date: '2026-01-05' },
      { km: 125000, date: '2026-11-24' },
    ],
    // Four readings: the lower median anchors.
    [
      { km: 1000, date: '2026-01-01' },
      { km: 2000, date: '2026-01-02' },
      { km: 3000, date: '2026-01-03' },
      { km: 9000, date: '2026-01-04' },
    ],
    // A long gap allows more.
    [
      { km: 10000, date: '2025-01-01' },
      { km: 300000, date: '2026-01-01' },
    ],
  ];
  it.each(cases.map((c, i) => [i, c] as const))('case %i', async (_, readings) => {
    const expected = currentOdometer(readings).km;
    const [row] = await server.database.query<{ km: number | null }>('SELECT odometer_from($1::integer[], $2::date[]) AS km', [
      readings.map((r) => r.km),
      readings.map((r) => r.date),
    ]);
    expect(row.km).toBe(expected);
  });
  it('flags the typo', () => {
    expect(currentOdometer(cases[2])).toEqual({ km: 100500, flagged: [{ km: 999999, date: '2026-01-02' }] });
    expect(currentOdometer(cases[3]).km).toBe(18000);
    expect(currentOdometer(cases[4]).km).toBe(10000);
    expect(currentOdometer(cases[5]).km).toBe(51000);
    expect(currentOdometer(cases[7]).km).toBe(99500);
    expect(currentOdometer(cases[8]).km).toBe(125000);
    expect(currentOdometer(cases[9]).km).toBe(9000);
  });
});

describe('validity_months is the domain validityMonths', () => {
  const texts = [
    '1 year',
    '6 months',
    '18 months',
    '2 years',
    '1 Year',
    ' 2 YEARS ',
    '12months',
    '3 yrs',
    '1 yr',
    '24 mo',
    'one year',
    'Two Years',
    'six months',
    'an year',
    '1 year.',
    '1 year .',
    '',
    'year',
    '0 months',
    '121 months',
    '11 years',
    '10 years',
    '1.5 years',
    'about 1 year',
    '1 year 6 months',
    '1\tyear',
    'two  years',
    'forever',
    '9999 months',
    '0012 months',
    '012 months',
    'x'.repeat(41),
    '1 year'.padEnd(41, ' '),
  ];
  it('reads what it can, the same in both', async () => {
    for (const text of texts) {
      const [row] = await server.database.query<{ m: number | null }>('SELECT validity_months($1) AS m', [text]);
      expect(row.m, JSON.stringify(text)).toBe(validityMonths(text));
    }
    expect(texts.slice(0, 4).map(validityMonths)).toEqual([12, 6, 18, 24]);
    expect(validityMonths('1 year 6 months')).toBeNull();
    expect(validityMonths('121 months')).toBeNull();
  });
});
