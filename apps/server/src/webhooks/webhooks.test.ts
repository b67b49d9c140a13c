import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_HEADER } from '@raahi/domain';
import { companyToday } from '../company-time';
import { recordChange } from '../history/change-log';
import { runReminders } from '../reminders/engine';
import { documentsRule } from '../reminders/rules/documents';
import { startTestServer, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';
import { refusedAddress } from './address';
import { announce } from './announce';
import { deliverDue, startWebhookWorker, type DeliveryOptions } from './deliveries';
import { startReceiver, verifySignature } from './test-receiver';

const SECRET = 'whsec-test-0123456789abcdef';
const PASSWORD = 'a-long-enough-password-1';
let server: TestServer;
let admin: TestClient;
// Receivers on 127.0.0.1 are allowed here (RAAHI_WEBHOOKS_ALLOW_PRIVATE=1), as in every test of deliveries.
const allowed: DeliveryOptions = { allowPrivate: true, backoff: () => 0, timeoutMs: 2000 };
const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];

async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

async function addWebhook(url: string, events: string[], secret = SECRET) {
  const res = await admin.post('/api/webhooks', { url, secret, events });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

const count = async (sql: string, params: unknown[] = []) => Number((await server.database.query<{ n: string }>(sql, params))[0].n);

/** Delivery rounds until nothing is due (each round sends the head of each record's queue). */
async function deliverAll(options: DeliveryOptions = allowed) {
  for (let round = 0; round < 20; round++) if ((await deliverDue(server.database, options)).attempted === 0) return;
}

beforeAll(async () => {
  server = await startTestServer({ webhooksAllowPrivate: true });
  admin = await server.signedIn();
}, 60_000);
afterEach(async () => {
  // Each test starts with no webhook listening and an empty outbox.
  await server.database.query(`UPDATE webhooks SET deleted_at = now() WHERE deleted_at IS NULL`);
  await server.database.query(`DELETE FROM webhook_events`);
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(() => server?.close());

describe('a signed delivery', () => {
  it('a created vehicle reaches the receiver once, signed, with the record as the API answers it and occurredAt in the company zone', async () => {
    const hook = await receiver();
    const webhook = await addWebhook(hook.url, ['vehicles.created']);
    const created = await admin.post('/api/vehicles', vehicleBody());
    expect(created.status).toBe(201);
    expect(await deliverDue(server.database, allowed)).toEqual({ attempted: 1, delivered: 1 });

    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    // Verified as a receiver would: the raw body, the secret, t within 5 minutes; a wrong secret or an altered body fails.
    expect(verifySignature(request.headers['raahi-signature'] as string, request.body, SECRET)).toBe(true);
    expect(verifySignature(request.headers['raahi-signature'] as string, request.body, 'another-secret-0123456789')).toBe(false);
    expect(verifySignature(request.headers['raahi-signature'] as string, request.body.replace('Tata', 'Ashok'), SECRET)).toBe(false);
    expect(verifySignature(request.headers['raahi-signature'] as string, request.body, SECRET, Math.floor(Date.now() / 1000) + 301)).toBe(false);
    expect(request.headers['raahi-event']).toBe('vehicles.created');
    expect(request.headers['content-type']).toBe('application/json');
    const { id, event, occurredAt, actor, data } = request.payload;
    expect(event).toBe('vehicles.created');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(actor).toMatchObject({ type: 'user', name: expect.any(String) });
    expect(data).toEqual(created.body);
    // Asia/Kolkata: +05:30, and the instant is now.
    expect(occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30$/);
    expect(Math.abs(Date.parse(occurredAt) - Date.now())).toBeLessThan(60_000);

    const deliveries = await admin.get(`/api/webhooks/deliveries?webhookId=${webhook.id}`);
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.total).toBe(1);
    expect(deliveries.body.rows[0]).toMatchObject({
      webhookId: webhook.id,
      url: hook.url,
      eventId: id,
      event: 'vehicles.created',
      status: 'delivered',
      attempts: 1,
      statusCode: 200,
      response: 'ok',
      error: null,
      nextAttemptAt: null,
    });
    expect(request.headers['raahi-delivery']).toBe(deliveries.body.rows[0].id);
    // Nothing more to send.
    expect(await deliverDue(server.database, allowed)).toEqual({ attempted: 0, delivered: 0 });
  });

  it('updates carry the record after the change, deletions the record as it was; events not chosen are not sent', async () => {
    const hook = await receiver();
    await addWebhook(hook.url, ['vehicles.updated', 'vehicles.deleted']);
    const created = await admin.post('/api/vehicles', vehicleBody());
    const updated = await admin.put(`/api/vehicles/${created.body.id}`, {
      ...vehicleBody({ licensePlate: created.body.licensePlate, vin: created.body.vin }),
      currentMileage: 130000,
      version: created.body.version,
    });
    expect(updated.status, updated.text).toBe(200);
    expect((await admin.del(`/api/vehicles/${created.body.id}`)).status).toBe(204);
    await deliverAll();
    expect(hook.received.map((r) => r.payload.event)).toEqual(['vehicles.updated', 'vehicles.deleted']);
    expect(hook.received[0].payload.data).toEqual(updated.body);
    expect(hook.received[1].payload.data).toEqual(updated.body);
  });

  it('a 500 is retried after the backoff and then delivered; the receiver’s answer is kept as text, cut to 1 KB', async () => {
    const hook = await receiver((_, index) => (index === 0 ? { status: 500, body: 'x'.repeat(5000) } : { status: 204 }));
    await addWebhook(hook.url, ['vehicles.created']);
    await admin.post('/api/vehicles', vehicleBody());
    // A backoff long enough that the second round finds nothing due.
    expect(await deliverDue(server.database, { ...allowed, backoff: () => 60_000 })).toEqual({ attempted: 1, delivered: 0 });
    expect(await deliverDue(server.database, allowed)).toEqual({ attempted: 0, delivered: 0 });
    const [failed] = (await admin.get('/api/webhooks/deliveries?status=pending')).body.rows;
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, statusCode: 500, error: 'The receiver answered 500' });
    expect(failed.response).toBe('x'.repeat(1024));
    expect(Date.parse(failed.nextAttemptAt) - Date.now()).toBeGreaterThan(50_000);
    // Due again now.
    await server.database.query(`UPDATE webhook_deliveries SET next_attempt_at = now()`);
    expect(await deliverDue(server.database, allowed)).toEqual({ attempted: 1, delivered: 1 });
    expect(hook.received).toHaveLength(2);
    // The same event, the same id on both attempts (a receiver drops a repeat by it).
    expect(hook.received[1].payload.id).toBe(hook.received[0].payload.id);
    const [delivered] = (await admin.get('/api/webhooks/deliveries?status=delivered')).body.rows;
    expect(delivered).toMatchObject({ attempts: 2, statusCode: 204, response: '', error: null });
  });

  it('any answer is kept as text the log can show: a NUL dropped, a character cut at 1 KB dropped whole', async () => {
    const hook = await receiver((_, index) => (index === 0 ? { status: 400, body: `bad\u0000${'é'.repeat(1000)}` } : { status: 200, body: 'ok' }));
    await addWebhook(hook.url, ['vehicles.created']);
    await admin.post('/api/vehicles', vehicleBody());
    expect(await deliverDue(server.database, allowed)).toEqual({ attempted: 1, delivered: 0 });
    const [kept] = (await admin.get('/api/webhooks/deliveries')).body.rows;
    expect(kept.statusCode).toBe(400);
    expect(kept.response).toBe(`bad${'é'.repeat(510)}`);
    expect(await deliverDue(server.database, allowed)).toEqual({ attempted: 1, delivered: 1 });
  });

  it('a receiver that hangs is cut at the timeout and retried; past the retry window a delivery is marked failed', async () => {
    const hook = await receiver(() => 'hang');
    await addWebhook(hook.url, ['vehicles.created']);
    await admin.post('/api/vehicles', vehicleBody());
    const started = Date.now();
    expect(await deliverDue(server.database, { ...allowed, timeoutMs: 300 })).toEqual({ attempted: 1, delivered: 0 });
    expect(Date.now() - started).toBeLessThan(5000);
    const [pending] = (await admin.get('/api/webhooks/deliveries')).body.rows;
    expect(pending).toMatchObject({ status: 'pending', statusCode: null, error: 'No answer within 0.3 s (timed out)' });
    expect(pending.durationMs).toBeGreaterThanOrEqual(290);
    // The 24 hours over (a window of 0 here): failed, never tried again.
    expect(await deliverDue(server.database, { ...allowed, timeoutMs: 300, retryForMs: 0 })).toEqual({ attempted: 1, delivered: 0 });
    const [failed] = (await admin.get('/api/webhooks/deliveries?status=failed')).body.rows;
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, nextAttemptAt: null });
    expect(await deliverDue(server.database, allowed)).toEqual({ attempted: 0, delivered: 0 });
  });
});

