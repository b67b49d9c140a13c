import { expect, test, type Page } from '@playwright/test';
import { apiCreate, apiUpdate, unique } from './helpers';

/** The bell and the Notifications screen over the server's notifications: reminders made right after a write. */

async function token(page: Page): Promise<string> {
  const me = await (await page.request.get('/api/auth/me')).json();
  return me.csrfToken as string;
}

async function clearMine(page: Page) {
  const response = await page.request.delete('/api/notifications', { headers: { 'x-csrf-token': await token(page) } });
  expect(response.status()).toBe(200);
}

const unreadCount = async (page: Page) => (await (await page.request.get('/api/notifications/unread-count')).json()).count as number;

/** An inventory item stocked above its reorder level (judged OK, silently), then run down to it: one Reorder Needed notification. */
async function partRunDown(page: Page, name: string) {
  const before = await unreadCount(page);
  const body = { name, partNumber: `P-${unique()}`, quantity: 20, reorderLevel: 10, costPerUnit: 0, supplier: '', location: '' };
  const item = await apiCreate(page, 'inventory', body);
  await expect
    .poll(
      () =>
        page.request
          .get('/api/notifications/unread-count')
          .then((r) => r.json())
          .then((b) => b.count),
      { timeout: 3_000 },
    )
    .toBe(before);
  await apiUpdate(page, 'inventory', item.id, { ...body, quantity: 4, version: item.version });
  await expect.poll(() => unreadCount(page), { timeout: 5_000 }).toBe(before + 1);
  return item;
}

const feed = (page: Page) => page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');

test.describe.configure({ mode: 'serial' });

test('the bell shows the unread count and the latest unread, each leading to its record', async ({ page }) => {
  await page.goto('/');
  await clearMine(page);
  const part = `Brake Pad Set ${unique()}`;
  const item = await partRunDown(page, part);

  await page.goto('/');
  const badge = page.getByTestId('notification-badge');
  await expect(badge).toHaveText('1');
  await page.getByRole('button', { name: 'Notifications, 1 new' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Notifications', { exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveCount(2);
  const reminder = menu.getByRole('menuitem', { name: /Reorder Needed/ });
  await expect(reminder).toContainText(`${part} (`);
  await expect(reminder).toContainText('is at or below its reorder level: 4 in stock, reorder level 10.');
  await reminder.click();
  await expect(page).toHaveURL(new RegExp(`/inventory\\?edit=${item.id}$`));
  await expect(page.getByRole('dialog')).toBeVisible();
  // Opened from the bell: read, so the badge is gone.
  await expect(badge).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('menu').getByText('No notifications to display.')).toBeVisible();
  await page.getByRole('menuitem', { name: 'View all notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(feed(page)).toHaveCount(1);
  await expect(page.getByRole('listitem', { name: 'Reorder Needed' }).getByRole('button', { name: 'Mark Read' })).toHaveCount(0);
});

test('the Notifications screen: All Notifications / Unread Only, Mark Read, Mark All Read, Delete, Clear All', async ({ page }) => {
  await page.goto('/notifications');
  await clearMine(page);
  await partRunDown(page, `Oil Filter ${unique()}`);
  await partRunDown(page, `Fan Belt ${unique()}`);
  await partRunDown(page, `Air Filter ${unique()}`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(feed(page)).toHaveCount(3);
  await expect(page.getByText('3 unread', { exact: true })).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveText('3');
  // Newest first.
  await expect(feed(page).first()).toContainText('Air Filter');

  await feed(page).filter({ hasText: 'Fan Belt' }).getByRole('button', { name: 'Mark Read' }).click();
  await expect(page.getByText('2 unread', { exact: true })).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveText('2');
  const filter = page.getByRole('combobox', { name: 'Filter notifications' });
  await expect(filter).toHaveText('All Notifications');
  await filter.click();
  await page.getByRole('option', { name: 'Unread Only', exact: true }).click();
  await expect(feed(page)).toHaveCount(2);
  await expect(feed(page).filter({ hasText: 'Fan Belt' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark All Read' }).click();
  await expect(page.getByText('No notifications to display.', { exact: true })).toBeVisible();
  await expect(page.getByText('0 unread', { exact: true })).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await filter.click();
  await page.getByRole('option', { name: 'All Notifications', exact: true }).click();
  await expect(feed(page)).toHaveCount(3);
  await expect(page.getByRole('main').getByRole('button', { name: 'Mark Read', exact: true })).toHaveCount(0);

  await feed(page).filter({ hasText: 'Oil Filter' }).getByRole('button', { name: 'Delete' }).click();
  await expect(feed(page)).toHaveCount(2);
  // Stored on the server: a reload shows the same.
  await page.reload();
  await expect(feed(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(feed(page)).toHaveCount(0);
  await expect(page.getByText('No notifications to display.', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText('No notifications to display.', { exact: true })).toBeVisible();
});
