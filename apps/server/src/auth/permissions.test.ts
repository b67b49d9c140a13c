import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName } from 'drizzle-orm';
import { ACTIONS, can, notAllowedMessage, presentFilterNames, ROLE_KEYS, type Action, type Role } from '@raahi/domain';
import { resources } from '../resources';
import { exampleBody, linkedRecords } from '../testing/area-examples';
import type { Links } from '../testing/declared-body';
import { driverBody, startTestServer, type TestClient, type TestServer } from '../testing/test-server';

/**
 * The roles matrix, generated from PERMISSIONS: every role × every area × every action through the real
 * routes. Allowed answers 2xx; refused answers 403 'Not Allowed' naming what is missing, with nothing written.
 * Then personal data (Aadhaar and health files), pick-lists and the OpenAPI document as each role sees them.
 */
const PASSWORD = 'Raahi-roles-test-2026';

let server: TestServer;
let admin: TestClient;
let links: Links = {};
const as = {} as Record<Role, TestClient>;

beforeAll(async () => {
  // With the list cache on, so that answers that differ by role are shown to be kept apart.
  server = await startTestServer({ listCacheMs: 60_000 });
  admin = await server.signedIn();
  links = await linkedRecords(admin);
  for (const role of ROLE_KEYS) {
    await server.createUser({ username: `u_${role}`, password: PASSWORD, role });
    as[role] = server.client();
    const res = await as[role].login(`u_${role}`, PASSWORD);
    expect(res.status, res.text).toBe(200);
  }
});
afterAll(() => server?.close());

const VERBS: Record<Action, string> = { view: 'view', create: 'add', update: 'edit', delete: 'delete', export: 'export' };

function expectRefused(res: { status: number; body: { title?: string; message?: string } }, role: Role, what: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body).toEqual({ title: 'Not Allowed', message: notAllowedMessage(role, what) });
}

describe.each(ROLE_KEYS)('%s', (role) => {
  it.each(resources.map((r) => [r.area.key, r] as const))('%s: every action as the matrix says', async (key, resource) => {
    const path = `/api/${key}`;
    const table = getTableName(resource.table);
    const client = as[role];
    const fixture = async () => {
      const res = await admin.post(path, exampleBody(resource, links));
      expect(res.status, res.text).toBe(201);
      return res.body as { id: string; version: number };
    };
    const check = async (action: Action, request: () => Promise<{ status: number; body: { title?: string; message?: string } }>, success: number) => {
      const res = await request();
      if (can(role, key, action)) expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(success);
      else expectRefused(res, role, `${VERBS[action]} ${resource.area.plural}`);
    };
    // An allowed add or delete leaves one change entry; a refused write none. (An allowed update here may save
    // the values the record already has, which is no entry: operations/write-path.test.ts counts those.)
    const logged = async (action: 'create' | 'update' | 'delete', write: () => Promise<void>) => {
      const before = await server.count('change_log');
      await write();
      if (action === 'update' && can(role, key, action)) return;
      expect(await server.count('change_log')).toBe(before + (can(role, key, action) ? 1 : 0));
    };
    const record = await fixture();
    for (const action of ACTIONS) {
      if (action === 'view') {
        await check('view', () => client.get(path), 200);
        await check('view', () => client.get(`${path}/total`), 200);
        await check('view', () => client.get(`${path}/${record.id}`), 200);
        for (const field of presentFilterNames(resource.area)) await check('view', () => client.get(`${path}/values/${field}`), 200);
      } else if (action === 'export') {
        await check('export', () => client.get(`${path}/export`), 200);
      } else if (action === 'create') {
        const before = await server.count(table);
        await logged('create', () => check('create', () => client.post(path, exampleBody(resource, links)), 201));
        expect(await server.count(table)).toBe(before + (can(role, key, 'create') ? 1 : 0));
      } else if (action === 'update') {
        const target = await fixture();
        const before = await server.snapshot(table);
        await logged('update', () =>
          check('update', () => client.put(`${path}/${target.id}`, { ...exampleBody(resource, links), version: target.version }), 200),
        );
        if (!can(role, key, 'update')) expect(await server.snapshot(table)).toEqual(before);
      } else {
        const target = await fixture();
        const before = await server.count(table);
        await logged('delete', () => check('delete', () => client.del(`${path}/${target.id}`), 204));
        expect(await server.count(table)).toBe(before - (can(role, key, 'delete') ? 1 : 0));
      }
    }
  });
});