describe('the outbox', () => {
  it('a change that rolls back is never announced', async () => {
    const hook = await receiver();
    await addWebhook(hook.url, ['vehicles.created']);
    await expect(
      server.database.transaction(async (tx) => {
        await announce(tx, {
          event: 'vehicles.created',
          actor: { type: 'system', id: 't', name: 'Test' },
          subject: 'vehicles/VEH-ROLLBACK',
          data: { id: 'VEH-ROLLBACK' },
        });
        // Written, inside the transaction only.
        expect(await tx.query(`SELECT event FROM webhook_events`)).toEqual([{ event: 'vehicles.created' }]);
        throw new Error('the change fails after its announce');
      }),
    ).rejects.toThrow('the change fails');
    // Through the API: a vehicle refused for a plate already used writes nothing either.
    const first = await admin.post('/api/vehicles', vehicleBody());
    const twice = await admin.post('/api/vehicles', vehicleBody({ licensePlate: first.body.licensePlate }));
    expect(twice.status).toBe(409);
    expect(await count(`SELECT count(*) AS n FROM webhook_events`)).toBe(1);
    await deliverAll();
    expect(hook.received.map((r) => r.payload.data.id)).toEqual([first.body.id]);
  });

  it('nothing is written when no webhook chose the event; an import batch’s entries are not announced one by one', async () => {
    await admin.post('/api/vehicles', vehicleBody());
    expect(await count(`SELECT count(*) AS n FROM webhook_events`)).toBe(0);
    const hook = await receiver();
    await addWebhook(hook.url, ['drivers.created', 'vehicles.created']);
    await admin.post('/api/vehicles', vehicleBody());
    await server.database.transaction((tx) =>
      recordChange(tx, {
        actor: { type: 'system', id: 'import', name: 'Import' },
        area: 'vehicles',
        recordId: 'VEH-BATCH',
        operation: 'create',
        batchId: 'BATCH-1',
        snapshot: { id: 'VEH-BATCH' },
      }),
    );
    // Not a record area: never announced.
    await server.database.transaction((tx) =>
      recordChange(tx, { actor: { type: 'system', id: 't', name: 'Test' }, area: 'auth', recordId: 'USR1', operation: 'create' }),
    );
    expect(await count(`SELECT count(*) AS n FROM webhook_events`)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM webhook_deliveries`)).toBe(1);
  });

  it('deliveries of one record keep their order: a later event waits while an earlier one is pending', async () => {
    let failing = true;
    const hook = await receiver(() => (failing ? { status: 503 } : { status: 200 }));
    await addWebhook(hook.url, ['vehicles.created', 'vehicles.updated']);
    const created = await admin.post('/api/vehicles', vehicleBody());
    let version = created.body.version;
    for (const mileage of [130000, 140000]) {
      const res = await admin.put(`/api/vehicles/${created.body.id}`, {
        ...vehicleBody({ licensePlate: created.body.licensePlate, vin: created.body.vin }),
        currentMileage: mileage,
        version,
      });
      version = res.body.version;
    }
    const other = await admin.post('/api/vehicles', vehicleBody());
    // The first round: the head of each record's queue only (the created event of each vehicle).
    expect(await deliverDue(server.database, allowed)).toEqual({ attempted: 2, delivered: 0 });
    expect(await deliverDue(server.database, allowed)).toEqual({ attempted: 2, delivered: 0 });
    failing = false;
    await deliverAll();
    const ofFirst = hook.received.filter((r) => r.payload.data.id === created.body.id);
    // Two failed tries of the create, then create, update, update.
    expect(ofFirst.map((r) => `${r.payload.event}:${r.payload.data.currentMileage}`)).toEqual([
      'vehicles.created:125000',
      'vehicles.created:125000',
      'vehicles.created:125000',
      'vehicles.updated:130000',
      'vehicles.updated:140000',
    ]);
    expect(hook.received.filter((r) => r.payload.data.id === other.body.id)).toHaveLength(3);
  });

  it('a receiver that fails or hangs forever does not hold up another webhook', async () => {
    const stuck = await receiver(() => 'hang');
    const broken = await receiver(() => ({ status: 500 }));
    const healthy = await receiver();
    await addWebhook(stuck.url, ['vehicles.created']);
    await addWebhook(broken.url, ['vehicles.created']);
    await addWebhook(healthy.url, ['vehicles.created']);
    const worker = startWebhookWorker(server.database, { ...allowed, timeoutMs: 8000, backoff: () => 100, pollMs: 100, perWebhook: 2 });
    try {
      const started = Date.now();
      for (let i = 0; i < 6; i++) await admin.post('/api/vehicles', vehicleBody());
      while (healthy.received.length < 6 && Date.now() - started < 6000) await new Promise((resolve) => setTimeout(resolve, 50));
      // All six reached the healthy receiver while the stuck one still held its two slots.
      expect(healthy.received).toHaveLength(6);
      expect(Date.now() - started).toBeLessThan(6000);
      expect(stuck.received.length).toBeLessThanOrEqual(2);
      expect(broken.received.length).toBeGreaterThanOrEqual(2);
    } finally {
      await stuck.close();
      await worker.stop();
    }
  }, 20_000);

  it('a claim held by a live lease is left alone; one whose server crashed is taken over when its lease lapses, and the late outcome is ignored', async () => {
    const hook = await receiver();
    await addWebhook(hook.url, ['vehicles.created']);
    await admin.post('/api/vehicles', vehicleBody());
    await server.database.query(`UPDATE webhook_deliveries SET lease_until = now() + interval '1 minute', leased_by = 'other-server', attempts = 1`);
    expect(await deliverDue(server.database, allowed)).toEqual({ attempted: 0, delivered: 0 });
    await server.database.query(`UPDATE webhook_deliveries SET lease_until = now() - interval '1 second', leased_by = 'crashed-server'`);
    expect(await deliverDue(server.database, allowed)).toEqual({ attempted: 1, delivered: 1 });
    expect(hook.received).toHaveLength(1);
    const [row] = await server.database.query(`SELECT status, attempts, leased_by FROM webhook_deliveries`);
    expect(row).toEqual({ status: 'delivered', attempts: 2, leased_by: null });
  });

  it('a reminder’s change of state is announced in its run’s transaction', async () => {
    const hook = await receiver();
    await addWebhook(hook.url, ['reminder.overdue', 'reminder.due_soon']);
    const today = companyToday();
    await server.database.query(
      `INSERT INTO compliance_documents (id, document_name, document_type, expiry_date) VALUES ('DOC-WH1', 'Permit', 'Other', $1::date)`,
      [addDays(today, 100)],
    );
    await runReminders(server.database, { today, rules: [documentsRule] });
    expect(await count(`SELECT count(*) AS n FROM webhook_events`)).toBe(0);
    await server.database.query(`UPDATE compliance_documents SET expiry_date = $1 WHERE id = 'DOC-WH1'`, [addDays(today, -1)]);
    await runReminders(server.database, { today, rules: [documentsRule] });
    await deliverAll();
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0].payload).toMatchObject({
      event: 'reminder.overdue',
      actor: { type: 'system', name: 'Reminder run' },
      data: { area: 'compliance', recordId: 'DOC-WH1', state: 'overdue' },
    });
  });
});

describe('secrets', () => {
  it('a rotated secret signs beside the old one for its window; neither is ever answered or logged', async () => {
    const hook = await receiver();
    const webhook = await addWebhook(hook.url, ['vehicles.created']);
    const NEW_SECRET = 'whsec-rotated-fedcba9876543210';
    const rotated = await admin.post(`/api/webhooks/${webhook.id}/secret`, { secret: NEW_SECRET });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.secretRotatedAt).not.toBeNull();
    expect(Date.parse(rotated.body.previousSecretUntil) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    await admin.post('/api/vehicles', vehicleBody());
    await deliverAll();
    const [request] = hook.received;
    const header = request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
    expect(header.split(',').filter((part) => part.startsWith('v1='))).toHaveLength(2);
    expect(verifySignature(header, request.body, NEW_SECRET)).toBe(true);
    expect(verifySignature(header, request.body, SECRET)).toBe(true);
    // The window over: the new secret alone.
    await server.database.query(`UPDATE webhooks SET previous_secret_until = now() - interval '1 second' WHERE id = $1`, [webhook.id]);
    await admin.post('/api/vehicles', vehicleBody());
    await deliverAll();
    const later = hook.received[1];
    expect(verifySignature(later.headers['raahi-signature'] as string, later.body, NEW_SECRET)).toBe(true);
    expect(verifySignature(later.headers['raahi-signature'] as string, later.body, SECRET)).toBe(false);

    const list = await admin.get('/api/webhooks');
    expect(list.body.rows.map((w: { id: string }) => w.id)).toContain(webhook.id);
    expect(list.text).not.toContain(SECRET);
    expect(list.text).not.toContain(NEW_SECRET);
    expect(list.body.rows[0]).not.toHaveProperty('secret');
    const log = await server.database.query(`SELECT * FROM change_log WHERE area = 'webhooks' ORDER BY id`);
    expect(log.map((entry) => entry.operation)).toEqual(expect.arrayContaining(['create', 'update']));
    expect(JSON.stringify(log)).not.toContain(SECRET);
    expect(JSON.stringify(log)).not.toContain(NEW_SECRET);
    // Administrators read the entries in the Activity Log, the secret marked as changed.
    const activity = await admin.get('/api/activity?area=webhooks');
    expect(activity.status, activity.text).toBe(200);
    expect(activity.text).not.toContain(SECRET);
    expect(activity.body.items.some((entry: { changes: { secret?: boolean }[] | null }) => entry.changes?.some((c) => c.secret))).toBe(true);

    // Deleted: gone from the list, its secrets wiped, its pending deliveries dropped.
    await admin.post('/api/vehicles', vehicleBody());
    expect((await admin.del(`/api/webhooks/${webhook.id}`)).status).toBe(204);
    expect((await admin.get('/api/webhooks')).body.rows.map((w: { id: string }) => w.id)).not.toContain(webhook.id);
    expect(await server.database.query(`SELECT secret, previous_secret FROM webhooks WHERE id = $1`, [webhook.id])).toEqual([
      { secret: '', previous_secret: null },
    ]);
    expect(await count(`SELECT count(*) AS n FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'pending'`, [webhook.id])).toBe(0);
    expect((await admin.del(`/api/webhooks/${webhook.id}`)).status).toBe(404);
  });
});

describe('bad input', () => {
  it('answers every malformed webhook in words and writes nothing', async () => {
    const cases: [unknown, number, string][] = [
      [{ url: 'http://127.0.0.1:9/hook', secret: 'short', events: ['vehicles.created'] }, 400, 'Secret must be at least 16 characters'],
      [{ url: 'http://127.0.0.1:9/hook', secret: SECRET, events: [] }, 400, 'Events must name at least one event'],
      [{ url: 'http://127.0.0.1:9/hook', secret: SECRET, events: Array(201).fill('vehicles.created') }, 400, 'Events must name at most 200 events'],
      [{ url: 'http://127.0.0.1:9/hook', secret: SECRET, events: ['vehicles.exploded'] }, 422, '"vehicles.exploded" is not an event'],
      [{ url: 'http://127.0.0.1:9/hook', secret: SECRET, events: ['users.created'] }, 422, 'not an event'],
      [{ url: 'http://127.0.0.1:9/hook', secret: `bad\u0000secret-0123456789`, events: ['vehicles.created'] }, 400, 'control characters'],
      [{ url: 'http://127.0.0.1:9/hook', secret: SECRET, events: ['vehicles.created'], extra: 1 }, 400, ''],
      [{ url: 'ftp://example.in/hook', secret: SECRET, events: ['vehicles.created'] }, 422, 'Only http and https'],
      [{ url: 'file:///etc/passwd', secret: SECRET, events: ['vehicles.created'] }, 422, 'Only http and https'],
      [{ url: 'http://user:pass@127.0.0.1/hook', secret: SECRET, events: ['vehicles.created'] }, 422, 'user name or password'],
      [{ url: `http://127.0.0.1/${'a'.repeat(2000)}`, secret: SECRET, events: ['vehicles.created'] }, 400, 'URL must be at most 2000 characters'],
      [{ url: 'not a url', secret: SECRET, events: ['vehicles.created'] }, 422, 'not a valid address'],
      [{ url: 42, secret: SECRET, events: 'vehicles.created' }, 400, ''],
    ];
    for (const [body, status, words] of cases) {
      const res = await admin.post('/api/webhooks', body);
      expect(res.status, `${JSON.stringify(body).slice(0, 80)}: ${res.text}`).toBe(status);
      expect(res.body).toEqual({ title: expect.any(String), message: expect.stringContaining(words) });
    }
    expect(await count(`SELECT count(*) AS n FROM webhooks WHERE deleted_at IS NULL`)).toBe(0);
    expect((await admin.get('/api/webhooks/deliveries?status=lost')).status).toBe(400);
    expect((await admin.get('/api/webhooks/deliveries?pageSize=1000')).status).toBe(400);
    expect((await admin.get('/api/webhooks/deliveries?webhookId=%27%20OR%201=1')).status).toBe(400);
    expect((await admin.post('/api/webhooks/nope/secret', { secret: SECRET })).status).toBe(404);
    expect((await admin.post('/api/webhooks/WHK000000AAAA/secret', { secret: SECRET })).status).toBe(404);
  });

  it('only administrators reach the webhooks', async () => {
    await server.createUser({ username: 'manager-wh', password: PASSWORD, role: 'fleet_manager' });
    const manager = server.client();
    expect((await manager.login('manager-wh', PASSWORD)).status).toBe(200);
    for (const res of [
      await manager.get('/api/webhooks'),
      await manager.get('/api/webhooks/deliveries'),
      await manager.post('/api/webhooks', { url: 'http://127.0.0.1/', secret: SECRET, events: ['vehicles.created'] }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.title).toBe('Not Allowed');
    }
    expect((await server.client().get('/api/webhooks')).status).toBe(401);
  });
});

describe('the API document', () => {
  it('declares every event under OpenAPI 3.1 webhooks with its payload, the signature header and how to verify it; only for administrators', async () => {
    const doc = (await admin.get('/api/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const created = doc.webhooks['vehicles.created'].post;
    expect(created.description).toContain('timingSafeEqual');
    expect(created.description).toContain('300');
    expect(created.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'Raahi-Signature', required: true })]));
    const body = created.requestBody.content['application/json'].schema;
    expect(body.properties.event).toMatchObject({ enum: ['vehicles.created'] });
    expect(body.properties.data.$ref).toBe('#/components/schemas/VehiclesRecord');
    expect(doc.components.schemas.VehiclesRecord.properties).toHaveProperty('licensePlate');
    expect(doc.webhooks['trips.imported'].post.requestBody.content['application/json'].schema.properties.data.properties).toHaveProperty('batchId');
    expect(doc.paths['/api/webhooks'].post).toBeDefined();
    expect(doc.paths['/api/webhooks/deliveries'].get).toBeDefined();

    await server.createUser({ username: 'viewer-wh', password: PASSWORD, role: 'viewer' });
    const viewer = server.client();
    expect((await viewer.login('viewer-wh', PASSWORD)).status).toBe(200);
    const theirs = (await viewer.get('/api/openapi.json')).body;
    expect(theirs.webhooks).toBeUndefined();
    expect(Object.keys(theirs.paths).filter((path) => path.startsWith('/api/webhooks'))).toEqual([]);
  });
});

