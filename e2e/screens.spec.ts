import { expect, test, type Locator, type Page, type Request } from '@playwright/test';

/** Escapes a route for use in a URL pattern that must end with it. */
const endsWith = (path: string) => new RegExp(`${path.replace(/[-/]/g, '\\$&')}$`);

const heading = (page: Page, title: string) => page.getByRole('heading', { level: 1, name: title, exact: true });

/** A card of the main area, found by its title (cards are `rounded-lg` boxes with an h3 title). */
function card(page: Page, title: string): Locator {
  return page
    .getByRole('main')
    .locator('div.rounded-lg')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
}

/** The toasts currently in the toast viewport. */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).locator('li');

/** Lets React render whatever a click may have started: two animation frames and a short pause. */
async function settle(page: Page) {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)))));
}

/** Clicks a button the specification calls inert and checks that nothing at all happened. */
async function expectInert(page: Page, button: Locator) {
  const url = page.url();
  const calls: string[] = [];
  const onRequest = (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(`${request.method()} ${request.url()}`);
  };
  let popups = 0;
  const onPopup = () => void popups++;
  let downloads = 0;
  const onDownload = () => void downloads++;
  page.on('request', onRequest);
  page.on('popup', onPopup);
  page.on('download', onDownload);
  try {
    await button.click();
    await settle(page);
  } finally {
    page.off('request', onRequest);
    page.off('popup', onPopup);
    page.off('download', onDownload);
  }
  expect(page.url(), 'the URL does not change').toBe(url);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(0);
  expect(calls, 'no call reaches the server').toEqual([]);
  expect(popups, 'no window opens').toBe(0);
  expect(downloads, 'nothing is downloaded').toBe(0);
}

test.describe('Dashboard', () => {
  // The figures come from the data (e2e/dashboard.spec.ts checks each against its list); the texts are spec 000's.
  const STATS = [
    { title: 'Total Vehicles', note: / this month$/, path: '/vehicle-management', page: 'Vehicle Management' },
    { title: 'Active Drivers', note: / new$/, path: '/driver-management', page: 'Driver Management' },
    { title: 'Pending Maintenance', note: / overdue$/, path: '/maintenance', page: 'Maintenance & Workshop' },
    { title: 'Open Incidents', note: / critical$/, path: '/incident-emergency', page: 'Incident & Emergency' },
  ];
  const QUICK_ACTIONS = [
    { label: 'Create New Trip', path: '/fleet-management', page: 'Fleet & Trip Management' },
    { label: 'Add New Driver', path: '/driver-management', page: 'Driver Management' },
    { label: 'View Reports', path: '/reporting', page: 'Dashboard & Reporting' },
    { label: 'Report Incident', path: '/incident-emergency', page: 'Incident & Emergency' },
  ];

  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(heading(page, 'Fleet Overview Dashboard')).toBeVisible();
  });

  test('shows the title, the subtitle, the four stat cards and the performance snapshot', async ({ page }) => {
    await expect(page.getByText('Real-time insights into your fleet operations', { exact: true })).toBeVisible();
    for (const { title, note } of STATS) {
      const stat = page.getByRole('group', { name: title });
      await expect(stat.getByText(title, { exact: true })).toBeVisible();
      await expect(stat.getByRole('link', { name: /^[\d,]+$/ })).toBeVisible();
      await expect(stat.getByRole('link', { name: note })).toBeVisible();
      await expect(stat.getByRole('link', { name: 'View Details' })).toBeVisible();
    }
    await expect(card(page, 'Live Fleet Map')).toBeVisible();
    const performance = card(page, 'Performance Snapshot');
    await expect(performance.getByText('On-time Delivery', { exact: true })).toBeVisible();
    await expect(performance.getByTestId('onTimeDelivery-value')).toHaveText(/^(\d+%|N\/A)$/);
    await expect(performance.getByText('Avg Fuel Eco', { exact: true })).toBeVisible();
    await expect(performance.getByTestId('fuelEconomy-value')).toHaveText(/^(\d+\.\d km\/L|N\/A)$/);
  });

  test("each stat card's View Details link leads to its page", async ({ page }) => {
    for (const stat of STATS) {
      await page.getByRole('group', { name: stat.title }).getByRole('link', { name: 'View Details' }).click();
      await expect(page).toHaveURL((url) => url.pathname === stat.path);
      await expect(heading(page, stat.page)).toBeVisible();
      await page.goBack();
      await expect(heading(page, 'Fleet Overview Dashboard')).toBeVisible();
    }
  });

  test('each quick action leads to its page', async ({ page }) => {
    const actions = card(page, 'Quick Actions').getByRole('link');
    await expect(actions).toHaveText(QUICK_ACTIONS.map(({ label }) => label));
    for (const action of QUICK_ACTIONS) {
      await card(page, 'Quick Actions').getByRole('link', { name: action.label, exact: true }).click();
      await expect(page).toHaveURL(endsWith(action.path));
      await expect(heading(page, action.page)).toBeVisible();
      await page.goBack();
      await expect(heading(page, 'Fleet Overview Dashboard')).toBeVisible();
    }
  });
  // Recent Activity reads the change log: e2e/history.spec.ts.
});

