import { companyTimeZone } from '../company-time';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { eq, sql } from 'drizzle-orm';
import { changePasswordInput, describeDevice, loginInput, updateProfileInput, USER_FIELD_LABELS, type SessionSummary } from '@raahi/domain';
import { users } from '../db/schema';
import { recordChange, userActor } from '../history/change-log';
import { sessionLifetime, type Config } from '../config';
import type { Database } from '../db/client';
import { ApiError, badRequest, describeIssues, readJson } from '../http/errors';
import { clientAddress, isHttps, requireSession, sessionClient, type AppEnv } from './middleware';
import { newPasswordProblem } from './password-policy';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { endOtherSessions, endSession, findSession, listSessions, SESSION_COOKIE, startSession } from './sessions';
import { sha256 } from './tokens';
import { admitGuess } from './throttle';
import { findUserByName, normaliseUsername, setPassword, toCurrentUser, updateProfile } from './users';

const INVALID_LOGIN = new ApiError(401, 'Login Failed', 'Invalid username or password. Please try again.');

export function authRoutes(database: Database, config: Config) {
  const app = new Hono<AppEnv>();
  const throttle = { maxGuesses: config.loginMaxFailures, windowMs: config.loginWindowMs };
  const minutes = Math.round(config.loginWindowMs / 60_000);
  const tooMany = () => new ApiError(429, 'Too Many Attempts', `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`);

  app.post('/login', async (c) => {
    const body = await readJson(c);
    const parsed = loginInput.safeParse(body);
    if (!parsed.success) throw badRequest(describeIssues(parsed.error, { username: 'Username', password: 'Password' }, body));
    const username = normaliseUsername(parsed.data.username);
    const address = clientAddress(c, config);
    const guess = await admitGuess(database, address, username, throttle);
    if (!guess) throw tooMany();
    const user = await findUserByName(database, username);
    const ok = user ? await verifyPassword(user.passwordHash, parsed.data.password) : (await burnPasswordCheck(parsed.data.password), false);
    // A deactivated account gets the answer of a wrong password: nobody learns it exists.
    const admitted = Boolean(user && ok && user.active);
    await guess.settle(admitted);
    if (!user || !admitted) throw INVALID_LOGIN;
    // Rotate: whatever session cookie came in is ended and a new one issued.
    const previous = getCookie(c, SESSION_COOKIE);
    if (previous) {
      const old = await findSession(database, previous, sessionLifetime(config));
      if (old) await endSession(database, old.id);
    }
    const client = sessionClient(c, config);
    const { token, csrfToken } = await database.transaction(async (tx) => {
      const started = await startSession(tx, user.id, sessionLifetime(config), client);
      await tx.db
        .update(users)
        .set({ lastSignInAt: sql`now()` })
        .where(eq(users.id, user.id));
      await recordChange(tx, {
        actor: userActor(user),
        area: 'auth',
        recordId: user.id,
        operation: 'sign_in',
        details: { device: describeDevice(client.userAgent), address: client.address },
      });
      return started;
    });
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c, config),
      path: '/',
      maxAge: Math.floor(config.sessionMaxMs / 1000),
    });
    return c.json({ user: toCurrentUser(user), csrfToken, uploadMaxBytes: config.uploadMaxBytes, timeZone: companyTimeZone() });
  });

  // Who one is may be read while a password change is pending (the web app then asks for it); editing waits.
  app.use(
    '/me',
    requireSession(database, config, (c) => c.req.method === 'GET'),
  );
  // The session answer carries the upload limit, so that the form refuses a file too large before sending it.
  app.get('/me', (c) => {
    const session = c.get('session');
    return c.json({ user: toCurrentUser(session.user), csrfToken: session.csrfToken, uploadMaxBytes: config.uploadMaxBytes, timeZone: companyTimeZone() });
  });

  app.put('/me', async (c) => {
    const body = await readJson(c);
    const parsed = updateProfileInput.safeParse(body);
    if (!parsed.success) throw new ApiError(400, 'Profile Not Saved', describeIssues(parsed.error, USER_FIELD_LABELS, body));
    const { user } = c.get('session');
    return c.json({ user: await updateProfile(database, userActor(user), user.id, parsed.data) });
  });

  // ('/sessions/*' matches '/sessions' itself too.)
  app.use('/sessions/*', requireSession(database, config));
  app.get('/sessions', async (c) => {
    const session = c.get('session');
    const rows = await listSessions(database, session.user.id);
    const list: SessionSummary[] = rows.map((row) => ({
      // The row's id is the hash of the cookie's token: the list shows a hash of that, which opens nothing.
      id: sha256(row.id).slice(0, 16),
      device: describeDevice(row.userAgent),
      address: row.address,
      createdAt: new Date(row.createdAt).toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === session.id,
    }));
    return c.json({ sessions: list });
  });

  app.post('/sessions/sign-out-others', async (c) => {
    const session = c.get('session');
    const ended = await database.transaction(async (tx) => {
      const count = await endOtherSessions(tx, session.user.id, session.id);
      await recordChange(tx, {
        actor: userActor(session.user),
        area: 'auth',
        recordId: session.user.id,
        operation: 'sign_out_everywhere',
        details: { sessionsEnded: count },
      });
      return count;
    });
    const message = ended === 0 ? 'There were no other sessions to sign out.' : `${ended} other session${ended === 1 ? ' has' : 's have'} been signed out.`;
    return c.json({ title: 'Signed Out', message, ended });
  });

  app.use(
    '/logout',
    requireSession(database, config, () => true),
  );
  app.post('/logout', async (c) => {
    await endSession(database, c.get('session').id);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.body(null, 204);
  });

  app.use(
    '/password',
    requireSession(database, config, () => true),
  );
  app.post('/password', async (c) => {
    const body = await readJson(c);
    const parsed = changePasswordInput.safeParse(body);
    if (!parsed.success) throw badRequest(describeIssues(parsed.error, { currentPassword: 'Current password', newPassword: 'New password' }, body));
    const session = c.get('session');
    // A stolen session must not make a password oracle: the current password is a guess like any other.
    const guess = await admitGuess(database, clientAddress(c, config), session.user.username, throttle);
    if (!guess) throw tooMany();
    const right = await verifyPassword(session.user.passwordHash, parsed.data.currentPassword);
    await guess.settle(right);
    if (!right) throw new ApiError(422, 'Password Not Changed', 'The current password is not correct.');
    const problem = newPasswordProblem(parsed.data.newPassword, session.user.username);
    if (problem) throw new ApiError(422, 'Password Not Changed', problem);
    if (session.user.mustChangePassword && parsed.data.newPassword === parsed.data.currentPassword) {
      throw new ApiError(422, 'Password Not Changed', 'Choose a new password, not the one you were given.');
    }
    // Choosing one's own password also lifts "must change password".
    await setPassword(database, session.user, parsed.data.newPassword, {
      actor: userActor(session.user),
      reset: false,
      mustChangePassword: false,
      keepSessionId: session.id,
    });
    return c.json({ title: 'Password Changed', message: 'Your password has been changed. Other sessions have been signed out.' });
  });

  return app;
}
