import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, BASE_URL } from '../playwright.config';
import { expectDestructiveToast, expectToast, signIn, signedOut } from './helpers';

/*
 * A password change ends the admin's other sessions, the shared storageState session included,
 * so this file runs in its own Playwright project ('password') after every other test ('app').
 */
const NEW_PASSWORD = 'e2e-changed-password';

test.use(signedOut);

/** The toast on screen with this title (the toast's own element, which carries its variant class). */
const toastTitled = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title });

async function signInFresh(page: Page, password = ADMIN_PASSWORD) {
  await page.goto('/login');
  await signIn(page, password);
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Login Successful!');
}

async function openChangePassword(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole('main').getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillPasswords(dialog: Locator, current: string, next: string, confirm = next) {
  await dialog.getByLabel('Current Password', { exact: true }).fill(current);
  await dialog.getByLabel('New Password', { exact: true }).fill(next);
  await dialog.getByLabel('Confirm New Password', { exact: true }).fill(confirm);
}

async function changePassword(page: Page, current: string, next: string) {
  const dialog = await openChangePassword(page);
  await fillPasswords(dialog, current, next);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password Changed', 'Your password has been changed. Other sessions have been signed out.');
  await expect(toastTitled(page, 'Password Changed')).not.toHaveClass(/destructive/);
  await expect(dialog).toBeHidden();
}

async function logout(page: Page) {
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
  await expectToast(page, 'Logged Out');
  await expect(page).toHaveURL(/\/login$/);
}

/** Only the given password signs the admin in; the other is refused with the specified toast. */
async function expectOnlyPasswordWorks(page: Page, works: string, fails: string) {
  await signIn(page, fails);
  await expectToast(page, 'Login Failed', 'Invalid username or password. Please try again.');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, works);
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Login Successful!');
}

/** Safety net: if the test stopped half-way, put ADMIN_PASSWORD back so a later run against the same server still signs in. */
async function restoreAdminPassword() {
  const api = await request.newContext({ baseURL: BASE_URL });
  try {
    const login = await api.post('/api/auth/login', { data: { username: 'admin', password: NEW_PASSWORD } });
    if (!login.ok()) return;
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    await api.post('/api/auth/password', {
      data: { currentPassword: NEW_PASSWORD, newPassword: ADMIN_PASSWORD },
      headers: { 'x-csrf-token': csrfToken },
    });
  } finally {
    await api.dispose();
  }
}

test.afterAll(restoreAdminPassword);

test('wrong current password, short and mismatched new passwords are refused and the dialog keeps what was typed', async ({ page }) => {
  await signInFresh(page);
  const dialog = await openChangePassword(page);
  const submit = dialog.getByRole('button', { name: 'Change Password' });

  await fillPasswords(dialog, 'not-the-current-password', NEW_PASSWORD);
  await submit.click();
  await expectDestructiveToast(page, 'Password Not Changed', 'The current password is not correct.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Current Password', { exact: true })).toHaveValue('not-the-current-password');
  await expect(dialog.getByLabel('New Password', { exact: true })).toHaveValue(NEW_PASSWORD);
  await expect(dialog.getByLabel('Confirm New Password', { exact: true })).toHaveValue(NEW_PASSWORD);

  await fillPasswords(dialog, ADMIN_PASSWORD, 'short12');
  await submit.click();
  await expectDestructiveToast(page, 'Password Not Changed', 'The new password must be at least 8 characters.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('New Password', { exact: true })).toHaveValue('short12');

  await fillPasswords(dialog, ADMIN_PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}-typo`);
  await submit.click();
  await expectDestructiveToast(page, 'Password Not Changed', 'The new passwords do not match.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Confirm New Password', { exact: true })).toHaveValue(`${NEW_PASSWORD}-typo`);

  // Cancel closes the dialog and forgets what was typed; the password is unchanged.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('main').getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByLabel('Current Password', { exact: true })).toHaveValue('');
  await page.keyboard.press('Escape');
  await logout(page);
  await signIn(page);
  await expect(page).toHaveURL(/\/$/);
});

test('a successful change signs in with the new password only, and changing it back restores the old one', async ({ page }) => {
  await signInFresh(page);
  await changePassword(page, ADMIN_PASSWORD, NEW_PASSWORD);
  // The session that made the change stays signed in.
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await logout(page);
  await expectOnlyPasswordWorks(page, NEW_PASSWORD, ADMIN_PASSWORD);

  await changePassword(page, NEW_PASSWORD, ADMIN_PASSWORD);
  await logout(page);
  await expectOnlyPasswordWorks(page, ADMIN_PASSWORD, NEW_PASSWORD);
});
