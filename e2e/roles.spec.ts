import { expect, test, type Page } from '@playwright/test';
import { createDriver, createVehicle, openDialog, openScreen, pickRecord, roleUsers, tableRows, unique } from './helpers';

/**
 * The web app shows each user what their role may use (the roles matrix the server enforces): the sidebar,
 * the dashboard's cards, the list controls, and an access page for a screen's address the role may not view.
 * Users with roles are made with the CLI (`npm run user -- create … --role …`), which runs inside the server.
 */
const { create: createUser, signedInAs } = roleUsers('e2e', 'Raahi-roles-e2e-2026');

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

let dispatcher: string;
let viewer: string;
let workshop: string;
const token = unique();
let driver: { id: string; name: string };

test.beforeAll(async ({ browser }) => {
  dispatcher = createUser('dispatcher');
  viewer = createUser('viewer');
  workshop = createUser('workshop');
  // A vehicle and a driver for the lists to show (made by the admin, whose session the suite starts with).
  const context = await browser.newContext();
  const admin = await context.newPage();
  await createVehicle(admin, token);
  driver = await createDriver(admin, token);
  await context.close();
});

test("a dispatcher's sidebar and dashboard show only what the role may view", async ({ browser }) => {
  const page = await signedInAs(browser, dispatcher);
  const nav = sidebar(page);
  for (const shown of [
    'Dashboard',
    'Fleet & Trips',
    'Vehicles',
    'Drivers',
    'Cold Chain',
    'Incidents',
    'Challan Tracking',
    'Trip Insurance',
    'Compliance',
    'Settings',
  ]) {
    await expect(nav.getByRole('link', { name: shown, exact: true })).toBeVisible();
  }
  for (const hidden of [
    'Driver Training',
    'Driver Health',
    'Maintenance',
    'Service Partners',
    'Inventory',
    'Fuel & Expenses',
    'Sales & Orders',
    'Partner Fuel Stations',
  ]) {
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }
  // The dashboard's cards of areas the role may not view are not shown.
  const main = page.getByRole('main');
  await expect(main.getByText('Total Vehicles')).toBeVisible();
  await expect(main.getByText('Pending Maintenance')).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Create New Trip' })).toBeVisible();
});

test("a dispatcher's screens: trips in full, vehicles and drivers to view, no Aadhaar card", async ({ browser }) => {
  const page = await signedInAs(browser, dispatcher);
  await sidebar(page).getByRole('link', { name: 'Fleet & Trips' }).click();
  await expect(page.getByRole('button', { name: 'Create New Trip' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();

  await openScreen(page, `/vehicle-management?q=${token}`, 'Vehicle Management');
  await expect(tableRows(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Add/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  await openScreen(page, `/driver-management?q=${token}`, 'Driver Management');
  await expect(tableRows(page)).toHaveCount(1);
  // View Documents opens the driver's page (its Documents tab shows no Aadhaar card to this role: record-pages.spec.ts).
  await expect(page.getByRole('link', { name: /View Documents of/ })).toHaveAttribute('href', /\?tab=documents$/);
  // A record opens read-only, without the Aadhaar card.
  await tableRows(page)
    .first()
    .getByRole('button', { name: /^View DRV/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'View Driver' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Aadhar Card')).toHaveCount(0);
  await expect(dialog.getByRole('textbox').first()).toBeDisabled();
  await expect(dialog.getByRole('button', { name: /Save/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
});

test('a viewer sees no add, edit or delete, and may export', async ({ browser }) => {
  const page = await signedInAs(browser, viewer);
  await openScreen(page, `/vehicle-management?q=${token}`, 'Vehicle Management');
  await expect(tableRows(page)).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: /^Add/ })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /^View VEH/ })).toBeVisible();
  // Driver health is personal data: not in the viewer's sidebar.
  await expect(sidebar(page).getByRole('link', { name: 'Driver Health', exact: true })).toHaveCount(0);
});

test("a screen's address the role may not view shows the access page, with the way back", async ({ browser }) => {
  const page = await signedInAs(browser, dispatcher);
  await page.goto('/maintenance');
  await expect(page.getByRole('heading', { level: 1, name: "You don't have access to Maintenance" })).toBeVisible();
  await expect(page.getByText('Your role (Dispatcher) may not view Maintenance.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go Back to Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fleet Overview Dashboard' })).toBeVisible();
  // A page of several sections shows when one is viewable: none of sales is a dispatcher's.
  await page.goto('/sales');
  await expect(page.getByRole('heading', { level: 1, name: "You don't have access to Sales & Orders" })).toBeVisible();
});

test('a workshop user reporting an incident picks a driver by name, without access to the drivers', async ({ browser }) => {
  const page = await signedInAs(browser, workshop);
  await expect(sidebar(page).getByRole('link', { name: 'Drivers', exact: true })).toHaveCount(0);
  const labels = page.waitForResponse((r) => /\/api\/drivers\/options\?/.test(r.url()) && r.status() === 200);
  await openScreen(page, '/incident-emergency', 'Incident & Emergency');
  await labels;
  const dialog = await openDialog(page, 'Report New Incident', 'Report New Incident');
  await pickRecord(page, dialog, /^Driver/, driver.name, `${driver.name} (${driver.id})`);
  // The drivers themselves stay closed to the role.
  expect((await page.request.get('/api/drivers')).status()).toBe(403);
});
