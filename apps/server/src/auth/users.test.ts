import { mkdtemp, readdir, symlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE_KEYS } from '@raahi/domain';
import { applyMigrations } from '../db/migrate';
import { userActor } from '../history/change-log';
import { setActive, updateUser } from './users';
import { openTestDatabase, startTestServer, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';

const PASSWORD_CHANGE_REQUIRED = {
  title: 'Password Change Required',
  message: 'Your password was set by an administrator. Choose your own password before you continue.',
};
const LOGIN_FAILED = { title: 'Login Failed', message: 'Invalid username or password. Please try again.' };
const NOT_SIGNED_IN = { title: 'Not Signed In', message: 'Your session has ended. Please sign in again.' };

let server: TestServer;
let admin: TestClient;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn();
});
afterAll(() => server?.close());
beforeEach(() => server.database.query('DELETE FROM login_guesses'));

/** A new user of `role`, added by the CLI path (no forced change), signed in. */
async function userOf(role: string) {
  const username = `${role.replace('_', '')}${++n}`;
  await server.createUser({ username, password: `${username}-password-1`, role, name: `User ${n}` });
  const client = server.client();
  expect((await client.login(username, `${username}-password-1`)).status).toBe(200);
  const { body } = await admin.get(`/api/users?search=${username}`);
  return { client, username, password: `${username}-password-1`, user: body.items[0] };
}

const newUser = (overrides: Record<string, unknown> = {}) => ({
  username: `user${++n}`,
  name: 'Priya Sharma',
  email: 'priya.sharma@example.in',
  phone: '+91 98200 12345',
  role: 'dispatcher',
  ...overrides,
});

const entries = (where: string, params: unknown[] = []) =>
  server.database.query<{ area: string; record_id: string; operation: string; actor_id: string; changes: unknown; snapshot: unknown; details: unknown }>(
    `SELECT area, record_id, operation, actor_id, changes, snapshot, details FROM change_log WHERE ${where} ORDER BY id`,
    params,
  );

describe('the users migration', () => {
  it('allows exactly the role keys of the domain', async () => {
    const [row] = await server.database.query<{ def: string }>(`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'users_role_known'`);
    expect([...row.def.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]).sort()).toEqual([...ROLE_KEYS].sort());
    await expect(server.database.query(`UPDATE users SET role = 'Fleet Manager' WHERE username = 'admin'`)).rejects.toThrow();
  });

  it('on upgrade makes admin an Administrator and every other account a Fleet Manager', { timeout: 120_000 }, async () => {
    // The migrations before 0029, an old database's accounts, then 0029.
    const all = fileURLToPath(new URL('../db/migrations/', import.meta.url));
    const before = await mkdtemp(join(tmpdir(), 'raahi-migrations-'));
    for (const name of (await readdir(all)).filter((f) => f < '0029')) await symlink(join(all, name), join(before, name));
    const { database, drop } = await openTestDatabase();
    try {
      // A fresh database from the template is already migrated: start it over from nothing.
      await database.exec(`DROP SCHEMA public CASCADE; CREATE SCHEMA public;`);
      await applyMigrations(database, before + '/');
      await database.exec(`
        INSERT INTO users (id, username, name, password_hash, created_at) VALUES
          ('USR000001AAAA', 'meera', 'Meera', 'x', now() - interval '2 days'),
          ('USR000002AAAA', 'admin', 'Admin', 'x', now() - interval '1 day'),
          ('USR000003AAAA', 'ravi', 'Ravi', 'x', now());
        INSERT INTO login_guesses (key, window_started_at, guesses) VALUES ('user:ghost', now(), 3), ('address:10.0.0.1', now(), 3);`);
      await applyMigrations(database);
      const users = await database.query<{ username: string; role: string; active: boolean; must_change_password: boolean; version: number }>(
        `SELECT username, role, active, must_change_password, version FROM users ORDER BY id`,
      );
      expect(users).toEqual([
        { username: 'meera', role: 'fleet_manager', active: true, must_change_password: false, version: 1 },
        { username: 'admin', role: 'administrator', active: true, must_change_password: false, version: 1 },
        { username: 'ravi', role: 'fleet_manager', active: true, must_change_password: false, version: 1 },
      ]);
      // Guesses counted under a typed user name are gone; those per address stay.
      expect(await database.query(`SELECT key FROM login_guesses`)).toEqual([{ key: 'address:10.0.0.1' }]);
    } finally {
      await drop();
      await rm(before, { recursive: true, force: true });
    }
  });
});