test('My Account shows the signed-in user, their role, and Edit Profile opens its dialog', async ({ page }) => {
  await page.goto('/account');
  await expect(heading(page, 'My Account')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Admin', exact: true })).toBeVisible();
  // The role as the user holds it (issue 17): the first admin is an Administrator.
  await expect(main.getByText('Administrator', { exact: true })).toBeVisible();
  await expect(main.getByText('admin@raahi.local', { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Change Password' })).toBeVisible();
  await main.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Admin');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test.describe('Settings', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/settings');
    await expect(heading(page, 'Settings')).toBeVisible();
  });

  test('the Appearance button switches to dark mode and back', async ({ page }) => {
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to Dark Mode' }).click();
    await expect(html).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Switch to Dark Mode' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Switch to Light Mode' }).click();
    await expect(html).not.toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Switch to Dark Mode' })).toBeVisible();
  });

  test('Language is disabled, shows English (India) and is marked Coming Soon; Notifications holds each user’s notification settings; an administrator manages users', async ({
    page,
  }) => {
    const language = page.getByRole('combobox', { name: 'Language' });
    await expect(language).toBeDisabled();
    await expect(language).toHaveText('English (India)');
    await expect(page.getByText('Coming Soon', { exact: true })).toBeVisible();

    // Notifications is real since issue 18 (e2e/notification-settings.spec.ts drives it).
    await expect(page.getByRole('form', { name: 'Notification settings' })).toBeVisible();
    // Security & Privacy holds Settings → Users for an administrator (issue 17); e2e/users.spec.ts drives it.
    await expect(page.getByRole('region', { name: 'Users' }).getByRole('button', { name: 'Add User' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manage Security Settings' })).toHaveCount(0);
  });
});

test.describe('placeholder screens', () => {
  /** 002 §2.4. Reporting's buttons act since issue 20 (e2e/reporting.spec.ts drives them), Integrations' since issue 22 (e2e/integrations.spec.ts). */
  const SCREENS = [
    {
      path: '/ai-predictive',
      title: 'AI & Predictive Analytics',
      buttons: ['Share Insights', 'Configure AI Models', 'View Predictions', 'Manage AI Alerts', 'Retrain Models'],
    },
    {
      path: '/load-optimization',
      title: 'Load & Capacity Optimization',
      buttons: ['Input Load Data', 'View Utilization Charts', 'Calculate Efficiency', 'Manage Overload Alerts'],
    },
  ];

  for (const screen of SCREENS) {
    test(`${screen.path} shows its title and buttons, and every button is inert`, async ({ page }) => {
      await page.goto(screen.path);
      await expect(heading(page, screen.title)).toBeVisible();
      const main = page.getByRole('main');
      // Every button on the screen is one of the specified ones.
      await expect(main.getByRole('button')).toHaveCount(screen.buttons.length);
      for (const name of screen.buttons) await expect(main.getByRole('button', { name, exact: true })).toBeVisible();
      for (const name of screen.buttons) await expectInert(page, main.getByRole('button', { name, exact: true }));
      await expect(page).toHaveURL(endsWith(screen.path));
    });
  }
});
