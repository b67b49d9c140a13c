import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, challansArea, fuelExpensesArea, ordersArea, partnerFuelStationsArea, refuelingLogsArea, tripsArea, type AnyField } from '@raahi/domain';
import { declaredBody } from '../testing/declared-body';
import { driverBody, startTestServer, tripBody, vehicleBody, type Json, type TestClient, type TestServer } from '../testing/test-server';
import { recomputedCosts } from './trip-cost';

/**
 * A trip's money (issue 19, decision 0041): freight, distance and sales order on the trip; its cost the stored sum of
 * the records that carry it, kept in each write's transaction and equal to a recomputation; margin and per km.
 */
let server: TestServer;
let client: TestClient;
let vehicle: Json;
let otherVehicle: Json;
let driver: Json;
let station: Json;
let order: Json;

const created = async (path: string, body: Record<string, unknown>) => {
  const res = await client.post(path, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body as Json;
};
const trip = (overrides: Record<string, unknown> = {}, v: Json = vehicle) =>
  created('/api/trips', tripBody(v.id, driver.id, { status: 'Delivered', ...overrides }));
const expense = (overrides: Record<string, unknown>) =>
  created('/api/fuel-expenses', {
    type: 'Toll',
    date: '2026-11-20',
    vehicleId: vehicle.id,
    tripId: null,
    fuelType: '',
    quantity: null,
    pricePerUnit: null,
    amount: null,
    odometer: null,
    vendor: '',
    gpsLocation: '',
    description: '',
    ...overrides,
  });
const refuel = (overrides: Record<string, unknown>) =>
  created(
    '/api/refueling-logs',
    declaredBody(
      refuelingLogsArea.fields,
      { vehicles: vehicle.id, 'partner-fuel-stations': station.id },
      { quantity: 50, rate: 92.5, timestamp: '2026-11-20T06:00:00.000Z', odometer: null, ...overrides },
    ),
  );
const challan = (overrides: Record<string, unknown>) =>
  created('/api/challans', declaredBody(challansArea.fields, { vehicles: vehicle.id }, { date: '2026-11-20', amount: 2000, paidDate: null, ...overrides }));
/** An edit's body: the record's fields as read, the changes, and the version it edits. */
const edit = (fields: Record<string, AnyField>, record: Json, changes: Record<string, unknown>) => ({
  ...Object.fromEntries(Object.keys(fields).map((name) => [name, record[name]])),
  ...changes,
  version: record.version,
});
const read = async (id: string) => (await client.get(`/api/trips/${id}`)).body as Json;

/** Every trip's stored cost equals the sum of its records' amounts. */
async function expectCostsRecomputed() {
  const costs = await recomputedCosts(server.database);
  expect(costs.size).toBeGreaterThan(0);
  for (const [id, { stored, recomputed }] of costs) expect(stored, `trip ${id}`).toBe(recomputed);
}

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  vehicle = await created('/api/vehicles', vehicleBody());
  otherVehicle = await created('/api/vehicles', vehicleBody());
  driver = await created('/api/drivers', driverBody());
  station = await created(
    '/api/partner-fuel-stations',
    declaredBody(partnerFuelStationsArea.fields, {}, { stationName: 'HP Khed Shivapur', gpsLocation: '18.3530,73.8550' }),
  );
  order = await created('/api/sales-orders', declaredBody(ordersArea.fields, {}, { customerName: 'Reliance Retail Ltd.', finalAmount: 33500 }));
});
afterAll(() => server?.close());

