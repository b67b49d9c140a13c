import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insuranceArea } from '@raahi/domain';
import { resources } from '../resources';
import { areaTestKit } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, tripBody, type Json, type TestClient, type TestServer } from '../testing/test-server';

/**
 * A reference field is a list filter: GET /api/trips?vehicleId=VEH… lists a vehicle's trips, and one link
 * further GET /api/trip-insurance?trip.vehicleId=VEH… the policies of its trips. The page, its total and its
 * export all honour them; a value that is no id is refused naming the parameter.
 */

let server: TestServer;
let client: TestClient;
const { create, createDriver, createVehicle } = areaTestKit({ path: '/api/trips', tables: ['trips'], reach: () => ({ server, client }) });

let vehicles: Json[];
let drivers: Json[];
/** Trips by name: vehicle 0 with driver 0 (two), vehicle 1 with driver 0, vehicle 1 with driver 1. */
const trips: Record<string, Json> = {};
/** Insurance policies by the trip they cover. */
const policies: Record<string, Json> = {};

/** The ids a list returns (one page), checked against its total and its export's ids. */
async function listed(path: string, query: string): Promise<string[]> {
  const res = await client.get(`${path}?pageSize=200&${query}`);
  expect(res.status, res.text).toBe(200);
  const ids = res.body.items.map((row: Json) => row.id);
  const total = await client.get(
    `${path}/total?${new URLSearchParams([...new URLSearchParams(query)].filter(([name]) => name !== 'sort' && name !== 'order'))}`,
  );
  expect(total.body, total.text).toEqual({ total: ids.length, totalIsEstimate: false });
  const exported = await client.get(`${path}/export?${query}`);
  expect(exported.status, exported.text).toBe(200);
  // One line per record after the header; each line names its record's id.
  const lines = exported.text.trim().split(/\r?\n/).slice(1);
  expect(lines.length).toBe(ids.length);
  for (const id of ids) expect(exported.text).toContain(id);
  return ids;
}

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  vehicles = [await createVehicle(), await createVehicle()];
  drivers = [await createDriver(), await createDriver()];
  const trip = (vehicle: Json, driver: Json, origin: string) => create('/api/trips', tripBody(vehicle.id, driver.id, { origin }));
  trips.first = await trip(vehicles[0], drivers[0], 'Kolhapur');
  trips.second = await trip(vehicles[0], drivers[0], 'Nashik');
  trips.third = await trip(vehicles[1], drivers[0], 'Nagpur');
  trips.fourth = await trip(vehicles[1], drivers[1], 'Surat');
  for (const [name, t] of Object.entries(trips)) {
    policies[name] = await create(
      '/api/trip-insurance',
      declaredBody(
        insuranceArea.fields,
        { trips: t.id },
        { policyNumber: `POL-${name}`, providerName: 'ICICI Lombard', startDate: '2026-01-01', endDate: '2099-12-31' },
      ),
    );
  }
});
afterAll(() => server?.close());

