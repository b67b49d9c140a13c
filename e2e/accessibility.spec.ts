import { expect, test, type Page } from '@playwright/test';
import { createVehicle, listSettled, seriousViolations, signedOut, unique } from './helpers';

/**
 * axe-core over every built screen and every kind of open dialog, in the light and the dark theme:
 * no serious or critical violation of WCAG 2.2 AA.
 */

// Each scan takes a second or two; a test scans many screens.
// The scans are independent (each test makes what it needs), so they spread over the workers: the slowest file of the suite.
test.describe.configure({ timeout: 120_000, mode: 'parallel' });

const SCREENS = [
  '/',
  '/notifications',
  '/account',
  '/settings',
  '/fleet-management',
  '/vehicle-management',
  '/driver-management',
  '/driver-training',
  '/driver-health-report',
  '/reporting',
  '/ai-predictive',
  '/integrations',
  '/load-optimization',
  '/cold-chain',
  '/maintenance',
  '/service-partners',
  '/inventory',
  '/incident-emergency',
  '/compliance',
  '/trip-insurance',
  '/fuel-expense',
  // A page of several lists shows one at a time (its tab): each is scanned.
  '/sales',
  '/sales?section=quotations',
  '/sales?section=orders',
  '/partner-fuel-stations',
  '/partner-fuel-stations?section=logs',
  '/partner-fuel-stations?section=invoices',
  '/challan-tracking',
  '/no-such-page',
];

/** The dialogs each area opens: its add form (with its pick-lists) and the delete confirmation. */
const DIALOGS: [path: string, add: string][] = [
  ['/fleet-management', 'Create New Trip'],
  ['/vehicle-management', 'Add New Vehicle'],
  ['/driver-management', 'Add New Driver'],
  ['/driver-training', 'Add Training Record'],
  ['/driver-health-report', 'Add Health Record'],
  ['/cold-chain', 'Add Unit'],
  ['/maintenance', 'Create Job Card'],
  ['/service-partners', 'Add Service Partner'],
  ['/inventory', 'Add New Item'],
  ['/incident-emergency', 'Report New Incident'],
  ['/compliance', 'Add Document'],
  ['/trip-insurance', 'Add Insurance Policy'],
  ['/fuel-expense', 'Log New Expense'],
  ['/sales', 'Add Lead'],
  ['/sales?section=quotations', 'Create Quotation'],
  ['/sales?section=orders', 'Create Sales Order'],
  ['/partner-fuel-stations', 'Add Station'],
  ['/partner-fuel-stations?section=logs', 'Add Log'],
  ['/partner-fuel-stations?section=invoices', 'Add Invoice'],
  ['/challan-tracking', 'Add Challan'],
];

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(({ page }) => setTheme(page, theme));

    test('every screen', async ({ page }) => {
      await createVehicle(page, unique());
      const found: string[] = [];
      for (const path of SCREENS) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (await page.getByRole('table').count()) await listSettled(page);
        for (const line of await seriousViolations(page)) found.push(`${path}: ${line}`);
      }
      expect(found).toEqual([]);
    });

    test('every dialog, and a menu', async ({ page }) => {
      await createVehicle(page, unique());
      const found: string[] = [];
      for (const [path, add] of DIALOGS) {
        await page.goto(path);
        await listSettled(page);
        await page.getByRole('button', { name: add }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        for (const line of await seriousViolations(page)) found.push(`${path} ${add}: ${line}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      // An open pick-list (a combobox over the server's records).
      await page.goto('/fleet-management?new');
      await page
        .getByRole('dialog')
        .getByRole('combobox', { name: /^Vehicle/ })
        .click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await expect(page.getByRole('option').first()).toBeVisible();
      for (const line of await seriousViolations(page)) found.push(`vehicle pick-list: ${line}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      // A failed save marks its fields and shows a toast: both must be readable too.
      await page.goto('/vehicle-management?new');
      await page.getByRole('dialog').getByRole('button', { name: 'Add Vehicle' }).click();
      await expect(page.getByRole('dialog').getByText('Make is required.')).toBeVisible();
      for (const line of await seriousViolations(page)) found.push(`vehicle form with errors: ${line}`);
      await page.keyboard.press('Escape');
      await page.goto('/vehicle-management');
      await listSettled(page);
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      for (const line of await seriousViolations(page)) found.push(`delete confirmation: ${line}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      for (const line of await seriousViolations(page)) found.push(`notifications menu: ${line}`);
      expect(found).toEqual([]);
    });
  });

  test.describe(`${theme} theme, signed out`, () => {
    test.use(signedOut);
    test.beforeEach(({ page }) => setTheme(page, theme));

    test('the sign-in screen', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByLabel('Username')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
