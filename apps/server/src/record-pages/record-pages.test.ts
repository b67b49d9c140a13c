import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, can, dayStart, kmBetween, notAllowedMessage, odometerAt, partnerFuelStationsArea, ROLE_KEYS, type Role } from '@raahi/domain';
import { companyToday } from '../company-time';
import { fuelTotals } from '../dashboard/dashboard';
import { declaredBody } from '../testing/declared-body';
import { driverBody, startTestServer, TestClient, vehicleBody, type Json, type TestServer } from '../testing/test-server';
import { vehicleCost } from './vehicle-cost';

/**
 * A vehicle's cost and km over a period (decision 0042) with figures computed by hand, and the vehicle and driver
 * summaries (GET /api/vehicles/:id/summary, /api/drivers/:id/summary) with their role checks.
 */
let server: TestServer;
let admin: TestClient;
const as: Partial<Record<Role, TestClient>> = {};
let vehicle: string;
let driver: string;
let station: string;
let ids = 0;
const PASSWORD = 'record-pages-password';

const q = (text: string, params: unknown[] = []) => server.database.query(text, params);
const expense = (
  type: string,
  date: string,
  amount: number | null,
  odometer: number | null = null,
  vehicleId = vehicle,
  extra: { quantity?: number; partial?: boolean } = {},
) =>
  q(
    `INSERT INTO fuel_expenses (id, type, date, vehicle_id, fuel_type, quantity, amount, odometer, partial_fill) VALUES ($1, $2, $3, $4, 'Diesel', $5, $6, $7, $8)`,
    [`EXP-T${++ids}`, type, date, vehicleId, extra.quantity ?? null, amount, odometer, extra.partial ?? false],
  );
const log = (timestamp: string, totalCost: number) =>
  q(
    `INSERT INTO refueling_logs (id, vehicle_id, station_id, fuel_type, quantity, rate, total_cost, "timestamp", refuel_method) VALUES ($1, $2, $3, 'Diesel', 10, 90, $4, $5, 'Card')`,
    [`RFL-T${++ids}`, vehicle, station, totalCost, timestamp],
  );
const job = (status: string, scheduled: string, completion: string | null, cost: number) =>
  q(
    `INSERT INTO maintenance_jobs (id, vehicle_id, job_type, description, scheduled_date, completion_date, status, cost) VALUES ($1, $2, 'Repair', 'Test', $3, $4, $5, $6)`,
    [`JOB-T${++ids}`, vehicle, scheduled, completion, status, cost],
  );
const challan = (date: string, amount: number) =>
  q(`INSERT INTO challans (id, date, vehicle_id, offense_type, amount, status) VALUES ($1, $2, $3, 'Speeding', $4, 'Pending Payment')`, [
    `CHL-T${++ids}`,
    date,
    vehicle,
    amount,
  ]);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn();
  for (const role of ROLE_KEYS) {
    await server.createUser({ username: `rp_${role}`, password: PASSWORD, role });
    as[role] = server.client();
    expect((await as[role]!.login(`rp_${role}`, PASSWORD)).status).toBe(200);
  }
  // No recorded mileage: its reading (dated by the last save, today) would lie after every period below.
  vehicle = (await admin.post('/api/vehicles', vehicleBody({ currentMileage: 0 }))).body.id;
  driver = (await admin.post('/api/drivers', driverBody({ joiningDate: '2024-02-01' }))).body.id;
  const created = await admin.post('/api/partner-fuel-stations', declaredBody(partnerFuelStationsArea.fields, {}, { gpsLocation: '18.5204,73.8567' }));
  expect(created.status, created.text).toBe(201);
  station = created.body.id;

  // Readings: 25 Oct 10,000 km and 10 Nov 11,600 km (1,600 km in 16 days: 100 km a day).
  await expense('Fuel', '2025-10-25', 9000, 10_000);
  await expense('Fuel', '2025-11-10', 9000, 11_600);
  await expense('Toll', '2025-11-03', 500);
  await expense('Toll', '2025-11-05', 350);
  await expense('Toll', '2025-11-06', 999);
  await expense('Meal', '2025-11-01', 200);
  await expense('Parking', '2025-11-02', null); // no amount: counts nothing
  await log('2025-10-31T23:30:00+05:30', 2000); // 31 Oct in the company's zone (18:00 UTC)
  await log('2025-11-02T10:00:00+05:30', 4500);
  await log('2025-11-05T23:30:00+05:30', 3000); // still 5 Nov in India
  await log('2025-11-06T00:15:00+05:30', 111); // 6 Nov in India, 5 Nov in UTC
  await job('Completed', '2025-10-20', '2025-11-04', 3000); // on its completion date
  await job('Scheduled', '2025-11-02', null, 1000); // on its scheduled date
  await job('Cancelled', '2025-11-03', null, 777); // a cancelled job costs nothing
  await challan('2025-10-31', 500);
  await challan('2025-11-01', 1000);
}, 120_000);
afterAll(() => server?.close());

