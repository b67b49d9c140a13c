import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, complianceArea, fuelExpensesArea, maintenanceArea, partnerFuelStationsArea, refuelingLogsArea, todayIn } from '@raahi/domain';
import { areaTestKit } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, type Json, type TestClient, type TestServer } from '../testing/test-server';

/**
 * The lists' From–To date filters (a date-time's days are India's), the refuelling logs' filters by station,
 * vehicle and fuel type, N/A last in both directions, and compliance's order within its expiry filters.
 */

const LOGS = '/api/refueling-logs';
let server: TestServer;
let client: TestClient;
const kit = areaTestKit({ path: LOGS, tables: ['refueling_logs'], reach: () => ({ server, client }) });

let vehicles: Json[];
let stations: Json[];
let driver: Json;
/** The logs by name: at the edges of 10 March 2026 in India (UTC+05:30). */
const logs: Record<string, Json> = {};

const stationBody = (stationName: string) =>
  declaredBody(
    partnerFuelStationsArea.fields,
    {},
    { stationName, address: 'Sector 17, Vashi, Navi Mumbai', phone: '+91 98200 11223', email: 'vashi@iocl-partner.in', gpsLocation: '' },
  );
const logBody = (vehicle: Json, station: Json, overrides: Record<string, unknown>) =>
  declaredBody(
    refuelingLogsArea.fields,
    { vehicles: vehicle.id, drivers: driver.id, 'partner-fuel-stations': station.id },
    { quantity: 50, rate: 90, ...overrides },
  );

/** The ids a list returns for a query, in its order (all on one page). */
async function listed(path: string, query: string): Promise<string[]> {
  const res = await client.get(`${path}?pageSize=200&${query}`);
  expect(res.status, res.text).toBe(200);
  expect(res.body.hasMore).toBe(false);
  const total = await client.get(`${path}/total?${new URLSearchParams([...new URLSearchParams(query)].filter(([name]) => !['sort', 'order'].includes(name)))}`);
  expect(total.body.total, total.text).toBe(res.body.items.length);
  return res.body.items.map((row: Json) => row.id);
}
const sortedIds = (...records: Json[]) => records.map((r) => r.id).sort();

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  vehicles = [await kit.createVehicle({ licensePlate: 'MH12RF0001' }), await kit.createVehicle({ licensePlate: 'MH12RF0002' })];
  driver = await kit.createDriver({ name: 'Ramesh Yadav' });
  stations = [
    await kit.create('/api/partner-fuel-stations', stationBody('IOCL Vashi')),
    await kit.create('/api/partner-fuel-stations', stationBody('HPCL Panvel')),
  ];
  const at = (name: string, vehicle: number, station: number, timestamp: string, fuelType = 'Diesel') =>
    kit.create(LOGS, logBody(vehicles[vehicle], stations[station], { timestamp, fuelType })).then((log) => (logs[name] = log));
  // 10 March in India runs from 2026-03-09T18:30Z to 2026-03-10T18:30Z.
  await at('lastMinuteBefore', 0, 0, '2026-03-09T18:29:59.999Z');
  await at('firstMinute', 0, 1, '2026-03-09T18:30:00.000Z', 'Petrol');
  await at('midday', 1, 0, '2026-03-10T06:30:00.000Z', 'CNG');
  await at('at2359', 1, 1, '2026-03-10T18:29:00.000Z');
  await at('lastInstant', 0, 0, '2026-03-10T18:29:59.999Z', 'Petrol');
  await at('nextMidnight', 1, 0, '2026-03-10T18:30:00.000Z');
}, 60_000);
afterAll(() => server?.close());