describe('managing users is for administrators', () => {
  it('answers every other role 403 Not Allowed, and writes nothing', async () => {
    const target = await userOf('viewer');
    for (const role of ROLE_KEYS.filter((r) => r !== 'administrator')) {
      const { client } = await userOf(role);
      const before = await server.snapshot('users', 'sessions');
      const changesBefore = await server.count('change_log');
      const answers = [
        await client.get('/api/users'),
        await client.post('/api/users', newUser()),
        await client.put(`/api/users/${target.user.id}`, { name: 'X', email: '', phone: '', role: 'administrator', version: target.user.version }),
        await client.post(`/api/users/${target.user.id}/deactivate`),
        await client.post(`/api/users/${target.user.id}/activate`),
        await client.post(`/api/users/${target.user.id}/reset-password`),
      ];
      for (const res of answers) {
        expect(res.status, role).toBe(403);
        expect(res.body.title).toBe('Not Allowed');
        expect(res.body.message).toMatch(/^Your role \(.+\) may not manage users\./);
      }
      expect(await server.snapshot('users', 'sessions')).toEqual(before);
      expect(await server.count('change_log')).toBe(changesBefore);
    }
  });

  it('lists users with their role, last sign-in and state, never a password hash; searchable and paged', async () => {
    const { user } = await userOf('workshop');
    const res = await admin.get(`/api/users?search=${user.username}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        {
          id: user.id,
          username: user.username,
          name: user.name,
          role: 'workshop',
          email: '',
          phone: '',
          lastSignInAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          active: true,
          mustChangePassword: false,
          version: 1,
        },
      ],
      total: 1,
    });
    const page = await admin.get('/api/users?pageSize=1&page=2');
    expect(page.body.items).toHaveLength(1);
    expect(page.body.total).toBeGreaterThan(1);
    expect((await admin.get('/api/users')).text).not.toMatch(/argon2|password_?hash/i);
    expect((await admin.get('/api/users?sort=name')).status).toBe(400);
  });
});

describe('adding a user', () => {
  it('without a password makes one, answers it once, and the user must change it at the first sign-in', async () => {
    const body = newUser();
    const res = await admin.post('/api/users', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      user: {
        id: expect.stringMatching(/^USR/),
        username: body.username,
        name: 'Priya Sharma',
        role: 'dispatcher',
        email: 'priya.sharma@example.in',
        phone: '+91 98200 12345',
        lastSignInAt: null,
        active: true,
        mustChangePassword: true,
        version: 1,
      },
      password: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
    });
    const { password } = res.body;
    expect(JSON.stringify((await admin.get(`/api/users?search=${body.username}`)).body)).not.toContain(password);

    const newcomer = server.client();
    const login = await newcomer.login(body.username, password);
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ username: body.username, role: 'dispatcher', mustChangePassword: true });
    // Until the password is changed, every other route answers 403.
    for (const res of [
      await newcomer.get('/api/trips'),
      await newcomer.post('/api/trips', {}),
      await newcomer.get('/api/auth/sessions'),
      await newcomer.put('/api/auth/me', { name: 'P', email: '', phone: '', address: '' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(PASSWORD_CHANGE_REQUIRED);
    }
    expect((await newcomer.get('/api/auth/me')).body.user.mustChangePassword).toBe(true);
    expect((await newcomer.post('/api/auth/password', { currentPassword: password, newPassword: password })).body).toEqual({
      title: 'Password Not Changed',
      message: 'Choose a new password, not the one you were given.',
    });
    const changed = await newcomer.post('/api/auth/password', { currentPassword: password, newPassword: 'my own chai password' });
    expect(changed.status).toBe(200);
    expect((await newcomer.get('/api/auth/me')).body.user.mustChangePassword).toBe(false);
    expect((await newcomer.get('/api/trips')).status).toBe(200);
    // The user can sign out while the change is pending, too.
  });

  it('takes a typed password (not answered back), also to be changed at the first sign-in', async () => {
    const body = newUser({ password: 'typed by the admin 1' });
    const res = await admin.post('/api/users', body);
    expect(res.status).toBe(201);
    expect(res.body.password).toBeUndefined();
    expect(res.text).not.toContain('typed by the admin');
    const client = server.client();
    expect((await client.login(body.username, 'typed by the admin 1')).body.user.mustChangePassword).toBe(true);
    expect((await client.post('/api/auth/logout')).status).toBe(204);
  });

  it('refuses a role that does not exist, naming those that do, and writes nothing', async () => {
    const before = await server.snapshot('users');
    const res = await admin.post('/api/users', newUser({ role: 'superuser' }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      title: 'Unknown Role',
      message: 'There is no role "superuser". A role is one of: administrator, fleet_manager, dispatcher, workshop, accounts, viewer.',
    });
    expect(await server.snapshot('users')).toEqual(before);
  });

  it('refuses a user name that is taken, in any case', async () => {
    const body = newUser();
    expect((await admin.post('/api/users', body)).status).toBe(201);
    const before = await server.snapshot('users');
    const changes = await server.count('change_log');
    const again = await admin.post('/api/users', newUser({ username: ` ${body.username.toUpperCase()} ` }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ title: 'User Name Taken', message: `A user named "${body.username}" already exists. Choose another user name.` });
    expect(await server.snapshot('users')).toEqual(before);
    expect(await server.count('change_log')).toBe(changes);
  });

  it('refuses bad input with a 4xx in words: unknown fields, lengths before patterns, e-mail, weak passwords', async () => {
    const before = await server.snapshot('users');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...newUser(), admin: true }, 400, 'Unknown field: admin.'],
      [newUser({ username: 'x'.repeat(65) }), 400, 'User name must be at most 64 characters.'],
      [newUser({ username: 'a'.repeat(100_000) + '!' }), 400, 'User name must be at most 64 characters.'],
      [newUser({ username: 'priya sharma' }), 400, 'User name may hold only letters, digits, dots, dashes and underscores.'],
      [newUser({ username: '' }), 400, 'User name is required.'],
      [newUser({ name: '' }), 400, 'Name is required.'],
      [newUser({ name: 'x'.repeat(101) }), 400, 'Name must be at most 100 characters.'],
      [newUser({ email: 'not-an-email' }), 400, 'Email must be an email address such as name@example.in.'],
      [newUser({ email: 'a@' + '.'.repeat(60_000) }), 400, 'Email must be at most 200 characters.'],
      [newUser({ phone: '9'.repeat(31) }), 400, 'Phone must be at most 30 characters.'],
      [newUser({ role: 7 }), 400, 'Role must be one of administrator, fleet_manager, dispatcher, workshop, accounts, viewer.'],
      [newUser({ password: 'password' }), 422, 'The new password is one of the most common passwords, which are guessed first. Choose another.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.post('/api/users', body);
      expect(res.status, message).toBe(status);
      if (status === 400) expect(res.body).toEqual({ title: 'User Not Added', message });
      else expect(res.body.message).toBe(message);
    }
    expect(await server.snapshot('users')).toEqual(before);
  });
});

describe('editing a user', () => {
  it('changes name, e-mail, phone and role; a stale version is refused', async () => {
    const { user } = await userOf('viewer');
    const edit = { name: 'Anil Deshmukh', email: 'anil@example.in', phone: '020 2612 3456', role: 'accounts', version: user.version };
    const res = await admin.put(`/api/users/${user.id}`, edit);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ ...edit, version: user.version + 1 });
    const stale = await admin.put(`/api/users/${user.id}`, { ...edit, name: 'Someone Else' });
    expect(stale.status).toBe(409);
    expect(stale.body.title).toBe('Update Conflict');
    expect((await admin.get(`/api/users?search=${user.username}`)).body.items[0].name).toBe('Anil Deshmukh');
    expect((await admin.put('/api/users/USR000000NONE', edit)).status).toBe(404);
  });

  it('refuses an administrator changing their own role, and demoting or deactivating the last active administrator', async () => {
    const me = (await admin.get('/api/auth/me')).body.user;
    const row = (await admin.get(`/api/users?search=${me.username}`)).body.items.find((u: { id: string }) => u.id === me.id);
    const before = await server.snapshot('users');
    const own = await admin.put(`/api/users/${me.id}`, { name: row.name, email: row.email, phone: row.phone, role: 'viewer', version: row.version });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ title: 'Not Allowed', message: 'You cannot change your own role. Ask another administrator.' });
    const self = await admin.post(`/api/users/${me.id}/deactivate`);
    expect(self.status).toBe(409);
    expect(self.body).toEqual({ title: 'Not Deactivated', message: 'You cannot deactivate your own account. Ask another administrator.' });
    expect(await server.snapshot('users')).toEqual(before);
  });

  /** Runs `race` with `a` and `b` the only active administrators (every other steps down meanwhile). */
  async function withTwoAdministrators(race: (a: Awaited<ReturnType<typeof userOf>>, b: Awaited<ReturnType<typeof userOf>>) => Promise<void>) {
    const a = await userOf('administrator');
    const b = await userOf('administrator');
    const others = (
      await server.database.query<{ id: string }>(`SELECT id FROM users WHERE role = 'administrator' AND active AND id NOT IN ($1, $2)`, [a.user.id, b.user.id])
    ).map((o) => o.id);
    await server.database.query(`UPDATE users SET role = 'fleet_manager' WHERE id = ANY($1)`, [others]);
    try {
      await race(a, b);
      const left = await server.database.query<{ id: string }>(`SELECT id FROM users WHERE role = 'administrator' AND active`);
      expect(left).toHaveLength(1);
    } finally {
      await server.database.query(`UPDATE users SET role = 'administrator' WHERE id = ANY($1)`, [others]);
    }
  }

  it('never leaves no active administrator when two administrators demote each other at once', async () => {
    await withTwoAdministrators(async (a, b) => {
      const edit = (u: typeof a.user) => ({ name: u.name, email: u.email, phone: u.phone, role: 'viewer', version: u.version });
      const [ab, ba] = await Promise.all([a.client.put(`/api/users/${b.user.id}`, edit(b.user)), b.client.put(`/api/users/${a.user.id}`, edit(a.user))]);
      // The second is refused: by the lock (409) when both got past sign-in checks, else because its sender is no longer an administrator.
      expect([ab.status, ba.status].filter((s) => s === 200)).toHaveLength(1);
      expect([ab.status, ba.status].find((s) => s !== 200)).toBeOneOf([403, 409]);
    });
  });

  it('never leaves no active administrator when two administrators deactivate each other at once', async () => {
    await withTwoAdministrators(async (a, b) => {
      const [ab, ba] = await Promise.all([a.client.post(`/api/users/${b.user.id}/deactivate`), b.client.post(`/api/users/${a.user.id}/deactivate`)]);
      expect([ab.status, ba.status].filter((s) => s === 200)).toHaveLength(1);
      expect([ab.status, ba.status].find((s) => s !== 200)).toBeOneOf([401, 409]);
    });
  });
});

describe('the last administrator, in the operations themselves (both past every check of the request)', () => {
  it('lets one of two concurrent demotions or deactivations through, never both', async () => {
    for (const operation of ['demote', 'deactivate'] as const) {
      const a = (await userOf('administrator')).user;
      const b = (await userOf('administrator')).user;
      const others = (
        await server.database.query<{ id: string }>(`SELECT id FROM users WHERE role = 'administrator' AND active AND id NOT IN ($1, $2)`, [a.id, b.id])
      ).map((o) => o.id);
      await server.database.query(`UPDATE users SET role = 'fleet_manager' WHERE id = ANY($1)`, [others]);
      try {
        const act = (actor: typeof a, target: typeof a) =>
          operation === 'demote'
            ? updateUser(server.database, userActor(actor), target.id, {
                name: target.name,
                email: target.email,
                phone: target.phone,
                role: 'viewer',
                version: target.version,
              })
            : setActive(server.database, userActor(actor), target.id, false);
        const results = await Promise.allSettled([act(a, b), act(b, a)]);
        expect(
          results.filter((r) => r.status === 'fulfilled'),
          operation,
        ).toHaveLength(1);
        const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(refused.reason).toMatchObject({ status: 409, title: 'Last Administrator' });
        expect(await server.database.query(`SELECT id FROM users WHERE role = 'administrator' AND active`)).toHaveLength(1);
      } finally {
        await server.database.query(`UPDATE users SET role = 'administrator', active = true WHERE id = ANY($1)`, [[...others, a.id, b.id]]);
      }
    }
  });
});

describe('deactivating and activating', () => {
  it('signs the user out everywhere, refuses their sign-in like a wrong password, and activation lets them back', async () => {
    const { client, username, password, user } = await userOf('dispatcher');
    const second = server.client();
    expect((await second.login(username, password)).status).toBe(200);
    const res = await admin.post(`/api/users/${user.id}/deactivate`);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, active: false });
    for (const c of [client, second]) expect((await c.get('/api/auth/me')).body).toEqual(NOT_SIGNED_IN);
    expect(await server.database.query(`SELECT 1 FROM sessions WHERE user_id = $1`, [user.id])).toEqual([]);
    const refused = await server.client().login(username, password);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(LOGIN_FAILED);

    expect((await admin.post(`/api/users/${user.id}/activate`)).body.user.active).toBe(true);
    expect((await server.client().login(username, password)).status).toBe(200);
    expect((await entries(`record_id = $1 AND operation IN ('deactivate', 'activate')`, [user.id])).map((e) => [e.operation, e.details])).toEqual([
      ['deactivate', { sessionsEnded: 2 }],
      ['activate', null],
    ]);
  });
});

describe('resetting a password', () => {
  it('answers a one-time password, ends every session, and the user must change it', async () => {
    const { client, username, password, user } = await userOf('accounts');
    const res = await admin.post(`/api/users/${user.id}/reset-password`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: expect.objectContaining({ id: user.id, mustChangePassword: true }),
      password: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
    });
    expect((await client.get('/api/auth/me')).body).toEqual(NOT_SIGNED_IN);
    expect((await server.client().login(username, password)).status).toBe(401);
    const again = server.client();
    expect((await again.login(username, res.body.password)).body.user.mustChangePassword).toBe(true);
    expect((await again.get('/api/vehicles')).body).toEqual(PASSWORD_CHANGE_REQUIRED);
  });
});

describe('my account', () => {
  it('edits my own name, e-mail, phone and address, never my role', async () => {
    const { client, user } = await userOf('workshop');
    const profile = { name: 'Meera Iyer', email: 'meera@example.in', phone: '+91 99200 11111', address: '4 FC Road, Pune 411004' };
    const res = await client.put('/api/auth/me', profile);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ ...profile, role: 'workshop' });
    expect((await client.get('/api/auth/me')).body.user).toMatchObject(profile);
    const withRole = await client.put('/api/auth/me', { ...profile, role: 'administrator' });
    expect(withRole.status).toBe(400);
    expect(withRole.body).toEqual({ title: 'Profile Not Saved', message: 'Unknown field: role.' });
    expect((await client.put('/api/auth/me', { ...profile, email: 'meera' })).body.message).toBe('Email must be an email address such as name@example.in.');
    expect((await client.put('/api/auth/me', { ...profile, address: 'x'.repeat(501) })).body.message).toBe('Address must be at most 500 characters.');
    const [entry] = await entries(`record_id = $1 AND operation = 'update'`, [user.id]);
    expect(entry).toMatchObject({
      area: 'users',
      actor_id: user.id,
      changes: [
        { field: 'name', label: 'Name', before: user.name, after: 'Meera Iyer' },
        { field: 'email', label: 'Email', before: '', after: 'meera@example.in' },
        { field: 'phone', label: 'Phone', before: '', after: '+91 99200 11111' },
        { field: 'address', label: 'Address', before: '', after: '4 FC Road, Pune 411004' },
      ],
    });
  });

  it('lists my sessions (device, address, last seen, this one marked) and signs out the others', async () => {
    const { client, username, password } = await userOf('viewer');
    const phone = server.client();
    await phone.login(username, password, { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36' });
    const list = await client.get('/api/auth/sessions');
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(2);
    expect(list.body.sessions).toEqual(
      expect.arrayContaining([
        {
          id: expect.stringMatching(/^[0-9a-f]{16}$/),
          device: 'Chrome on Android',
          address: '127.0.0.1',
          createdAt: expect.any(String),
          lastSeenAt: expect.any(String),
          current: false,
        },
        expect.objectContaining({ current: true, address: '127.0.0.1' }),
      ]),
    );
    const out = await client.post('/api/auth/sessions/sign-out-others');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ title: 'Signed Out', message: '1 other session has been signed out.', ended: 1 });
    expect((await phone.get('/api/auth/me')).body).toEqual(NOT_SIGNED_IN);
    expect((await client.get('/api/auth/sessions')).body.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect((await server.client().get('/api/auth/sessions')).status).toBe(401);
  });
});

describe('change entries', () => {
  it('records sign-ins, password changes, user changes and role changes, never a password hash', async () => {
    const body = newUser({ password: 'first chai of the day' });
    const created = await admin.post('/api/users', body);
    const id = created.body.user.id;
    const client = server.client();
    await client.login(body.username, 'first chai of the day');
    await client.post('/api/auth/password', { currentPassword: 'first chai of the day', newPassword: 'second chai of the day' });
    const user = (await admin.get(`/api/users?search=${body.username}`)).body.items[0];
    await admin.put(`/api/users/${id}`, { name: 'Priya S.', email: user.email, phone: user.phone, role: 'viewer', version: user.version });
    await admin.post(`/api/users/${id}/reset-password`);

    const adminId = (await admin.get('/api/auth/me')).body.user.id;
    const log = await entries(`record_id = $1`, [id]);
    expect(log.map((e) => [e.area, e.operation, e.actor_id])).toEqual([
      ['users', 'create', adminId],
      ['auth', 'sign_in', id],
      ['auth', 'password_change', id],
      ['users', 'update', adminId],
      ['users', 'role_change', adminId],
      ['users', 'password_reset', adminId],
    ]);
    expect(log[0].snapshot).toMatchObject({ username: body.username, role: 'dispatcher' });
    expect(log[0].changes).toEqual([{ field: 'password', label: 'Password', before: null, after: null, secret: true }]);
    expect(log[1].details).toEqual({ device: 'Unknown device', address: '127.0.0.1' });
    expect(log[2].changes).toEqual([{ field: 'password', label: 'Password', before: null, after: null, secret: true }]);
    expect(log[3].changes).toEqual([{ field: 'name', label: 'Name', before: 'Priya Sharma', after: 'Priya S.' }]);
    expect(log[4].changes).toEqual([{ field: 'role', label: 'Role', before: 'dispatcher', after: 'viewer' }]);
    const everything = JSON.stringify(await server.database.query(`SELECT * FROM change_log`));
    expect(everything).not.toMatch(/argon2|chai of the day/);
  });

  it('a refused change leaves no entry', async () => {
    const before = await server.count('change_log');
    await admin.post('/api/users', newUser({ role: 'nobody' }));
    await admin.put('/api/users/USR000000NONE', { name: 'X', email: '', phone: '', role: 'viewer', version: 1 });
    await server.client().login('admin', 'wrong password');
    expect(await server.count('change_log')).toBe(before);
  });
});

describe('failed sign-ins', () => {
  it('are counted per address and per user name without storing any user name', async () => {
    await server.client().login('ghost-of-nobody', 'wrong');
    await server.client().login('admin', 'wrong');
    const keys = (await server.database.query<{ key: string }>(`SELECT key FROM login_guesses ORDER BY key`)).map((r) => r.key);
    expect(keys).toHaveLength(3);
    expect(keys.join(' ')).not.toMatch(/ghost|admin/);
    expect(keys.filter((k) => k.startsWith('user:')).every((k) => /^user:[0-9a-f]{64}$/.test(k))).toBe(true);
  });
});

describe('the records routes', () => {
  it('stay open to a user whose password change is done', async () => {
    const { client } = await userOf('fleet_manager');
    expect((await client.post('/api/vehicles', vehicleBody())).status).toBe(201);
  });
});