describe('addresses', () => {
  it('refuses every address that is not the public internet, parsed without patterns', () => {
    const refused = [
      '10.1.2.3',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:8.8.8.8',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '2001:db8::1',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      '::127.0.0.1',
      '100::1',
    ];
    for (const address of refused) expect(refusedAddress(address), address).not.toBeNull();
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '100.63.255.255',
      '100.128.0.1',
      '172.32.0.1',
      '169.255.0.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001:80b::200e',
    ])
      expect(refusedAddress(address), address).toBeNull();
    expect(refusedAddress('not-an-address')).toBe('not an IP address');
  });

  it('without RAAHI_WEBHOOKS_ALLOW_PRIVATE a webhook to a private address is refused when added, and again when delivered', async () => {
    const strict = await server.listen({ webhooksAllowPrivate: false });
    try {
      const client = await strict.signedIn();
      for (const host of [
        '10.0.0.5',
        '127.0.0.1',
        '169.254.169.254',
        '[::ffff:127.0.0.1]',
        '100.64.0.1',
        '[fc00::1]',
        '0.0.0.0',
        '[::1]',
        'localhost',
        '2130706433',
        '0x7f.1',
      ]) {
        const res = await client.post('/api/webhooks', { url: `http://${host}:8080/hook`, secret: SECRET, events: ['vehicles.created'] });
        expect(res.status, `${host}: ${res.text}`).toBe(422);
        expect(res.body.title).toBe('Invalid Webhook URL');
        expect(res.body.message).toMatch(/public addresses/);
      }
      expect(await count(`SELECT count(*) AS n FROM webhooks WHERE deleted_at IS NULL`)).toBe(0);

      // A webhook added while private addresses were allowed (or whose name now resolves inside) is checked at each delivery.
      const hook = await receiver();
      await addWebhook(hook.url, ['vehicles.created']);
      await admin.post('/api/vehicles', vehicleBody());
      expect(await deliverDue(server.database, { ...allowed, allowPrivate: false })).toEqual({ attempted: 1, delivered: 0 });
      expect(hook.received).toHaveLength(0);
      const [refused] = (await admin.get('/api/webhooks/deliveries')).body.rows;
      expect(refused).toMatchObject({ status: 'pending', statusCode: null, error: 'The address 127.0.0.1 is loopback: webhooks go only to public addresses.' });
    } finally {
      await strict.close();
    }
  });
});
