import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_KIND_INFO, REMINDER_KINDS } from '@raahi/domain';
import { startTestServer, TestClient, type TestListener, type TestServer } from '../testing/test-server';
import { NO_EMAIL_TEXT, NO_SMTP_TEXT, offeredKinds } from './preferences';

const PATH = '/api/notification-preferences';
const MAIL = { smtpUrl: 'smtp://127.0.0.1:2525', from: 'Raahi <raahi@example.in>', publicUrl: undefined };

let server: TestServer;
let admin: TestClient;
let withMail: TestListener;

async function signIn(url: string, username: string) {
  const client = new TestClient(url);
  const res = await client.login(username, 'Digest-Password-2026');
  expect(res.status).toBe(200);
  return client;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn();
  withMail = await server.listen({ mail: MAIL });
  await server.createUser({ username: 'workshop1', password: 'Digest-Password-2026', role: 'workshop', email: 'workshop1@example.in' });
  await server.createUser({ username: 'noemail', password: 'Digest-Password-2026', role: 'dispatcher' });
});
afterAll(() => server?.close());

describe('notification preferences', () => {
  it('offers an administrator every kind whose area its role may view, all on, no digest, and says no SMTP server is configured', async () => {
    const res = await admin.get(PATH);
    expect(res.status).toBe(200);
    const offered = REMINDER_KINDS.filter((kind) => offeredKinds('administrator').includes(kind));
    expect(offered.length).toBeGreaterThanOrEqual(8);
    expect(res.body).toEqual({
      kinds: offered.map((kind) => ({ kind, label: REMINDER_KIND_INFO[kind].label })),
      mutedKinds: [],
      dailyDigest: false,
      emailConfigured: false,
      // The admin account made at first start has an e-mail address.
      hasEmail: true,
      digestUnavailable: NO_SMTP_TEXT,
    });
  });

  it('offers a workshop user only the kinds of the areas it may view (documents, service, parts), not health, trips or challans', async () => {
    const workshop = await signIn(server.url, 'workshop1');
    const res = await workshop.get(PATH);
    expect(res.body.kinds.map((k: { kind: string }) => k.kind)).toEqual(['documents', 'service', 'reorder']);
    // A kind the role is not offered cannot be muted either.
    const refused = await workshop.put(PATH, { mutedKinds: ['health'] });
    expect([refused.status, refused.body.title]).toEqual([400, 'Invalid Request']);
    expect(refused.body.message).toBe('Your role does not receive "health" notifications (Driver health checks due), so it cannot be muted.');
  });

  it('saves the muted kinds and reads them back, in the kinds’ order', async () => {
    const res = await admin.put(PATH, { mutedKinds: ['trips', 'documents'] });
    expect(res.status).toBe(200);
    expect(res.body.mutedKinds).toEqual(['documents', 'trips']);
    expect((await admin.get(PATH)).body).toMatchObject({ mutedKinds: ['documents', 'trips'], dailyDigest: false });
    // Only the digest sent: the kinds stay as they were.
    await admin.put(PATH, { dailyDigest: false });
    expect((await admin.get(PATH)).body.mutedKinds).toEqual(['documents', 'trips']);
  });

  it.each([
    ['an unknown kind', { mutedKinds: ['parking'] }, `Unknown notification kind "parking". The kinds are: ${REMINDER_KINDS.join(', ')}.`],
    ['a kind that is not text', { mutedKinds: [42] }, `Unknown notification kind 42. The kinds are: ${REMINDER_KINDS.join(', ')}.`],
    ['mutedKinds not a list', { mutedKinds: 'trips' }, 'mutedKinds must be a list of notification kinds.'],
    ['dailyDigest not a boolean', { dailyDigest: 'yes' }, 'dailyDigest must be true or false.'],
    ['an unknown field', { mutedKinds: [], email: 'x@example.in' }, 'Unknown field: "email". The preferences are mutedKinds and dailyDigest.'],
    ['an empty object', {}, 'Send mutedKinds, dailyDigest or both.'],
    ['a list', [], 'Send the preferences as an object: { "mutedKinds": [...], "dailyDigest": true | false }.'],
    ['null', null, 'Send the preferences as an object: { "mutedKinds": [...], "dailyDigest": true | false }.'],
    ['too many kinds', { mutedKinds: [...REMINDER_KINDS, 'trips'] }, `mutedKinds lists at most ${REMINDER_KINDS.length} kinds.`],
  ])('refuses %s with 400 and a clear message, and saves nothing', async (_, body, message) => {
    const rows = await server.database.query('SELECT * FROM notification_preferences ORDER BY user_id');
    const res = await admin.put(PATH, body);
    expect([res.status, res.body]).toEqual([400, { title: 'Invalid Request', message }]);
    expect(await server.database.query('SELECT * FROM notification_preferences ORDER BY user_id')).toEqual(rows);
  });

  it('refuses a body that is not JSON (400) or not sent as JSON (415)', async () => {
    const bad = await admin.request('PUT', PATH, { body: '{"mutedKinds": [', headers: { 'content-type': 'application/json' } });
    expect([bad.status, bad.body]).toEqual([400, { title: 'Invalid Request', message: 'The request body is not valid JSON.' }]);
    const form = await admin.request('PUT', PATH, { body: 'mutedKinds=trips', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
  });

  it('refuses the daily digest while no SMTP server is configured', async () => {
    const res = await admin.put(PATH, { dailyDigest: true });
    expect([res.status, res.body]).toEqual([400, { title: 'Invalid Request', message: NO_SMTP_TEXT }]);
  });

  it('with an SMTP server: refuses the digest to a user without an e-mail address, and keeps it for one with', async () => {
    const noEmail = await signIn(withMail.url, 'noemail');
    const got = await noEmail.get(PATH);
    expect(got.body).toMatchObject({ emailConfigured: true, hasEmail: false, digestUnavailable: NO_EMAIL_TEXT });
    const refused = await noEmail.put(PATH, { dailyDigest: true });
    expect([refused.status, refused.body.message]).toEqual([400, NO_EMAIL_TEXT]);

    const workshop = await signIn(withMail.url, 'workshop1');
    expect((await workshop.get(PATH)).body).toMatchObject({ emailConfigured: true, hasEmail: true, digestUnavailable: null, dailyDigest: false });
    const saved = await workshop.put(PATH, { dailyDigest: true, mutedKinds: ['reorder'] });
    expect([saved.status, saved.body.dailyDigest, saved.body.mutedKinds]).toEqual([200, true, ['reorder']]);
    const [row] = await server.database.query<{ daily_digest: boolean; muted_kinds: string[] }>(
      `SELECT daily_digest, muted_kinds FROM notification_preferences p JOIN users u ON u.id = p.user_id WHERE u.username = 'workshop1'`,
    );
    expect(row).toEqual({ daily_digest: true, muted_kinds: ['reorder'] });
  });

  it('needs a session and the CSRF token', async () => {
    expect((await server.client().get(PATH)).status).toBe(401);
    expect((await admin.put(PATH, { dailyDigest: false }, { noCsrf: true })).status).toBe(403);
  });

  it('is in the API document', async () => {
    const doc = (await admin.get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/notification-preferences'])).toEqual(['get', 'put']);
    expect(doc.paths['/api/incidents/pending-actions']).toBeDefined();
    expect(doc.paths['/api/inventory/reorder-suggestions']).toBeDefined();
  });
});
