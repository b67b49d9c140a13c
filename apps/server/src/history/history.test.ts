import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, FieldChange } from '@raahi/domain';
import { startTestServer, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';
import { recordChange, type NewChange } from './change-log';

/**
 * The read side of the change log through the real routes. Until the write path records area writes, the
 * entries are written here with recordChange, as the write path does.
 */

let server: TestServer;
let admin: TestClient;
let dispatcher: TestClient;
let viewer: TestClient;
const PRIYA: Actor = { type: 'user', id: 'USR100001PRIY', name: 'Priya Sharma' };
const RAVI: Actor = { type: 'user', id: 'USR100002RAVI', name: 'Ravi Kumar' };
const IMPORT: Actor = { type: 'system', id: 'import', name: 'Import' };
const PASSWORD = 'a-long-test-password-42';

/** An entry at a named instant: recordChange's columns, with `at` given. */
async function entryAt(at: string, change: NewChange) {
  await server.database.query(
    `INSERT INTO change_log (at, actor_type, actor_id, actor_name, area, record_id, operation, batch_id, changes, snapshot, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      at,
      change.actor.type,
      change.actor.id,
      change.actor.name,
      change.area,
      change.recordId ?? '',
      change.operation,
      change.batchId ?? null,
      change.changes ? JSON.stringify(change.changes) : null,
      change.snapshot ? JSON.stringify(change.snapshot) : null,
      change.details ? JSON.stringify(change.details) : null,
    ],
  );
}

const statusChange = (before: string, after: string): FieldChange[] => [{ field: 'status', before, after }];

async function signedInAs(username: string, role: string): Promise<TestClient> {
  await server.createUser({ username, password: PASSWORD, name: username });
  await server.database.query('UPDATE users SET role = $1 WHERE username = $2', [role, username]);
  const client = server.client();
  expect((await client.login(username, PASSWORD)).status).toBe(200);
  return client;
}

beforeAll(async () => {
  server = await startTestServer();
  // Until the users migration makes the first account an Administrator.
  await server.database.query(`UPDATE users SET role = 'administrator' WHERE username = 'admin'`);
  admin = await server.signedIn();
  dispatcher = await signedInAs('dispatch', 'dispatcher');
  viewer = await signedInAs('viewer', 'viewer');

  // A trip created, edited twice, then deleted; a driver with an Aadhaar card; a batch of three imports.
  await entryAt('2026-11-20T04:00:00Z', {
    actor: PRIYA,
    area: 'trips',
    recordId: 'TRP100001AAAA',
    operation: 'create',
    snapshot: { id: 'TRP100001AAAA', status: 'Scheduled', origin: 'Mumbai' },
  });
  await entryAt('2026-11-21T05:00:00Z', {
    actor: PRIYA,
    area: 'trips',
    recordId: 'TRP100001AAAA',
    operation: 'update',
    changes: statusChange('Scheduled', 'In Transit'),
  });
  await entryAt('2026-11-22T06:00:00Z', {
    actor: RAVI,
    area: 'trips',
    recordId: 'TRP100001AAAA',
    operation: 'update',
    changes: statusChange('In Transit', 'Delivered'),
  });
  await entryAt('2026-11-23T07:00:00Z', {
    actor: RAVI,
    area: 'trips',
    recordId: 'TRP100001AAAA',
    operation: 'delete',
    snapshot: { id: 'TRP100001AAAA', status: 'Delivered', origin: 'Mumbai' },
  });
  await entryAt('2026-11-23T08:00:00Z', {
    actor: PRIYA,
    area: 'drivers',
    recordId: 'DRV100001AAAA',
    operation: 'update',
    changes: [
      { field: 'contact', before: '98765 43210', after: '98765 43211' },
      { field: 'aadharCardFile', before: null, after: { id: 'FIL1', name: 'aadhaar.pdf' } },
    ],
  });
  // An update of the Aadhaar card alone: a role without personal data does not learn that it happened.
  await entryAt('2026-11-19T08:00:00Z', {
    actor: PRIYA,
    area: 'drivers',
    recordId: 'DRV100003CCCC',
    operation: 'update',
    changes: [{ field: 'aadharCardFile', before: null, after: { id: 'FIL3', name: 'aadhaar-3.pdf' } }],
  });
  for (let i = 1; i <= 3; i++) {
    await entryAt(`2026-11-24T09:00:0${i}Z`, {
      actor: IMPORT,
      area: 'vehicles',
      recordId: `VEH10000${i}AAAA`,
      operation: 'create',
      batchId: 'BATCH-1',
      snapshot: { id: `VEH10000${i}AAAA` },
    });
  }
  await entryAt('2026-11-24T10:00:00Z', {
    actor: PRIYA,
    area: 'users',
    recordId: 'USR100002RAVI',
    operation: 'role_change',
    details: { from: 'viewer', to: 'dispatcher' },
  });
  await entryAt('2026-11-24T11:00:00Z', {
    actor: RAVI,
    area: 'maintenance',
    recordId: 'MNT100001AAAA',
    operation: 'create',
    snapshot: { id: 'MNT100001AAAA' },
  });
  // One written the way the write path writes, now.
  await recordChange(server.database, {
    actor: RAVI,
    area: 'challans',
    recordId: 'CHL100001AAAA',
    operation: 'update',
    changes: [{ field: 'passwordHash', before: null, after: null, secret: true }],
  });
});
afterAll(() => server?.close());

describe('GET /api/<area>/:id/history', () => {
  it("is a record's entries, newest first, with its fields' labels, and a deleted record's last state", async () => {
    const res = await dispatcher.get('/api/trips/TRP100001AAAA/history');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hasMore: false, page: 1, pageSize: 50 });
    expect(res.body.items.map((e: { operation: string }) => e.operation)).toEqual(['delete', 'update', 'update', 'create']);
    const [deleted, second, first] = res.body.items;
    expect(deleted).toMatchObject({
      at: '2026-11-23T07:00:00.000Z',
      actor: RAVI,
      area: 'trips',
      recordId: 'TRP100001AAAA',
      batchId: null,
      snapshot: { status: 'Delivered', origin: 'Mumbai' },
    });
    expect(second.changes).toEqual([{ field: 'status', label: 'Status', before: 'In Transit', after: 'Delivered' }]);
    expect(first.actor.name).toBe('Priya Sharma');
    expect(typeof first.id).toBe('string');
  });

  it('pages', async () => {
    const one = await admin.get('/api/trips/TRP100001AAAA/history?page=1&pageSize=3');
    expect(one.body.items).toHaveLength(3);
    expect(one.body.hasMore).toBe(true);
    const two = await admin.get('/api/trips/TRP100001AAAA/history?page=2&pageSize=3');
    expect(two.body.items.map((e: { operation: string }) => e.operation)).toEqual(['create']);
    expect(two.body.hasMore).toBe(false);
  });

  it('leaves personal fields out for a role that may not see them', async () => {
    const forAdmin = await admin.get('/api/drivers/DRV100001AAAA/history');
    expect(forAdmin.body.items[0].changes.map((c: FieldChange) => c.field)).toEqual(['contact', 'aadharCardFile']);
    expect(forAdmin.body.items[0].changes[1].label).toBe('Aadhar Card');
    const forDispatcher = await dispatcher.get('/api/drivers/DRV100001AAAA/history');
    expect(forDispatcher.status).toBe(200);
    expect(forDispatcher.body.items[0].changes).toEqual([{ field: 'contact', label: 'Contact', before: '98765 43210', after: '98765 43211' }]);
    expect(forDispatcher.text).not.toContain('aadhaar.pdf');
    expect((await admin.get('/api/drivers/DRV100003CCCC/history')).body.items).toHaveLength(1);
    expect((await dispatcher.get('/api/drivers/DRV100003CCCC/history')).body.items).toEqual([]);
  });

  it('refuses a role that may not view the area, naming what is missing', async () => {
    const res = await dispatcher.get('/api/maintenance/MNT100001AAAA/history');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ title: 'Not Allowed', message: 'Your role (Dispatcher) may not view maintenance jobs. Ask an administrator if you need it.' });
    expect((await viewer.get('/api/driver-health/HLT1/history')).status).toBe(403);
  });

  it('answers bad input in words', async () => {
    expect((await admin.get('/api/nowhere/X/history')).status).toBe(404);
    expect((await admin.get(`/api/trips/${'A'.repeat(65)}/history`)).status).toBe(404);
    const unknown = await admin.get('/api/trips/TRP1/history?sort=at');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ title: 'Invalid Request', message: 'Unknown parameter: sort.' });
    expect((await admin.get('/api/trips/TRP1/history?pageSize=1000')).status).toBe(400);
    expect((await admin.get('/api/trips/TRP1/history?page=0')).status).toBe(400);
    expect((await admin.get('/api/trips/TRP1/history?page=999999')).body.title).toBe('Page Out Of Reach');
    expect((await server.client().get('/api/trips/TRP1/history')).status).toBe(401);
  });

  it('tells what the write path recorded: a create, two edits and a delete, its last state readable after', async () => {
    const created = await admin.post('/api/vehicles', vehicleBody({ licensePlate: 'KA05MN7788' }));
    expect(created.status).toBe(201);
    const { id } = created.body;
    const first = await admin.put(`/api/vehicles/${id}`, {
      ...vehicleBody({ licensePlate: 'KA05MN7788', vin: created.body.vin }),
      status: 'In Maintenance',
      version: 1,
    });
    expect(first.status).toBe(200);
    expect(
      (await admin.put(`/api/vehicles/${id}`, { ...vehicleBody({ licensePlate: 'KA05MN7789', vin: created.body.vin }), status: 'In Maintenance', version: 2 }))
        .status,
    ).toBe(200);
    expect((await admin.del(`/api/vehicles/${id}`)).status).toBe(204);
    const res = await dispatcher.get(`/api/vehicles/${id}/history`);
    expect(res.status).toBe(200);
    const [deleted, second, edited, added] = res.body.items;
    expect(res.body.items.map((e: { operation: string }) => e.operation)).toEqual(['delete', 'update', 'update', 'create']);
    expect(edited.changes).toContainEqual({ field: 'status', label: 'Status', before: 'Active', after: 'In Maintenance' });
    expect(second.changes).toContainEqual({ field: 'licensePlate', label: 'License Plate', before: 'KA05MN7788', after: 'KA05MN7789' });
    expect(deleted.snapshot).toMatchObject({ id, licensePlate: 'KA05MN7789', status: 'In Maintenance' });
    expect(added.snapshot).toMatchObject({ id, licensePlate: 'KA05MN7788', status: 'Active' });
    expect(deleted.actor).toMatchObject({ type: 'user', name: 'Admin' });
  });

  it('is an empty page for a record with no history', async () => {
    expect((await admin.get('/api/trips/TRP999999ZZZZ/history')).body).toEqual({ items: [], hasMore: false, page: 1, pageSize: 50 });
  });
});

describe('GET /api/activity', () => {
  const ids = (res: { body: { items: { area: string; recordId: string }[] } }) => res.body.items.map((e) => `${e.area}/${e.recordId}`);

  it('is every entry, newest first, for an administrator', async () => {
    const res = await admin.get('/api/activity?pageSize=5');
    expect(res.status).toBe(200);
    expect(res.body.hasMore).toBe(true);
    expect(res.body.items).toHaveLength(5);
    // This file's entries among any the sign-ins above wrote (the users' write path records them too).
    const ours = await admin.get('/api/activity?pageSize=20');
    const written = ours.body.items.filter((e: { actor: Actor }) => [PRIYA.id, RAVI.id, IMPORT.id].includes(e.actor.id));
    expect(ids({ body: { items: written.slice(0, 5) } })).toEqual([
      'challans/CHL100001AAAA',
      'maintenance/MNT100001AAAA',
      'users/USR100002RAVI',
      'vehicles/VEH100003AAAA',
      'vehicles/VEH100002AAAA',
    ]);
    expect(written[0].changes).toEqual([{ field: 'passwordHash', label: 'passwordHash', before: null, after: null, secret: true }]);
    const at = ours.body.items.map((e: { at: string }) => e.at);
    expect([...at].sort().reverse()).toEqual(at);
  });

  it('filters by user, area, operation and date range', async () => {
    expect(ids(await admin.get(`/api/activity?actorId=${RAVI.id}`))).toEqual([
      'challans/CHL100001AAAA',
      'maintenance/MNT100001AAAA',
      'trips/TRP100001AAAA',
      'trips/TRP100001AAAA',
    ]);
    expect(ids(await admin.get('/api/activity?area=trips&operation=update'))).toEqual(['trips/TRP100001AAAA', 'trips/TRP100001AAAA']);
    expect(ids(await admin.get(`/api/activity?area=users&actorId=${PRIYA.id}`))).toEqual(['users/USR100002RAVI']);
    // The company's days: 21/11 from 00:00 to 24:00 in India (05:00 UTC is 10:30 there).
    expect(ids(await admin.get('/api/activity?from=2026-11-21&to=2026-11-22'))).toEqual(['trips/TRP100001AAAA', 'trips/TRP100001AAAA']);
    expect((await admin.get('/api/activity?from=2026-11-21&to=2026-11-22&operation=delete')).body.items).toEqual([]);
    // Blank filters are no filters.
    expect((await admin.get('/api/activity?actorId=&area=&operation=&from=&to=')).body).toEqual((await admin.get('/api/activity')).body);
  });

  it('refuses a From after its To, and bad filters, in words', async () => {
    const range = await admin.get('/api/activity?from=2026-11-22&to=2026-11-21');
    expect(range.status).toBe(400);
    expect(range.body).toEqual({ title: 'Invalid Request', message: 'Date from (2026-11-22) must not be after Date to (2026-11-21).' });
    for (const query of ['area=nowhere', 'operation=purge', 'from=2026-13-01', 'from=1200-01-01', `actorId=${'x'.repeat(65)}`, 'q=x', 'pageSize=0']) {
      const res = await admin.get(`/api/activity?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.title, query).toBe('Invalid Request');
    }
  });

  it('is for administrators only', async () => {
    for (const path of ['/api/activity', '/api/activity/export', '/api/activity/actors']) {
      const res = await dispatcher.get(path);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ title: 'Not Allowed', message: 'Your role (Dispatcher) may not read the Activity Log. Ask an administrator if you need it.' });
    }
  });

  it('lists the users who appear, by their latest names', async () => {
    const res = await admin.get('/api/activity/actors');
    expect(res.status).toBe(200);
    // Also whoever signed in above, once sign-ins are entries.
    const ours = res.body.actors.filter((actor: Actor) => [PRIYA.id, RAVI.id, IMPORT.id].includes(actor.id));
    expect(ours).toEqual([
      { id: 'import', type: 'system', name: 'Import' },
      { id: PRIYA.id, type: 'user', name: 'Priya Sharma' },
      { id: RAVI.id, type: 'user', name: 'Ravi Kumar' },
    ]);
  });

  it('exports the filtered entries as CSV, formulas defused', async () => {
    await entryAt('2026-11-19T00:00:00Z', {
      actor: { type: 'user', id: 'USR9', name: '=HYPERLINK("x")' },
      area: 'inventory',
      recordId: 'INV1',
      operation: 'create',
    });
    const res = await admin.get('/api/activity/export?area=trips&tz=Asia/Kolkata');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="activity-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('When,User,Area,Record,Operation,Changes');
    expect(lines.slice(1)).toEqual([
      '2026-11-23 12:30,Ravi Kumar,Trips,TRP100001AAAA,Deleted,',
      '2026-11-22 11:30,Ravi Kumar,Trips,TRP100001AAAA,Updated,Status: In Transit → Delivered',
      '2026-11-21 10:30,Priya Sharma,Trips,TRP100001AAAA,Updated,Status: Scheduled → In Transit',
      '2026-11-20 09:30,Priya Sharma,Trips,TRP100001AAAA,Created,',
    ]);
    const injected = await admin.get('/api/activity/export?area=inventory');
    expect(injected.text).toContain(`"'=HYPERLINK(""x"")"`);
    // Each export is an entry of its own: its filters and row count.
    const exports = await admin.get('/api/activity?area=activity&operation=export');
    expect(exports.body.items.map((e: { details: unknown }) => e.details)).toEqual([
      { filters: { area: 'inventory' }, rowCount: 1, complete: true },
      { filters: { area: 'trips' }, rowCount: 4, complete: true },
    ]);
    expect(exports.body.items[0].actor).toMatchObject({ type: 'user', name: 'Admin' });
  });
});