describe('vehicleCost (hand-computed)', () => {
  it('1–5 Nov: each kind in its line, km interpolated (10,700 → 11,200 km), cost per km', async () => {
    const cost = await vehicleCost(server.database, vehicle, '2025-11-01', '2025-11-05');
    expect(cost).toEqual({
      from: '2025-11-01',
      to: '2025-11-05',
      lines: [
        { kind: 'Toll', amount: 850, records: 2 },
        { kind: 'Meal', amount: 200, records: 1 },
        { kind: 'Refuelling', amount: 7500, records: 2 },
        { kind: 'Job Cards', amount: 4000, records: 2 },
        { kind: 'Challans', amount: 1000, records: 1 },
      ],
      total: 13_550,
      km: 500,
      costPerKm: 27.1,
    });
  });

  it('1–30 Nov: km and cost per km N/A (no reading after 30 Nov), the costs still counted', async () => {
    const cost = await vehicleCost(server.database, vehicle, '2025-11-01', '2025-11-30');
    expect(cost.lines).toEqual([
      { kind: 'Fuel', amount: 9000, records: 1 },
      { kind: 'Toll', amount: 1849, records: 3 },
      { kind: 'Meal', amount: 200, records: 1 },
      { kind: 'Refuelling', amount: 7611, records: 3 },
      { kind: 'Job Cards', amount: 4000, records: 2 },
      { kind: 'Challans', amount: 1000, records: 1 },
    ]);
    expect([cost.total, cost.km, cost.costPerKm]).toEqual([23_660, null, null]);
  });

  it('across the month boundary, 28 Oct – 3 Nov: 10,300 → 11,000 km, October’s and November’s costs', async () => {
    const cost = await vehicleCost(server.database, vehicle, '2025-10-28', '2025-11-03');
    expect(cost.lines).toEqual([
      { kind: 'Toll', amount: 500, records: 1 },
      { kind: 'Meal', amount: 200, records: 1 },
      { kind: 'Refuelling', amount: 6500, records: 2 },
      { kind: 'Job Cards', amount: 1000, records: 1 },
      { kind: 'Challans', amount: 1500, records: 2 },
    ]);
    // 9,700 / 700 = 13.857…
    expect([cost.total, cost.km, cost.costPerKm]).toEqual([9700, 700, 13.86]);
  });

  it('a reading on a period’s first day is its start exactly; before any reading the km is N/A', async () => {
    expect((await vehicleCost(server.database, vehicle, '2025-10-25', '2025-11-09')).km).toBe(1600);
    expect((await vehicleCost(server.database, vehicle, '2025-10-24', '2025-11-01')).km).toBeNull();
    const none = await vehicleCost(server.database, vehicle, '2024-01-01', '2024-01-31');
    expect(none).toEqual({ from: '2024-01-01', to: '2024-01-31', lines: [], total: 0, km: null, costPerKm: null });
  });

  it('leaves out a reading the outlier rule flags (1,16,000 typed for 11,600)', async () => {
    await expense('Other', '2025-11-04', null, 116_000);
    try {
      expect((await vehicleCost(server.database, vehicle, '2025-11-01', '2025-11-05')).km).toBe(500);
    } finally {
      await q(`DELETE FROM fuel_expenses WHERE odometer = 116000`);
    }
  });

  it('refuses a period that is not two dates in order', async () => {
    await expect(vehicleCost(server.database, vehicle, '2025-11-05', '2025-11-01')).rejects.toThrow(/ends on or after/);
    await expect(vehicleCost(server.database, vehicle, '2025-11', '2025-11-30')).rejects.toThrow(/two dates/);
  });
});

