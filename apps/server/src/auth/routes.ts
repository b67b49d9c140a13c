import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { changePasswordInput, loginInput } from '@raahi/domain';
import { sessionLifetime, type Config } from '../config';
import type { Database } from '../db/client';
import { ApiError, badRequest, describeIssues, readJson } from '../http/errors';
import { clientAddress, isHttps, requireSession, type AppEnv } from './middleware';
import { newPasswordProblem } from './password-policy';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { endOtherSessions, endSession, findSession, SESSION_COOKIE, startSession } from './sessions';
import { admitGuess } from './throttle';
import { findUserByName, normaliseUsername, setPassword, toCurrentUser } from './users';

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
    await guess.settle(Boolean(user && ok));
    if (!user || !ok) throw INVALID_LOGIN;
    // Rotate: whatever session cookie came in is ended and a new one issued.
    const previous = getCookie(c, SESSION_COOKIE);
    if (previous) {
      const old = await findSession(database, previous, sessionLifetime(config));
      if (old) await endSession(database, old.id);
    }
    const { token, csrfToken } = await startSession(database, user.id, sessionLifetime(config));
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c, config),
      path: '/',
      maxAge: Math.floor(config.sessionMaxMs / 1000),
    });
    return c.json({ user: toCurrentUser(user), csrfToken, uploadMaxBytes: config.uploadMaxBytes });
  });

  app.use('/me', requireSession(database, config));
  // The session answer carries the upload limit, so that the form refuses a file too large before sending it.
  app.get('/me', (c) => {
    const session = c.get('session');
    return c.json({ user: toCurrentUser(session.user), csrfToken: session.csrfToken, uploadMaxBytes: config.uploadMaxBytes });
  });

  app.use('/logout', requireSession(database, config));
  app.post('/logout', async (c) => {
    await endSession(database, c.get('session').id);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.body(null, 204);
  });

  app.use('/password', requireSession(database, config));
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
    await setPassword(database, session.user, parsed.data.newPassword);
    await endOtherSessions(database, session.user.id, session.id);
    return c.json({ title: 'Password Changed', message: 'Your password has been changed. Other sessions have been signed out.' });
  });

  return app;
}