describe('a reference is a filter', () => {
  it("lists a vehicle's or a driver's trips, newest first, with the same total and export", async () => {
    expect(await listed('/api/trips', `vehicleId=${vehicles[0].id}`)).toEqual([trips.second.id, trips.first.id]);
    expect(await listed('/api/trips', `vehicleId=${vehicles[1].id}`)).toEqual([trips.fourth.id, trips.third.id]);
    expect(await listed('/api/trips', `driverId=${drivers[0].id}`)).toEqual([trips.third.id, trips.second.id, trips.first.id]);
    expect(await listed('/api/trips', `vehicleId=${vehicles[1].id}&driverId=${drivers[0].id}`)).toEqual([trips.third.id]);
    // With a search and another filter, and in another order.
    expect(await listed('/api/trips', `vehicleId=${vehicles[0].id}&q=kolhapur&status=Scheduled`)).toEqual([trips.first.id]);
    expect(await listed('/api/trips', `vehicleId=${vehicles[0].id}&sort=origin&order=asc`)).toEqual([trips.first.id, trips.second.id]);
  });

  it('lists nothing for an id that names no record, and everything when left blank', async () => {
    expect(await listed('/api/trips', 'vehicleId=VEH0000ZZ')).toEqual([]);
    expect((await listed('/api/trips', 'vehicleId=')).length).toBe(4);
  });

  it("goes one link further: the insurance policies of a vehicle's or a driver's trips", async () => {
    expect(await listed('/api/trip-insurance', `trip.vehicleId=${vehicles[0].id}`)).toEqual([policies.second.id, policies.first.id]);
    expect(await listed('/api/trip-insurance', `trip.driverId=${drivers[1].id}`)).toEqual([policies.fourth.id]);
    expect(await listed('/api/trip-insurance', `trip.vehicleId=${vehicles[1].id}&trip.driverId=${drivers[0].id}`)).toEqual([policies.third.id]);
    expect(await listed('/api/trip-insurance', `tripId=${trips.first.id}`)).toEqual([policies.first.id]);
    expect(await listed('/api/trip-insurance', 'trip.vehicleId=VEH0000ZZ')).toEqual([]);
  });

  it('follows a trip moved to another vehicle', async () => {
    const moved = await create('/api/trips', tripBody(vehicles[0].id, drivers[1].id, { origin: 'Thane' }));
    const policy = await create(
      '/api/trip-insurance',
      declaredBody(
        insuranceArea.fields,
        { trips: moved.id },
        { policyNumber: 'POL-moved', providerName: 'ICICI Lombard', startDate: '2026-01-01', endDate: '2099-12-31' },
      ),
    );
    expect(await listed('/api/trip-insurance', `trip.vehicleId=${vehicles[0].id}`)).toContain(policy.id);
    const res = await client.put(`/api/trips/${moved.id}`, { ...tripBody(vehicles[1].id, drivers[1].id, { origin: 'Thane' }), version: moved.version });
    expect(res.status, res.text).toBe(200);
    expect(await listed('/api/trip-insurance', `trip.vehicleId=${vehicles[0].id}`)).not.toContain(policy.id);
    expect(await listed('/api/trip-insurance', `trip.vehicleId=${vehicles[1].id}`)).toContain(policy.id);
    for (const path of [`/api/trip-insurance/${policy.id}`, `/api/trips/${moved.id}`]) {
      const { body } = await client.get(path);
      expect((await client.del(path)).status, path).toBe(204);
      expect(body.id).toBeTruthy();
    }
  });

  it('lists the compliance documents naming a vehicle or a driver (an entity field filters as a reference does)', async () => {
    const document = (entityId: string, documentName: string) =>
      create('/api/compliance', {
        documentName,
        documentType: 'Other',
        entityId,
        documentNumber: '',
        issuer: '',
        issueDate: null,
        expiryDate: '2099-01-01',
        notes: '',
        documentFile: null,
      });
    const rc = await document(vehicles[0].id, 'RC');
    const permit = await document(vehicles[0].id, 'Permit');
    const licence = await document(drivers[0].id, 'Licence');
    expect(await listed('/api/compliance', `entityId=${vehicles[0].id}`)).toEqual([permit.id, rc.id]);
    expect(await listed('/api/compliance', `entityId=${drivers[0].id}`)).toEqual([licence.id]);
    expect(await listed('/api/compliance', `entityId=${vehicles[1].id}`)).toEqual([]);
    const refused = await client.get('/api/compliance?entityId=VEH%201');
    expect([refused.status, refused.body]).toEqual([
      400,
      { title: 'Invalid Request', message: 'Entity ID must be the id of a vehicle or driver or trip, such as VEH1234AB.' },
    ]);
  });

  it('refuses a value that is no id, naming the parameter, on the page, the total and the export', async () => {
    const cases: [string, string][] = [
      [`vehicleId=${'V'.repeat(65)}`, 'Vehicle must be at most 64 characters.'],
      ['vehicleId=VEH%201234', 'Vehicle must be the id of a vehicle, such as VEH1234AB.'],
      ["driverId=DRV1234AB'%20OR%201=1", 'Driver must be the id of a driver, such as DRV1234AB.'],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/trips', '/api/trips/total', '/api/trips/export']) {
        const res = await client.get(`${path}?${query}`);
        expect([res.status, res.body], `${path}?${query}`).toEqual([400, { title: 'Invalid Request', message }]);
      }
    }
    const further = await client.get(`/api/trip-insurance?trip.vehicleId=${'V'.repeat(65)}`);
    expect([further.status, further.body]).toEqual([400, { title: 'Invalid Request', message: "Trip's Vehicle must be at most 64 characters." }]);
    const unknown = await client.get('/api/trip-insurance?trip.statusId=X');
    expect([unknown.status, unknown.body]).toEqual([400, { title: 'Invalid Request', message: 'Unknown parameter: trip.statusId.' }]);
  });
});

describe('every declared reference', () => {
  const filters = resources.flatMap((resource) =>
    (resource.referenceFilters ?? []).map((filter) => [`${resource.area.key}?${filter.param}`, resource.area.key, filter.param] as const),
  );

  it('gives every reference field a filter, and one link further each reference of the area it names', () => {
    expect(filters.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'trips?vehicleId',
        'trips?driverId',
        'trip-insurance?tripId',
        'trip-insurance?trip.vehicleId',
        'trip-insurance?trip.driverId',
        'refueling-logs?stationId',
        'sales-orders?quotation.leadId',
        'challans?driverId',
      ]),
    );
    for (const resource of resources) {
      const fields = Object.entries((resource.area as { fields?: Record<string, { kind: string }> }).fields ?? {});
      for (const [name] of fields.filter(([, f]) => f.kind === 'reference'))
        expect(
          resource.referenceFilters?.map((f) => f.param),
          resource.area.key,
        ).toContain(name);
    }
  });

  it('are listed in the OpenAPI document beside the other list parameters', async () => {
    const { paths } = (await client.get('/api/openapi.json')).body;
    for (const [, key, param] of filters) {
      for (const path of [`/api/${key}`, `/api/${key}/total`, `/api/${key}/export`]) {
        expect(
          paths[path].get.parameters.map((p: Json) => `${p.in} ${p.name}`),
          path,
        ).toContain(`query ${param}`);
      }
    }
  });

  it.each(filters)('%s answers a list, a total and an export, and refuses a value that is no id', async (_name, key, param) => {
    for (const path of [`/api/${key}`, `/api/${key}/total`, `/api/${key}/export`]) {
      expect((await client.get(`${path}?${encodeURIComponent(param)}=ABC1234XY`)).status, path).toBe(200);
      const refused = await client.get(`${path}?${encodeURIComponent(param)}=${encodeURIComponent('ABC 1234')}`);
      expect(refused.status, path).toBe(400);
      expect(refused.body.message).toMatch(/ must be the id of an? [a-z ]+, such as [A-Z]+\d+[A-Z]+\.$/);
    }
  });
});
