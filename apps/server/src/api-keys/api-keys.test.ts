import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';

/** Decision 0053: API keys on both databases, over real HTTP. */

let server: TestServer;
let admin: TestClient;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn();
});
afterAll(() => server?.close());

/** Requests as a key: no cookie, no CSRF token, only the Authorization header. */
const asKey = (key: string, base: TestServer | { url: string; client(): TestClient } = server) => {
  const headers = { authorization: `Bearer ${key}` };
  const client = base.client();
  return {
    get: (path: string) => client.get(path, { headers }),
    post: (path: string, body?: unknown) => client.post(path, body, { headers }),
    put: (path: string, body?: unknown) => client.put(path, body, { headers }),
    del: (path: string) => client.del(path, { headers }),
  };
};

async function makeKey(role: string, by: TestClient = admin, extra: Record<string, unknown> = {}) {
  const res = await by.post('/api/api-keys', { name: `Key ${++n}`, role, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; key: string; apiKey: Record<string, unknown> };
}

describe('making, listing and revoking keys', () => {
  it('answers the key once, in its recognisable form, and keeps only its SHA-256', async () => {
    const created = await makeKey('accounts');
    expect(created.key).toMatch(/^rk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toMatchObject({
      id: created.id,
      role: 'accounts',
      prefix: created.key.slice(0, 11),
      status: 'active',
      expiresAt: null,
      lastUsedAt: null,
      createdBy: { name: 'Admin' },
    });
    const list = await admin.get('/api/api-keys');
    expect(list.status).toBe(200);
    const listed = list.body.rows.find((row: { id: string }) => row.id === created.id);
    expect(listed).toMatchObject({ name: created.apiKey.name, role: 'accounts', status: 'active' });
    // Neither the key nor its hash is ever answered again, nor kept anywhere but as the hash.
    const secret = created.key.slice(12);
    expect(list.text).not.toContain(secret);
    expect(Object.keys(listed).sort()).toEqual(['createdAt', 'createdBy', 'expiresAt', 'id', 'lastUsedAt', 'name', 'prefix', 'revokedAt', 'role', 'status']);
    const [row] = await server.database.query<{ key_hash: string }>(`SELECT key_hash FROM api_keys WHERE id = $1`, [created.id]);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await server.database.query(`SELECT * FROM change_log WHERE record_id = $1`, [created.id]))).not.toMatch(
      new RegExp(`${secret}|${row.key_hash}`),
    );
  });

  it('refuses an Administrator key, an unknown role, a bad name or expiry, and writes nothing', async () => {
    const before = await server.snapshot('api_keys');
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ name: 'Tally', role: 'administrator' }, 422, /cannot be an Administrator/],
      [{ name: 'Tally', role: 'owner' }, 400, /^Role must be one of fleet_manager, dispatcher, workshop, accounts, viewer\.$/],
      [{ name: '   ', role: 'viewer' }, 400, /^Name is required\.$/],
      [{ name: 'x'.repeat(101), role: 'viewer' }, 400, /^Name must be at most 100 characters\.$/],
      [{ name: 'x'.repeat(100_000), role: 'viewer' }, 400, /^Name must be at most/],
      [{ name: 'Tally', role: 'viewer', expiresAt: '2020-01-01T00:00:00Z' }, 400, /^Expires must be in the future\.$/],
      [{ name: 'Tally', role: 'viewer', expiresAt: '2100-01-01T00:00:00Z' }, 400, /^Expires must be before 2100\.$/],
      [{ name: 'Tally', role: 'viewer', expiresAt: 'tomorrow' }, 400, /^Expires must be a date-time/],
      [{ name: 'Tally', role: 'viewer', secret: 'mine' }, 400, /^Unknown field: secret\.$/],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.post('/api/api-keys', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await server.snapshot('api_keys')).toEqual(before);
  });

  it('is for administrators only', async () => {
    await server.createUser({ username: 'fm-keys', password: 'fm-keys-password-1', role: 'fleet_manager' });
    const manager = server.client();
    await manager.login('fm-keys', 'fm-keys-password-1');
    for (const res of [
      await manager.get('/api/api-keys'),
      await manager.post('/api/api-keys', { name: 'X', role: 'viewer' }),
      await manager.del('/api/api-keys/KEY000000AAAA'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/may not manage API keys/);
    }
  });

  it('records each make and revoke as a change entry in the Activity Log, and a revoke of a revoked key changes nothing', async () => {
    const created = await makeKey('viewer');
    expect((await admin.del(`/api/api-keys/${created.id}`)).status).toBe(204);
    expect((await admin.del(`/api/api-keys/${created.id}`)).status).toBe(204);
    expect((await admin.del('/api/api-keys/KEY000000ZZZZ')).status).toBe(404);
    const log = await admin.get('/api/activity?area=api-keys');
    const mine = log.body.items.filter((row: { recordId: string }) => row.recordId === created.id);
    expect(mine.map((row: { operation: string }) => row.operation)).toEqual(['revoke', 'create']);
    expect(mine[1].snapshot).toEqual({ name: created.apiKey.name, role: 'viewer', prefix: created.key.slice(0, 11), expiresAt: null });
    expect(mine[0].actor).toMatchObject({ type: 'user', name: 'Admin' });
    const listed = (await admin.get('/api/api-keys')).body.rows.find((row: { id: string }) => row.id === created.id);
    expect(listed.status).toBe('revoked');
  });
});

