import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { announceAll } from './announce';
import { deliverDue } from './deliveries';
import { openTestDatabase, testDatabaseUrl, vehicleBody } from '../testing/test-server';
import { startTwoServers, twoServersSkipReason, type TwoServers } from '../testing/two-servers';
import { startReceiver, verifySignature } from './test-receiver';

const skipReason = twoServersSkipReason();
const SECRET = 'whsec-two-servers-0123456789';

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Two real server processes on one PostgreSQL database, both running the delivery worker (every second).
describe.skipIf(skipReason !== null)(`webhooks on two app servers${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let servers: TwoServers;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver(() => ({ status: 200, body: 'ok' }));
    servers = await startTwoServers({ RAAHI_WEBHOOKS_ALLOW_PRIVATE: '1', RAAHI_REMINDER_MINUTES: '0' });
  }, 120_000);
  afterAll(async () => {
    await servers?.close();
    await receiver?.close();
  }, 30_000);

  it('each change written through either server is delivered exactly once, in order per record', async () => {
    const [onA, onB] = await Promise.all([servers.a.signedIn(), servers.b.signedIn()]);
    const added = await onA.post('/api/webhooks', { url: receiver.url, secret: SECRET, events: ['vehicles.created', 'vehicles.updated'] });
    expect(added.status, added.text).toBe(201);
    // 30 vehicles created through both servers at once, and each updated once through the other.
    const created = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? onA : onB).post('/api/vehicles', vehicleBody())));
    for (const res of created) expect(res.status, res.text).toBe(201);
    const updated = await Promise.all(
      created.map((res, i) =>
        (i % 2 ? onB : onA).put(`/api/vehicles/${res.body.id}`, {
          ...vehicleBody({ licensePlate: res.body.licensePlate, vin: res.body.vin }),
          currentMileage: 200000 + i,
          version: res.body.version,
        }),
      ),
    );
    for (const res of updated) expect(res.status, res.text).toBe(200);

    await until('60 deliveries', () => receiver.received.length >= 60, 60_000);
    // Both workers keep polling; nothing more may arrive.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(receiver.received).toHaveLength(60);
    const ids = receiver.received.map((r) => r.payload.id);
    expect(new Set(ids).size).toBe(60);
    for (const request of receiver.received) expect(verifySignature(request.headers['raahi-signature'] as string, request.body, SECRET)).toBe(true);
    // Per vehicle: its creation before its update.
    for (const res of created) {
      const events = receiver.received.filter((r) => r.payload.data.id === res.body.id).map((r) => r.payload.event);
      expect(events).toEqual(['vehicles.created', 'vehicles.updated']);
    }
    const rows = await servers.database.query<{ status: string; attempts: number; n: string }>(
      `SELECT status, attempts, count(*) AS n FROM webhook_deliveries GROUP BY 1, 2`,
    );
    expect(rows).toEqual([{ status: 'delivered', attempts: 1, n: '60' }]);
    // Neither worker met an error on the way (a claim or an outcome refused).
    expect(servers.a.output()).not.toMatch(/Webhooks: .* failed/);
    expect(servers.b.output()).not.toMatch(/Webhooks: .* failed/);
  }, 120_000);
});

// Two connections claiming at the very same time, each sending what it claimed to a slow receiver: every delivery once.
describe.skipIf(!testDatabaseUrl())('two workers at once on PostgreSQL', () => {
  let database: Database;
  let other: Database;
  let drop: () => Promise<void>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    receiver = await startReceiver(() => ({ status: 200 }));
  }, 60_000);
  afterAll(async () => {
    await receiver?.close();
    await other?.close();
    await drop?.();
  });

  it('claims never overlap', async () => {
    const [{ db }] = await database.query<{ db: string }>(`SELECT current_database() AS db`);
    const url = new URL(testDatabaseUrl()!);
    url.pathname = `/${db}`;
    other = await openDatabase({ url: url.toString(), poolSize: 4, migrate: false });
    await database.query(
      `INSERT INTO users (id, username, name, role, email, phone, address, password_hash) VALUES ('USR1', 'one', 'One', 'administrator', '', '', '', 'x')`,
    );
    for (const id of ['WHK000001AAAA', 'WHK000002AAAA'])
      await database.query(`INSERT INTO webhooks (id, url, secret, events, created_by) VALUES ($1, $2, $3, ARRAY['vehicles.created'], 'USR1')`, [
        id,
        receiver.url,
        SECRET,
      ]);
    const actor = { type: 'system', id: 't', name: 'Test' } as const;
    await database.transaction((tx) =>
      announceAll(
        tx,
        Array.from({ length: 100 }, (_, i) => ({ event: 'vehicles.created', actor, subject: `vehicles/V${i}`, data: { id: `V${i}` } })),
      ),
    );
    const options = { allowPrivate: true, backoff: () => 0, limit: 8, perWebhook: 4 };
    const drain = async (on: Database) => {
      let sent = 0;
      for (let round = 0; round < 200; round++) {
        const { attempted } = await deliverDue(on, options);
        if (attempted === 0 && (await on.query(`SELECT 1 FROM webhook_deliveries WHERE status = 'pending' LIMIT 1`)).length === 0) break;
        sent += attempted;
      }
      return sent;
    };
    const [byOne, byOther] = await Promise.all([drain(database), drain(other)]);
    expect(byOne + byOther).toBe(200);
    expect(byOne).toBeGreaterThan(0);
    expect(byOther).toBeGreaterThan(0);
    expect(receiver.received).toHaveLength(200);
    const perWebhookAndEvent = new Set(receiver.received.map((r) => `${r.headers['raahi-delivery']}`));
    expect(perWebhookAndEvent.size).toBe(200);
  }, 60_000);
});