describe("a trip's money", () => {
  it('is hand-computed: ₹33,500 freight, 100 L × ₹90, three tolls ₹1,850, bhatta ₹1,200, hamali ₹800, 280 km', async () => {
    const t = await trip({ freight: 33500, distanceKm: 280, salesOrderId: order.id });
    expect(t).toMatchObject({
      freight: 33500,
      distanceKm: 280,
      salesOrderId: order.id,
      salesOrderLabel: `${order.id} — Reliance Retail Ltd.`,
      customerName: 'Reliance Retail Ltd.',
      cost: 0,
      margin: 33500,
    });
    await expense({ type: 'Fuel', tripId: t.id, fuelType: 'Diesel', quantity: 100, pricePerUnit: 90 });
    const tolls = [await expense({ tripId: t.id, amount: 600 }), await expense({ tripId: t.id, amount: 650 }), await expense({ tripId: t.id, amount: 600 })];
    await expense({ type: 'Meal', tripId: t.id, amount: 1200, description: 'Bhatta' });
    await expense({ type: 'Other', tripId: t.id, amount: 800, description: 'Hamali' });
    const money = await read(t.id);
    expect(money).toMatchObject({ cost: 12850, margin: 20650, costPerKm: 45.89, revenuePerKm: 119.64 });
    // The list row carries the same money.
    const list = await client.get(`/api/trips?q=${t.id}`);
    expect(list.body.items[0]).toMatchObject({ id: t.id, cost: 12850, margin: 20650, costPerKm: 45.89, revenuePerKm: 119.64 });

    // Moving a toll to another trip moves its cost; deleting it removes it.
    const other = await trip({ freight: 5000, distanceKm: 40 });
    const toll = tolls[1];
    const moved = await client.put(`/api/fuel-expenses/${toll.id}`, edit(fuelExpensesArea.fields, toll, { tripId: other.id }));
    expect(moved.status).toBe(200);
    expect(await read(t.id)).toMatchObject({ cost: 12200, margin: 21300 });
    expect(await read(other.id)).toMatchObject({ cost: 650, margin: 4350, costPerKm: 16.25, revenuePerKm: 125 });
    // Changing its amount moves the cost by the difference.
    const changed = await client.put(`/api/fuel-expenses/${toll.id}`, edit(fuelExpensesArea.fields, moved.body, { amount: 700 }));
    expect(changed.status).toBe(200);
    expect((await read(other.id)).cost).toBe(700);
    expect((await client.del(`/api/fuel-expenses/${toll.id}`)).status).toBe(204);
    expect(await read(other.id)).toMatchObject({ cost: 0, margin: 5000 });
    expect((await read(t.id)).cost).toBe(12200);
    await expectCostsRecomputed();
  });

  it('is null where an input is missing, never a made-up zero', async () => {
    const t = await trip();
    expect(t).toMatchObject({ freight: null, distanceKm: null, cost: 0, margin: null, costPerKm: null, revenuePerKm: null });
    await expense({ tripId: t.id, amount: 500 });
    expect(await read(t.id)).toMatchObject({ cost: 500, margin: null, costPerKm: null, revenuePerKm: null });
    const withKm = await client.put(`/api/trips/${t.id}`, edit(tripsArea.fields, await read(t.id), { distanceKm: 100 }));
    expect(withKm.body).toMatchObject({ cost: 500, margin: null, costPerKm: 5, revenuePerKm: null });
  });

  it('counts refuelling logs and challans linked to the trip, through edits, moves and deletes', async () => {
    const a = await trip({ freight: 40000, distanceKm: 500 });
    const b = await trip({ freight: 10000 });
    const log = await refuel({ tripId: a.id });
    const fine = await challan({ tripId: a.id, amount: 2000 });
    expect((await read(a.id)).cost).toBe(4625 + 2000);
    const edited = await client.put(`/api/refueling-logs/${log.id}`, edit(refuelingLogsArea.fields, log, { quantity: 60 }));
    expect(edited.status).toBe(200);
    expect((await read(a.id)).cost).toBe(5550 + 2000);
    expect((await client.put(`/api/challans/${fine.id}`, edit(challansArea.fields, fine, { tripId: b.id }))).status).toBe(200);
    expect([(await read(a.id)).cost, (await read(b.id)).cost]).toEqual([5550, 2000]);
    expect((await client.del(`/api/refueling-logs/${log.id}`)).status).toBe(204);
    expect((await client.del(`/api/challans/${fine.id}`)).status).toBe(204);
    expect([(await read(a.id)).cost, (await read(b.id)).cost]).toEqual([0, 0]);
    await expectCostsRecomputed();
  });

  it('loses no update under parallel writes to one trip', async () => {
    const t = await trip({ freight: 100000 });
    const amounts = Array.from({ length: 16 }, (_, i) => 100 + i * 7.25);
    const saved = await Promise.all(amounts.map((amount) => expense({ tripId: t.id, amount })));
    const total = amounts.reduce((sum, a) => sum + a, 0);
    expect((await read(t.id)).cost).toBeCloseTo(total, 2);
    // Edits and deletes in parallel too.
    await Promise.all(
      saved.slice(0, 8).map((e) => client.put(`/api/fuel-expenses/${e.id}`, edit(fuelExpensesArea.fields, e, { amount: Number(e.amount) + 10 }))),
    );
    await Promise.all(saved.slice(8, 12).map((e) => client.del(`/api/fuel-expenses/${e.id}`)));
    await expectCostsRecomputed();
  });

  it('keeps fields added after the specification when a client of the specified API edits the trip', async () => {
    const t = await trip({ freight: 20000, distanceKm: 300, salesOrderId: order.id });
    const specified = Object.fromEntries(Object.entries(tripBody(vehicle.id, driver.id, { status: 'Delivered', notes: 'edited' })));
    const res = await client.put(`/api/trips/${t.id}`, { ...specified, version: t.version });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ notes: 'edited', freight: 20000, distanceKm: 300, salesOrderId: order.id });
  });

  it('takes the distance from the start and end odometer', async () => {
    const t = await trip({ startOdometer: 184250, endOdometer: 184530, distanceKm: null, freight: 14000 });
    expect(t).toMatchObject({ distanceKm: 280, revenuePerKm: 50 });
  });
});