describe('a request with a key', () => {
  it("has its role's rights and needs no CSRF token", async () => {
    const { key } = await makeKey('accounts');
    const accounts = asKey(key);
    expect((await accounts.get('/api/fuel-expenses')).status).toBe(200);
    expect((await accounts.get('/api/vehicles')).status).toBe(200);
    const refused = await accounts.post('/api/vehicles', vehicleBody());
    expect(refused.status).toBe(403);
    expect(refused.body.title).toBe('Not Allowed');
    expect((await accounts.get('/api/drivers')).status).toBe(403);
  });

  it('names the key as the actor of its changes, and writes its last use', async () => {
    const created = await makeKey('fleet_manager');
    const manager = asKey(created.key);
    const res = await manager.post('/api/vehicles', vehicleBody());
    expect(res.status, res.text).toBe(201);
    const history = await admin.get(`/api/vehicles/${res.body.id}/history`);
    expect(history.body.items[0]).toMatchObject({ operation: 'create', actor: { type: 'api_key', id: created.id, name: created.apiKey.name } });
    const listed = (await admin.get('/api/api-keys')).body.rows.find((row: { id: string }) => row.id === created.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('writes its last use at most once a minute', async () => {
    const created = await makeKey('viewer');
    const viewer = asKey(created.key);
    await viewer.get('/api/vehicles');
    await server.database.query(`UPDATE api_keys SET last_used_at = now() - interval '30 seconds' WHERE id = $1`, [created.id]);
    const [before] = await server.database.query<{ last_used_at: Date }>(`SELECT last_used_at FROM api_keys WHERE id = $1`, [created.id]);
    await viewer.get('/api/vehicles');
    const [after] = await server.database.query<{ last_used_at: Date }>(`SELECT last_used_at FROM api_keys WHERE id = $1`, [created.id]);
    expect(after.last_used_at).toEqual(before.last_used_at);
  });

  it('is refused (401) from the request after its revoke, once expired, and once its creator is deactivated', async () => {
    const revoked = await makeKey('viewer');
    expect((await asKey(revoked.key).get('/api/vehicles')).status).toBe(200);
    await admin.del(`/api/api-keys/${revoked.id}`);
    const afterRevoke = await asKey(revoked.key).get('/api/vehicles');
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.title).toBe('Invalid API Key');

    const expiring = await makeKey('viewer', admin, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await asKey(expiring.key).get('/api/vehicles')).status).toBe(200);
    await server.database.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.id]);
    expect((await asKey(expiring.key).get('/api/vehicles')).status).toBe(401);
    expect((await admin.get('/api/api-keys')).body.rows.find((row: { id: string }) => row.id === expiring.id).status).toBe('expired');

    // A second administrator makes a key, and is deactivated: the key stops at once, and stays revoked.
    const username = `admin${++n}`;
    await server.createUser({ username, password: 'second-admin-password-1', role: 'administrator', name: 'Second Admin' });
    const second = server.client();
    await second.login(username, 'second-admin-password-1');
    const theirs = await makeKey('viewer', second);
    expect((await asKey(theirs.key).get('/api/vehicles')).status).toBe(200);
    const [{ id: secondId }] = await server.database.query<{ id: string }>(`SELECT id FROM users WHERE username = $1`, [username]);
    expect((await admin.post(`/api/users/${secondId}/deactivate`)).status).toBe(200);
    expect((await asKey(theirs.key).get('/api/vehicles')).status).toBe(401);
    expect((await admin.get('/api/api-keys')).body.rows.find((row: { id: string }) => row.id === theirs.id).status).toBe('revoked');
    expect((await admin.post(`/api/users/${secondId}/activate`)).status).toBe(200);
    expect((await asKey(theirs.key).get('/api/vehicles')).status).toBe(401);
  });

  it('is refused (401) when mistyped, malformed or too long, as a wrong key of a real prefix', async () => {
    const { key } = await makeKey('viewer');
    const wrong = key.slice(0, 12) + (key[12] === 'A' ? 'B' : 'A') + key.slice(13);
    for (const attempt of [wrong, key + 'x', 'rk_', 'x'.repeat(5000), '']) {
      const res = await asKey(attempt).get('/api/vehicles');
      expect(res.status, attempt.slice(0, 20)).toBe(401);
    }
  });

  it('reaches no account route: users, API keys, webhooks, sign-in, sessions, password, the Activity Log', async () => {
    const { key } = await makeKey('fleet_manager');
    const manager = asKey(key);
    const before = await server.snapshot('users', 'sessions', 'api_keys');
    const answers = [
      await manager.get('/api/users'),
      await manager.post('/api/users', { username: 'sneaky', name: 'Sneaky', role: 'administrator' }),
      await manager.get('/api/api-keys'),
      await manager.post('/api/api-keys', { name: 'Another', role: 'viewer' }),
      await manager.del('/api/api-keys/KEY000000AAAA'),
      await manager.get('/api/webhooks'),
      await manager.post('/api/webhooks', { url: 'https://example.in/hook', secret: 'x'.repeat(32), events: ['vehicles.created'] }),
      await manager.get('/api/webhooks/deliveries'),
      await manager.get('/api/auth/me'),
      await manager.post('/api/auth/login', { username: 'admin', password: 'x' }),
      await manager.post('/api/auth/password', { currentPassword: 'x', newPassword: 'y' }),
      await manager.get('/api/auth/sessions'),
      await manager.post('/api/auth/logout'),
      await manager.get('/api/activity'),
      await manager.get('/api/activity/export'),
    ];
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ title: 'Not Allowed With an API Key', message: expect.stringMatching(/^API keys cannot reach users, API keys, webhooks/) });
    }
    expect(await server.snapshot('users', 'sessions', 'api_keys')).toEqual(before);
  });

  it('decides over a cookie sent with it (the key, not the signed-in administrator, acts)', async () => {
    const { key } = await makeKey('accounts');
    const both = { headers: { authorization: `Bearer ${key}` } };
    expect((await admin.get('/api/drivers', both)).status).toBe(403);
    expect((await admin.get('/api/users', both)).status).toBe(403);
    // A proxy's Basic authentication is not a key: the browser session goes on as before.
    expect((await admin.get('/api/users', { headers: { authorization: 'Basic YWRtaW46eA==' } })).status).toBe(200);
  });

  it('is limited to its requests a minute, exactly, under parallel requests (429 with Retry-After)', async () => {
    const limited = await server.listen({ apiKeyRatePerMinute: 5 });
    const { key, id } = await makeKey('viewer');
    // Not across a minute's turn, where the count starts again.
    const seconds = new Date().getSeconds();
    if (seconds > 50) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
    const answers = await Promise.all(Array.from({ length: 20 }, () => asKey(key, limited).get('/api/vehicles')));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(5);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(15);
    const retryAfter = Number(refused[0].headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused[0].body.title).toBe('Too Many Requests');
    // Another key has its own count.
    expect((await asKey((await makeKey('viewer')).key, limited).get('/api/vehicles')).status).toBe(200);
    const [{ requests }] = await server.database.query<{ requests: number }>(`SELECT sum(requests)::int AS requests FROM api_key_requests WHERE key_id = $1`, [
      id,
    ]);
    expect(requests).toBe(20);
  });
});