describe('the SQL rule and the domain function agree', () => {
  it('on random readings (typos far above and below among them), the km of random periods is what odometerAt gives', async () => {
    let seed = 19;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let round = 0; round < 6; round++) {
      const other = (await admin.post('/api/vehicles', vehicleBody({ currentMileage: 0 }))).body.id;
      const readings: { km: number; date: string }[] = [];
      let km = 20_000 + Math.floor(random() * 50_000);
      for (let i = 0; i < 12; i++) {
        const date = addDays('2025-01-01', Math.floor(random() * 120));
        km += Math.floor(random() * 3_000);
        const typo = random();
        const value = typo < 0.1 ? km * 10 : typo < 0.15 ? Math.floor(km / 10) : km;
        readings.push({ km: value, date });
        await expense('Fuel', date, 100, value, other);
      }
      for (let i = 0; i < 5; i++) {
        const from = addDays('2024-12-20', Math.floor(random() * 130));
        const to = addDays(from, Math.floor(random() * 40));
        const expected = kmBetween(odometerAt(readings, dayStart(from)), odometerAt(readings, dayStart(to) + 1));
        expect((await vehicleCost(server.database, other, from, to)).km, `${from}–${to} ${JSON.stringify(readings)}`).toBe(expected);
      }
    }
  });
});

describe('the fuel statement for one vehicle and a window', () => {
  it('answers one vehicle’s km and litres over N days, and the fleet’s 30 days as the dashboard does', async () => {
    const today = companyToday();
    const other = (await admin.post('/api/vehicles', vehicleBody({ currentMileage: 0 }))).body.id;
    await expense('Fuel', addDays(today, -80), 1000, 50_000, other, { quantity: 50 });
    await expense('Fuel', addDays(today, -40), 9000, 51_000, other, { quantity: 100 });
    await expense('Fuel', addDays(today, -10), 9000, 52_000, other, { quantity: 100, partial: true });
    await expense('Fuel', addDays(today, -5), 9000, 53_000, other, { quantity: 100 });
    // 90 days: the first fill (50,000) only sets the start; 51,000 counts 1,000 km on 100 L, 53,000 counts 2,000 km
    // on 200 L (the partial fill's carried) → 10 km/L.
    expect(await fuelTotals(server.database, today, { vehicleId: other, days: 90 })).toEqual({ km: 3000, litres: 300 });
    // 30 days: the full fill 5 days ago, counted from the full fill before it (40 days ago), the partial one's litres carried.
    expect(await fuelTotals(server.database, today, { vehicleId: other, days: 30 })).toEqual({ km: 2000, litres: 200 });
    expect(await fuelTotals(server.database, today, { vehicleId: other })).toEqual(await fuelTotals(server.database, today));
    await q(`DELETE FROM fuel_expenses WHERE vehicle_id = $1`, [other]);
    await q(`DELETE FROM vehicles WHERE id = $1`, [other]);
  });
});

