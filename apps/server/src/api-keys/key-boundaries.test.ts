import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../history/change-log';
import { driverBody, multipartBody, startTestServer, type Json, type TestClient, type TestServer } from '../testing/test-server';
import { updateUser } from '../auth/users';
import { createApiKey } from './keys';

/**
 * Issue 32, "Keys are only what they are meant to be" (decision 0062), on both databases over real HTTP: a key's
 * rights never exceed its creator's current role, and a key reads none of the personal data of the signed-in
 * person it acts for (notifications and their settings, import runs but its own, uploads not yet attached).
 */

let server: TestServer;
let admin: TestClient;
let n = 0;
const PASSWORD = 'key-boundaries-password-1';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn();
}, 60_000);
afterAll(() => server?.close());

/** Requests as a key: no cookie, no CSRF token, only the Authorization header. */
const asKey = (key: string) => {
  const headers = { authorization: `Bearer ${key}` };
  const client = server.client();
  return {
    get: (path: string) => client.get(path, { headers }),
    post: (path: string, body?: unknown) => client.post(path, body, { headers }),
    put: (path: string, body?: unknown) => client.put(path, body, { headers }),
    del: (path: string) => client.del(path, { headers }),
    upload: (name: string, data: Buffer) => client.upload(name, data, { headers }),
    multipart: (path: string, parts: Parameters<typeof multipartBody>[0]) => {
      const form = multipartBody(parts);
      return client.request('POST', path, { body: form.body, headers: { ...headers, 'content-type': form.contentType } });
    },
  };
};

async function makeKey(role: string, by: TestClient = admin) {
  const res = await by.post('/api/api-keys', { name: `Boundary key ${++n}`, role });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; key: string; apiKey: { name: string } };
}

async function signedInAs(role: string, name?: string) {
  const username = `kb_${role}_${++n}`;
  const user = await server.createUser({ username, password: PASSWORD, role, name });
  const client = server.client();
  expect((await client.login(username, PASSWORD)).status).toBe(200);
  return { client, user };
}

/** Changes a user's role through PUT /api/users/:id, as the Users screen does. */
async function changeRole(id: string, role: string) {
  const { items } = (
    await admin.get(
      `/api/users?search=${encodeURIComponent((await server.database.query<{ username: string }>(`SELECT username FROM users WHERE id = $1`, [id]))[0].username)}`,
    )
  ).body;
  const user = items.find((u: { id: string }) => u.id === id);
  return admin.put(`/api/users/${id}`, { name: user.name, email: user.email, phone: user.phone, role, version: user.version });
}

const NOT_WITH_A_KEY = 'Not Allowed With an API Key';

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  let c = ~0;
  for (const byte of Buffer.concat([Buffer.from(type), data])) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  crc.writeUInt32BE(~c >>> 0);
  return Buffer.concat([length, Buffer.from(type), data, crc]);
}
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  pngChunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])),
  pngChunk('IDAT', deflateSync(Buffer.from([0, 0xff, 0, 0]))),
  pngChunk('IEND', Buffer.alloc(0)),
]);

