import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastFullMonth, todayIn } from '@raahi/domain';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server';
import { costPerKmReport } from './cost-per-km';
import { fuelEconomyReport } from './fuel-economy';
import { kpiAnswer, kpiMonths } from './kpi';
import type { ReportDefinition } from './report';
import { tripProfitabilityReport } from './trip-profitability';

/**
 * The KPI dashboard (decision 0050) on figures computed by hand over Aug – Oct 2026 (the company's days, Asia/Kolkata),
 * and equal to the cost-per-km, fuel-economy and trip-profitability reports over each of those months.
 *
 * VEH-1's fuel fills (odometer 1 Aug 10,000 · 1 Sep 13,000 · 1 Oct 16,100 · 1 Nov 17,000): cost ₹5,000.00 in Aug,
 * ₹6,000.50 + a ₹2,500 job card in Sep, ₹4,000.25 in Oct; km 3,000, 3,100, 900. VEH-2's two Oct fills (₹9,000 and
 * ₹8,100, first reading 15 Oct: no km for October, left out of cost per km).
 *   cost per km  Aug 5000/3000 = 1.67 · Sep 8500.50/3100 = 2.74 · Oct 4000.25/900 = 4.44
 *   km/L         Aug — (the first fill only starts) · Sep 3000 km / 600 L = 5.0 · Oct (3100 + 450) / (400 + 90) = 7.2
 *   on time      Aug 1/1 = 100.0 · Sep 2 of 3 with an ETA = 66.7 · Oct 1 of 2 (one without an ETA left out) = 50.0
 *                (T3 ends 30 Sep 20:00 UTC = 1 Oct in India: an October delivery)
 *   margin       Aug 6999.50/10000 = 70.0 · Sep (7999.75 − 500.10)/20000.10 = 37.5 · Oct 4000/5000 = 80.0
 */
let server: TestServer;
let admin: TestClient;
const PASSWORD = 'Kpi-Password-2026';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn();
  for (const role of ['workshop', 'dispatcher']) await server.createUser({ username: `kpi-${role}`, password: PASSWORD, role });
  await server.database.exec(`
    INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status) VALUES
      ('VEH-1', 'Tata', 'Prima', 2022, 'VIN1', 'MH12KP0001', 'Truck', 'Active'), ('VEH-2', 'Ashok Leyland', 'Dost', 2022, 'VIN2', 'MH12KP0002', 'Truck', 'Active');
    INSERT INTO drivers (id, name, license, contact, email, status) VALUES ('DRV-1', 'Ramesh Kumar', 'L1', '9999999999', 'r@example.in', 'Active');
    INSERT INTO fuel_expenses (id, type, date, vehicle_id, amount, odometer, fuel_type, quantity) VALUES
      ('X1', 'Fuel', '2026-08-01', 'VEH-1', 5000.00, 10000, 'Diesel', 500), ('X2', 'Fuel', '2026-09-01', 'VEH-1', 6000.50, 13000, 'Diesel', 600),
      ('X3', 'Fuel', '2026-10-01', 'VEH-1', 4000.25, 16100, 'Diesel', 400), ('X4', 'Fuel', '2026-11-01', 'VEH-1', 3000, 17000, 'Diesel', 300),
      ('X5', 'Fuel', '2026-10-15', 'VEH-2', 9000, 5000, 'Diesel', 100), ('X6', 'Fuel', '2026-10-25', 'VEH-2', 8100, 5450, 'Diesel', 90);
    INSERT INTO maintenance_jobs (id, vehicle_id, job_type, description, scheduled_date, completion_date, status, cost) VALUES
      ('J1', 'VEH-1', 'Preventive', 'Oil', '2026-09-10', '2026-09-15', 'Completed', 2500);
    INSERT INTO trips (id, origin, destination, vehicle_id, driver_id, status, start_date, end_date, eta, freight, cost, distance_km) VALUES
      ('T1', 'Pune', 'Mumbai', 'VEH-1', 'DRV-1', 'Delivered', '2026-08-10T06:00:00Z', '2026-08-12T10:00:00Z', '2026-08-12T12:00:00Z', 10000.00, 3000.50, 150),
      ('T2', 'Pune', 'Mumbai', 'VEH-1', 'DRV-1', 'Delivered', '2026-09-05T06:00:00Z', '2026-09-07T10:00:00Z', '2026-09-07T09:00:00Z', 12000.00, 4000.25, 150),
      ('T3', 'Delhi', 'Jaipur', 'VEH-2', 'DRV-1', 'Delivered', '2026-09-20T06:00:00Z', '2026-09-30T20:00:00Z', '2026-10-01T00:00:00Z', 8000.10, 8500.20, 280),
      ('T4', 'Pune', 'Nashik', 'VEH-2', 'DRV-1', 'Delivered', '2026-09-25T06:00:00Z', '2026-09-26T10:00:00Z', '2026-09-27T10:00:00Z', NULL, 500.00, 200),
      ('T7', 'Pune', 'Nashik', 'VEH-2', 'DRV-1', 'Delivered', '2026-09-10T06:00:00Z', '2026-09-11T10:00:00Z', '2026-09-11T10:00:00Z', NULL, 0, 200),
      ('T5', 'Pune', 'Surat', 'VEH-1', 'DRV-1', 'Delivered', '2026-10-05T06:00:00Z', '2026-10-06T10:00:00Z', NULL, 5000, 1000, 300),
      ('T6', 'Pune', 'Surat', 'VEH-1', 'DRV-1', 'Delivered', '2026-10-18T06:00:00Z', '2026-10-20T10:00:00Z', '2026-10-19T10:00:00Z', NULL, 0, 300);
  `);
}, 120_000);
afterAll(() => server?.close());