describe('GET /api/vehicles/:id/summary', () => {
  it('answers the head: the vehicle, its odometer, the 90 days up to its last reading, km/L and chips', async () => {
    const res = await admin.get(`/api/vehicles/${vehicle}/summary`);
    expect(res.status, res.text).toBe(200);
    const body = res.body as Json;
    const record = (await admin.get(`/api/vehicles/${vehicle}`)).body;
    expect(body).toMatchObject({
      id: vehicle,
      licensePlate: record.licensePlate,
      make: record.make,
      model: record.model,
      type: record.type,
      status: record.status,
      odometerKm: 11_600,
    });
    // The last reading is 10 Nov 2025: the window is 12 Aug – 9 Nov 2025, its km from 10,000 (25 Oct)… no reading before 12 Aug.
    expect(body.last90Days).toMatchObject({ from: '2025-08-12', to: '2025-11-09', km: null, costPerKm: null });
    expect(body.kmPerLitre).toBeNull();
    expect(body.chips.map((c: Json) => [c.area, c.state, c.count])).toEqual([
      ['compliance', 'Expired', 0],
      ['compliance', 'Due Soon', 0],
      ['service-schedules', 'Overdue', 0],
      ['service-schedules', 'Due Soon', 0],
    ]);
  });

  it('counts the vehicle’s documents and schedules by state, each chip the tab with that state’s filter', async () => {
    const today = companyToday();
    const doc = (expiryDate: string, entityId = vehicle) =>
      q(`INSERT INTO compliance_documents (id, document_name, document_type, entity_id, expiry_date) VALUES ($1, 'RC', 'Vehicle Registration', $2, $3)`, [
        `DOC-T${++ids}`,
        entityId,
        expiryDate,
      ]);
    await doc(addDays(today, -1));
    await doc(addDays(today, -100));
    await doc(addDays(today, 10));
    await doc(addDays(today, 200));
    await doc(addDays(today, -1), driver); // another entity's
    const schedule = (everyKm: number, lastDoneKm: number) =>
      q(`INSERT INTO service_schedules (id, vehicle_id, task, every_km, last_done_km) VALUES ($1, $2, 'General Service', $3, $4)`, [
        `SCH-T${++ids}`,
        vehicle,
        everyKm,
        lastDoneKm,
      ]);
    await schedule(1000, 10_000); // due at 11,000: odometer 11,600, Overdue
    await schedule(2000, 10_000); // due at 12,000, Due Soon from 11,000
    await schedule(10_000, 10_000); // OK
    const body = (await admin.get(`/api/vehicles/${vehicle}/summary`)).body as Json;
    const page = `/vehicle-management/${vehicle}`;
    expect(body.chips).toEqual([
      { area: 'compliance', state: 'Expired', count: 2, href: `${page}?tab=documents&documents.expiry=Expired` },
      { area: 'compliance', state: 'Due Soon', count: 1, href: `${page}?tab=documents&documents.expiry=Expires+Soon` },
      { area: 'service-schedules', state: 'Overdue', count: 1, href: `${page}?tab=schedules&schedules.due=Overdue` },
      { area: 'service-schedules', state: 'Due Soon', count: 1, href: `${page}?tab=schedules&schedules.due=Due+Soon` },
    ]);
    // The schedules chips are the list's own totals with the vehicle and the state.
    for (const due of ['Overdue', 'Due Soon'])
      expect((await admin.get(`/api/service-schedules/total?vehicleId=${vehicle}&due=${encodeURIComponent(due)}`)).body.total).toBe(1);
  });

  it('with readings up to yesterday, the window ends the day before and has a km', async () => {
    const today = companyToday();
    const other = (await admin.post('/api/vehicles', vehicleBody({ currentMileage: 0 }))).body.id;
    await expense('Fuel', addDays(today, -100), 1000, 40_000, other, { quantity: 50 });
    await expense('Fuel', addDays(today, -1), 2000, 50_000, other, { quantity: 100 });
    const body = (await admin.get(`/api/vehicles/${other}/summary`)).body as Json;
    // 10,000 km in 99 days; the window starts (today − 91) 9 days after the first reading and ends at the last.
    const km = Math.round((10_000 - (10_000 * 9) / 99) * 10) / 10;
    expect(body.last90Days).toEqual({ from: addDays(today, -91), to: addDays(today, -2), lines: [], total: 0, km, costPerKm: 0, partial: false });
    expect(body.odometerKm).toBe(50_000);
  });

  it('404 for an unknown vehicle (the area’s own text), 403 without view of vehicles', async () => {
    const missing = await admin.get('/api/vehicles/VEH0000000XX/summary');
    expect([missing.status, missing.body]).toEqual([404, (await admin.get('/api/vehicles/VEH0000000XX')).body]);
    expect(missing.body.message).toBe('The vehicle VEH0000000XX does not exist. It may have been deleted.');
    expect((await admin.get(`/api/vehicles/${'V'.repeat(65)}/summary`)).status).toBe(404);
    expect((await server.client().get(`/api/vehicles/${vehicle}/summary`)).status).toBe(401);
  });

  it('leaves out the cost lines and chips of areas the role may not view', async () => {
    const workshop = (await as.workshop!.get(`/api/vehicles/${vehicle}/summary`)).body as Json;
    expect(workshop.chips.map((c: Json) => c.area)).toEqual(['compliance', 'compliance', 'service-schedules', 'service-schedules']);
    const accounts = (await as.accounts!.get(`/api/vehicles/${vehicle}/summary`)).body as Json;
    expect(accounts.chips).toEqual([]);
    const forKinds = async (client: TestClient) => (await client.get(`/api/vehicles/${vehicle}/summary`)).body.last90Days.lines.map((l: Json) => l.kind);
    expect(await forKinds(admin)).toEqual(['Fuel', 'Toll', 'Meal', 'Refuelling', 'Job Cards', 'Challans']);
    expect(await forKinds(as.workshop!)).toEqual(['Job Cards']);
    expect(await forKinds(as.dispatcher!)).toEqual(['Challans']);
    expect(await forKinds(as.accounts!)).toEqual(['Fuel', 'Toll', 'Meal', 'Refuelling', 'Challans']);
  });

  it('marks the cost partial for each role that may not view every cost area, and only for those', async () => {
    for (const role of ROLE_KEYS) {
      const body = (await as[role]!.get(`/api/vehicles/${vehicle}/summary`)).body as Json;
      const all =
        can(role, 'fuel-expenses', 'view') && can(role, 'refueling-logs', 'view') && can(role, 'maintenance', 'view') && can(role, 'challans', 'view');
      expect(body.last90Days.partial, role).toBe(!all);
      // The total is the sum of the lines the role sees.
      expect(body.last90Days.total, role).toBeCloseTo(
        body.last90Days.lines.reduce((sum: number, l: Json) => sum + l.amount, 0),
        2,
      );
    }
    expect((await admin.get(`/api/vehicles/${vehicle}/summary`)).body.last90Days.partial).toBe(false);
    expect((await as.workshop!.get(`/api/vehicles/${vehicle}/summary`)).body.last90Days.partial).toBe(true);
    expect((await as.dispatcher!.get(`/api/vehicles/${vehicle}/summary`)).body.last90Days.partial).toBe(true);
    expect((await as.accounts!.get(`/api/vehicles/${vehicle}/summary`)).body.last90Days.partial).toBe(true);
  });
});