describe("a key's rights never exceed its creator's current role", () => {
  it('a role change revokes the keys the new role does not cover, names them in the answer and records each revoke', async () => {
    const { client: second, user } = await signedInAs('administrator', 'Second Admin');
    const viewer = await makeKey('viewer', second);
    const dispatcher = await makeKey('dispatcher', second);
    const manager = await makeKey('fleet_manager', second);
    const accounts = await makeKey('accounts', second);
    const adminsOwn = await makeKey('accounts');

    // An edit that keeps the role revokes nothing; a Fleet Manager may do all that any key may.
    const renamed = await changeRole(user.id, 'administrator');
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.revokedKeys).toEqual([]);
    const toManager = await changeRole(user.id, 'fleet_manager');
    expect(toManager.status, toManager.text).toBe(200);
    expect(toManager.body).toMatchObject({ user: { id: user.id, role: 'fleet_manager' }, revokedKeys: [] });
    for (const key of [viewer, dispatcher, manager, accounts]) expect((await asKey(key.key).get('/api/vehicles')).status).toBe(200);

    // A Viewer may not do what a Dispatcher's, a Fleet Manager's or an Accounts key may: those end, oldest first.
    const toViewer = await changeRole(user.id, 'viewer');
    expect(toViewer.status, toViewer.text).toBe(200);
    expect(toViewer.body.revokedKeys).toEqual([dispatcher, manager, accounts].map((key) => ({ id: key.id, name: key.apiKey.name })));
    for (const key of [dispatcher, manager, accounts]) {
      const res = await asKey(key.key).get('/api/vehicles');
      expect(res.status).toBe(401);
      expect(res.body.title).toBe('Invalid API Key');
    }
    expect((await asKey(viewer.key).get('/api/vehicles')).status).toBe(200);
    // Another creator's keys are not touched.
    expect((await asKey(adminsOwn.key).get('/api/vehicles')).status).toBe(200);
    const listed = (await admin.get('/api/api-keys')).body.rows as { id: string; status: string }[];
    expect([viewer, dispatcher, manager, accounts, adminsOwn].map((key) => listed.find((row) => row.id === key.id)?.status)).toEqual([
      'active',
      'revoked',
      'revoked',
      'revoked',
      'active',
    ]);

    // Each revoke is an entry in the Activity Log with its reason, and the role change counts them.
    const revokes = await server.database.query<{ record_id: string; actor_name: string; details: Json }>(
      `SELECT record_id, actor_name, details FROM change_log WHERE area = 'api-keys' AND operation = 'revoke' AND record_id = ANY($1) ORDER BY record_id`,
      [[dispatcher.id, manager.id, accounts.id]],
    );
    expect(revokes).toHaveLength(3);
    const byId = new Map(revokes.map((row) => [row.record_id, row]));
    expect(byId.get(dispatcher.id)).toMatchObject({
      actor_name: 'Admin',
      details: { reason: "Its creator's role changed to Viewer, which may not do all that the key's role (Dispatcher) may" },
    });
    expect(byId.get(accounts.id)?.details.reason).toBe("Its creator's role changed to Viewer, which may not do all that the key's role (Accounts) may");
    const [roleChange] = await server.database.query<{ changes: Json; details: Json }>(
      `SELECT changes, details FROM change_log WHERE area = 'users' AND operation = 'role_change' AND record_id = $1 ORDER BY id DESC LIMIT 1`,
      [user.id],
    );
    expect(roleChange).toEqual({ changes: [{ field: 'role', label: 'Role', before: 'fleet_manager', after: 'viewer' }], details: { apiKeysRevoked: 3 } });

    // Promoted again, the revoked keys stay revoked.
    expect((await changeRole(user.id, 'administrator')).body.revokedKeys).toEqual([]);
    expect((await asKey(manager.key).get('/api/vehicles')).status).toBe(401);
  });

  it('a key is made only while its creator is an active administrator, checked in the transaction that makes it', async () => {
    const { user } = await signedInAs('administrator', 'Soon Demoted');
    await server.database.query(`UPDATE users SET role = 'dispatcher' WHERE id = $1`, [user.id]);
    const before = await server.snapshot('api_keys');
    await expect(createApiKey(server.database, userActor(user), { id: user.id, name: user.name }, { name: 'Late key', role: 'viewer' })).rejects.toMatchObject({
      status: 403,
      title: 'Not Allowed',
      message: 'Your role (Dispatcher) may not manage API keys. Ask an administrator if you need it.',
    });
    expect(await server.snapshot('api_keys')).toEqual(before);
  });
});

