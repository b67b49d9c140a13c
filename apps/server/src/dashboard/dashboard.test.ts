import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, EXACT_COUNT_LIMIT, fuelExpensesArea, incidentsArea, maintenanceArea, partnerFuelStationsArea, refuelingLogsArea } from '@raahi/domain';
import { declaredBody } from '../testing/declared-body';
import { countFills, fuelEconomy, type Fill } from '@raahi/domain';
import type { Database } from '../db/client';

/** A small seeded generator (mulberry32), so that a failure can be run again. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
import { companyToday } from '../company-time';
import { seedDemo } from '../db/seed/demo';
import { fuelTotals, ON_TIME } from './dashboard';
import { startTestServer, TestClient, vehicleBody, type Json, type TestServer } from '../testing/test-server';

/**
 * GET /api/dashboard on seeded data: every number equals the total of the list its links name, and the
 * records behind it are the ones the issue describes (counted here straight from the tables).
 */
let server: TestServer;
let admin: TestClient;

const ZONE = 'Asia/Kolkata';
const count = async (where: string) => (await server.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${where}`))[0].n;
const dashboard = async (client: TestClient = admin) => {
  const res = await client.get('/api/dashboard');
  expect(res.status).toBe(200);
  return res.body as { today: string; timeZone: string; cards: Json[]; performance: Json[] };
};
const card = async (key: string, client?: TestClient) => (await dashboard(client)).cards.find((c) => c.key === key);

/** The list a number links to: its total, and its first page read through the list API with the same filters. */
async function listOf(href: string, area: string) {
  const params = href.slice(href.indexOf('?'));
  const total = await admin.get(`/api/${area}/total${params}`);
  const page = await admin.get(`/api/${area}${params}&pageSize=100`);
  expect([total.status, page.status]).toEqual([200, 200]);
  return { total: total.body.total as number, items: page.body.items as Json[] };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn();
  await seedDemo(server.database, {
    vehicles: 80,
    drivers: 40,
    trips: 200,
    maintenance: 120,
    incidents: 40,
    expenses: 200,
    fuelStations: 5,
    refuelingLogs: 150,
    seed: 18,
  });
}, 120_000);
afterAll(() => server?.close());

describe('GET /api/dashboard', () => {
  it('answers every card and sub-line as { key, title, value, detail, href, totalUrl }, each the total of its own list', async () => {
    const answer = await dashboard();
    expect(answer.today).toBe(companyToday());
    expect(answer.timeZone).toBe(ZONE);
    expect(answer.cards.map((c) => [c.key, c.title])).toEqual([
      ['totalVehicles', 'Total Vehicles'],
      ['activeDrivers', 'Active Drivers'],
      ['pendingMaintenance', 'Pending Maintenance'],
      ['openIncidents', 'Open Incidents'],
    ]);
    for (const number of answer.cards.flatMap((c) => [c, c.sub])) {
      expect(Object.keys(number)).toEqual(expect.arrayContaining(['key', 'title', 'value', 'detail', 'href', 'totalUrl']));
      const total = await admin.get(number.totalUrl);
      expect([number.key, total.status, total.body]).toEqual([number.key, 200, { total: number.value, totalIsEstimate: false }]);
      expect(number.value).toBeLessThan(EXACT_COUNT_LIMIT);
    }
    const [vehicles, drivers, maintenance, incidents] = answer.cards;
    expect(vehicles.sub.detail).toBe(`+${vehicles.sub.value} this month`);
    expect(drivers.sub.detail).toBe(`+${drivers.sub.value} new`);
    expect(maintenance.sub.detail).toBe(`${maintenance.sub.value} overdue`);
    expect(incidents.sub.detail).toBe(`${incidents.sub.value} critical`);
  });

  it('counts the records the issue names, straight from the tables, and the linked lists show exactly them', async () => {
    const today = companyToday();
    const monthStart = `date_trunc('month', '${today}'::date::timestamp)`;
    const [vehicles, drivers, maintenance, incidents] = (await dashboard()).cards;
    expect(vehicles.value).toBe(await count(`vehicles WHERE status <> 'Sold'`));
    expect(vehicles.sub.value).toBe(await count(`vehicles WHERE status <> 'Sold' AND created_at >= ${monthStart} AT TIME ZONE '${ZONE}'`));
    expect(drivers.value).toBe(await count(`drivers WHERE status = 'Active'`));
    expect(drivers.sub.value).toBe(
      await count(`drivers WHERE status = 'Active' AND joining_date >= ${monthStart}::date AND joining_date < (${monthStart} + interval '1 month')::date`),
    );
    expect(maintenance.value).toBe(await count(`maintenance_jobs WHERE status IN ('Scheduled', 'In Progress', 'On Hold')`));
    expect(maintenance.sub.value).toBe(await count(`maintenance_jobs WHERE status IN ('Scheduled', 'In Progress', 'On Hold') AND scheduled_date < '${today}'`));
    expect(incidents.value).toBe(await count(`incidents WHERE status NOT IN ('Resolved', 'Closed')`));
    expect(incidents.sub.value).toBe(await count(`incidents WHERE status NOT IN ('Resolved', 'Closed') AND severity = 'Critical'`));
    // The counts the database keeps from the seeded records (decision 0046), fuel fills' sums included, equal the tables'.
    expect(await server.database.query('SELECT * FROM record_counts_wrong()')).toEqual([]);
    expect((await server.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM record_counts WHERE counted = 'fuel-fills'`))[0].n).toBeGreaterThan(0);
    // The seeded fleet has some of each, so that these comparisons say something.
    expect(Math.min(vehicles.value, drivers.value, maintenance.value, maintenance.sub.value, incidents.value)).toBeGreaterThan(0);

    const overdue = await listOf(maintenance.sub.href, 'maintenance');
    expect(overdue.total).toBe(maintenance.sub.value);
    for (const job of overdue.items) {
      expect(['Scheduled', 'In Progress', 'On Hold']).toContain(job.status);
      expect(job.scheduledDate < today).toBe(true);
    }
    const open = await listOf(incidents.href, 'incidents');
    expect(open.total).toBe(incidents.value);
    expect(open.items.every((incident) => !['Resolved', 'Closed'].includes(incident.status))).toBe(true);
    const critical = await listOf(incidents.sub.href, 'incidents');
    expect(critical.items.every((incident) => incident.severity === 'Critical')).toBe(true);
    expect(vehicles.href).toBe('/vehicle-management?fleet=In+Fleet');
    expect(maintenance.sub.totalUrl).toBe('/api/maintenance/total?overdue=Overdue');
  });

  it('moves with the records at the edges: overdue is scheduled before today, this month starts at 00:00 in the company’s zone', async () => {
    const today = companyToday();
    const before = await card('pendingMaintenance');
    const vehicle = (await admin.post('/api/vehicles', vehicleBody({ licensePlate: 'MH14ZZ0001' }))).body;
    const job = async (status: string, scheduledDate: string) =>
      expect(
        (
          await admin.post(
            '/api/maintenance',
            declaredBody(maintenanceArea.fields, { vehicles: vehicle.id }, { description: 'Brake check', status, scheduledDate }),
          )
        ).status,
      ).toBe(201);
    await job('Scheduled', addDays(today, -1));
    await job('On Hold', addDays(today, -30));
    await job('In Progress', today);
    await job('Completed', addDays(today, -3));
    await job('Cancelled', addDays(today, -3));
    const after = await card('pendingMaintenance');
    expect([after.value - before.value, after.sub.value - before.sub.value]).toEqual([3, 2]);

    // A vehicle created at the first instant of the month (company's zone) is this month's; one a microsecond before is not.
    const vehiclesBefore = await card('totalVehicles');
    const first = (await admin.post('/api/vehicles', vehicleBody({ licensePlate: 'MH14ZZ0002' }))).body;
    const last = (await admin.post('/api/vehicles', vehicleBody({ licensePlate: 'MH14ZZ0003' }))).body;
    const sold = (await admin.post('/api/vehicles', vehicleBody({ licensePlate: 'MH14ZZ0004', status: 'Sold' }))).body;
    const monthStart = `(date_trunc('month', '${today}'::date::timestamp) AT TIME ZONE '${ZONE}')`;
    await server.database.query(`UPDATE vehicles SET created_at = ${monthStart} WHERE id = $1`, [first.id]);
    await server.database.query(`UPDATE vehicles SET created_at = ${monthStart} - interval '1 microsecond' WHERE id = $1`, [last.id]);
    const vehiclesAfter = await card('totalVehicles');
    // first (this month) and last (last month); sold is out of the fleet.
    expect([vehiclesAfter.value - vehiclesBefore.value, vehiclesAfter.sub.value - vehiclesBefore.sub.value]).toEqual([2, 1]);
    expect(sold.status).toBe('Sold');

    const incidentsBefore = await card('openIncidents');
    const incident = (status: string, severity: string) =>
      admin.post('/api/incidents', declaredBody(incidentsArea.fields, {}, { type: 'Other', severity, status, location: 'NH 48', description: 'Test' }));
    for (const [status, severity] of [
      ['Open', 'Critical'],
      ['Action Pending', 'Critical'],
      ['Investigating', 'Low'],
      ['Resolved', 'Critical'],
      ['Closed', 'Critical'],
    ])
      expect((await incident(status, severity)).status).toBe(201);
    const incidentsAfter = await card('openIncidents');
    expect([incidentsAfter.value - incidentsBefore.value, incidentsAfter.sub.value - incidentsBefore.sub.value]).toEqual([3, 2]);
  });

  it('gives on-time delivery over the trips delivered in the last 30 days that had an ETA, linked to the on-time list', async () => {
    const { performance } = await dashboard();
    const onTime = performance.find((p) => p.key === 'onTimeDelivery');
    const today = companyToday();
    const window = `status = 'Delivered' AND eta IS NOT NULL AND end_date >= ('${addDays(today, -29)}'::date)::timestamp AT TIME ZONE '${ZONE}' AND end_date < ('${today}'::date + 1)::timestamp AT TIME ZONE '${ZONE}'`;
    const [good, all] = [await count(`trips WHERE ${window} AND end_date <= eta`), await count(`trips WHERE ${window}`)];
    expect(onTime).toMatchObject({
      title: 'On-time Delivery',
      value: all ? Math.round((100 * good) / all) : null,
      href: '/fleet-management?delivery=On+Time+%2830d%29',
    });
    expect(onTime.detail).toBe(all ? `${onTime.value}%` : 'N/A');
    expect((await admin.get(onTime.totalUrl)).body.total).toBe(good);
    expect((await admin.get(`/api/trips/total?${new URLSearchParams(ON_TIME.delivered)}`)).body).toEqual({ total: all, totalIsEstimate: false });
  });

  it('answers only the areas the role may view: a workshop sees vehicles, maintenance and incidents, no drivers, trips or fuel', async () => {
    await server.createUser({ username: 'workshop1', password: 'workshop-password-1', role: 'workshop' });
    const workshop = new TestClient(server.url);
    expect((await workshop.login('workshop1', 'workshop-password-1')).status).toBe(200);
    const answer = await dashboard(workshop);
    expect(answer.cards.map((c) => c.key)).toEqual(['totalVehicles', 'pendingMaintenance', 'openIncidents']);
    expect(answer.performance).toEqual([]);
    for (const c of answer.cards) expect((await workshop.get(c.totalUrl)).body.total).toBe(c.value);
    expect((await workshop.get('/api/drivers/total?status=Active')).status).toBe(403);

    await server.createUser({ username: 'accounts1', password: 'accounts-password-1', role: 'accounts' });
    const accounts = new TestClient(server.url);
    expect((await accounts.login('accounts1', 'accounts-password-1')).status).toBe(200);
    const theirs = await dashboard(accounts);
    expect(theirs.cards.map((c) => c.key)).toEqual(['totalVehicles']);
    expect(theirs.performance.map((p) => p.key)).toEqual(['onTimeDelivery', 'fuelEconomy']);
  });

  it('needs a session', async () => {
    expect((await server.client().get('/api/dashboard')).status).toBe(401);
  });
});

