import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaTestKit } from '../testing/area-tests';
import { driverBody, startTestServer, tripBody, vehicleBody, type Json, type TestClient, type TestServer } from '../testing/test-server';

let server: TestServer;
let client: TestClient;

const { create, createVehicle, createDriver, expectNothingWritten } = areaTestKit({
  path: '/api/trips',
  tables: ['trips', 'vehicles', 'drivers'],
  reach: () => ({ server, client }),
});

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
});
afterAll(() => server?.close());

describe('a license plate, a VIN and a license number belong to one record', () => {
  it('refuses a plate typed with other spacing, dashes or case, naming the vehicle that has it', async () => {
    const holder = await createVehicle({ make: 'Ashok Leyland', model: 'Boss 1920', licensePlate: 'KA01XY4455', vin: 'MAT111222NKL00001' });
    for (const plate of ['KA01XY4455', 'ka 01 xy 4455', 'KA-01-XY-4455', ' ka01-xy4455']) {
      await expectNothingWritten(async () => {
        const res = await client.post('/api/vehicles', vehicleBody({ licensePlate: plate }));
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          title: 'Duplicate License Plate',
          message: `The license plate ${plate.trim()} is already on vehicle ${holder.id} (Ashok Leyland Boss 1920, KA01XY4455).`,
        });
      });
    }
    // Another plate is another vehicle.
    expect((await client.post('/api/vehicles', vehicleBody({ licensePlate: 'KA01XY4456' }))).status).toBe(201);
  });

  it('refuses a VIN in other case, naming the vehicle that has it', async () => {
    const holder = await createVehicle({ licensePlate: 'GJ05MN7001', vin: 'MAT222333NKL00002' });
    const res = await client.post('/api/vehicles', vehicleBody({ vin: 'mat222333nkl00002' }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      title: 'Duplicate VIN',
      message: `The VIN mat222333nkl00002 is already on vehicle ${holder.id} (Tata Prima 4028.S, GJ05MN7001).`,
    });
  });

  it('refuses a license number typed otherwise, naming the driver who holds it', async () => {
    const holder = await createDriver({ name: 'Suresh Patil', license: 'MH1420190077123' });
    const res = await client.post('/api/drivers', driverBody({ license: 'mh14 2019-0077123' }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      title: 'Duplicate License No.',
      message: `The license number mh14 2019-0077123 is already held by driver Suresh Patil (${holder.id}, MH1420190077123).`,
    });
  });

  it('refuses an edit that takes another record’s plate or license, and keeps a record’s own', async () => {
    const first = await createVehicle({ licensePlate: 'RJ14GH0001' });
    const second = await createVehicle({ licensePlate: 'RJ14GH0002' });
    const taken = await client.put(`/api/vehicles/${second.id}`, { ...vehicleBody({ licensePlate: 'rj14gh0001', vin: second.vin }), version: second.version });
    expect(taken.status).toBe(409);
    expect(taken.body.title).toBe('Duplicate License Plate');
    expect(taken.body.message).toBe(`The license plate rj14gh0001 is already on vehicle ${first.id} (Tata Prima 4028.S, RJ14GH0001).`);
    // Its own plate, retyped, and its own VIN: saved.
    const kept = await client.put(`/api/vehicles/${first.id}`, {
      ...vehicleBody({ licensePlate: 'RJ 14 GH 0001', vin: first.vin, model: 'Signa' }),
      version: first.version,
    });
    expect(kept.status, kept.text).toBe(200);
    expect([kept.body.licensePlate, kept.body.model]).toEqual(['RJ 14 GH 0001', 'Signa']);

    const driver = await createDriver({ license: 'UP3220170011223' });
    const other = await createDriver({ license: 'UP3220170011224' });
    const same = await client.put(`/api/drivers/${driver.id}`, { ...driverBody({ license: 'UP32 2017 0011223', name: 'Renamed' }), version: driver.version });
    expect(same.status, same.text).toBe(200);
    const clash = await client.put(`/api/drivers/${other.id}`, { ...driverBody({ license: 'up3220170011223' }), version: other.version });
    expect(clash.status).toBe(409);
    expect(clash.body.title).toBe('Duplicate License No.');
  });

  it('lets one of two parallel creates of the same plate win', async () => {
    const results = await Promise.all(
      ['TN09WV4402', 'tn 09 wv 4402', 'TN-09-WV-4402', 'TN09WV4402'].map((licensePlate) => client.post('/api/vehicles', vehicleBody({ licensePlate }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const winner = results.find((r) => r.status === 201)!.body;
    for (const refused of results.filter((r) => r.status === 409)) expect(refused.body.message).toContain(`is already on vehicle ${winner.id} `);
    const [{ count }] = await server.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM vehicles WHERE record_key(license_plate) = 'TN09WV4402'`,
    );
    expect(count).toBe(1);
  });
});

describe('a trip’s vehicle and driver', () => {
  let vehicle: Json;
  let driver: Json;
  beforeAll(async () => {
    vehicle = await createVehicle({ make: 'Eicher', model: 'Pro 3015', licensePlate: 'MH43BX2211' });
    driver = await createDriver({ name: 'Anil Yadav' });
  });

  it('refuses a Sold or Out of Service vehicle and an Inactive driver for a trip to run, in words', async () => {
    const sold = await createVehicle({ make: 'Tata', model: 'LPT 1613', licensePlate: 'MH12SO4825', status: 'Sold' });
    const broken = await createVehicle({ make: 'Tata', model: 'LPT 3518', licensePlate: 'MH12SO4826', status: 'Out of Service' });
    const inactive = await createDriver({ name: 'Vijay Kale', status: 'Inactive' });
    for (const status of ['Scheduled', 'In Transit', 'Delayed']) {
      await expectNothingWritten(async () => {
        const bySold = await client.post('/api/trips', tripBody(sold.id, driver.id, { status }));
        expect(bySold.status).toBe(422);
        expect(bySold.body).toEqual({
          title: 'Vehicle Unavailable',
          message:
            'Tata LPT 1613 (MH12SO4825) is Sold. A trip that is Scheduled, In Transit or Delayed cannot use a vehicle that is Sold or Out of Service; choose another vehicle.',
        });
        const byBroken = await client.post('/api/trips', tripBody(broken.id, driver.id, { status }));
        expect(byBroken.status).toBe(422);
        expect(byBroken.body.message).toBe(
          'Tata LPT 3518 (MH12SO4826) is Out of Service. A trip that is Scheduled, In Transit or Delayed cannot use a vehicle that is Sold or Out of Service; choose another vehicle.',
        );
        const byInactive = await client.post('/api/trips', tripBody(vehicle.id, inactive.id, { status }));
        expect(byInactive.status).toBe(422);
        expect(byInactive.body).toEqual({
          title: 'Driver Unavailable',
          message: `Vijay Kale (${inactive.id}) is Inactive. A trip that is Scheduled, In Transit or Delayed cannot use a driver that is Inactive; choose another driver.`,
        });
      });
    }
    // A finished trip is history: it may be recorded with the vehicle since sold.
    expect((await client.post('/api/trips', tripBody(sold.id, inactive.id, { status: 'Delivered' }))).status).toBe(201);
    expect((await client.post('/api/trips', tripBody(broken.id, driver.id, { status: 'Cancelled' }))).status).toBe(201);
  });

  it('keeps a finished trip editable after its truck is sold, and checks again when it is set back on the road or its vehicle changes', async () => {
    const truck = await createVehicle({ make: 'BharatBenz', model: '1617R', licensePlate: 'DL01PQ1111' });
    const delivered = await create('/api/trips', tripBody(truck.id, driver.id, { status: 'Delivered' }));
    const scheduled = await create('/api/trips', tripBody(truck.id, driver.id, { status: 'Scheduled' }));
    const sold = await client.put(`/api/vehicles/${truck.id}`, {
      ...vehicleBody({ make: 'BharatBenz', model: '1617R', licensePlate: 'DL01PQ1111', vin: truck.vin, status: 'Sold' }),
      version: truck.version,
    });
    expect(sold.status).toBe(200);

    const edited = await client.put(`/api/trips/${delivered.id}`, {
      ...tripBody(truck.id, driver.id, { status: 'Delivered', notes: 'POD received.' }),
      version: delivered.version,
    });
    expect(edited.status, edited.text).toBe(200);
    // A Scheduled trip kept as it was is not blocked by the sale either; finishing or cancelling it is allowed.
    const renamed = await client.put(`/api/trips/${scheduled.id}`, {
      ...tripBody(truck.id, driver.id, { status: 'Scheduled', notes: 'Rebook' }),
      version: scheduled.version,
    });
    expect(renamed.status, renamed.text).toBe(200);
    const reopened = await client.put(`/api/trips/${delivered.id}`, {
      ...tripBody(truck.id, driver.id, { status: 'In Transit' }),
      version: edited.body.version,
    });
    expect(reopened.status).toBe(422);
    expect(reopened.body.title).toBe('Vehicle Unavailable');
    const started = await client.put(`/api/trips/${scheduled.id}`, {
      ...tripBody(truck.id, driver.id, { status: 'In Transit' }),
      version: renamed.body.version,
    });
    expect(started.status).toBe(422);
    const cancelled = await client.put(`/api/trips/${scheduled.id}`, {
      ...tripBody(truck.id, driver.id, { status: 'Cancelled' }),
      version: renamed.body.version,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const other = await create('/api/trips', tripBody(vehicle.id, driver.id, { status: 'Scheduled' }));
    const moved = await client.put(`/api/trips/${other.id}`, { ...tripBody(truck.id, driver.id, { status: 'Scheduled' }), version: other.version });
    expect(moved.status).toBe(422);
    expect(moved.body.title).toBe('Vehicle Unavailable');
  });

  it('puts a vehicle and a driver on one trip In Transit or Delayed at a time, naming the other trip', async () => {
    const truck = await createVehicle({ make: 'Mahindra', model: 'Blazo X 35', licensePlate: 'MH14KQ2211' });
    const first = await createDriver({ name: 'Ravi Shinde' });
    const second = await createDriver({ name: 'Manoj Pawar' });
    const spare = await createVehicle({ make: 'Eicher', model: 'Pro 6028', licensePlate: 'MH14KQ2212' });
    const running = await create('/api/trips', tripBody(truck.id, first.id, { status: 'In Transit', origin: 'Pune', destination: 'Nagpur' }));

    await expectNothingWritten(async () => {
      const busyVehicle = await client.post('/api/trips', tripBody(truck.id, second.id, { status: 'Delayed' }));
      expect(busyVehicle.status).toBe(409);
      expect(busyVehicle.body).toEqual({
        title: 'Vehicle Busy',
        message: `Mahindra Blazo X 35 (MH14KQ2211) is already on trip ${running.id} (Pune → Nagpur), which is In Transit. A vehicle is on one trip In Transit or Delayed at a time: finish or update that trip first, or choose another vehicle.`,
      });
      const busyDriver = await client.post('/api/trips', tripBody(spare.id, first.id, { status: 'In Transit' }));
      expect(busyDriver.status).toBe(409);
      expect(busyDriver.body).toEqual({
        title: 'Driver Busy',
        message: `Ravi Shinde (${first.id}) is already on trip ${running.id} (Pune → Nagpur), which is In Transit. A driver is on one trip In Transit or Delayed at a time: finish or update that trip first, or choose another driver.`,
      });
    });
    // Planned and finished trips do not hold the vehicle; the running trip itself may be edited and set Delayed.
    const planned = await create('/api/trips', tripBody(truck.id, second.id, { status: 'Scheduled' }));
    const start = await client.put(`/api/trips/${planned.id}`, { ...tripBody(truck.id, second.id, { status: 'In Transit' }), version: planned.version });
    expect(start.status).toBe(409);
    expect(start.body.title).toBe('Vehicle Busy');
    const delayed = await client.put(`/api/trips/${running.id}`, {
      ...tripBody(truck.id, first.id, { status: 'Delayed', origin: 'Pune', destination: 'Nagpur' }),
      version: running.version,
    });
    expect(delayed.status, delayed.text).toBe(200);
    const done = await client.put(`/api/trips/${running.id}`, { ...tripBody(truck.id, first.id, { status: 'Delivered' }), version: delayed.body.version });
    expect(done.status).toBe(200);
    const now = await client.put(`/api/trips/${planned.id}`, { ...tripBody(truck.id, second.id, { status: 'In Transit' }), version: planned.version });
    expect(now.status, now.text).toBe(200);
  });

  it('lets one of two parallel saves put a vehicle on the road', async () => {
    const truck = await createVehicle({ make: 'Volvo', model: 'FM 420', licensePlate: 'GJ01LQ7999' });
    const drivers = await Promise.all([1, 2, 3, 4].map(() => createDriver()));
    const results = await Promise.all(drivers.map((d) => client.post('/api/trips', tripBody(truck.id, d.id, { status: 'In Transit' }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const [{ count }] = await server.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM trips WHERE vehicle_id = $1 AND status IN ('In Transit', 'Delayed')`,
      [truck.id],
    );
    expect(count).toBe(1);
  });
});