describe('bad input: a clear message, nothing saved', () => {
  const refused = async (path: string, body: Record<string, unknown>, status: number, message: RegExp, tables: string[]) => {
    const before = await server.snapshot(...tables);
    const res = await client.post(path, body);
    expect(res.status, res.text).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(await server.snapshot(...tables)).toEqual(before);
  };

  it.each([0, -5])('refuses a distance of %d km', async (distanceKm) => {
    await refused('/api/trips', tripBody(vehicle.id, driver.id, { distanceKm }), 422, /Distance \(km\) must be greater than 0/, ['trips']);
  });

  it('refuses an end odometer below the start', async () => {
    await refused(
      '/api/trips',
      tripBody(vehicle.id, driver.id, { startOdometer: 1000, endOdometer: 900 }),
      422,
      /End Odometer \(900 km\) must be greater than Start Odometer \(1000 km\)/,
      ['trips'],
    );
  });

  it('refuses a sales order that does not exist', async () => {
    await refused('/api/trips', tripBody(vehicle.id, driver.id, { salesOrderId: 'SO99999XX' }), 409, /sales order \(SO99999XX\) does not exist/, ['trips']);
  });

  it("refuses a link to another vehicle's trip on expenses, refuelling logs and challans", async () => {
    const theirs = await trip({}, otherVehicle);
    const tables = ['fuel_expenses', 'refueling_logs', 'challans', 'trips'];
    const message = new RegExp(`The trip ${theirs.id} .* is of another vehicle`);
    const base = {
      type: 'Toll',
      date: '2026-11-20',
      vehicleId: vehicle.id,
      fuelType: '',
      quantity: null,
      pricePerUnit: null,
      amount: 300,
      odometer: null,
      vendor: '',
      gpsLocation: '',
      description: '',
    };
    await refused('/api/fuel-expenses', { ...base, tripId: theirs.id }, 422, message, tables);
    await refused(
      '/api/refueling-logs',
      declaredBody(
        refuelingLogsArea.fields,
        { vehicles: vehicle.id, 'partner-fuel-stations': station.id },
        { quantity: 5, rate: 90, tripId: theirs.id, odometer: null },
      ),
      422,
      message,
      tables,
    );
    await refused(
      '/api/challans',
      declaredBody(challansArea.fields, { vehicles: vehicle.id }, { date: '2026-11-20', amount: 500, paidDate: null, tripId: theirs.id }),
      422,
      message,
      tables,
    );
    // An edit that moves a record to another vehicle's trip is refused too, and changes nothing.
    const mine = await trip();
    const e = await expense({ tripId: mine.id, amount: 300 });
    const before = await server.snapshot('fuel_expenses', 'trips');
    const res = await client.put(`/api/fuel-expenses/${e.id}`, edit(fuelExpensesArea.fields, e, { tripId: theirs.id }));
    expect(res.status).toBe(422);
    expect(await server.snapshot('fuel_expenses', 'trips')).toEqual(before);
  });
});