describe('the dashboard past the exact-count cap', () => {
  let fresh: TestServer;
  beforeAll(async () => {
    fresh = await startTestServer();
  });
  afterAll(() => fresh?.close());

  it('answers exact numbers from the kept counts, as their lists do: 50,001 open incidents, 20,000 of them critical', async () => {
    const client = await fresh.signedIn();
    const first = await client.post(
      '/api/incidents',
      declaredBody(
        incidentsArea.fields,
        {},
        { location: 'NH 48, Khalapur', description: 'Tyre burst', severity: 'Critical', status: 'Open', vehicleId: null, driverId: null, images: [] },
      ),
    );
    expect(first.status).toBe(201);
    // Copies of it in one statement (a bulk import), a part of them made Low.
    await fresh.database.exec(`CREATE TEMP TABLE copied AS SELECT i.*, g FROM incidents i, generate_series(1, ${EXACT_COUNT_LIMIT}) g;
      UPDATE copied SET id = id || 'B' || g, severity = CASE WHEN g > 19999 THEN 'Low' ELSE severity END;
      ALTER TABLE copied DROP COLUMN g;
      INSERT INTO incidents SELECT * FROM copied; DROP TABLE copied;`);
    const card = (await client.get('/api/dashboard')).body.cards.find((c: Json) => c.key === 'openIncidents');
    expect([card.value, card.totalIsEstimate, card.detail, card.sub.value, card.sub.detail]).toEqual([
      EXACT_COUNT_LIMIT + 1,
      false,
      '50,001',
      20_000,
      '20,000 critical',
    ]);
    expect((await client.get(card.totalUrl)).body).toEqual({ total: EXACT_COUNT_LIMIT + 1, totalIsEstimate: false });
    expect((await client.get(card.sub.totalUrl)).body).toEqual({ total: 20_000, totalIsEstimate: false });
    // A search is not among what the counts answer: its total is the capped count, the estimate marked.
    expect((await client.get('/api/incidents/total?open=Open&q=Tyre')).body).toMatchObject({ totalIsEstimate: true });
  }, 120_000);
});

