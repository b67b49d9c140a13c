import { expect, test } from '@playwright/test';
import { expectDestructiveToast, expectToast, failRequests, seriousViolations } from './helpers';

/** Settings → Notifications (issue 18): the kinds the user receives and the daily e-mail digest. */
const NO_SMTP = 'No SMTP server is configured, so Raahi cannot send e-mail. An administrator can set RAAHI_SMTP_URL to turn the daily digest on.';
const ADMIN_KINDS = [
  'Compliance documents expiring',
  'Trip insurance policies ending',
  'Driver health checks due',
  'Driver training expiring',
  'Vehicle service due',
  'Parts at reorder level',
  'Challans unpaid for 60 days',
  'Trips past their ETA',
  'Cold-chain units out of range',
];

test('each kind is a checkbox with its label; the digest says no SMTP server is configured; a change is saved with a toast and kept after a reload', async ({
  page,
}) => {
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Notification settings' });
  await expect(form).toBeVisible();
  await expect(page.getByText('Alerts for trips, maintenance, incidents and documents.')).toBeVisible();
  // Every kind the administrator's role may view (service schedules arrive with their area), all on by default.
  for (const label of ADMIN_KINDS) await expect(form.getByRole('checkbox', { name: label })).toBeChecked();
  const digest = form.getByRole('checkbox', { name: 'Daily e-mail digest' });
  await expect(digest).toBeDisabled();
  await expect(digest).not.toBeChecked();
  await expect(form.getByText(NO_SMTP)).toBeVisible();
  const save = form.getByRole('button', { name: 'Save Notification Settings' });
  await expect(save).toBeDisabled();

  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/screens/settings-notifications.png', fullPage: true });

  await form.getByRole('checkbox', { name: 'Trips past their ETA' }).uncheck();
  await expect(save).toBeEnabled();
  await save.click();
  await expectToast(page, 'Notification Settings Saved', `You receive ${ADMIN_KINDS.length - 1} of ${ADMIN_KINDS.length} kinds of notifications.`);
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(form.getByRole('checkbox', { name: 'Trips past their ETA' })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Parts at reorder level' })).toBeChecked();
  const saved = await (await page.request.get('/api/notification-preferences')).json();
  expect(saved.mutedKinds).toEqual(['trips']);

  // Back as it was, for the other tests.
  await form.getByRole('checkbox', { name: 'Trips past their ETA' }).check();
  await save.click();
  await expectToast(page, 'Notification Settings Saved', `You receive ${ADMIN_KINDS.length} of ${ADMIN_KINDS.length} kinds of notifications.`);
});

test('a save that fails keeps what was ticked, to try again', async ({ page }) => {
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Notification settings' });
  await form.getByRole('checkbox', { name: 'Cold-chain units out of range' }).uncheck();
  await form.getByRole('checkbox', { name: 'Challans unpaid for 60 days' }).uncheck();
  await failRequests(page, /\/api\/notification-preferences$/);
  // Only the PUT fails: the settings were loaded before.
  await form.getByRole('button', { name: 'Save Notification Settings' }).click();
  await expectDestructiveToast(page, 'Service Unavailable', 'The database is unavailable.');
  await expect(form.getByRole('checkbox', { name: 'Cold-chain units out of range' })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Challans unpaid for 60 days' })).not.toBeChecked();
  await expect(form.getByRole('button', { name: 'Save Notification Settings' })).toBeEnabled();
  await page.unroute(/\/api\/notification-preferences$/);
  const stored = await (await page.request.get('/api/notification-preferences')).json();
  expect(stored.mutedKinds).toEqual([]);
});

test('leaving with unsaved settings asks first; Keep Editing keeps them', async ({ page }) => {
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Notification settings' });
  await form.getByRole('checkbox', { name: 'Driver training expiring' }).uncheck();
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Discard Changes?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep Editing' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(form.getByRole('checkbox', { name: 'Driver training expiring' })).not.toBeChecked();
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('alertdialog', { name: 'Discard Changes?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/$/);
  const stored = await (await page.request.get('/api/notification-preferences')).json();
  expect(stored.mutedKinds).toEqual([]);
});