const signedInAs = async (username: string) => {
  const client = new TestClient(server.url);
  expect((await client.login(username, PASSWORD)).status).toBe(200);
  return client;
};
const none = { costPerKm: null, kmPerLitre: null, onTimePercent: null, marginPercent: null };
const HAND = [
  { month: '2026-08', costPerKm: 1.67, kmPerLitre: null, onTimePercent: 100, marginPercent: 70 },
  { month: '2026-09', costPerKm: 2.74, kmPerLitre: 5, onTimePercent: 66.7, marginPercent: 37.5 },
  { month: '2026-10', costPerKm: 4.44, kmPerLitre: 7.2, onTimePercent: 50, marginPercent: 80 },
];

describe('KPI dashboard', () => {
  it('answers twelve months ending with `to`, oldest first, computed by hand', async () => {
    const res = await admin.get('/api/reports/kpi?to=2026-10');
    expect(res.status, res.text).toBe(200);
    expect(res.body.months).toHaveLength(12);
    expect(res.body.months.slice(0, 9)).toEqual(
      kpiMonths('2026-10')
        .slice(0, 9)
        .map((month) => ({ month, ...none })),
    );
    expect(res.body.months[0].month).toBe('2025-11');
    expect(res.body.months.slice(9)).toEqual(HAND);
    expect(res.body.notes.join(' ')).toContain('1 vehicle-month has no km');
  });

  it('agrees with the cost-per-km, fuel-economy and trip-profitability reports over each month, to the paisa', async () => {
    const total = async (report: ReportDefinition, from: string, to: string, key: string) =>
      (await report.run(server.database, { from, to, filters: {}, today: '2026-11-24', role: 'administrator', offset: 0, limit: 1 })).totals?.[key] ?? null;
    const answer = await kpiAnswer(server.database, 'administrator', '2026-10', '2026-11-24');
    for (const [from, to] of [
      ['2026-08-01', '2026-08-31'],
      ['2026-09-01', '2026-09-30'],
      ['2026-10-01', '2026-10-31'],
    ]) {
      const kpi = answer.months.find((m) => m.month === from.slice(0, 7));
      expect(
        {
          costPerKm: await total(costPerKmReport, from, to, 'costPerKm'),
          kmPerLitre: await total(fuelEconomyReport, from, to, 'kmPerLitre'),
          marginPercent: await total(tripProfitabilityReport, from, to, 'marginPercent'),
        },
        from,
      ).toEqual({ costPerKm: kpi?.costPerKm, kmPerLitre: kpi?.kmPerLitre, marginPercent: kpi?.marginPercent });
    }
  });

  it('defaults to the twelve months ending with the last full month', async () => {
    const res = await admin.get('/api/reports/kpi');
    expect(res.status, res.text).toBe(200);
    expect(res.body.months.at(-1).month).toBe(lastFullMonth(todayIn('Asia/Kolkata')).from.slice(0, 7));
  });

  it('is in the OpenAPI document', async () => {
    const doc = await admin.get('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths['/api/reports/kpi'])).toEqual(['get']);
  });

  it('refuses a bad to (422) and an unknown parameter (400)', async () => {
    for (const to of ['2026-13', '2026-1', '2026-001', 'x'.repeat(5000), '2026/10', '1899-12', '1900-11', '2201-01', '２０２６-10']) {
      const res = await admin.get(`/api/reports/kpi?to=${encodeURIComponent(to)}`);
      expect(res.status, to.slice(0, 20)).toBe(422);
    }
    expect((await admin.get('/api/reports/kpi?to=1900-12')).status).toBe(200);
    expect((await admin.get('/api/reports/kpi?from=2026-01')).status).toBe(400);
    expect((await admin.get('/api/reports/kpi?to=2026-10&to=2026-09')).status).toBe(400);
  });

  it('answers a role only the figures whose areas it may view, with a note; 403 to one that may view none', async () => {
    const dispatcher = await signedInAs('kpi-dispatcher');
    const res = await dispatcher.get('/api/reports/kpi?to=2026-10');
    expect(res.status, res.text).toBe(200);
    expect(res.body.months.slice(9)).toEqual(HAND.map(({ month, onTimePercent }) => ({ month, ...none, onTimePercent })));
    const notes = res.body.notes.join(' ');
    for (const figure of ['Cost per km: not shown', 'km/L: not shown', 'Margin: not shown']) expect(notes).toContain(figure);
    const workshop = await signedInAs('kpi-workshop');
    expect((await workshop.get('/api/reports/kpi')).status).toBe(403);
  });
});