describe('a key made while its creator is demoted (both past every check of their requests)', () => {
  it('is either refused or revoked by the demotion: never a live key beyond the new role', async () => {
    for (let round = 0; round < 20; round++) {
      const { user } = await signedInAs('administrator');
      const [{ version }] = await server.database.query<{ version: number }>(`SELECT version FROM users WHERE id = $1`, [user.id]);
      const [made, demoted] = await Promise.allSettled([
        createApiKey(server.database, userActor(user), { id: user.id, name: user.name }, { name: `Racing key ${round}`, role: 'fleet_manager' }),
        updateUser(server.database, userActor({ id: 'system', name: 'Admin', username: 'admin' }), user.id, {
          name: user.name,
          email: '',
          phone: '',
          role: 'viewer',
          version,
        }),
      ]);
      expect(demoted.status).toBe('fulfilled');
      const live = await server.database.query(`SELECT id FROM api_keys WHERE created_by = $1 AND revoked_at IS NULL`, [user.id]);
      expect(live, `round ${round}: ${made.status}`).toEqual([]);
    }
  });
});

describe('a key reads no personal data of the person it acts for', () => {
  it("answers 403 for notifications and their settings, and leaves the creator's inbox as it was", async () => {
    await server.database.query(
      `INSERT INTO notifications (user_id, kind, area, record_id, state, type, title, message, href)
       SELECT id, 'reorder', 'inventory', 'INV-KB-1', 'overdue', 'warning', 'Reorder Needed', 'Brake pads are below their reorder level.', '/inventory?edit=INV-KB-1' FROM users WHERE username = 'admin'`,
    );
    const inbox = async () => (await admin.get('/api/notifications')).body.items;
    const before = await inbox();
    expect(before.length).toBeGreaterThan(0);
    const { key } = await makeKey('viewer');
    const viewer = asKey(key);
    const notifications = { title: NOT_WITH_A_KEY, message: 'Notifications belong to a signed-in person, not to an API key. Sign in to use them.' };
    const settings = { title: NOT_WITH_A_KEY, message: 'Notification settings belong to a signed-in person, not to an API key. Sign in to use them.' };
    const id = before[0].id;
    for (const res of [
      await viewer.get('/api/notifications'),
      await viewer.get('/api/notifications?unread=true'),
      await viewer.get('/api/notifications/unread-count'),
      await viewer.post('/api/notifications/read-all'),
      await viewer.post(`/api/notifications/${id}/read`),
      await viewer.del(`/api/notifications/${id}`),
      await viewer.del('/api/notifications'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(notifications);
    }
    for (const res of [await viewer.get('/api/notification-preferences'), await viewer.put('/api/notification-preferences', { mutedKinds: [] })]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(settings);
    }
    expect(await inbox()).toEqual(before);
  });

  it("answers 403 for an upload not yet attached (the creator's too) and refuses a key's upload; an attached file is read as before", async () => {
    const upload = await admin.upload('aadhaar.png', PNG);
    expect(upload.status, upload.text).toBe(201);
    const uploads = {
      title: NOT_WITH_A_KEY,
      message: 'Uploads not yet saved with a record belong to a signed-in person, not to an API key. Sign in to upload or open them.',
    };
    const viewer = asKey((await makeKey('viewer')).key);
    const manager = asKey((await makeKey('fleet_manager')).key);
    for (const res of [await viewer.get(`/api/files/${upload.body.id}`), await manager.get(`/api/files/${upload.body.id}`)]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(uploads);
    }
    const before = await server.count('files');
    const refused = await manager.upload('photo.png', PNG);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(uploads);
    expect(await server.count('files')).toBe(before);
    // The creator still opens it; once saved with a record, it is read by whoever may view that record's file.
    expect((await admin.get(`/api/files/${upload.body.id}`)).status).toBe(200);
    const driver = await admin.post('/api/drivers', driverBody({ aadharCardFile: upload.body.id }));
    expect(driver.status, driver.text).toBe(201);
    const opened = await manager.get(`/api/files/${upload.body.id}`);
    expect(opened.status).toBe(200);
    expect(opened.bytes.equals(PNG)).toBe(true);
  });
});

describe('import runs', () => {
  const CSV = 'Make,Model,Year,License Plate,VIN\nTata,Ace,2023,DL01KB0001,MAT4480KB00000001\n';
  const importAs = (key: ReturnType<typeof asKey>, extra: Parameters<typeof multipartBody>[0] = []) =>
    key.multipart('/api/vehicles/import', [{ name: 'file', filename: 'fleet-kb.csv', data: CSV }, { name: 'mode', data: 'dry-run' }, ...extra]);

  it("are not listed to a key, nor are another's runs read by one (today an Accounts key listed driver-health runs)", async () => {
    await server.database.query(
      `INSERT INTO import_runs (id, area, user_id, by_name, mode, status, file_name) SELECT 'IMRKBHEALTH0001', 'driver-health', id, name, 'dry-run', 'done', 'health-checkups-march.csv' FROM users WHERE username = 'admin'`,
    );
    const accounts = asKey((await makeKey('accounts')).key);
    const manager = asKey((await makeKey('fleet_manager')).key);
    const listRefused = {
      title: NOT_WITH_A_KEY,
      message: 'The lists of recent imports belong to a signed-in person, not to an API key. A key reads only the imports it started, by their id.',
    };
    for (const res of [
      await accounts.get('/api/imports?area=driver-health'),
      await manager.get('/api/imports?area=driver-health'),
      await manager.get('/api/imports?area=vehicles'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(listRefused);
      expect(res.text).not.toContain('health-checkups-march.csv');
    }
    for (const path of ['/api/imports/IMRKBHEALTH0001', '/api/imports/IMRKBHEALTH0001/errors.csv']) {
      const res = await manager.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ title: 'Not Found', message: 'There is no import IMRKBHEALTH0001.' });
    }
    // The administrator signed in still reads it.
    expect((await admin.get('/api/imports/IMRKBHEALTH0001')).body).toMatchObject({ area: 'driver-health', fileName: 'health-checkups-march.csv' });
  });

  it('a run started by a key is that key’s: it reads it and its errors, no other key or person but an administrator does', async () => {
    const first = await makeKey('fleet_manager');
    const key = asKey(first.key);
    const started = await importAs(key);
    expect(started.status, started.text).toBe(200);
    expect(started.body).toMatchObject({ area: 'vehicles', mode: 'dry-run', valid: 1, by: first.apiKey.name });
    expect((await key.get(`/api/imports/${started.body.id}`)).body).toMatchObject({ id: started.body.id, status: 'done' });
    const errors = await key.get(`/api/imports/${started.body.id}/errors.csv`);
    expect(errors.status).toBe(200);
    expect(errors.text).toBe('\uFEFFRow,Column,Message\r\n');

    const other = asKey((await makeKey('fleet_manager')).key);
    for (const path of [`/api/imports/${started.body.id}`, `/api/imports/${started.body.id}/errors.csv`]) {
      const res = await other.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ title: 'Not Found', message: `There is no import ${started.body.id}.` });
    }
    // The creator's own runs are not the key's either.
    const own = await admin.request(
      'POST',
      '/api/vehicles/import',
      (() => {
        const form = multipartBody([
          { name: 'file', filename: 'admin.csv', data: CSV },
          { name: 'mode', data: 'dry-run' },
        ]);
        return { body: form.body, headers: { 'content-type': form.contentType } };
      })(),
    );
    expect(own.status, own.text).toBe(200);
    expect((await key.get(`/api/imports/${own.body.id}`)).status).toBe(404);

    // A signed-in Fleet Manager does not see it among theirs; the administrator sees every run.
    const { client: person } = await signedInAs('fleet_manager');
    expect((await person.get(`/api/imports/${started.body.id}`)).status).toBe(404);
    expect((await person.get('/api/imports?area=vehicles')).body.rows).toEqual([]);
    const adminList = (await admin.get('/api/imports?area=vehicles')).body.rows.map((row: { id: string }) => row.id);
    expect(adminList).toEqual(expect.arrayContaining([started.body.id, own.body.id]));
  });

  it('a demoted creator’s own list leaves out the runs of their keys', async () => {
    const { client: creator, user } = await signedInAs('administrator');
    const created = await makeKey('fleet_manager', creator);
    const byKey = await importAs(asKey(created.key));
    expect(byKey.status, byKey.text).toBe(200);
    expect((await changeRole(user.id, 'fleet_manager')).body.revokedKeys).toEqual([]);
    expect((await creator.get('/api/imports?area=vehicles')).body.rows).toEqual([]);
    expect((await creator.get(`/api/imports/${byKey.body.id}`)).status).toBe(404);
  });

  it("a key neither reads nor keeps its creator's remembered mapping", async () => {
    const mapping = [
      { header: 'Make', field: 'make' },
      { header: 'Model', field: 'model' },
      { header: 'Year', field: 'year' },
      { header: 'License Plate', field: '' },
      { header: 'VIN', field: 'vin' },
    ];
    const form = multipartBody([
      { name: 'file', filename: 'fleet.csv', data: CSV },
      { name: 'mode', data: 'dry-run' },
      { name: 'mapping', data: JSON.stringify(mapping) },
    ]);
    expect((await admin.request('POST', '/api/vehicles/import', { body: form.body, headers: { 'content-type': form.contentType } })).status).toBe(200);
    const remembered = () =>
      server.database.query(`SELECT mapping FROM import_mappings m JOIN users u ON u.id = m.user_id WHERE u.username = 'admin' AND m.area = 'vehicles'`);
    const before = await remembered();
    expect(before).toHaveLength(1);
    const key = asKey((await makeKey('fleet_manager')).key);
    const preview = await key.multipart('/api/vehicles/import/preview', [{ name: 'file', filename: 'fleet.csv', data: CSV }]);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.remembered).toBe(false);
    expect(preview.body.columns.find((column: { header: string }) => column.header === 'License Plate').field).not.toBe('');
    const swapped = mapping.map((column) => (column.header === 'VIN' ? { header: 'VIN', field: '' } : column));
    expect((await importAs(key, [{ name: 'mapping', data: JSON.stringify(swapped) }])).status).toBe(200);
    expect(await remembered()).toEqual(before);
  });

  it('are shown to a signed-in person only while their role may view the run’s area', async () => {
    const { client: dispatcher, user } = await signedInAs('dispatcher');
    const form = multipartBody([
      { name: 'file', filename: 'trips-kb.csv', data: 'Origin\nPune\n' },
      { name: 'mode', data: 'dry-run' },
    ]);
    const run = await dispatcher.request('POST', '/api/trips/import', { body: form.body, headers: { 'content-type': form.contentType } });
    expect(run.status, run.text).toBe(200);
    expect((await dispatcher.get('/api/imports?area=trips')).body.rows.map((row: { id: string }) => row.id)).toEqual([run.body.id]);
    // Now a Workshop user, who may not view trips: neither the list nor the run nor its errors.
    expect((await changeRole(user.id, 'workshop')).status).toBe(200);
    const refused = { title: 'Not Allowed', message: 'Your role (Workshop) may not view trips. Ask an administrator if you need it.' };
    for (const path of ['/api/imports?area=trips', `/api/imports/${run.body.id}`, `/api/imports/${run.body.id}/errors.csv`]) {
      const res = await dispatcher.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual(refused);
    }
  });
});

describe("a key's copy of the API document", () => {
  it('leaves out the routes now refused to keys, and keeps a key’s own run and attached files', async () => {
    const doc = (await asKey((await makeKey('fleet_manager')).key).get('/api/openapi.json')).body;
    expect(doc.paths['/api/notifications']).toBeUndefined();
    expect(doc.paths['/api/notifications/unread-count']).toBeUndefined();
    expect(doc.paths['/api/notifications/{id}']).toBeUndefined();
    expect(doc.paths['/api/notification-preferences']).toBeUndefined();
    expect(doc.paths['/api/imports']).toBeUndefined();
    expect(Object.keys(doc.paths['/api/files/{id}'])).toEqual(['get']);
    expect(doc.paths['/api/files']).toBeUndefined();
    expect(doc.paths['/api/imports/{id}']).toBeDefined();
    expect(doc.paths['/api/imports/{id}/errors.csv']).toBeDefined();
    // A signed-in administrator's copy keeps them all.
    const full = (await admin.get('/api/openapi.json')).body;
    for (const path of ['/api/notifications', '/api/notification-preferences', '/api/imports', '/api/files']) expect(full.paths[path], path).toBeDefined();
  });
});
