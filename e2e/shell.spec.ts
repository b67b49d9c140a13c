import { expect, test } from '@playwright/test';
import { expectToast, signIn, signedOut } from './helpers';

/** Sidebar label → route → the page's title, in the specified order. */
const SIDEBAR: [label: string, path: string, title: string][] = [
  ['Dashboard', '/', 'Fleet Overview Dashboard'],
  ['Fleet & Trips', '/fleet-management', 'Fleet & Trip Management'],
  ['Vehicles', '/vehicle-management', 'Vehicle Management'],
  ['Drivers', '/driver-management', 'Driver Management'],
  ['Driver Training', '/driver-training', 'Driver Training'],
  ['Driver Health', '/driver-health-report', 'Driver Health Reports'],
  ['Cold Chain', '/cold-chain', 'Cold Chain Monitoring'],
  ['Maintenance', '/maintenance', 'Maintenance & Workshop'],
  ['Service Partners', '/service-partners', 'On-Road Service Partners'],
  ['Inventory', '/inventory', 'Inventory Management'],
  ['Incidents', '/incident-emergency', 'Incident & Emergency'],
  ['Fuel & Expenses', '/fuel-expense', 'Fuel & Expense Management'],
  ['Sales & Orders', '/sales', 'Sales & Orders'],
  ['Partner Fuel Stations', '/partner-fuel-stations', 'Partner Fuel Stations'],
  ['Challan Tracking', '/challan-tracking', 'Challan Tracking'],
  ['Trip Insurance', '/trip-insurance', 'Trip Insurance Management'],
  ['Compliance', '/compliance', 'Compliance Management (Document Hub)'],
  ['Reporting', '/reporting', 'Dashboard & Reporting'],
  ['AI Predictive', '/ai-predictive', 'AI & Predictive Analytics'],
  ['Load Optimization', '/load-optimization', 'Load & Capacity Optimization'],
  ['Integrations', '/integrations', 'Third-Party Integrations'],
  // Administrators only (the suite's admin is one once the users migration has run).
  ['Activity Log', '/activity-log', 'Activity Log'],
  ['Settings', '/settings', 'Settings'],
];

test.describe('signed out', () => {
  test.use(signedOut);

  test('the guard sends a visitor to /login and back to the page first asked for', async ({ page }) => {
    await page.goto('/vehicle-management?q=tata');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page);
    await expectToast(page, 'Login Successful!', 'Welcome back, Admin! Redirecting to dashboard...');
    await expect(page).toHaveURL(/\/vehicle-management\?q=tata$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicle Management' })).toBeVisible();
  });

  test('a failed login shows the specified toast and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'not-the-password');
    await expectToast(page, 'Login Failed', 'Invalid username or password. Please try again.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('login fields are required, the password can be shown, and the button reads Authenticating... while working', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('required', '');
    await page.getByLabel('Password', { exact: true }).fill('secret');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page);
    await expect(page.getByRole('button', { name: 'Authenticating...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Login Successful!');
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet Overview Dashboard' })).toBeVisible();
  });

  test('logout ends the session on the server', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logged Out', 'You have been successfully logged out.');
    await expect(page).toHaveURL(/\/login$/);
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout from the My Account menu; the next sign-in starts at the dashboard', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: 'Vehicles', exact: true }).click();
    await expect(page).toHaveURL(/\/vehicle-management$/);
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectToast(page, 'Logged Out', 'You have been successfully logged out.');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page);
    await expect(page).toHaveURL(/\/$/);
  });
});

test('every sidebar item, in order, leads to its page and is marked active', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link')).toHaveText(SIDEBAR.map(([label]) => label));
  for (const [label, path, title] of SIDEBAR) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[-/]/g, '\\$&')}$`));
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
  }
});

test('an unknown path shows the 404 page with a way back', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('404')).toBeVisible();
  await page.getByRole('link', { name: 'Go Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fleet Overview Dashboard' })).toBeVisible();
});

test('the theme toggle persists across reloads under the key theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test('the theme defaults to the system colour scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('the My Account menu leads to the profile and settings', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Admin', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('the sidebar opens by itself on wide windows and follows the toggle on small ones', async ({ page }) => {
  await page.goto('/');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toBeInViewport();
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sidebar).not.toBeInViewport();
  await page.setViewportSize({ width: 800, height: 800 });
  await page.reload();
  await expect(sidebar).not.toBeInViewport();
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sidebar).toBeInViewport();
  await page.getByRole('button', { name: 'Close sidebar' }).click();
  await expect(sidebar).not.toBeInViewport();
});