describe('From–To filters', () => {
  it('takes a date-time From at 00:00 and To through 23:59:59.999 of the days in India, both days included', async () => {
    const { lastMinuteBefore, firstMinute, midday, at2359, lastInstant, nextMidnight } = logs;
    const day = 'timestampFrom=2026-03-10&timestampTo=2026-03-10';
    expect(await listed(LOGS, day)).toEqual([lastInstant, at2359, midday, firstMinute].map((l) => l.id));
    expect((await listed(LOGS, day)).includes(nextMidnight.id)).toBe(false);
    expect((await listed(LOGS, 'timestampTo=2026-03-09')).sort()).toEqual(sortedIds(lastMinuteBefore));
    expect((await listed(LOGS, 'timestampFrom=2026-03-11')).sort()).toEqual(sortedIds(nextMidnight));
    expect((await listed(LOGS, 'timestampFrom=2026-03-09&timestampTo=2026-03-11')).length).toBe(6);
    // An empty end is no bound.
    expect((await listed(LOGS, 'timestampFrom=&timestampTo=2026-03-09')).sort()).toEqual(sortedIds(lastMinuteBefore));
  });

  it('takes a date From and To as calendar days, both included', async () => {
    const expense = (date: string) => kit.create('/api/fuel-expenses', declaredBody(fuelExpensesArea.fields, {}, { type: 'Toll', date, amount: 150 }));
    const [before, first, last, after] = [await expense('2026-02-28'), await expense('2026-03-01'), await expense('2026-03-31'), await expense('2026-04-01')];
    expect((await listed('/api/fuel-expenses', 'dateFrom=2026-03-01&dateTo=2026-03-31')).sort()).toEqual(sortedIds(first, last));
    expect((await listed('/api/fuel-expenses', 'dateTo=2026-02-28')).sort()).toEqual(sortedIds(before));
    expect((await listed('/api/fuel-expenses', 'dateFrom=2026-04-01&type=Toll')).sort()).toEqual(sortedIds(after));
  });

  it('refuses a From after its To, and a date that is none, in words (page, total and export)', async () => {
    for (const path of [LOGS, `${LOGS}/total`, `${LOGS}/export`]) {
      const reversed = await client.get(`${path}?timestampFrom=2026-03-11&timestampTo=2026-03-10`);
      expect([reversed.status, reversed.body], path).toEqual([
        400,
        { title: 'Invalid Request', message: 'Timestamp from (2026-03-11) must not be after Timestamp to (2026-03-10).' },
      ]);
    }
    const cases: [string, string][] = [
      ['timestampFrom=10/03/2026', 'Timestamp from must be a date as YYYY-MM-DD.'],
      ['timestampTo=2026-02-30', 'Timestamp to must be a real calendar date.'],
      ['timestampTo=2026-03-10T00:00', 'Timestamp to must be a date as YYYY-MM-DD.'],
      [`timestampFrom=${'9'.repeat(5000)}`, 'Timestamp from must be a date as YYYY-MM-DD.'],
    ];
    for (const [query, message] of cases) {
      const res = await client.get(`${LOGS}?${query}`);
      expect([res.status, res.body], query).toEqual([400, { title: 'Invalid Request', message }]);
    }
    const year = await client.get(`${LOGS}?timestampFrom=0001-01-01`);
    expect([year.status, year.body.title]).toEqual([400, 'Invalid Request']);
    // Only the declared ranges exist.
    expect((await client.get(`${LOGS}?quantityFrom=2026-03-01`)).body).toEqual({ title: 'Invalid Request', message: 'Unknown parameter: quantityFrom.' });
  });

  it('exports exactly the rows of the same filters', async () => {
    const res = await client.get(`${LOGS}/export?timestampFrom=2026-03-10&timestampTo=2026-03-10&stationId=${stations[1].id}`);
    expect(res.status).toBe(200);
    const ids = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(ids).toEqual([logs.at2359.id, logs.firstMinute.id]);
  });
});

describe('refuelling log filters', () => {
  it('filters by station, vehicle and fuel type, alone and together', async () => {
    const { lastMinuteBefore, firstMinute, midday, at2359, lastInstant, nextMidnight } = logs;
    expect((await listed(LOGS, `stationId=${stations[1].id}`)).sort()).toEqual(sortedIds(firstMinute, at2359));
    expect((await listed(LOGS, `vehicleId=${vehicles[1].id}`)).sort()).toEqual(sortedIds(midday, at2359, nextMidnight));
    expect((await listed(LOGS, 'fuelType=Petrol')).sort()).toEqual(sortedIds(firstMinute, lastInstant));
    expect((await listed(LOGS, `vehicleId=${vehicles[0].id}&stationId=${stations[0].id}&fuelType=Diesel`)).sort()).toEqual(sortedIds(lastMinuteBefore));
    expect(await listed(LOGS, 'vehicleId=VEH0000ZZ')).toEqual([]);
  });

  it('refuses a fuel type no station sells, and offers no "values present" for a reference filter', async () => {
    const res = await client.get(`${LOGS}?fuelType=Kerosene`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Fuel Type must be one of /);
    expect((await client.get(`${LOGS}/values/vehicleId`)).status).toBe(404);
    expect((await client.get(`${LOGS}?vehicleId=${'V'.repeat(101)}`)).status).toBe(400);
  });
});