describe('the vehicle’s trip at a time (GET /api/trips/at)', () => {
  it('finds the trip whose dates cover the time, else the one on the road, else none', async () => {
    const v = await created('/api/vehicles', vehicleBody());
    const past = await trip({ startDate: '2026-10-01T04:00:00.000Z', endDate: '2026-10-03T12:00:00.000Z' }, v);
    const at = (when: string) => client.get(`/api/trips/at?vehicleId=${v.id}&at=${encodeURIComponent(when)}`);
    expect((await at('2026-10-02T09:00:00.000Z')).body).toEqual({ trip: { id: past.id, label: `${past.id} (Mumbai → Pune)` } });
    // A challan's date: the company's day (Asia/Kolkata) that touches the trip.
    expect((await at('2026-10-03')).body.trip.id).toBe(past.id);
    expect((await at('2026-10-05T09:00:00.000Z')).body).toEqual({ trip: null });
    const rolling = await trip({ status: 'In Transit', startDate: '2026-11-01T04:00:00.000Z', endDate: null }, v);
    expect((await at('2026-11-02T09:00:00.000Z')).body.trip.id).toBe(rolling.id);
    expect((await at('2026-10-02T09:00:00.000Z')).body.trip.id).toBe(past.id);
  });

  it('refuses bad parameters in words, and a role that may not view trips', async () => {
    const bad = await client.get('/api/trips/at?vehicleId=VEH1&at=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/At/);
    await server.createUser({ username: 'workshop-money', password: 'workshop-money-password-1', role: 'workshop' });
    const workshop = server.client();
    await workshop.login('workshop-money', 'workshop-money-password-1');
    expect((await workshop.get(`/api/trips/at?vehicleId=${vehicle.id}&at=2026-11-20`)).status).toBe(403);
  });
});

describe('the trips list sorted by margin', () => {
  it('sorts by margin both ways, trips without freight last', async () => {
    const v = await created('/api/vehicles', vehicleBody());
    const high = await trip({ freight: 90000 }, v);
    const low = await trip({ freight: 1000 }, v);
    const none = await trip({}, v);
    const mid = await trip({ freight: 50000 }, v);
    await expense({ vehicleId: v.id, tripId: mid.id, amount: 45000 });
    const ids = async (order: string) => ((await client.get(`/api/trips?vehicleId=${v.id}&sort=margin&order=${order}`)).body.items as Json[]).map((t) => t.id);
    expect(await ids('asc')).toEqual([low.id, mid.id, high.id, none.id]);
    expect(await ids('desc')).toEqual([high.id, mid.id, low.id, none.id]);
  });
});

describe('roles: a trip’s cost, margin and cost per km only for roles that may view its cost records', () => {
  const MONEY = ['cost', 'margin', 'costPerKm'];
  let users = 0;
  const as = async (role: string) => {
    const username = `money-${role}-${++users}`;
    await server.createUser({ username, password: `${username}-password-1`, role });
    const c = server.client();
    await c.login(username, `${username}-password-1`);
    return c;
  };

  it.each([
    ['administrator', true],
    ['fleet_manager', true],
    ['viewer', true],
    ['accounts', true],
    ['dispatcher', false],
  ])('%s sees them: %s', async (role, sees) => {
    const t = await trip({ freight: 10000, distanceKm: 100 });
    await expense({ tripId: t.id, amount: 2500 });
    const c = await as(role);
    const record = (await c.get(`/api/trips/${t.id}`)).body as Json;
    const row = ((await c.get(`/api/trips?q=${t.id}`)).body.items as Json[])[0];
    expect(record).toMatchObject({ id: t.id, freight: 10000, revenuePerKm: 100 });
    expect(row).toMatchObject({ id: t.id, freight: 10000, revenuePerKm: 100 });
    for (const answer of [record, row])
      if (sees) expect(answer).toMatchObject({ cost: 2500, margin: 7500, costPerKm: 25 });
      else for (const key of MONEY) expect(answer, key).not.toHaveProperty(key);
    const sorted = await c.get('/api/trips?sort=margin&order=desc');
    const exported = await c.get('/api/trips/export?sort=margin');
    if (sees) {
      expect(sorted.status).toBe(200);
      expect(exported.status).toBe(can(role, 'trips', 'export') ? 200 : 403);
    } else {
      for (const res of [sorted, exported]) {
        expect(res.status, res.text).toBe(403);
        expect(res.body.message).toMatch(/may not sort trips by margin/);
      }
      expect((await c.get('/api/trips/options?sort=margin')).status).toBe(403);
    }
    // The API document describes the trip without them too.
    // (A vehicle page's cost per km is another figure: the costs of the areas the role may view.)
    const paths = (await c.get('/api/openapi.json')).body.paths as Record<string, unknown>;
    const tripPaths = JSON.stringify(Object.entries(paths).filter(([path]) => path === '/api/trips' || path.startsWith('/api/trips/')));
    expect(tripPaths).toMatch(/"freight"/);
    if (!sees) expect(tripPaths).not.toMatch(/"costPerKm"/);
  });

  it('a dispatcher’s edit answers the trip without them and keeps the stored cost', async () => {
    const t = await trip({ freight: 8000 });
    await expense({ tripId: t.id, amount: 1000 });
    const c = await as('dispatcher');
    const res = await c.put(`/api/trips/${t.id}`, edit(tripsArea.fields, (await c.get(`/api/trips/${t.id}`)).body as Json, { notes: 'by dispatch' }));
    expect(res.status, res.text).toBe(200);
    for (const key of MONEY) expect(res.body).not.toHaveProperty(key);
    expect((await read(t.id)).cost).toBe(1000);
  });
});

describe('an edit that leaves out added fields judges the values that will be stored', () => {
  /** A client of the specified API: the trip's specified fields only. */
  const specified = (t: Json, changes: Record<string, unknown> = {}) => ({
    ...tripBody(vehicle.id, driver.id, { status: 'Delivered' }),
    origin: t.origin,
    destination: t.destination,
    ...changes,
    version: t.version,
  });

  it('refuses an end odometer below the stored start with 422, not a 500', async () => {
    const t = await trip({ startOdometer: 1000, endOdometer: null, distanceKm: null });
    const before = await server.snapshot('trips');
    const res = await client.put(`/api/trips/${t.id}`, { ...edit(tripsArea.fields, t, {}), startOdometer: undefined, endOdometer: 900 });
    expect(res.status, res.text).toBe(422);
    expect(res.body.message).toBe('End Odometer (900 km) must be greater than Start Odometer (1000 km).');
    expect(await server.snapshot('trips')).toEqual(before);
  });

  it('takes the distance from odometers sent without it, over the stored distance', async () => {
    const t = await trip({ distanceKm: 300, freight: 14000 });
    const body = edit(tripsArea.fields, t, { startOdometer: 1000, endOdometer: 1280 }) as Record<string, unknown>;
    delete body.distanceKm;
    const res = await client.put(`/api/trips/${t.id}`, body);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ startOdometer: 1000, endOdometer: 1280, distanceKm: 280, revenuePerKm: 50 });
    // A client that knows none of them keeps them all.
    const again = await client.put(`/api/trips/${t.id}`, specified(res.body as Json, { notes: 'kept' }));
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ notes: 'kept', startOdometer: 1000, endOdometer: 1280, distanceKm: 280, freight: 14000 });
  });

  it('says equal odometers of the odometers', async () => {
    const res = await client.post('/api/trips', tripBody(vehicle.id, driver.id, { startOdometer: 500, endOdometer: 500 }));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('End Odometer (500 km) must be greater than Start Odometer (500 km).');
  });

  it('answers a check of the table the rules did not catch with 422', async () => {
    const t = await trip();
    // Straight into the table (as a script would), then an edit that keeps it: the check answers in words.
    await server.database.query('ALTER TABLE trips ADD CONSTRAINT trips_notes_short CHECK (length(notes) < 20)');
    try {
      const res = await client.put(`/api/trips/${t.id}`, edit(tripsArea.fields, t, { notes: 'a note longer than twenty characters' }));
      expect(res.status, res.text).toBe(422);
      expect(res.body).toMatchObject({ title: 'Invalid Values' });
      expect(res.body.message).toMatch(/break a rule of the record/);
    } finally {
      await server.database.query('ALTER TABLE trips DROP CONSTRAINT trips_notes_short');
    }
  });

  it.each([
    ['/api/refueling-logs', refuelingLogsArea.fields, () => refuel({})],
    ['/api/challans', challansArea.fields, () => challan({})],
  ] as const)('%s: a vehicle changed without the trip in the body leaves the trip', async (path, fields, make) => {
    const t = await trip();
    const record = await make();
    const linked = (await client.put(`${path}/${record.id}`, edit(fields, record, { tripId: t.id }))).body as Json;
    expect(linked.tripId).toBe(t.id);
    const body = edit(fields, linked, { vehicleId: otherVehicle.id }) as Record<string, unknown>;
    delete body.tripId;
    const res = await client.put(`${path}/${record.id}`, body);
    expect(res.status, res.text).toBe(200);
    expect(res.body.tripId).toBeNull();
    expect((await read(t.id)).cost).toBe(0);
    await expectCostsRecomputed();
  });

  it.each([
    ['/api/refueling-logs', () => refuel({})],
    ['/api/challans', () => challan({})],
  ] as const)('%s: a PATCH keeps the trip while the vehicle stays, and leaves it when the vehicle changes (decision 0066)', async (path, make) => {
    const t = await trip();
    const record = await make();
    const linked = (await client.patch(`${path}/${record.id}`, { version: record.version, tripId: t.id })).body as Json;
    expect(linked.tripId).toBe(t.id);
    const kept = await client.patch(`${path}/${record.id}`, { version: linked.version, vehicleId: linked.vehicleId });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.tripId).toBe(t.id);
    const moved = await client.patch(`${path}/${record.id}`, { version: kept.body.version, vehicleId: otherVehicle.id });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ vehicleId: otherVehicle.id, tripId: null });
    expect((await read(t.id)).cost).toBe(0);
    await expectCostsRecomputed();
  });
});

