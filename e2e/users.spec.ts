import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { expectToast, seriousViolations, unique } from './helpers';

/*
 * Users and My Account. Every test works on users of its own: the admin's shared session (storageState)
 * must survive, so nothing here signs the admin out or edits the admin's profile.
 */

/** No cookies: a sign-in sent with the admin's cookie would end the admin's shared session (sessions rotate at sign-in). */
const NO_SESSION = { cookies: [], origins: [] };

/** The admin's CSRF token, for API calls made with the page's (the admin's) cookies. */
async function adminCsrf(page: Page): Promise<string> {
  const me = await page.request.get('/api/auth/me');
  return ((await me.json()) as { csrfToken: string }).csrfToken;
}

async function signInAs(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A user with a password of their own (added by the admin, first password changed through the API), signed in in a new browser context. */
async function userSignedIn(browser: Browser, admin: Page, role = 'dispatcher') {
  const username = `e2e.${unique().toLowerCase()}`;
  const given = `given-${unique()}-password`;
  const own = `own-${unique()}-password`;
  const created = await admin.request.post('/api/users', {
    data: { username, name: `Kavita ${unique()}`, email: '', phone: '', role, password: given },
    headers: { 'x-csrf-token': await adminCsrf(admin) },
  });
  expect(created.status()).toBe(201);
  const api = await request.newContext({ baseURL: BASE_URL, storageState: NO_SESSION });
  const login = await api.post('/api/auth/login', { data: { username, password: given } });
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  expect((await api.post('/api/auth/password', { data: { currentPassword: given, newPassword: own }, headers: { 'x-csrf-token': csrfToken } })).ok()).toBe(
    true,
  );
  await api.post('/api/auth/logout', { headers: { 'x-csrf-token': csrfToken } });
  await api.dispose();
  const context = await browser.newContext({ storageState: NO_SESSION });
  const page = await context.newPage();
  await signInAs(page, username, own);
  await expect(page).toHaveURL(/\/$/);
  return { page, context, username, password: own };
}

test('an administrator adds a user, who signs in with the one-time password and must choose their own', async ({ page, browser }) => {
  const username = `e2e.${unique().toLowerCase()}`;
  await page.goto('/settings');
  const users = page.getByRole('region', { name: 'Users' });
  await expect(users.getByRole('table', { name: 'Users' })).toBeVisible();
  await expect(users.getByRole('row').filter({ hasText: 'admin@raahi.local' })).toContainText('Administrator');
  expect(await seriousViolations(page)).toEqual([]);
  await users.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('User Name').fill(username);
  await dialog.getByLabel('Name', { exact: true }).fill('Priya Sharma');
  await dialog.getByLabel('Email').fill('priya.sharma@example.in');
  await dialog.getByLabel('Phone').fill('+91 98200 12345');
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Dispatcher' }).click();
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expectToast(page, 'User Added', `Priya Sharma can now sign in as ${username}.`);

  // The one-time password, shown once.
  const shown = page.getByRole('dialog', { name: 'One-Time Password' });
  await expect(shown).toBeVisible();
  const password = await shown.getByLabel('One-time password').inputValue();
  expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await users.getByRole('textbox', { name: 'Search users' }).fill(username);
  const row = users.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Dispatcher');
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');

  // The new user signs in and is asked for a password of their own before anything else.
  const context = await browser.newContext({ storageState: NO_SESSION });
  const newcomer = await context.newPage();
  await signInAs(newcomer, username, password);
  await expect(newcomer.getByRole('heading', { level: 1, name: 'Choose Your Password' })).toBeVisible();
  await expect(newcomer.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);
  await newcomer.getByLabel('Current Password', { exact: true }).fill(password);
  await newcomer.getByLabel('New Password', { exact: true }).fill('masala chai at four');
  await newcomer.getByLabel('Confirm New Password', { exact: true }).fill('masala chai at four');
  await newcomer.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(newcomer, 'Password Changed');
  await expect(newcomer.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  await newcomer.goto('/account');
  await expect(newcomer.getByRole('main').getByText('Dispatcher', { exact: true })).toBeVisible();

  // Deactivated by the administrator: signed out at the next request.
  await row.getByRole('button', { name: `Deactivate ${username}` }).click();
  await page.getByRole('alertdialog', { name: 'Deactivate User' }).getByRole('button', { name: 'Deactivate' }).click();
  await expectToast(page, 'User Deactivated', 'Priya Sharma has been signed out everywhere and can no longer sign in.');
  await expect(row).toContainText('Inactive');
  await newcomer.goto('/fleet-management');
  await expect(newcomer).toHaveURL(/\/login$/);
  await context.close();
});

test('Edit Profile saves my name, e-mail, phone and address', async ({ page, browser }) => {
  const user = await userSignedIn(browser, page);
  const me = user.page;
  await me.goto('/account');
  await me.getByRole('main').getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = me.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('Name', { exact: true }).fill('Kavita Rao');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  // Refused by the server: the dialog stays open with what was typed.
  await expectToast(me, 'Profile Not Saved', 'Email must be an email address such as name@example.in.');
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Kavita Rao');
  await dialog.getByLabel('Email').fill('kavita.rao@example.in');
  await dialog.getByLabel('Phone').fill('+91 99200 11111');
  await dialog.getByLabel('Address').fill('4 FC Road, Pune 411004');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(me, 'Profile Updated', 'Your profile has been saved.');
  await expect(dialog).toBeHidden();
  const main = me.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Kavita Rao' })).toBeVisible();
  await expect(main.getByText('kavita.rao@example.in', { exact: true })).toBeVisible();
  await expect(main.getByText('+91 99200 11111', { exact: true })).toBeVisible();
  await expect(main.getByText('4 FC Road, Pune 411004', { exact: true })).toBeVisible();
  await me.reload();
  await expect(main.getByRole('heading', { level: 2, name: 'Kavita Rao' })).toBeVisible();
  await user.context.close();
});

test('My Account lists my sessions and signs out the others', async ({ page, browser }) => {
  const user = await userSignedIn(browser, page);
  // A second session, from a phone.
  const phone = await request.newContext({
    baseURL: BASE_URL,
    storageState: NO_SESSION,
    userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
  });
  expect((await phone.post('/api/auth/login', { data: { username: user.username, password: user.password } })).ok()).toBe(true);

  const me = user.page;
  await me.goto('/account');
  const sessions = me.getByRole('list', { name: 'Your sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(sessions.getByRole('listitem').filter({ hasText: 'Chrome on Android' })).toContainText('Last seen');
  expect(await seriousViolations(me)).toEqual([]);

  await me.getByRole('button', { name: 'Sign out other sessions' }).click();
  await me.getByRole('alertdialog', { name: 'Sign Out Other Sessions' }).getByRole('button', { name: 'Sign Out' }).click();
  await expectToast(me, 'Signed Out', '1 other session has been signed out.');
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions.getByRole('listitem')).toContainText('This device');
  expect((await phone.get('/api/auth/me')).status()).toBe(401);
  await expect(me.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();
  await phone.dispose();
  await user.context.close();
});

test('demoting an administrator revokes their API keys beyond the new role, and User Updated names them (decision 0062)', async ({ page, browser }) => {
  const other = await userSignedIn(browser, page, 'administrator');
  const csrf = await adminCsrf(other.page);
  const keyName = `Tally ${unique()}`;
  const created = await other.page.request.post('/api/api-keys', { data: { name: keyName, role: 'dispatcher' }, headers: { 'x-csrf-token': csrf } });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };

  await page.goto('/settings');
  const users = page.getByRole('region', { name: 'Users' });
  await users.getByRole('textbox', { name: 'Search users' }).fill(other.username);
  await users.getByRole('button', { name: `Edit ${other.username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'User Updated', new RegExp(`The API key “${keyName}” was revoked: the Viewer role does not cover what it may do\\.`));
  await expect(dialog).toBeHidden();
  // The key is refused from then on.
  const api = await request.newContext({ baseURL: BASE_URL, storageState: NO_SESSION });
  expect((await api.get('/api/vehicles', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
  await api.dispose();
  await other.context.close();
});