describe('the API document', () => {
  it('declares the bearer scheme beside the cookie, and the key routes to administrators only', async () => {
    const doc = (await admin.get('/api/openapi.json')).body;
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(Object.keys(doc.paths['/api/api-keys'])).toEqual(['get', 'post']);
    const { key } = await makeKey('fleet_manager');
    const asManager = (await asKey(key).get('/api/openapi.json')).body;
    expect(asManager.paths['/api/api-keys']).toBeUndefined();
    expect(asManager.paths['/api/vehicles']).toBeDefined();
    // Nothing a key is refused: no sign-in, session or password route, no Activity Log, no notifications (key-boundaries.test.ts).
    for (const path of Object.keys(asManager.paths))
      expect(path).not.toMatch(/^\/api\/(auth|users|api-keys|webhooks|activity|notification-preferences|notifications)(\/|$)/);
    expect(asManager.paths['/api/vehicles/import/template']).toBeDefined();
    // A viewer's key (and a viewer) is not shown the import routes: it may not add.
    const asViewer = (await asKey((await makeKey('viewer')).key).get('/api/openapi.json')).body;
    expect(asViewer.paths['/api/vehicles']).toBeDefined();
    expect(asViewer.paths['/api/vehicles/import/template']).toBeUndefined();
    expect(asViewer.paths['/api/vehicles/import']).toBeUndefined();
  });
});
