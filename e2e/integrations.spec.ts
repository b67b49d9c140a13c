import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request, test, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { createVehicle, expectToast, openDialog, openScreen, roleUsers, seriousViolations, unique } from './helpers';

/** Issue 22's Integrations screen (decision 0055): API keys and webhooks, under spec 002's four buttons. */

const TITLE = 'Third-Party Integrations';
const BUTTONS = ['Add New Integration', 'View Active Integrations', 'Monitor Sync Status', 'View Error Logs'];

/** A request from another system: no cookie, only the key. */
async function withKey(key: string, path: string) {
  const context = await request.newContext({ baseURL: BASE_URL, storageState: { cookies: [], origins: [] } });
  try {
    const response = await context.get(path, { headers: { authorization: `Bearer ${key}` } });
    return { status: response.status(), body: await response.json() };
  } finally {
    await context.dispose();
  }
}

/** A real receiver on loopback: /ok answers 200, /down answers 500 with a body that looks like HTML. */
async function startReceiver() {
  const received: { path: string; body: string; signature: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body, signature: req.headers['raahi-signature'] as string | undefined });
      if (req.url === '/down') {
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end('<b>Receiver down</b> for maintenance');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function addApiKey(page: Page, name: string, role: string) {
  const dialog = await openDialog(page, 'Add New Integration', 'Add New Integration');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await dialog.getByRole('button', { name: 'Create API Key' }).click();
  await expectToast(page, 'API Key Created');
  const shown = page.getByRole('dialog', { name: 'API Key Created' });
  await expect(shown.getByRole('alert')).toContainText('It will not be shown again');
  const key = await shown.getByLabel('API key').inputValue();
  expect(key).toMatch(/^rk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: '.tmp/integrations-key-shown.png' });
  expect(await seriousViolations(page)).toEqual([]);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  return key;
}

async function addWebhook(page: Page, url: string, area: string) {
  const dialog = await openDialog(page, 'Add New Integration', 'Add New Integration');
  await dialog.getByRole('tab', { name: 'Webhook' }).click();
  await dialog.getByLabel('URL').fill(url);
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog.getByLabel('Secret')).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('checkbox', { name: `All ${area} events` }).check();
  await expect(dialog.getByText('Events (4 chosen)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Webhook' }).click();
  await expectToast(page, 'Webhook Added', `${url} receives 4 events from now on.`);
  await expect(dialog).toBeHidden();
}