describe('GET /api/activity/recent', () => {
  // Newer than anything above (sign-ins included): minutes from now.
  const soon = (minutes: number, seconds = 0) => new Date(Date.now() + minutes * 60_000 + seconds * 1000).toISOString();
  beforeAll(async () => {
    await entryAt(soon(23), { actor: PRIYA, area: 'trips', recordId: 'TRP100002BBBB', operation: 'create', snapshot: { id: 'TRP100002BBBB' } });
    await entryAt(soon(24), { actor: PRIYA, area: 'trips', recordId: 'TRP100002BBBB', operation: 'update', changes: statusChange('Scheduled', 'Delayed') });
    await entryAt(soon(25), {
      actor: PRIYA,
      area: 'drivers',
      recordId: 'DRV100002BBBB',
      operation: 'update',
      changes: [
        { field: 'contact', before: '1', after: '2' },
        { field: 'aadharCardFile', before: null, after: 'aadhaar.pdf' },
      ],
    });
    await entryAt(soon(26), { actor: RAVI, area: 'maintenance', recordId: 'MNT100002BBBB', operation: 'create' });
    for (let i = 1; i <= 3; i++)
      await entryAt(soon(27, i), { actor: IMPORT, area: 'vehicles', recordId: `VEH20000${i}BBBB`, operation: 'create', batchId: 'BATCH-2' });
    await entryAt(soon(28), { actor: PRIYA, area: 'users', recordId: 'USR100002RAVI', operation: 'role_change' });
    await entryAt(soon(29), { actor: RAVI, area: 'challans', recordId: 'CHL100002BBBB', operation: 'delete', snapshot: { id: 'CHL100002BBBB' } });
    await entryAt(soon(30), { actor: RAVI, area: 'cold-chain', recordId: 'CLD100001BBBB', operation: 'create' });
  });
  const shown = (items: { area: string; recordId: string }[]) => items.map((e) => `${e.area}/${e.recordId}`);

  it('is the latest seven entries, a batch as one entry with its count', async () => {
    const res = await admin.get('/api/activity/recent');
    expect(res.status).toBe(200);
    const items = res.body.items as { area: string; recordId: string; batchCount?: number }[];
    expect(shown(items)).toEqual([
      'cold-chain/CLD100001BBBB',
      'challans/CHL100002BBBB',
      'users/USR100002RAVI',
      'vehicles/VEH200003BBBB',
      'maintenance/MNT100002BBBB',
      'drivers/DRV100002BBBB',
      'trips/TRP100002BBBB',
    ]);
    expect(items[3].batchCount).toBe(3);
    expect(items[0].batchCount).toBeUndefined();
  });

  it('holds only what the role may view: no user entries, no areas it may not see, no personal fields', async () => {
    const res = await dispatcher.get('/api/activity/recent');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(7);
    expect(shown(res.body.items).slice(0, 6)).toEqual([
      'cold-chain/CLD100001BBBB',
      'challans/CHL100002BBBB',
      'vehicles/VEH200003BBBB',
      'drivers/DRV100002BBBB',
      'trips/TRP100002BBBB',
      'trips/TRP100002BBBB',
    ]);
    for (const entry of res.body.items) expect(['cold-chain', 'challans', 'vehicles', 'drivers', 'trips']).toContain(entry.area);
    const driver = res.body.items.find((e: { area: string }) => e.area === 'drivers');
    expect(driver.changes.map((c: FieldChange) => c.field)).toEqual(['contact']);
    expect((await dispatcher.get('/api/activity/recent?all=1')).status).toBe(400);
  });
});
