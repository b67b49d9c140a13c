import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoServers, twoServersSkipReason, type TwoServers } from '../testing/two-servers';

const skipReason = twoServersSkipReason();
const NOT_SIGNED_IN = { title: 'Not Signed In', message: 'Your session has ended. Please sign in again.' };

// Two real server processes on one PostgreSQL database: nothing passes between them but the database.
describe.skipIf(skipReason !== null)(`users on two app servers${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let servers: TwoServers;
  beforeAll(async () => {
    servers = await startTwoServers();
  }, 120_000);
  afterAll(() => servers?.close(), 30_000);

  it('a user deactivated on server A is signed out on server B at their next request', async () => {
    await servers.createUser({ username: 'ravi', password: 'ravi-first-password', role: 'dispatcher' });
    const onB = await servers.b.signedIn('ravi', 'ravi-first-password');
    expect((await onB.get('/api/auth/me')).status).toBe(200);
    const admin = await servers.a.signedIn();
    const ravi = (await admin.get('/api/users?search=ravi')).body.items[0];
    const res = await admin.post(`/api/users/${ravi.id}/deactivate`);
    expect(res.status).toBe(200);
    expect(res.body.user.active).toBe(false);

    const next = await onB.get('/api/trips');
    expect(next.status).toBe(401);
    expect(next.body).toEqual(NOT_SIGNED_IN);
    // Nor can they sign in again, on either server.
    for (const server of [servers.a, servers.b]) expect((await server.client().login('ravi', 'ravi-first-password')).status).toBe(401);
  });

  it('a role changed on server A is enforced on server B at once', async () => {
    await servers.createUser({ username: 'sunita', password: 'sunita-first-password', role: 'administrator' });
    const sunitaOnB = await servers.b.signedIn('sunita', 'sunita-first-password');
    expect((await sunitaOnB.get('/api/users')).status).toBe(200);

    const admin = await servers.a.signedIn();
    const sunita = (await admin.get('/api/users?search=sunita')).body.items[0];
    const demoted = await admin.put(`/api/users/${sunita.id}`, {
      name: sunita.name,
      email: sunita.email,
      phone: sunita.phone,
      role: 'viewer',
      version: sunita.version,
    });
    expect(demoted.status).toBe(200);
    expect(demoted.body.user.role).toBe('viewer');

    const refused = await sunitaOnB.get('/api/users');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ title: 'Not Allowed', message: 'Your role (Viewer) may not manage users. Ask an administrator if you need it.' });
    expect((await sunitaOnB.get('/api/auth/me')).body.user.role).toBe('viewer');
  });
});
