import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestServer, vehicleBody, type TestListener, type TestServer } from '../testing/test-server';

const LOGIN_FAILED = { title: 'Login Failed', message: 'Invalid username or password. Please try again.' };
const NOT_SIGNED_IN = { title: 'Not Signed In', message: 'Your session has ended. Please sign in again.' };
const TOO_MANY = { title: 'Too Many Attempts', message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' };
const MISSING_TOKEN = { title: 'Forbidden', message: 'The request is missing its security token. Reload the page and try again.' };
const CROSS_SITE = { title: 'Forbidden', message: 'Cross-site requests are not allowed.' };

let server: TestServer;
/** The same database behind a trusted proxy: X-Forwarded-For/-Proto count, and 3 failures throttle. */
let proxied: TestListener;

beforeAll(async () => {
  server = await startTestServer();
  proxied = await server.listen({ trustProxy: true, loginMaxFailures: 3 });
});
afterAll(() => server?.close());
// Sign-in failures are counted in the database; each test starts with none.
beforeEach(() => server.database.query('DELETE FROM login_guesses'));

/** The session cookie's attributes, lower-cased, from a response's Set-Cookie headers. */
function sessionCookie(headers: Headers): { value: string; attributes: string[] } {
  const line = headers.getSetCookie().find((l) => l.startsWith('raahi_session='));
  if (!line) throw new Error('no raahi_session cookie was set');
  const [pair, ...attributes] = line.split(';').map((s) => s.trim());
  return { value: pair.slice('raahi_session='.length), attributes: attributes.map((a) => a.toLowerCase()) };
}

describe('sign-in', () => {
  it('answers the user and a CSRF token and sets an httpOnly, SameSite=Lax, Path=/ session cookie', async () => {
    const client = server.client();
    const res = await client.login();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: {
        id: expect.stringMatching(/^USR\d{6}[A-Z0-9]{4}$/),
        username: 'admin',
        name: 'Admin',
        role: 'administrator',
        email: 'admin@raahi.local',
        phone: '',
        address: '',
        mustChangePassword: false,
      },
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      uploadMaxBytes: 10 * 1024 * 1024,
      timeZone: 'Asia/Kolkata',
    });
    expect(res.text).not.toContain('password');
    const cookie = sessionCookie(res.headers);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', `max-age=${7 * 24 * 3600}`]));
    expect(cookie.attributes).not.toContain('secure');
    // The token in the cookie is not what the database keeps (it keeps a hash).
    const rows = await server.database.query<{ id: string }>('SELECT id FROM sessions');
    expect(rows.map((r) => r.id)).not.toContain(cookie.value);
  });

  it('accepts the user name in any case and with surrounding spaces', async () => {
    const res = await server.client().login('  ADMIN ');
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe('admin');
  });

  it('marks the cookie Secure when a trusted proxy says the request came over https', async () => {
    const res = await proxied.client().login('admin', ADMIN_PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(sessionCookie(res.headers).attributes).toContain('secure');
  });

  it('ignores X-Forwarded-Proto when the proxy is not trusted', async () => {
    const res = await server.client().login('admin', ADMIN_PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(sessionCookie(res.headers).attributes).not.toContain('secure');
  });

  it('gives the same 401 for a wrong password and for an unknown user, and sets no cookie', async () => {
    const wrongPassword = await server.client().login('admin', 'not-the-password');
    const unknownUser = await server.client().login('nobody', ADMIN_PASSWORD);
    for (const res of [wrongPassword, unknownUser]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(LOGIN_FAILED);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(wrongPassword.text).toBe(unknownUser.text);
  });

  it('rotates the session at sign-in: the cookie sent along is ended and a new one issued', async () => {
    const client = server.client();
    await client.login();
    const first = client.cookie!;
    const again = await client.login();
    expect(again.status).toBe(200);
    const second = client.cookie!;
    expect(second).not.toBe(first);

    client.cookie = first;
    expect((await client.get('/api/auth/me')).status).toBe(401);
    client.cookie = second;
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('never adopts a session token chosen by someone else (session fixation)', async () => {
    const client = server.client();
    client.cookie = 'attacker-chosen-token';
    await client.login();
    expect(client.cookie).not.toBe('attacker-chosen-token');
    const victim = server.client();
    victim.cookie = 'attacker-chosen-token';
    expect((await victim.get('/api/auth/me')).body).toEqual(NOT_SIGNED_IN);
  });

  it('answers /api/auth/me with the signed-in user, the session CSRF token and the upload limit', async () => {
    const client = server.client();
    const login = await client.login();
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ user: login.body.user, csrfToken: login.csrfToken, uploadMaxBytes: 10 * 1024 * 1024, timeZone: 'Asia/Kolkata' });
  });

  it('gives each session its own CSRF token', async () => {
    const a = await server.signedIn();
    const b = await server.signedIn();
    expect(a.csrfToken).not.toBe(b.csrfToken);
    expect(a.cookie).not.toBe(b.cookie);
  });
});

describe('logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const client = await server.signedIn();
    const cookie = client.cookie!;
    const sessionsBefore = await server.count('sessions');
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.getSetCookie().some((l) => l.startsWith('raahi_session=;') && /max-age=0/i.test(l))).toBe(true);
    expect(await server.count('sessions')).toBe(sessionsBefore - 1);

    // The old cookie, replayed, no longer works.
    const replay = server.client();
    replay.cookie = cookie;
    const me = await replay.get('/api/auth/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual(NOT_SIGNED_IN);
  });

  it('needs the CSRF token, so another site cannot sign a user out', async () => {
    const client = await server.signedIn();
    const res = await client.post('/api/auth/logout', undefined, { noCsrf: true });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(MISSING_TOKEN);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('leaves the user’s other sessions alone', async () => {
    const a = await server.signedIn();
    const b = await server.signedIn();
    expect((await a.post('/api/auth/logout')).status).toBe(204);
    expect((await b.get('/api/auth/me')).status).toBe(200);
  });
});

describe('session expiry', () => {
  it('ends a session whose expiry has passed', async () => {
    const client = await server.signedIn();
    await server.database.query(`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    const res = await client.get('/api/vehicles');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_SIGNED_IN);
  });

  it('ends a session after the configured idle time', async () => {
    const shortLived = await server.listen({ sessionIdleMs: 1500 });
    const client = await shortLived.signedIn();
    expect((await client.get('/api/auth/me')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('ends a session at its absolute lifetime, however busy it is', async () => {
    const capped = await server.listen({ sessionMaxMs: 1500 });
    const client = await capped.signedIn();
    expect((await client.get('/api/auth/me')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await client.get('/api/auth/me')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('never slides the expiry past seven days after sign-in', async () => {
    const client = await server.signedIn();
    await server.database.query(
      `UPDATE sessions SET created_at = now() - interval '7 days' + interval '1 hour', last_seen_at = now() - interval '2 minutes', expires_at = now() + interval '5 seconds'`,
    );
    expect((await client.get('/api/auth/me')).status).toBe(200);
    const [row] = await server.database.query<{ hours: number }>(`SELECT extract(epoch FROM max(expires_at) - now()) / 3600 AS hours FROM sessions`);
    expect(Number(row.hours)).toBeGreaterThan(0.9);
    expect(Number(row.hours)).toBeLessThanOrEqual(1);
  });

  it('slides the expiry forward while the session is used', async () => {
    const client = await server.signedIn();
    // Pretend the last request was two minutes ago and the session is about to expire.
    await server.database.query(`UPDATE sessions SET last_seen_at = now() - interval '2 minutes', expires_at = now() + interval '5 seconds'`);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    const [row] = await server.database.query<{ hours: number }>(`SELECT extract(epoch FROM max(expires_at) - now()) / 3600 AS hours FROM sessions`);
    expect(Number(row.hours)).toBeGreaterThan(11.9);
    expect(Number(row.hours)).toBeLessThanOrEqual(12);
  });
});

describe('password change', () => {
  let n = 0;
  /** A fresh user per test, so that password changes do not leak between tests. */
  async function userWithTwoSessions() {
    const username = `driver${++n}`;
    await server.createUser({ username, password: 'first-password' });
    const current = server.client();
    const other = server.client();
    expect((await current.login(username, 'first-password')).status).toBe(200);
    expect((await other.login(username, 'first-password')).status).toBe(200);
    return { username, current, other };
  }

  it('refuses a wrong current password with 422', async () => {
    const { current, other } = await userWithTwoSessions();
    const res = await current.post('/api/auth/password', { currentPassword: 'wrong-password', newPassword: 'second-password' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ title: 'Password Not Changed', message: 'The current password is not correct.' });
    expect((await other.get('/api/auth/me')).status).toBe(200);
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const { username, current } = await userWithTwoSessions();
    const res = await current.post('/api/auth/password', { currentPassword: 'first-password', newPassword: 'short' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ title: 'Password Not Changed', message: 'The new password must be at least 8 characters.' });
    expect((await server.client().login(username, 'first-password')).status).toBe(200);
  });

  it('refuses a new password longer than 128 characters or only spaces', async () => {
    const { current } = await userWithTwoSessions();
    const long = await current.post('/api/auth/password', { currentPassword: 'first-password', newPassword: 'x'.repeat(129) });
    expect(long.status).toBe(422);
    expect(long.body).toEqual({ title: 'Password Not Changed', message: 'The new password must be at most 128 characters.' });
    const blank = await current.post('/api/auth/password', { currentPassword: 'first-password', newPassword: ' '.repeat(10) });
    expect(blank.status).toBe(422);
    expect(blank.body).toEqual({ title: 'Password Not Changed', message: 'The new password cannot be only spaces.' });
  });

  it('refuses common passwords, ones made of the user name, and length made of invisible characters (NIST SP 800-63B)', async () => {
    const { username, current } = await userWithTwoSessions();
    const COMMON = 'The new password is one of the most common passwords, which are guessed first. Choose another.';
    for (const common of ['12345678', 'password', 'Password', 'iloveyou1', 'QWERTYUIOP', 'sunshine1']) {
      const res = await current.post('/api/auth/password', { currentPassword: 'first-password', newPassword: common });
      expect(res.body, common).toEqual({ title: 'Password Not Changed', message: COMMON });
    }
    for (const madeOfName of [`${username}${username}`, `${username}-${username}`, `${username}123`, `123${username.toUpperCase()}!`, `${username}12345678`]) {
      const res = await current.post('/api/auth/password', { currentPassword: 'first-password', newPassword: madeOfName });
      expect(res.body, madeOfName).toEqual({ title: 'Password Not Changed', message: 'The new password must not be made of your user name.' });
    }
    // Eight zero-width spaces are no password; length counts what remains after normalisation.
    for (const invisible of ['\u200B'.repeat(8), 'abc\u200B\u200C\u200D\u2060\uFEFFde']) {
      const res = await current.post('/api/auth/password', { currentPassword: 'first-password', newPassword: invisible });
      expect(res.body).toEqual({ title: 'Password Not Changed', message: 'The new password must be at least 8 characters.' });
    }
    // Nothing was changed; no composition rule: lower-case words pass.
    expect((await server.client().login(username, 'first-password')).status).toBe(200);
    expect((await current.post('/api/auth/password', { currentPassword: 'first-password', newPassword: 'mango lassi at noon' })).status).toBe(200);
  });

  it('changes the password: the new one works, the old one does not, other sessions end, this one stays', async () => {
    const { username, current, other } = await userWithTwoSessions();
    const res = await current.post('/api/auth/password', { currentPassword: 'first-password', newPassword: 'second-password' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ title: 'Password Changed', message: 'Your password has been changed. Other sessions have been signed out.' });

    expect((await current.get('/api/auth/me')).status).toBe(200);
    expect((await other.get('/api/auth/me')).body).toEqual(NOT_SIGNED_IN);
    expect((await server.client().login(username, 'first-password')).body).toEqual(LOGIN_FAILED);
    expect((await server.client().login(username, 'second-password')).status).toBe(200);
  });

  it('accepts a 64-character password with spaces and symbols', async () => {
    const { username, current } = await userWithTwoSessions();
    const long = 'Correct horse battery staple! ₹1,23,456 — ' + 'z'.repeat(64 - 42);
    expect(long).toHaveLength(64);
    const res = await current.post('/api/auth/password', { currentPassword: 'first-password', newPassword: long });
    expect(res.status).toBe(200);
    expect((await server.client().login(username, long)).status).toBe(200);
  });

  it('needs the CSRF token', async () => {
    const { username, current } = await userWithTwoSessions();
    const res = await current.post('/api/auth/password', { currentPassword: 'first-password', newPassword: 'second-password' }, { noCsrf: true });
    expect(res.status).toBe(403);
    expect((await server.client().login(username, 'first-password')).status).toBe(200);
  });
});

describe('sign-in throttling', () => {
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('answers 429 after too many failures from one address, even with the right password', async () => {
    for (const name of ['alpha', 'beta', 'gamma']) {
      expect((await proxied.client().login(name, 'wrong', from('203.0.113.10'))).status).toBe(401);
    }
    const right = await proxied.client().login('admin', ADMIN_PASSWORD, from('203.0.113.10'));
    expect(right.status).toBe(429);
    expect(right.body).toEqual(TOO_MANY);
    expect(right.headers.getSetCookie()).toEqual([]);
    // The same answer for a user that does not exist: it does not reveal accounts.
    const ghost = await proxied.client().login('ghost', 'whatever', from('203.0.113.10'));
    expect(ghost.status).toBe(429);
    expect(ghost.text).toBe(right.text);
    // Other addresses are not affected.
    expect((await proxied.client().login('admin', ADMIN_PASSWORD, from('203.0.113.11'))).status).toBe(200);
  });

  it('does not let a stranger lock a user out: past the limit, a user name is still checked from an address with no failures, after a delay', async () => {
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await proxied.client().login('admin', 'wrong', from(address))).body).toEqual(LOGIN_FAILED);
    }
    // From an address that already guessed wrong: refused without a check.
    const dirty = await proxied.client().login('admin', ADMIN_PASSWORD, from('198.51.100.1'));
    expect(dirty.status).toBe(429);
    expect(dirty.body).toEqual(TOO_MANY);
    // The owner, from an address with no failures, signs in; slowly.
    const started = performance.now();
    const owner = await proxied.client().login('admin', ADMIN_PASSWORD, from('198.51.100.4'));
    expect(owner.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('counts a user name however it is written', async () => {
    for (const [name, address] of [
      [' Admin', '198.51.100.11'],
      ['ADMIN', '198.51.100.12'],
      ['admin ', '198.51.100.13'],
    ]) {
      expect((await proxied.client().login(name, 'wrong', from(address))).body).toEqual(LOGIN_FAILED);
    }
    expect((await proxied.client().login('admin', ADMIN_PASSWORD, from('198.51.100.11'))).status).toBe(429);
  });

  it('throttles an unknown user name exactly like an existing one', async () => {
    for (const address of ['198.51.100.21', '198.51.100.22', '198.51.100.23']) {
      expect((await proxied.client().login('ghost', 'wrong', from(address))).body).toEqual(LOGIN_FAILED);
      expect((await proxied.client().login('admin', 'wrong', from(address))).body).toEqual(LOGIN_FAILED);
    }
    const [ghostSlow, adminSlow] = await Promise.all([
      proxied.client().login('ghost', 'wrong', from('198.51.100.24')),
      proxied.client().login('admin', 'wrong', from('198.51.100.25')),
    ]);
    expect(ghostSlow.body).toEqual(LOGIN_FAILED);
    expect(adminSlow.text).toBe(ghostSlow.text);
    const ghost = await proxied.client().login('ghost', 'wrong', from('198.51.100.21'));
    const admin = await proxied.client().login('admin', 'wrong', from('198.51.100.21'));
    expect(ghost.status).toBe(429);
    expect(admin.status).toBe(429);
    expect(ghost.text).toBe(admin.text);
  });

  it('counts only guesses within the window', async () => {
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) await proxied.client().login('admin', 'wrong', from(address));
    expect((await proxied.client().login('admin', ADMIN_PASSWORD, from('192.0.2.1'))).status).toBe(429);
    await server.database.query(`UPDATE login_guesses SET window_started_at = now() - interval '16 minutes'`);
    expect((await proxied.client().login('admin', ADMIN_PASSWORD, from('192.0.2.1'))).status).toBe(200);
  });

  it('checks at most the configured number of guesses, however many arrive at once', async () => {
    const burst = await Promise.all(Array.from({ length: 60 }, () => proxied.client().login('admin', 'wrong', from('203.0.113.77'))));
    const statuses = burst.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(57);
    // Nor one address guessing many user names at once.
    const names = await Promise.all(Array.from({ length: 30 }, (_, i) => proxied.client().login(`user${i}`, 'wrong', from('203.0.113.78'))));
    expect(names.filter((res) => res.status === 401)).toHaveLength(3);
  });

  it('takes the address the trusted proxy appended, not one the client wrote before it', async () => {
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) {
      expect((await proxied.client().login('admin', 'wrong', from(`${forged}, 203.0.113.90`))).status).toBe(401);
    }
    expect((await proxied.client().login('admin', ADMIN_PASSWORD, from('4.4.4.4, 203.0.113.90'))).status).toBe(429);
    // Behind two proxies the client is the second entry from the right.
    const twoHops = await server.listen({ trustProxy: true, proxyHops: 2, loginMaxFailures: 3 });
    for (const forged of ['5.5.5.5', '6.6.6.6', '7.7.7.7']) {
      expect((await twoHops.client().login('nobody', 'wrong', from(`${forged}, 203.0.113.91, 10.0.0.2`))).status).toBe(401);
    }
    expect((await twoHops.client().login('nobody', 'wrong', from('8.8.8.8, 203.0.113.91, 10.0.0.2'))).status).toBe(429);
    expect((await twoHops.client().login('admin', ADMIN_PASSWORD, from('203.0.113.91, 203.0.113.92, 10.0.0.2'))).status).toBe(200);
  });

  it('throttles guesses of the current password when changing it, like sign-in', async () => {
    const client = await proxied.signedIn();
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/api/auth/password', { currentPassword: 'wrong-guess', newPassword: 'a-much-better-passphrase' })).status).toBe(422);
    }
    const res = await client.post('/api/auth/password', { currentPassword: ADMIN_PASSWORD, newPassword: 'a-much-better-passphrase' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(TOO_MANY);
    expect((await server.client().login('admin', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('forgets a user name’s failures after a successful sign-in', async () => {
    await proxied.client().login('admin', 'wrong', from('192.0.2.31'));
    await proxied.client().login('admin', 'wrong', from('192.0.2.32'));
    expect((await proxied.client().login('admin', ADMIN_PASSWORD, from('192.0.2.33'))).status).toBe(200);
    await proxied.client().login('admin', 'wrong', from('192.0.2.34'));
    await proxied.client().login('admin', 'wrong', from('192.0.2.35'));
    expect((await proxied.client().login('admin', ADMIN_PASSWORD, from('192.0.2.36'))).status).toBe(200);
  });

  it('uses the socket address when the proxy is not trusted (a forged X-Forwarded-For does not dodge the limit)', async () => {
    const strict = await server.listen({ loginMaxFailures: 2 });
    await strict.client().login('one', 'wrong', from('10.0.0.1'));
    await strict.client().login('two', 'wrong', from('10.0.0.2'));
    const res = await strict.client().login('admin', ADMIN_PASSWORD, from('10.0.0.3'));
    expect(res.status).toBe(429);
    expect(res.body).toEqual(TOO_MANY);
  });
});

describe('cross-site request forgery', () => {
  it('refuses POST, PUT and DELETE without the X-CSRF-Token header, and writes nothing', async () => {
    const client = await server.signedIn();
    const created = await client.post('/api/vehicles', vehicleBody());
    expect(created.status).toBe(201);
    const before = await server.count('vehicles');

    const post = await client.post('/api/vehicles', vehicleBody(), { noCsrf: true });
    const put = await client.put(`/api/vehicles/${created.body.id}`, vehicleBody({ make: 'Forged', version: 1 }), { noCsrf: true });
    const del = await client.del(`/api/vehicles/${created.body.id}`, { noCsrf: true });
    for (const res of [post, put, del]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(MISSING_TOKEN);
    }
    expect(await server.count('vehicles')).toBe(before);
    expect((await client.get(`/api/vehicles/${created.body.id}`)).body).toEqual(created.body);
  });

  it('refuses a wrong token and a token of another session', async () => {
    const client = await server.signedIn();
    const other = await server.signedIn();
    const before = await server.count('vehicles');
    const wrong = await client.post('/api/vehicles', vehicleBody(), { headers: { 'x-csrf-token': 'not-the-token' } });
    const borrowed = await client.post('/api/vehicles', vehicleBody(), { headers: { 'x-csrf-token': other.csrfToken! } });
    const empty = await client.post('/api/vehicles', vehicleBody(), { headers: { 'x-csrf-token': '' } });
    for (const res of [wrong, borrowed, empty]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(MISSING_TOKEN);
    }
    expect(await server.count('vehicles')).toBe(before);
  });

  it('refuses a request from another site even with a valid token', async () => {
    const client = await server.signedIn();
    const before = await server.count('vehicles');
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${server.port + 1}`, 'not a url']) {
      const res = await client.post('/api/vehicles', vehicleBody(), { headers: { origin } });
      expect(res.status, origin).toBe(403);
      expect(res.body).toEqual(CROSS_SITE);
    }
    expect(await server.count('vehicles')).toBe(before);
  });

  it('refuses a sign-in posted from another site (login CSRF)', async () => {
    const res = await server.client().login('admin', ADMIN_PASSWORD, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(CROSS_SITE);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('accepts a same-origin request', async () => {
    const client = await server.signedIn();
    const res = await client.post('/api/vehicles', vehicleBody(), { headers: { origin: server.url } });
    expect(res.status).toBe(201);
    const login = await server.client().login('admin', ADMIN_PASSWORD, { origin: server.url });
    expect(login.status).toBe(200);
  });

  it('lets a trusted proxy name the public host', async () => {
    const client = await proxied.signedIn();
    const res = await client.post('/api/vehicles', vehicleBody(), { headers: { origin: 'https://fleet.example.in', 'x-forwarded-host': 'fleet.example.in' } });
    expect(res.status).toBe(201);
  });

  it('does not check Origin on reads', async () => {
    const client = await server.signedIn();
    expect((await client.get('/api/vehicles', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });
});
