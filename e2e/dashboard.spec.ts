import { expect, test, type Page } from '@playwright/test';
import { apiCreate, chooseOption, createVehicle, listSettled, todayInBrowserZone, unique } from './helpers';

/**
 * The dashboard from data (decision 0036): every number is a link to the list of exactly those records, and
 * that list's total is the number.
 */
const addDaysTo = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The list's footer: 'Showing 1–N of T' (or 'No records'). */
async function listTotal(page: Page): Promise<number> {
  await listSettled(page);
  const footer = page.getByText(/^(Showing .* of [\d,]+|No records)$/);
  await expect(footer).toBeVisible();
  const text = (await footer.textContent()) ?? '';
  return text === 'No records' ? 0 : Number(text.slice(text.lastIndexOf(' of ') + 4).replace(/,/g, ''));
}

const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test('every number on the dashboard opens the list whose total it is', async ({ page }) => {
  const token = unique();
  await page.goto('/');
  const vehicle = await createVehicle(page, token);
  const today = todayInBrowserZone();
  for (const [status, days] of [
    ['Scheduled', -2],
    ['On Hold', -1],
    ['In Progress', 0],
    ['Completed', -5],
  ] as const) {
    await apiCreate(page, 'maintenance', {
      vehicleId: vehicle.id,
      jobType: 'Corrective',
      description: `Clutch ${token}`,
      technician: '',
      partsUsed: '',
      scheduledDate: addDaysTo(today, days),
      completionDate: null,
      status,
      cost: null,
    });
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Fleet Overview Dashboard' })).toBeVisible();

  const cases = [
    { testId: 'totalVehicles-value', path: '/vehicle-management', chip: 'In Fleet' },
    { testId: 'vehiclesAddedThisMonth-value', path: '/vehicle-management', chip: 'This Month' },
    { testId: 'pendingMaintenance-value', path: '/maintenance', chip: 'Pending' },
    { testId: 'maintenanceOverdue-value', path: '/maintenance', chip: 'Overdue' },
    { testId: 'openIncidents-value', path: '/incident-emergency', chip: 'Open' },
  ];
  for (const { testId, path, chip } of cases) {
    // Other tests running at the same time add records between the dashboard's answer and the list's: the two
    // are compared again (the dashboard asked afresh) until they agree, a few times at most.
    const seen: [number, number][] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const link = page.getByTestId(testId);
      await expect(link).toBeVisible();
      const shown = number(await link.textContent());
      await link.click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      // The list says which derived filter it shows, and its total is the dashboard's number.
      await expect(page.getByText(chip, { exact: true }).first()).toBeVisible();
      seen.push([shown, await listTotal(page)]);
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Fleet Overview Dashboard' })).toBeVisible();
      if (seen.at(-1)![0] === seen.at(-1)![1]) break;
      await page.reload();
    }
    expect(seen.at(-1)![1], `${testId}: dashboard and list total, each attempt: ${JSON.stringify(seen)}`).toBe(seen.at(-1)![0]);
  }
  // The overdue jobs made here are among those listed: the Scheduled one two days ago and the one On Hold since yesterday.
  expect(number(await page.getByTestId('maintenanceOverdue-value').textContent())).toBeGreaterThanOrEqual(2);
  await page.getByTestId('maintenanceOverdue-value').click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`Clutch ${token}`);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === `Clutch ${token}`);
  expect(await listTotal(page)).toBe(2);
  // The filter can be removed: then all four of this vehicle's jobs show.
  await page.getByRole('button', { name: 'Remove the Overdue filter' }).click();
  expect(await listTotal(page)).toBe(4);
});

test('the dashboard follows the records without a reload (asked again when the window regains focus)', async ({ page }) => {
  await page.goto('/');
  const value = page.getByTestId('totalVehicles-value');
  await expect(value).toBeVisible();
  const before = number(await value.textContent());
  await createVehicle(page, unique());
  // Asked again when the window regains focus.
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  // At least the one added here (other tests running at the same time may add theirs).
  await expect.poll(async () => number(await value.textContent()), { timeout: 65_000 }).toBeGreaterThanOrEqual(before + 1);
  await expect(page.getByText('Performance Snapshot')).toBeVisible();
  await page.screenshot({ path: '.tmp/dashboard.png', fullPage: true });
});

test('a fuel expense takes a Partial Fill tick, off by default and shown for Fuel only', async ({ page }) => {
  await page.goto('/fuel-expense');
  await expect(page.getByRole('heading', { name: 'Fuel & Expense Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Log New Expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log New Expense' });
  const tick = dialog.getByRole('checkbox', { name: 'Partial Fill' });
  await expect(tick).toBeVisible();
  await expect(tick).not.toBeChecked();
  await chooseOption(page, dialog, /^Type/, 'Toll');
  await expect(tick).toHaveCount(0);
  await chooseOption(page, dialog, /^Type/, 'Fuel');
  const vendor = `Partial ${unique()}`;
  await dialog.getByLabel('Quantity (Liters)').fill('40');
  await dialog.getByLabel('Price Per Unit (₹)').fill('90');
  await dialog.getByLabel('Vendor').fill(vendor);
  await dialog.getByRole('checkbox', { name: 'Partial Fill' }).check();
  await dialog.getByRole('button', { name: 'Log Expense' }).click();
  await expect(dialog).toBeHidden();
  const listed = await (await page.request.get(`/api/fuel-expenses?q=${encodeURIComponent(vendor)}`)).json();
  expect(listed.items.map((item: { partialFill: boolean }) => item.partialFill)).toEqual([true]);
});