describe('refusals', () => {
  it('are decided before the body is read: a refused add with a malformed body is 403, not 400', async () => {
    const res = await as.viewer.request('POST', '/api/trips', { body: '{not json', headers: { 'content-type': 'application/json' } });
    expectRefused(res, 'viewer', 'add trips');
  });

  it('refuse a PATCH as they refuse a PUT: an edit', async () => {
    const res = await as.viewer.request('PATCH', '/api/trips/TRP1234AB', { body: '{not json', headers: { 'content-type': 'application/json' } });
    expectRefused(res, 'viewer', 'edit trips');
  });

  it('apply from the next request when a role changes', async () => {
    await server.createUser({ username: 'u_changing', password: PASSWORD, role: 'viewer' });
    const client = server.client();
    await client.login('u_changing', PASSWORD);
    expect((await client.get('/api/vehicles')).status).toBe(200);
    await server.database.query(`UPDATE users SET role = 'accounts' WHERE username = 'u_changing'`);
    expect((await client.get('/api/drivers')).status).toBe(403);
    await server.database.query(`UPDATE users SET role = 'viewer' WHERE username = 'u_changing'`);
    expect((await client.get('/api/drivers')).status).toBe(200);
  });
});

describe('personal data', () => {
  let driverId: string;
  let aadhaar: string;
  let report: string;

  beforeAll(async () => {
    const upload = async () => (await admin.upload('card.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), { contentType: 'application/pdf' })).body.id as string;
    aadhaar = await upload();
    const driver = await admin.post('/api/drivers', driverBody({ aadharCardFile: aadhaar }));
    expect(driver.status, driver.text).toBe(201);
    driverId = driver.body.id;
    report = await upload();
    const health = resources.find((r) => r.area.key === 'driver-health')!;
    const res = await admin.post('/api/driver-health', exampleBody(health, { ...links, drivers: driverId }, { reportFile: report }));
    expect(res.status, res.text).toBe(201);
  });

  it('a dispatcher cannot fetch a driver’s Aadhaar card or a health report; a fleet manager can', async () => {
    expectRefused(await as.dispatcher.get(`/api/files/${aadhaar}`), 'dispatcher', 'see personal data (the Aadhar Card of drivers)');
    expectRefused(await as.dispatcher.get(`/api/files/${report}`), 'dispatcher', 'view health records');
    expectRefused(await as.workshop.get(`/api/files/${aadhaar}`), 'workshop', 'view drivers');
    for (const file of [aadhaar, report]) expect((await as.fleet_manager.get(`/api/files/${file}`)).status).toBe(200);
  });

  it('leaves the Aadhaar card out of every driver answer to a role without personal data', async () => {
    const hidden = ['aadharCardFile', 'aadharCardFileName'];
    for (const role of ['dispatcher', 'viewer'] as const) {
      const one = (await as[role].get(`/api/drivers/${driverId}`)).body;
      const listed = (await as[role].get('/api/drivers')).body.items.find((d: { id: string }) => d.id === driverId);
      for (const row of [one, listed]) for (const key of hidden) expect(row, `${role} ${key}`).not.toHaveProperty(key);
      expect(one.name).toBe('Ramesh Kumar');
    }
    const exported = await as.viewer.get('/api/drivers/export');
    expect(exported.status).toBe(200);
    expect(exported.text.split('\n')[0]).not.toMatch(/Aadh?ar/i);
    expect(exported.text).not.toContain('card.pdf');
    const full = (await as.fleet_manager.get(`/api/drivers/${driverId}`)).body;
    expect(full).toMatchObject({ aadharCardFile: aadhaar, aadharCardFileName: 'card.pdf' });
    // The list cache keys by what a role sees: the manager's page, then the viewer's, each as it should be.
    expect((await as.fleet_manager.get('/api/drivers')).body.items[0]).toHaveProperty('aadharCardFile');
    expect((await as.viewer.get('/api/drivers')).body.items[0]).not.toHaveProperty('aadharCardFile');
  });

  it('files: an upload not yet saved with a record is the uploader’s alone; uploads only for roles that add or edit records with files', async () => {
    const mine = (await as.dispatcher.upload('challan.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), { contentType: 'application/pdf' })).body.id;
    expect((await as.dispatcher.get(`/api/files/${mine}`)).status).toBe(200);
    expect((await as.fleet_manager.get(`/api/files/${mine}`)).status).toBe(403);
    const before = await server.count('files');
    expectRefused(await as.viewer.upload('x.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), { contentType: 'application/pdf' }), 'viewer', 'upload files');
    expect(await server.count('files')).toBe(before);
  });
});

describe('pick-lists', () => {
  it('a workshop user reporting an incident gets driver labels from /options, but not the drivers list', async () => {
    expectRefused(await as.workshop.get('/api/drivers'), 'workshop', 'view drivers');
    const res = await as.workshop.get('/api/drivers/options?q=ramesh');
    expect(res.status, res.text).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const item of res.body.items) {
      expect(Object.keys(item).sort()).toEqual(['id', 'label', 'status']);
      expect(item.label).toContain('Ramesh Kumar');
    }
    // A label-only search matches the label, not the fields behind the list's search (a licence number).
    expect((await as.workshop.get('/api/drivers/options?q=MH1220110')).body.items).toEqual([]);
    expect((await as.fleet_manager.get('/api/drivers/options?q=MH1220110')).body.items.length).toBeGreaterThan(0);
    // A term across the label's parts (name and id) finds the driver.
    const across = await as.workshop.get(`/api/drivers/options?q=${encodeURIComponent(`kumar (${links.drivers.slice(0, 5)}`)}`);
    expect(across.body.items.map((item: { id: string }) => item.id)).toContain(links.drivers);
    // The label of a choice already made.
    const chosen = await as.workshop.get(`/api/drivers/options?ids=${links.drivers}`);
    expect(chosen.body).toEqual({ items: [{ id: links.drivers, label: expect.stringContaining('Ramesh Kumar'), status: 'Active' }], hasMore: false });
    expectRefused(await as.workshop.get('/api/drivers/options?sort=license'), 'workshop', 'filter or sort drivers by License No.');
  });

  it('labels every linkable area’s records as their lists name them', async () => {
    for (const key of ['vehicles', 'drivers', 'trips', 'sales-leads', 'sales-quotations', 'partner-fuel-stations']) {
      await admin.post(
        `/api/${key}`,
        exampleBody(
          resources.find((r) => r.area.key === key)!,
          links,
        ),
      );
      const res = await as.fleet_manager.get(`/api/${key}/options`);
      expect(res.status, `${key}: ${res.text}`).toBe(200);
      expect(res.body.items.length, key).toBeGreaterThan(1);
      const [first] = res.body.items;
      const record = (await admin.get(`/api/${key}/${first.id}`)).body;
      const expected: Record<string, string> = {
        vehicles: `${record.make} ${record.model} (${record.licensePlate})`,
        drivers: `${record.name} (${record.id})`,
        trips: `${record.id} (${record.origin} → ${record.destination})`,
        'sales-leads': record.companyName,
        'sales-quotations': `${record.id} — ${record.customerName}`,
        'partner-fuel-stations': record.stationName,
      };
      expect(first.label, key).toBe(expected[key]);
    }
  });

  it('only to a role that may view the area or name its records', async () => {
    expectRefused(await as.workshop.get('/api/trips/options'), 'workshop', 'choose trips');
    expectRefused(await as.dispatcher.get('/api/sales-quotations/options'), 'dispatcher', 'choose quotations');
    expect((await as.accounts.get('/api/drivers/options')).status).toBe(200);
    // Areas no record links to have no pick-list.
    expect((await as.administrator.get('/api/inventory/options')).status).toBe(404);
    // Labels without status where no picker marks one.
    const trips = (await as.dispatcher.get('/api/trips/options')).body.items;
    expect(Object.keys(trips[0]).sort()).toEqual(['id', 'label']);
  });
});

describe('the OpenAPI document', () => {
  it('lists only the routes the role may use, and records without what it may not see', async () => {
    const paths = (await as.dispatcher.get('/api/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/trips'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths['/api/vehicles'])).toEqual(['get']);
    expect(paths['/api/vehicles/export']).toBeUndefined();
    expect(paths['/api/driver-health']).toBeUndefined();
    expect(paths['/api/sales-leads']).toBeUndefined();
    const driver = JSON.stringify(paths['/api/drivers/{id}']);
    expect(driver).not.toContain('aadharCardFile');
    const full = (await as.administrator.get('/api/openapi.json')).body.paths;
    expect(JSON.stringify(full['/api/drivers/{id}'])).toContain('aadharCardFile');
    expect(full['/api/driver-health']).toBeDefined();
    // Users, the Activity Log and a record's history are described too, each to whom may use it.
    for (const path of [
      '/api/users',
      '/api/users/{id}',
      '/api/users/{id}/deactivate',
      '/api/activity',
      '/api/activity/export',
      '/api/trips/{id}/history',
      '/api/auth/sessions',
    ])
      expect(full[path], path).toBeDefined();
    for (const path of ['/api/users', '/api/activity', '/api/maintenance/{id}/history']) expect(paths[path], path).toBeUndefined();
    expect(paths['/api/trips/{id}/history']).toBeDefined();
    expect(paths['/api/auth/sessions']).toBeDefined();
  });
});