describe("a trip's vehicle under its cost records", () => {
  it('is refused while records of the old vehicle carry the trip, and allowed once they are gone', async () => {
    const t = await trip({ freight: 5000 });
    await expense({ tripId: t.id, amount: 300 });
    await refuel({ tripId: t.id });
    await challan({ tripId: t.id });
    const before = await server.snapshot('trips', 'fuel_expenses', 'refueling_logs', 'challans');
    const res = await client.put(`/api/trips/${t.id}`, edit(tripsArea.fields, t, { vehicleId: otherVehicle.id }));
    expect(res.status, res.text).toBe(422);
    expect(res.body.title).toBe('Vehicle In Use');
    expect(res.body.message).toMatch(/^1 fuel & expense record, 1 refuelling log and 1 challan of .* carry this trip, so its vehicle cannot change/);
    expect(await server.snapshot('trips', 'fuel_expenses', 'refueling_logs', 'challans')).toEqual(before);

    const lone = await trip();
    await expense({ tripId: lone.id, amount: 10 });
    const one = await client.put(`/api/trips/${lone.id}`, edit(tripsArea.fields, lone, { vehicleId: otherVehicle.id }));
    expect(one.status).toBe(422);
    expect(one.body.message).toMatch(/^1 fuel & expense record of .* carries this trip/);

    const free = await trip();
    const moved = await client.put(`/api/trips/${free.id}`, edit(tripsArea.fields, free, { vehicleId: otherVehicle.id }));
    expect(moved.status, moved.text).toBe(200);
  });
});

describe("a trip's cost beyond ₹10^12", () => {
  it('adds records of the largest amount without overflowing, and takes more', async () => {
    const t = await trip({ freight: 1000 });
    await expense({ tripId: t.id, amount: 999_999_999_999.99 });
    await expense({ tripId: t.id, amount: 999_999_999_999.99 });
    await expense({ tripId: t.id, amount: 1 });
    expect((await read(t.id)).cost).toBeCloseTo(1_999_999_999_999.98 + 1, 2);
    await expectCostsRecomputed();
  });
});