describe('N/A last', () => {
  it('sorts a blank optional text (N/A) after the others, ascending and descending', async () => {
    const job = (technician: string) =>
      kit.create('/api/maintenance', declaredBody(maintenanceArea.fields, { vehicles: vehicles[0].id }, { description: 'Brake pads', technician }));
    const [blank, anil, zubin] = [await job(''), await job('Anil Patil'), await job('Zubin Irani')];
    expect(await listed('/api/maintenance', 'sort=technician&order=asc')).toEqual([anil.id, zubin.id, blank.id]);
    expect(await listed('/api/maintenance', 'sort=technician&order=desc')).toEqual([zubin.id, anil.id, blank.id]);
  });

  it('sorts a date left empty (N/A) last, ascending and descending', async () => {
    const job = (completionDate: string | null) =>
      kit.create(
        '/api/maintenance',
        declaredBody(maintenanceArea.fields, { vehicles: vehicles[1].id }, { description: 'Oil change', technician: 'Completion', completionDate }),
      );
    const [none, early, late] = [await job(null), await job('2026-01-05'), await job('2026-02-05')];
    const ours = (ids: string[]) => ids.filter((id) => [none.id, early.id, late.id].includes(id));
    expect(ours(await listed('/api/maintenance', 'sort=completionDate&order=asc'))).toEqual([early.id, late.id, none.id]);
    expect(ours(await listed('/api/maintenance', 'sort=completionDate&order=desc'))).toEqual([late.id, early.id, none.id]);
  });
});

describe('compliance order', () => {
  it('lists newest first, and within Expires Soon or Expired the soonest expiry first; a chosen sort still wins', async () => {
    const today = todayIn('Asia/Kolkata');
    const doc = (documentName: string, expiryDate: string) =>
      kit.create('/api/compliance', declaredBody(complianceArea.fields, {}, { documentName, expiryDate, issueDate: null }));
    // Created in an order unlike their expiry dates.
    const soon20 = await doc('Permit A', addDays(today, 20));
    const soon5 = await doc('Permit B', addDays(today, 5));
    const expired3 = await doc('Permit C', addDays(today, -3));
    const valid = await doc('Permit D', addDays(today, 200));
    const expired40 = await doc('Permit E', addDays(today, -40));
    const soon12 = await doc('Permit F', addDays(today, 12));
    const t = `today=${today}`;
    expect(await listed('/api/compliance', t)).toEqual([soon12, expired40, valid, expired3, soon5, soon20].map((d) => d.id));
    expect(await listed('/api/compliance', `${t}&expiry=Expires%20Soon`)).toEqual([soon5, soon12, soon20].map((d) => d.id));
    expect(await listed('/api/compliance', `${t}&expiry=Expired`)).toEqual([expired40, expired3].map((d) => d.id));
    expect(await listed('/api/compliance', `${t}&expiry=Expires%20Soon&sort=expiryDate&order=desc`)).toEqual([soon20, soon12, soon5].map((d) => d.id));
    expect(await listed('/api/compliance', `${t}&expiry=Expired&sort=createdAt&order=desc`)).toEqual([expired40, expired3].map((d) => d.id));
    expect(await listed('/api/compliance', `${t}&sort=expiryDate&order=asc`)).toEqual([expired40, expired3, soon5, soon12, soon20, valid].map((d) => d.id));
    // The export follows the same default.
    const exported = await client.get(`/api/compliance/export?${t}&expiry=Expires%20Soon`);
    expect(
      exported.text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual([soon5, soon12, soon20].map((d) => d.id));
    // Documents filtered by their expiry date From–To.
    expect((await listed('/api/compliance', `expiryDateFrom=${addDays(today, 5)}&expiryDateTo=${addDays(today, 12)}`)).sort()).toEqual(
      sortedIds(soon5, soon12),
    );
  });
});