describe('GET /api/drivers/:id/summary', () => {
  it('answers the head, personalData only for roles that may view driver health', async () => {
    const record = (await admin.get(`/api/drivers/${driver}`)).body;
    for (const role of ROLE_KEYS) {
      const res = await as[role]!.get(`/api/drivers/${driver}/summary`);
      if (role === 'workshop' || role === 'accounts') {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ title: 'Not Allowed', message: notAllowedMessage(role, 'view drivers') });
        continue;
      }
      expect(res.status, role).toBe(200);
      expect(res.body).toEqual({
        id: driver,
        name: record.name,
        license: record.license,
        contact: record.contact,
        status: record.status,
        joiningDate: '2024-02-01',
        personalData: role === 'administrator' || role === 'fleet_manager',
      });
    }
  });

  it('404 for an unknown driver with the area’s own text', async () => {
    const missing = await admin.get('/api/drivers/DRV0000000XX/summary');
    expect([missing.status, missing.body]).toEqual([404, (await admin.get('/api/drivers/DRV0000000XX')).body]);
  });
});

describe('GET /api/vehicles/:id/summary refusals', () => {
  it('every role views vehicles by default; a role without it would be refused by the area guard', async () => {
    for (const role of ROLE_KEYS) expect((await as[role]!.get(`/api/vehicles/${vehicle}/summary`)).status, role).toBe(200);
  });
});