test('the screen keeps its title and four buttons', async ({ page }) => {
  await openScreen(page, '/integrations', TITLE);
  const main = page.getByRole('main');
  await expect(main.getByRole('button')).toHaveCount(BUTTONS.length);
  for (const name of BUTTONS) await expect(main.getByRole('button', { name, exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an API key is shown once, works with its role from another system, and is refused once revoked', async ({ page }) => {
  const name = `Tally sync ${unique()}`;
  await openScreen(page, '/integrations', TITLE);
  const key = await addApiKey(page, name, 'Accounts');

  // Another system lists vehicles with it (an Accounts key may view them), and may not view drivers.
  const listed = await withKey(key, '/api/vehicles');
  expect(listed.status).toBe(200);
  expect(Array.isArray(listed.body.items)).toBe(true);
  expect((await withKey(key, '/api/drivers')).status).toBe(403);

  // View Active Integrations: the key by name, role and prefix, never the key itself.
  const active = await openDialog(page, 'View Active Integrations', 'Active Integrations');
  const row = active.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Accounts');
  await expect(row).toContainText(key.slice(0, 11));
  await expect(row).toContainText('Active');
  await expect(active).not.toContainText(key.slice(12));
  await page.screenshot({ path: '.tmp/integrations-active.png' });
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke API Key' });
  await expect(confirm).toContainText(`${name} will be refused from its next request on.`);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expectToast(page, 'API Key Revoked');
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);

  const refused = await withKey(key, '/api/vehicles');
  expect(refused.status).toBe(401);
  expect(refused.body.title).toBe('Invalid API Key');
});

test('a webhook receives a vehicle made, shown under Monitor Sync Status; a receiver answering 500 is marked failed after its retry window and its answer shown as text under View Error Logs', async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    await openScreen(page, '/integrations', TITLE);
    await addWebhook(page, `${receiver.url}/ok`, 'Vehicles');
    await addWebhook(page, `${receiver.url}/down`, 'Vehicles');

    const token = unique();
    const vehicle = await createVehicle(page, token);
    await expect.poll(() => receiver.received.filter((r) => r.path === '/ok' && r.body.includes(vehicle.id)).length, { timeout: 20_000 }).toBe(1);
    const delivered = receiver.received.find((r) => r.path === '/ok' && r.body.includes(vehicle.id))!;
    expect(JSON.parse(delivered.body)).toMatchObject({ event: 'vehicles.created', data: { id: vehicle.id } });
    expect(delivered.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    await expect.poll(() => receiver.received.filter((r) => r.path === '/down' && r.body.includes(vehicle.id)).length, { timeout: 20_000 }).toBeGreaterThan(0);

    // Monitor Sync Status: the delivery to /ok, answered 200; the one to /down, answered 500 and failed (the e2e server's
    // retry window, RAAHI_WEBHOOKS_RETRY_HOURS, is shorter than the first backoff).
    const sync = await openDialog(page, 'Monitor Sync Status', 'Sync Status');
    const rows = sync.getByRole('table', { name: 'Sync Status' }).getByRole('row');
    const ok = rows
      .filter({ hasText: `${receiver.url}/ok` })
      .filter({ hasText: 'vehicles.created' })
      .first();
    await expect(ok).toContainText('200');
    await expect(ok).toContainText('Delivered');
    const down = rows
      .filter({ hasText: `${receiver.url}/down` })
      .filter({ hasText: 'vehicles.created' })
      .first();
    await expect(down).toContainText('500');
    await expect(down).toContainText(/Retrying|Failed/);
    await page.screenshot({ path: '.tmp/integrations-sync.png' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(sync).toBeHidden();

    // View Error Logs: failed deliveries with the receiver's answer as text, never as HTML.
    const errors = await openDialog(page, 'View Error Logs', 'Error Logs');
    const failed = errors
      .getByRole('table', { name: 'Error Logs' })
      .getByRole('row')
      .filter({ hasText: `${receiver.url}/down` })
      .first();
    await expect(failed).toContainText('500');
    await expect(errors.getByText('<b>Receiver down</b> for maintenance').first()).toBeVisible();
    await expect(errors.locator('b', { hasText: 'Receiver down' })).toHaveCount(0);
    await page.screenshot({ path: '.tmp/integrations-errors.png' });
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test('the Add New Integration dialog offers every area’s events and an API key’s roles without Administrator', async ({ page }) => {
  await openScreen(page, '/integrations', TITLE);
  const dialog = await openDialog(page, 'Add New Integration', 'Add New Integration');
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await expect(page.getByRole('option')).toHaveText(['Fleet Manager', 'Dispatcher', 'Workshop', 'Accounts', 'Viewer']);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: '.tmp/integrations-add-key.png' });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('tab', { name: 'Webhook' }).click();
  await dialog.getByRole('checkbox', { name: 'All Reminders events' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'reminder.due_soon' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'reminder.overdue' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'trips.updated' }).check();
  await expect(dialog.getByText('Events (3 chosen)')).toBeVisible();
  await page.screenshot({ path: '.tmp/integrations-add-webhook.png' });
  expect(await seriousViolations(page)).toEqual([]);
});

test('other roles see no Integrations item, and the no-access page at its address', async ({ browser }) => {
  const { create, signedInAs } = roleUsers('e2eint', 'Raahi-integrations-e2e-2026');
  const page = await signedInAs(browser, create('fleet_manager'));
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Integrations', exact: true })).toHaveCount(0);
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { level: 1, name: "You don't have access to Integrations" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New Integration' })).toHaveCount(0);
  await page.context().close();
});
