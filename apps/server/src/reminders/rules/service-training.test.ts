import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { areaTestKit } from '../../testing/area-tests';
import { startTestServer, type Json, type TestClient, type TestServer } from '../../testing/test-server';
import { serviceRule } from './service';
import { trainingRule } from './training';

let server: TestServer;
let client: TestClient;
const { create, createVehicle, createDriver } = areaTestKit({ path: '/api/service-schedules', tables: [], reach: () => ({ server, client }) });

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
});
afterAll(() => server?.close());

type Row = { record_id: string; state: string; label: string; due: string | null };
async function rows(query: SQL): Promise<Row[]> {
  const result = (await server.database.db.execute(query)) as unknown as { rows?: Row[] } | Row[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}
const statesOf = async (rule: typeof serviceRule, today: string, ids: string[] | null) =>
  Object.fromEntries((await rows(rule.states(today, ids))).map((r) => [r.record_id, r.state]));

describe('the service rule', () => {
  let v: Json;
  const schedule = (overrides: Record<string, unknown>) =>
    create('/api/service-schedules', {
      vehicleId: v.id,
      task: 'General Service',
      everyKm: null,
      everyMonths: null,
      lastDoneDate: null,
      lastDoneKm: null,
      notes: '',
      ...overrides,
    });
  beforeAll(async () => {
    v = await createVehicle({ licensePlate: 'MH12RR0001', currentMileage: 125000 });
  });

  it('judges the date: Due Soon from 14 days before the due date and on it, Overdue the day after', async () => {
    const s = await schedule({ everyMonths: 6, lastDoneDate: '2026-01-10' });
    const at = async (today: string) => (await statesOf(serviceRule, today, [s.id]))[s.id];
    expect(await at('2026-06-25')).toBe('ok');
    expect(await at('2026-06-26')).toBe('due_soon');
    expect(await at('2026-07-10')).toBe('due_soon');
    expect(await at('2026-07-11')).toBe('overdue');
  });

  it('judges the km: Due Soon within max(1,000 km, 10%) and at the due km exactly, Overdue one km past it', async () => {
    const atLimit = await schedule({ everyKm: 20000, lastDoneKm: 105000 });
    const past = await schedule({ everyKm: 20000, lastDoneKm: 104999 });
    const soonEdge = await schedule({ everyKm: 20000, lastDoneKm: 107000 });
    const okEdge = await schedule({ everyKm: 20000, lastDoneKm: 107001 });
    const small = await schedule({ everyKm: 5000, lastDoneKm: 121000 });
    const smallOk = await schedule({ everyKm: 5000, lastDoneKm: 121001 });
    const states = await statesOf(serviceRule, '2026-06-01', null);
    expect([atLimit, past, soonEdge, okEdge, small, smallOk].map((s) => states[s.id])).toEqual(['due_soon', 'overdue', 'due_soon', 'ok', 'due_soon', 'ok']);
    const [row] = await rows(serviceRule.states('2026-06-01', [past.id]));
    expect(row).toEqual({ record_id: past.id, state: 'overdue', label: 'General Service of MH12RR0001', due: '124999 km' });
    expect(serviceRule.notice({ state: 'overdue', label: row.label, due: row.due })).toEqual({
      title: 'Service overdue',
      message: 'General Service of MH12RR0001 is overdue (due 1,24,999 km).',
      type: 'critical',
    });
  });

  it('whichever comes first, and a typo far above the trend changes nothing; a Sold vehicle is not reminded', async () => {
    const s = await schedule({ everyKm: 20000, everyMonths: 12, lastDoneKm: 120000, lastDoneDate: '2026-01-01' });
    expect((await statesOf(serviceRule, '2026-12-20', [s.id]))[s.id]).toBe('due_soon');
    expect((await statesOf(serviceRule, '2026-06-01', [s.id]))[s.id]).toBe('ok');
    await create('/api/fuel-expenses', {
      type: 'Fuel',
      date: '2026-01-05',
      vehicleId: v.id,
      tripId: null,
      fuelType: 'Diesel',
      quantity: 100,
      pricePerUnit: 90,
      amount: 9000,
      odometer: 1250000,
      vendor: '',
      gpsLocation: '',
      description: '',
    });
    expect((await statesOf(serviceRule, '2026-06-01', [s.id]))[s.id]).toBe('ok');
    const sold = await createVehicle({ licensePlate: 'MH12RR0002', currentMileage: 9000, status: 'Sold' });
    const gone = await create('/api/service-schedules', {
      vehicleId: sold.id,
      task: 'Battery Check',
      everyKm: null,
      everyMonths: 1,
      lastDoneDate: '2025-01-01',
      lastDoneKm: null,
      notes: '',
    });
    expect(await rows(serviceRule.states('2026-06-01', [gone.id]))).toEqual([]);
  });
});

describe("the run's odometers, kept per vehicle, are odometer_from per vehicle", () => {
  it('gives every vehicle with readings the same current odometer as odometer_from over its readings, and the rule reads it', async () => {
    const v = await createVehicle({ licensePlate: 'MH12RR0009', currentMileage: 70000 });
    await create('/api/fuel-expenses', {
      type: 'Fuel',
      date: '2026-02-01',
      vehicleId: v.id,
      tripId: null,
      fuelType: 'Diesel',
      quantity: 50,
      pricePerUnit: 90,
      amount: 4500,
      odometer: 700000,
      vendor: '',
      gpsLocation: '',
      description: '',
    });
    await create('/api/fuel-expenses', {
      type: 'Fuel',
      date: '2026-02-03',
      vehicleId: v.id,
      tripId: null,
      fuelType: 'Diesel',
      quantity: 50,
      pricePerUnit: 90,
      amount: 4500,
      odometer: 71000,
      vendor: '',
      gpsLocation: '',
      description: '',
    });
    const s = await create('/api/service-schedules', {
      vehicleId: v.id,
      task: 'Air Filter',
      everyKm: 30000,
      everyMonths: null,
      lastDoneDate: null,
      lastDoneKm: 50000,
      notes: '',
    });
    const recomputed = await server.database.query<{ id: string; km: number }>(
      `SELECT vehicle_id AS id, odometer_from(array_agg(km), array_agg(read_on)) AS km FROM odometer_readings WHERE km IS NOT NULL AND read_on IS NOT NULL GROUP BY vehicle_id ORDER BY vehicle_id`,
    );
    const kept = await server.database.query<{ id: string; km: number }>('SELECT vehicle_id AS id, km FROM vehicle_odometers ORDER BY vehicle_id');
    expect(kept).toEqual(recomputed);
    expect(kept.find((r) => r.id === v.id)?.km).toBe(71000);
    // 71,000 − 50,000 = 21,000 of 30,000: OK; were the typo counted it would be Overdue.
    expect((await statesOf(serviceRule, '2026-06-01', [s.id]))[s.id]).toBe('ok');
  });
});

describe('the training rule', () => {
  let driver: Json;
  const training = (overrides: Record<string, unknown>) =>
    create('/api/driver-training', {
      driverId: driver.id,
      trainingType: 'Defensive Driving',
      scheduleDate: '2025-03-01',
      status: 'Completed',
      trainerName: '',
      assessmentScore: null,
      validityPeriod: '1 year',
      certificationFile: null,
      notes: '',
      ...overrides,
    });
  beforeAll(async () => {
    driver = await createDriver({ name: 'Rakesh Pawar' });
  });

  it('expires on schedule date + validity: Due Soon from 30 days before and on the day, Expired (overdue) the day after', async () => {
    const t = await training({});
    const at = async (today: string) => (await statesOf(trainingRule, today, [t.id]))[t.id];
    expect(await at('2026-01-29')).toBe('ok');
    expect(await at('2026-01-30')).toBe('due_soon');
    expect(await at('2026-03-01')).toBe('due_soon');
    expect(await at('2026-03-02')).toBe('overdue');
    const [row] = await rows(trainingRule.states('2026-03-02', [t.id]));
    expect(row).toEqual({ record_id: t.id, state: 'overdue', label: 'Defensive Driving of Rakesh Pawar', due: '2026-03-01' });
  });

  it('judges Completed trainings with a readable validity, the latest of each type per driver only; lists the unreadable', async () => {
    const d = await createDriver({ name: 'Imran Shaikh' });
    const older = await training({ driverId: d.id, trainingType: 'First Aid & CPR', scheduleDate: '2024-01-01', validityPeriod: '2 years' });
    const newer = await training({ driverId: d.id, trainingType: 'First Aid & CPR', scheduleDate: '2025-06-01', validityPeriod: '18 months' });
    const scheduled = await training({ driverId: d.id, trainingType: 'Load Securement', status: 'Scheduled' });
    const unreadable = await training({ driverId: d.id, trainingType: 'Hazmat Handling', validityPeriod: 'until further notice' });
    const states = await statesOf(trainingRule, '2026-06-01', [older.id, newer.id, scheduled.id, unreadable.id]);
    expect(states).toEqual({ [newer.id]: 'ok' });
    expect((await rows(trainingRule.states('2026-11-20', [newer.id])))[0].due).toBe('2026-12-01');
    const listed = await client.get('/api/reminders/training/unreadable');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({ id: unreadable.id, validityPeriod: 'until further notice', driverLabel: expect.stringContaining('Imran Shaikh') }),
    ]);
  });
});

