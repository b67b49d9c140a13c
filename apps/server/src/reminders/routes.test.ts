import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@raahi/domain';
import { companyToday } from '../company-time';
import { startTestServer, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';
import { startReminderRunner, type ReminderRunner } from './runner';

const PASSWORD = 'a-long-enough-password-1';
let server: TestServer;
let runner: ReminderRunner;
let admin: TestClient;
let manager: TestClient;
let accounts: TestClient;
const today = companyToday();
const docBody = (overrides: Record<string, unknown>) => ({ documentNumber: '', issuer: '', issueDate: null, notes: '', documentFile: null, ...overrides });

beforeAll(async () => {
  server = await startTestServer();
  runner = startReminderRunner(server.database, { intervalMs: 0, runOnStart: false, log: () => undefined });
  admin = await server.signedIn();
  await server.createUser({ username: 'manager', password: PASSWORD, role: 'fleet_manager' });
  await server.createUser({ username: 'accounts', password: PASSWORD, role: 'accounts' });
  manager = server.client();
  expect((await manager.login('manager', PASSWORD)).status).toBe(200);
  accounts = server.client();
  expect((await accounts.login('accounts', PASSWORD)).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await runner?.stop();
  await server?.close();
});

describe('notifications from writes, and the API', () => {
  let documentId: string;

  it('a write is judged right after it: the first state silently, a change with a notification to each user who may view it', async () => {
    const vehicle = await admin.post('/api/vehicles', vehicleBody());
    expect(vehicle.status).toBe(201);
    const created = await admin.post(
      '/api/compliance',
      docBody({
        documentName: 'PUC – MH12AB1234',
        documentType: 'Pollution Under Control (PUC) Certificate',
        entityId: vehicle.body.id,
        expiryDate: addDays(today, 40),
      }),
    );
    expect(created.status, created.text).toBe(201);
    documentId = created.body.id;
    await runner.idle();
    expect(await server.database.query(`SELECT state FROM reminder_states WHERE record_id = $1`, [documentId])).toEqual([{ state: 'ok' }]);
    expect((await admin.get('/api/notifications/unread-count')).body).toEqual({ count: 0, capped: false });

    const updated = await admin.put(
      `/api/compliance/${documentId}`,
      docBody({
        documentName: 'PUC – MH12AB1234',
        documentType: 'Pollution Under Control (PUC) Certificate',
        entityId: created.body.entityId,
        expiryDate: addDays(today, -1),
        version: created.body.version,
      }),
    );
    expect(updated.status, updated.text).toBe(200);
    await runner.idle();
    const list = await admin.get('/api/notifications');
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      {
        id: expect.any(String),
        title: 'Document Expired',
        message: expect.stringContaining('PUC – MH12AB1234 expired on'),
        type: 'critical',
        date: expect.any(String),
        read: false,
        href: `/compliance?edit=${documentId}`,
        kind: 'documents',
      },
    ]);
    expect((await manager.get('/api/notifications')).body.items).toHaveLength(1);
    // Accounts may not view compliance documents.
    expect((await accounts.get('/api/notifications')).body.items).toEqual([]);
    expect((await admin.get('/api/notifications/unread-count')).body).toEqual({ count: 1, capped: false });
  });

  it("another user's notification answers 404, as a missing one does; bad parameters a 400", async () => {
    const [mine] = (await admin.get('/api/notifications')).body.items;
    expect((await manager.post(`/api/notifications/${mine.id}/read`)).status).toBe(404);
    expect((await manager.del(`/api/notifications/${mine.id}`)).status).toBe(404);
    expect((await admin.post('/api/notifications/999999999/read')).status).toBe(404);
    expect((await admin.post('/api/notifications/abc/read')).status).toBe(404);
    expect((await admin.get('/api/notifications?page=0')).status).toBe(400);
    expect((await admin.get('/api/notifications?unread=maybe')).status).toBe(400);
    expect((await admin.get('/api/notifications/unread-count')).body.count).toBe(1);
  });

  it('mark read, unread only, mark all read, delete one, clear all', async () => {
    const [mine] = (await admin.get('/api/notifications')).body.items;
    const read = await admin.post(`/api/notifications/${mine.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.item.read).toBe(true);
    expect((await admin.get('/api/notifications?unread=true')).body.items).toEqual([]);
    expect((await admin.get('/api/notifications/unread-count')).body.count).toBe(0);

    await server.database.query(
      `INSERT INTO notifications (user_id, kind, area, record_id, state, type, title, message, href) SELECT u.id, 'reorder', 'inventory', 'INV-' || g, 'overdue', 'warning', 'Reorder Needed', 'm', '/inventory?edit=INV-' || g FROM users u, generate_series(1, 120) g WHERE u.username = 'admin' ORDER BY g`,
    );
    expect((await admin.get('/api/notifications/unread-count')).body).toEqual({ count: 100, capped: true });
    const page = await admin.get('/api/notifications?unread=true&pageSize=10&page=2');
    expect(page.body.items).toHaveLength(10);
    expect(page.body.hasMore).toBe(true);
    expect(page.body.items[0].href).toBe('/inventory?edit=INV-110');
    expect((await admin.post('/api/notifications/read-all')).body).toEqual({ updated: 120 });
    expect((await admin.get('/api/notifications/unread-count')).body.count).toBe(0);
    expect((await admin.del(`/api/notifications/${mine.id}`)).status).toBe(204);
    expect((await admin.get('/api/notifications?pageSize=100')).body.items.some((n: { id: string }) => n.id === mine.id)).toBe(false);
    expect((await admin.del('/api/notifications')).body).toEqual({ deleted: 120 });
    expect((await admin.get('/api/notifications')).body.items).toEqual([]);
    // The manager's are untouched.
    expect((await manager.get('/api/notifications')).body.items).toHaveLength(1);
  });

  it('deleting a record ends its states and its unread notifications; read ones stay', async () => {
    const vehicle = await admin.post('/api/vehicles', vehicleBody());
    const doc = await admin.post(
      '/api/compliance',
      docBody({ documentName: 'RC', documentType: 'Vehicle Registration', entityId: vehicle.body.id, expiryDate: addDays(today, 60) }),
    );
    await runner.idle();
    await admin.put(
      `/api/compliance/${doc.body.id}`,
      docBody({
        documentName: 'RC',
        documentType: 'Vehicle Registration',
        entityId: doc.body.entityId,
        expiryDate: addDays(today, 3),
        version: doc.body.version,
      }),
    );
    await runner.idle();
    const adminsOwn = (await admin.get('/api/notifications')).body.items;
    expect(adminsOwn.map((n: { title: string }) => n.title)).toEqual(['Document Expiring Soon']);
    await admin.post(`/api/notifications/${adminsOwn[0].id}/read`);
    expect((await manager.get('/api/notifications')).body.items).toHaveLength(2);

    expect((await admin.del(`/api/compliance/${documentId}`)).status).toBe(204);
    expect((await admin.del(`/api/compliance/${doc.body.id}`)).status).toBe(204);
    await runner.idle();
    expect(await server.database.query(`SELECT * FROM reminder_states WHERE rule = 'documents'`)).toEqual([]);
    expect((await manager.get('/api/notifications')).body.items).toEqual([]);
    expect((await admin.get('/api/notifications')).body.items.map((n: { read: boolean }) => n.read)).toEqual([true]);
  });

  it('needs a session, and is documented in the API document', async () => {
    const anonymous = server.client();
    for (const path of ['/api/notifications', '/api/notifications/unread-count']) expect((await anonymous.get(path)).status).toBe(401);
    const doc = (await accounts.get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/notifications',
        '/api/notifications/unread-count',
        '/api/notifications/{id}/read',
        '/api/notifications/read-all',
        '/api/notifications/{id}',
      ]),
    );
    expect(Object.keys(doc.paths['/api/notifications']).sort()).toEqual(['delete', 'get']);
    const item = doc.paths['/api/notifications'].get.responses['200'].content['application/json'].schema.properties.items.items;
    expect(Object.keys(item.properties)).toEqual(['id', 'title', 'message', 'type', 'date', 'read', 'href', 'kind']);
  });
});