describe('fuel economy on the dashboard', () => {
  let fresh: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    fresh = await startTestServer();
    client = await fresh.signedIn();
  });
  afterAll(() => fresh?.close());
  const fuelBody = (overrides: Record<string, unknown>) =>
    declaredBody(
      fuelExpensesArea.fields,
      {},
      { type: 'Fuel', date: companyToday(), tripId: null, fuelType: 'Diesel', quantity: 10, pricePerUnit: 90, amount: null, ...overrides },
    );
  const economy = async () => (await client.get('/api/dashboard')).body.performance.find((p: Json) => p.key === 'fuelEconomy');

  it("is N/A with nothing to compute from, then Σkm ÷ Σlitres of the last 30 days' full fills, each from the vehicle's fill before it, partial fills carried", async () => {
    expect(await economy()).toMatchObject({ title: 'Avg Fuel Eco', value: null, detail: 'N/A' });
    const today = companyToday();
    const vehicle = (await client.post('/api/vehicles', vehicleBody())).body;
    const other = (await client.post('/api/vehicles', vehicleBody())).body;
    const expense = async (date: string, odometer: number, quantity: number, more: Record<string, unknown> = {}) => {
      const res = await client.post('/api/fuel-expenses', fuelBody({ date, vehicleId: vehicle.id, quantity, odometer, ...more }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    // The vehicle's first fill, before the window (30 days: today and the 29 before): it only sets the start.
    await expense(addDays(today, -30), 9_600, 300);
    expect((await economy()).detail).toBe('N/A');
    // The window's first fill counts from it: 400 km on 80 L.
    await expense(addDays(today, -29), 10_000, 80);
    expect(await economy()).toMatchObject({ value: 5, detail: '5.0 km/L' });
    // A partial fill (carried), then a full one: 500 km on 100 L more.
    const partial = await expense(addDays(today, -20), 10_200, 40, { partialFill: true });
    expect(partial.partialFill).toBe(true);
    expect((await economy()).detail).toBe('5.0 km/L');
    await expense(addDays(today, -10), 10_500, 60);
    // 900 km on 180 L.
    expect(await economy()).toMatchObject({ value: 5, detail: '5.0 km/L' });
    // A refuelling log of the same fill (same vehicle and odometer) is not counted twice; CNG is never counted.
    const created = await client.post(
      '/api/partner-fuel-stations',
      declaredBody(partnerFuelStationsArea.fields, {}, { stationName: 'IOCL Khed', address: 'Khed Shivapur', gpsLocation: '18.3,73.8' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const station = created.body;
    const log = await client.post(
      '/api/refueling-logs',
      declaredBody(
        refuelingLogsArea.fields,
        { vehicles: vehicle.id, 'partner-fuel-stations': station.id },
        { driverId: null, quantity: 60, rate: 90, timestamp: new Date(`${addDays(today, -10)}T06:00:00Z`).toISOString(), odometer: 10_500 },
      ),
    );
    expect(log.status, JSON.stringify(log.body)).toBe(201);
    expect(log.body.partialFill).toBe(false);
    await expense(addDays(today, -5), 10_900, 20, { fuelType: 'CNG' });
    expect((await economy()).value).toBe(5);
    // Another vehicle: 220 km on 100 L → (900 + 220) / (180 + 100) = 4, not the mean of 5 and 2.2.
    const add = (date: string, odometer: number, quantity: number) =>
      client.post('/api/fuel-expenses', fuelBody({ date, vehicleId: other.id, fuelType: 'Petrol', quantity, odometer }));
    expect((await add(addDays(today, -8), 50_000, 70)).status).toBe(201);
    expect((await add(today, 50_220, 100)).status).toBe(201);
    expect(await economy()).toMatchObject({ value: 4, detail: '4.0 km/L' });
  });

  it('exports Partial Fill as Yes or No and refuses a value that is not true or false', async () => {
    const csv = await client.get('/api/fuel-expenses/export');
    const [header, ...lines] = csv.text
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    const column = header.split(',').indexOf('Partial Fill');
    expect(column).toBeGreaterThan(0);
    expect(new Set(lines.map((line) => line.split(',')[column]))).toEqual(new Set(['Yes', 'No']));
    const vehicle = (await client.post('/api/vehicles', vehicleBody())).body;
    const bad = await client.post('/api/fuel-expenses', fuelBody({ vehicleId: vehicle.id, partialFill: 'yes' }));
    expect(bad.status).toBe(400);
    // Left out, it is false (a client that predates it saves as before).
    const { partialFill, ...older } = fuelBody({ vehicleId: vehicle.id, odometer: 5 });
    expect(partialFill).toBe(false);
    const saved = await client.post('/api/fuel-expenses', older);
    expect([saved.status, saved.body.partialFill]).toEqual([201, false]);
    // Hidden for other expenses, and stored false.
    const toll = await client.post('/api/fuel-expenses', fuelBody({ type: 'Toll', amount: 120, quantity: null, pricePerUnit: null, partialFill: true }));
    expect([toll.status, toll.body.partialFill]).toEqual([201, false]);
  });
});

describe('fuel economy in SQL', () => {
  let other: TestServer;
  let client: TestClient;
  let stationId = '';
  beforeAll(async () => {
    other = await startTestServer();
    client = await other.signedIn();
    stationId = (
      await client.post(
        '/api/partner-fuel-stations',
        declaredBody(partnerFuelStationsArea.fields, {}, { stationName: 'BPCL Vashi', address: 'Vashi', gpsLocation: '19.07,72.99' }),
      )
    ).body.id;
  });
  afterAll(() => other?.close());
  const fuelBody = (overrides: Record<string, unknown>) =>
    declaredBody(
      fuelExpensesArea.fields,
      {},
      { type: 'Fuel', date: companyToday(), tripId: null, fuelType: 'Diesel', quantity: 10, pricePerUnit: 90, amount: null, ...overrides },
    );

  it('the database keeps what the domain function counts, on random fills of many vehicles written, edited and deleted', async () => {
    const today = companyToday();
    const window = { from: addDays(today, -29), to: today };
    const random = seeded(18);
    const fills: (Fill & { id: string; version: number; date: string })[] = [];
    const write = async (fill: Omit<(typeof fills)[number], 'id' | 'version'>, existing?: { id: string; version: number }) => {
      const body =
        fill.source === 'expense'
          ? fuelBody({
              date: fill.date,
              vehicleId: fill.vehicleId,
              fuelType: fill.fuelType,
              quantity: fill.litres,
              odometer: fill.odometer,
              partialFill: fill.partial,
            })
          : declaredBody(
              refuelingLogsArea.fields,
              { vehicles: fill.vehicleId, 'partner-fuel-stations': stationId },
              {
                driverId: null,
                fuelType: fill.fuelType,
                quantity: fill.litres,
                rate: 90,
                timestamp: `${fill.date}T06:00:00.000Z`,
                odometer: fill.odometer,
                partialFill: fill.partial,
              },
            );
      const path = fill.source === 'expense' ? '/api/fuel-expenses' : '/api/refueling-logs';
      const res = existing ? await client.put(`${path}/${existing.id}`, { ...body, version: existing.version }) : await client.post(path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(existing ? 200 : 201);
      return { ...fill, id: res.body.id as string, version: res.body.version as number };
    };
    for (let v = 0; v < 6; v++) {
      const vehicle = (await client.post('/api/vehicles', vehicleBody())).body;
      let odometer = 20_000 + Math.floor(random() * 1000);
      for (let i = 0; i < 8; i++) {
        odometer += random() < 0.15 ? 0 : Math.floor(random() * 600);
        // Some before the window: they count in none of it, but set the start of what follows.
        const date = addDays(today, -Math.floor(random() * 45));
        const source = random() < 0.5 ? ('expense' as const) : ('log' as const);
        fills.push(
          await write({
            vehicleId: vehicle.id,
            odometer,
            litres: Math.round(10 + random() * 150),
            partial: random() < 0.3,
            source,
            fuelType: random() < 0.1 ? 'CNG' : 'Diesel',
            date,
            day: date,
          }),
        );
      }
    }
    const compare = async () => {
      const expected = fuelEconomy(fills, window);
      const totals = await fuelTotals(other.database, today);
      expect(expected.fills).toBeGreaterThan(3);
      expect(totals.km).toBe(expected.km);
      expect(totals.litres).toBeCloseTo(expected.litres, 6);
      // Each fill as kept, against the domain's count of it.
      for (const vehicleId of new Set(fills.map((f) => f.vehicleId)))
        expect(await keptFills(other.database, vehicleId)).toEqual(countedFills(fills.filter((f) => f.vehicleId === vehicleId)));
      return expected;
    };
    await compare();
    // Edits that move a fill along the odometer, make it partial or full, change its litres; then deletes.
    for (let i = 0; i < 12; i++) {
      const at = Math.floor(random() * fills.length);
      const fill = fills[at];
      const changed = {
        ...fill,
        odometer: Math.max(0, fill.odometer + Math.floor(random() * 900) - 450),
        partial: random() < 0.4,
        litres: Math.round(10 + random() * 150),
      };
      fills[at] = await write(changed, fill);
    }
    await compare();
    for (let i = 0; i < 6; i++) {
      const [gone] = fills.splice(Math.floor(random() * fills.length), 1);
      expect((await client.del(`${gone.source === 'expense' ? '/api/fuel-expenses' : '/api/refueling-logs'}/${gone.id}`)).status).toBe(204);
    }
    const expected = await compare();
    const shown = (await client.get('/api/dashboard')).body.performance.find((p: Json) => p.key === 'fuelEconomy');
    expect(shown.value).toBe(Math.round(expected.kmPerLitre! * 10) / 10);
    // A bulk statement (a seed, an import) makes its vehicles' fills whole at once: the same rows as written one by one.
    const kept = `SELECT vehicle_id, odometer, expense_litres, log_litres, partial, expense_day::text, log_at, km, litres FROM fuel_fills ORDER BY vehicle_id, odometer`;
    const oneByOne = await other.database.query(kept);
    expect(oneByOne.length).toBeGreaterThan(20);
    await other.database.query(`SELECT fuel_fills_rebuild_vehicles(array_agg(DISTINCT vehicle_id)) FROM fuel_fills`);
    expect(await other.database.query(kept)).toEqual(oneByOne);
    // And a statement of many records takes that way: every odometer moved by 1 km in one UPDATE, the counts unchanged.
    await other.database.query(`UPDATE fuel_expenses SET odometer = odometer + 1 WHERE odometer IS NOT NULL`);
    await other.database.query(`UPDATE refueling_logs SET odometer = odometer + 1 WHERE odometer IS NOT NULL`);
    expect((await fuelTotals(other.database, today)).km).toBe(expected.km);
    // The fleet's figure is read from sums kept by day (decision 0046): equal to the fills' own.
    expect(await other.database.query('SELECT * FROM record_counts_wrong()')).toEqual([]);
  });
});

/** A vehicle's fills as the database keeps them, and as countFills() counts them (the same shape). */
const keptFills = (database: Database, vehicleId: string) =>
  database.query<{ odometer: number; km: number | null; litres: number | null }>(
    `SELECT odometer, km, litres FROM fuel_fills WHERE vehicle_id = $1 ORDER BY odometer`,
    [vehicleId],
  );
const countedFills = (fills: readonly Fill[]) => countFills(fills).map((f) => ({ odometer: f.odometer, km: f.km, litres: f.countedLitres }));

describe('fuel fills written at once', () => {
  let fresh: TestServer;
  beforeAll(async () => {
    fresh = await startTestServer();
  });
  afterAll(() => fresh?.close());

  it('two fills of one vehicle saved at the same time count as if one came after the other (on PostgreSQL, two connections)', async () => {
    const client = await fresh.signedIn();
    const vehicleId = (await client.post('/api/vehicles', vehicleBody())).body.id as string;
    let n = 0;
    const insert = (tx: Database, odometer: number, litres: number) =>
      tx.query(
        `INSERT INTO fuel_expenses (id, type, date, vehicle_id, fuel_type, quantity, price_per_unit, amount, odometer) VALUES ($1, 'Fuel', $2::date, $3, 'Diesel', $4::float8, 90, $4::numeric * 90, $5::integer)`,
        [`EXPCONCURRENT${++n}`, companyToday(), vehicleId, litres, odometer],
      );
    await fresh.database.transaction(async (tx) => {
      await insert(tx, 1_000, 50);
      await insert(tx, 1_300, 90);
    });
    const slowly = (odometer: number, litres: number) =>
      fresh.database.transaction(async (tx) => {
        await insert(tx, odometer, litres);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
    // Between the two: each changes what the other counts from. Then one reading twice (one purchase, two records).
    await Promise.all([slowly(1_100, 30), slowly(1_200, 30)]);
    await Promise.all([slowly(1_500, 60), slowly(1_500, 40)]);
    const fills: Fill[] = [
      [1_000, 50],
      [1_300, 90],
      [1_100, 30],
      [1_200, 30],
      [1_500, 60],
      [1_500, 40],
    ].map(([odometer, litres]) => ({ vehicleId, odometer, litres, partial: false, source: 'expense' }));
    expect(await keptFills(fresh.database, vehicleId)).toEqual(countedFills(fills));
    expect(await keptFills(fresh.database, vehicleId)).toEqual([
      { odometer: 1_000, km: null, litres: null },
      { odometer: 1_100, km: 100, litres: 30 },
      { odometer: 1_200, km: 100, litres: 30 },
      { odometer: 1_300, km: 100, litres: 90 },
      { odometer: 1_500, km: 200, litres: 100 },
    ]);
  });
});