describe('Manage Expiry Alerts: GET and PUT /api/reminders/thresholds', () => {
  it('answers each document type with its days (30; PUC 15), changeable by administrators only, 1–365, all or nothing', async () => {
    const got = await client.get('/api/reminders/thresholds');
    expect(got.status).toBe(200);
    expect(got.body.editable).toBe(true);
    expect(got.body.items).toContainEqual({ documentType: 'Pollution Under Control (PUC) Certificate', dueSoonDays: 15, defaultDays: 15 });
    expect(got.body.items).toContainEqual({ documentType: 'Vehicle Registration', dueSoonDays: 30, defaultDays: 30 });
    const before = await server.database.query('SELECT * FROM document_alert_thresholds ORDER BY document_type');
    for (const days of [0, 366, -1, 1.5, '30', null]) {
      const res = await client.put('/api/reminders/thresholds', {
        thresholds: [
          { documentType: 'Fitness Certificate', dueSoonDays: 45 },
          { documentType: 'Vehicle Registration', dueSoonDays: days },
        ],
      });
      expect(res.status, JSON.stringify(days)).toBe(422);
      expect(res.body).toEqual({ title: 'Invalid Days', message: 'Due Soon days for Vehicle Registration must be a whole number from 1 to 365.' });
    }
    expect((await client.put('/api/reminders/thresholds', { thresholds: [{ documentType: 'Boarding Pass', dueSoonDays: 10 }] })).status).toBe(422);
    expect((await client.put('/api/reminders/thresholds', { thresholds: [], extra: 1 })).status).toBe(400);
    expect(await server.database.query('SELECT * FROM document_alert_thresholds ORDER BY document_type')).toEqual(before);
    const saved = await client.put('/api/reminders/thresholds', {
      thresholds: [
        { documentType: 'Fitness Certificate', dueSoonDays: 45 },
        { documentType: 'Vehicle Registration', dueSoonDays: 1 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.items).toContainEqual({ documentType: 'Fitness Certificate', dueSoonDays: 45, defaultDays: 30 });
    expect((await client.get('/api/reminders/thresholds')).body.items).toContainEqual({
      documentType: 'Vehicle Registration',
      dueSoonDays: 1,
      defaultDays: 30,
    });
    // The Activity Log says who changed which days, from what to what; a save changing nothing adds no entry.
    const logged = await client.get('/api/activity?area=expiry-alerts');
    expect(logged.status, logged.text).toBe(200);
    expect(logged.body.items).toHaveLength(1);
    expect(logged.body.items[0]).toMatchObject({
      area: 'expiry-alerts',
      operation: 'update',
      changes: [
        { field: 'Fitness Certificate', label: 'Fitness Certificate: Due Soon days', before: 30, after: 45 },
        { field: 'Vehicle Registration', label: 'Vehicle Registration: Due Soon days', before: 30, after: 1 },
      ],
    });
    await client.put('/api/reminders/thresholds', { thresholds: [{ documentType: 'Fitness Certificate', dueSoonDays: 45 }] });
    expect((await client.get('/api/activity?area=expiry-alerts')).body.items).toHaveLength(1);
    // A workshop reads them (it views compliance) but may not change them; accounts may not read them.
    await server.createUser({ username: 'workshop1', name: 'Workshop One', role: 'workshop', password: 'workshop1-password-1' });
    const workshop = server.client();
    expect((await workshop.login('workshop1', 'workshop1-password-1')).status).toBe(200);
    const read = await workshop.get('/api/reminders/thresholds');
    expect(read.status).toBe(200);
    expect(read.body.editable).toBe(false);
    const put = await workshop.put('/api/reminders/thresholds', { thresholds: [{ documentType: 'Fitness Certificate', dueSoonDays: 10 }] });
    expect(put.status).toBe(403);
    expect(put.body.message).toBe('Your role (Workshop) may not change expiry alerts. Ask an administrator if you need it.');
    expect((await workshop.get('/api/reminders/training/unreadable')).status).toBe(403);
  });
});
