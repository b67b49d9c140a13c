import { expect, test, type Page } from '@playwright/test';
import {
  apiDelete,
  apiUpdate,
  chooseOption,
  createDriver,
  createTrip,
  createVehicle,
  expectToast,
  shownDate,
  tableRows,
  todayInBrowserZone,
  unique,
} from './helpers';

/**
 * Who did what: a record's History in its edit dialog, the Activity Log and the dashboard's Recent Activity,
 * all read from the change log that every create, update and delete writes. The suite signs in as admin
 * (named "Admin"), an Administrator.
 */

const dateEnd = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** "· 24/11/2026 14:05": when, as the app shows a change's time. */
const WHEN = /· \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

async function openTripDialog(page: Page, id: string) {
  await page.goto(`/fleet-management?edit=${id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Trip' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a record's History tells its two edits and its creation in plain words, newest first", async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token);
  const driver = await createDriver(page, token);
  const trip = await createTrip(page, { vehicleId: vehicle.id, driverId: driver.id, origin: `Pune ${token}`, destination: 'Mumbai' });

  // Two edits through the form: the status, then the destination.
  let dialog = await openTripDialog(page, trip.id);
  await chooseOption(page, dialog, 'Status', 'In Transit');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Trip Updated!', `Trip ${trip.id} has been updated.`);
  await expect(dialog).toBeHidden();
  dialog = await openTripDialog(page, trip.id);
  await dialog.getByLabel('Destination').fill('Nashik');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Trip Updated!', `Trip ${trip.id} has been updated.`);
  await expect(dialog).toBeHidden();

  dialog = await openTripDialog(page, trip.id);
  const history = dialog.getByRole('button', { name: 'History' });
  await expect(history).toHaveAttribute('aria-expanded', 'false');
  await history.click();
  const lines = dialog.getByRole('list', { name: `History of ${trip.id}` }).getByRole('listitem');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toHaveText(new RegExp(`^Admin changed Destination from Mumbai to Nashik ${WHEN.source}`));
  await expect(lines.nth(1)).toHaveText(new RegExp(`^Admin changed Status from Scheduled to In Transit ${WHEN.source}`));
  await expect(lines.nth(2)).toHaveText(new RegExp(`^Admin created this trip ${WHEN.source}`));
  // Today's date, as the app writes dates.
  await expect(lines.nth(0)).toContainText(shownDate(todayInBrowserZone()));
  await expect(dialog.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  // A third change, made while the dialog was closed, shows when it is opened again.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  dialog = await openTripDialog(page, trip.id);
  await dialog.getByLabel('Notes').fill('Fragile');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Trip Updated!', `Trip ${trip.id} has been updated.`);
  dialog = await openTripDialog(page, trip.id);
  await dialog.getByRole('button', { name: 'History' }).click();
  await expect(
    dialog
      .getByRole('list', { name: `History of ${trip.id}` })
      .getByRole('listitem')
      .first(),
  ).toHaveText(new RegExp(`^Admin changed Notes from blank to Fragile ${WHEN.source}`));
});

test('a long History shows ten changes, then more on "Show more"', async ({ page }) => {
  const vehicle = await createVehicle(page, unique());
  let version = vehicle.version;
  const { make, model, year, vin, licensePlate, type, status, purchaseDate } = vehicle as typeof vehicle & Record<string, unknown>;
  for (let km = 1; km <= 11; km++) {
    version = (
      await apiUpdate(page, 'vehicles', vehicle.id, { make, model, year, vin, licensePlate, type, status, purchaseDate, currentMileage: 1200 + km, version })
    ).version;
  }
  await page.goto(`/vehicle-management?edit=${vehicle.id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Vehicle Details' });
  await dialog.getByRole('button', { name: 'History' }).click();
  const lines = dialog.getByRole('list', { name: `History of ${vehicle.id}` }).getByRole('listitem');
  await expect(lines).toHaveCount(10);
  await expect(lines.first()).toHaveText(new RegExp(`^Admin changed Current Mileage \\(km\\) from 1210 to 1211 ${WHEN.source}`));
  await dialog.getByRole('button', { name: 'Show more' }).click();
  await expect(lines).toHaveCount(12);
  await expect(lines.last()).toHaveText(new RegExp(`^Admin created this vehicle ${WHEN.source}`));
  await expect(dialog.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});

test('the Activity Log filters by user, area, operation and date range, kept in the address', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token);
  const driver = await createDriver(page, token);
  await apiDelete(page, 'drivers', driver.id);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Activity Log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible();
  await expect(page).toHaveURL(/\/activity-log$/);
  await expect(page.getByRole('columnheader')).toHaveText(['When', 'User', 'Area', 'Record', 'Operation', 'Changes']);
  // Newest first: the driver's delete (its last state kept), then its creation (other tests' entries may come between).
  const driverRows = tableRows(page).filter({ hasText: driver.id });
  await expect(driverRows.nth(0).getByRole('cell')).toHaveText([
    /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    'Admin',
    'Drivers',
    driver.id,
    'Deleted',
    new RegExp(`^Admin deleted driver ${driver.id}\\. Last state: Name: ${driver.name}; License No\\.: ${driver.license}; `),
  ]);
  await expect(driverRows.nth(1)).toContainText(`Admin created driver ${driver.id}`);

  const main = page.getByRole('main');
  await chooseOption(page, main, 'Filter by Area', 'Vehicles');
  await expect(page).toHaveURL(/[?&]area=vehicles(&|$)/);
  await expect(tableRows(page).filter({ hasText: vehicle.id }).first()).toBeVisible();
  await expect(tableRows(page).filter({ hasText: driver.id })).toHaveCount(0);

  await chooseOption(page, main, 'Filter by Operation', 'Created');
  await expect(page).toHaveURL(/[?&]operation=create(&|$)/);
  const created = tableRows(page).filter({ hasText: vehicle.id });
  await expect(created).toHaveCount(1);
  await expect(created.getByRole('cell')).toHaveText([
    /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    'Admin',
    'Vehicles',
    vehicle.id,
    'Created',
    `Admin created vehicle ${vehicle.id}`,
  ]);

  await chooseOption(page, main, 'Filter by User', 'Admin');
  await expect(page).toHaveURL(/[?&]actorId=/);
  await expect(created).toHaveCount(1);

  // Today only, then a day that has passed: nothing.
  const today = todayInBrowserZone();
  await dateEnd(page, 'Date from').fill(shownDate(today));
  await dateEnd(page, 'Date from').press('Enter');
  await dateEnd(page, 'Date to').fill(shownDate(today));
  await dateEnd(page, 'Date to').press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]from=${today}&to=${today}|[?&]to=${today}.*from=${today}`));
  await expect(created).toHaveCount(1);
  await dateEnd(page, 'Date from').fill('01/01/2024');
  await dateEnd(page, 'Date from').press('Enter');
  await dateEnd(page, 'Date to').fill('31/01/2024');
  await dateEnd(page, 'Date to').press('Enter');
  await expect(page.getByText('No Activity Found')).toBeVisible();

  // The address holds the filters: a reload shows the same list; Export CSV exports what they match.
  await page.reload();
  await expect(main.getByRole('combobox', { name: 'Filter by Area', exact: true })).toHaveText('Vehicles');
  await expect(main.getByRole('combobox', { name: 'Filter by Operation', exact: true })).toHaveText('Created');
  await expect(dateEnd(page, 'Date to')).toHaveValue('31/01/2024');
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', /^\/api\/activity\/export\?.*area=vehicles.*operation=create.*from=2024-01-01.*to=2024-01-31/);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/activity-log$/);
  await expect(tableRows(page).filter({ hasText: driver.id })).toHaveCount(2);

  // The record's link opens it on its own screen.
  await tableRows(page).filter({ hasText: 'Created' }).filter({ hasText: vehicle.id }).getByRole('link', { name: vehicle.id }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicle-management\\?edit=${vehicle.id}$`));
  await expect(page.getByRole('dialog', { name: 'Edit Vehicle Details' })).toBeVisible();
});

test('Recent Activity on the dashboard shows the latest changes, each linking to its record', async ({ page }) => {
  const token = unique();
  // Seven changes at least, whatever ran before.
  for (let i = 0; i < 5; i++) await createVehicle(page, `${token}${i}`);
  const vehicle = await createVehicle(page, token);
  const driver = await createDriver(page, token);
  await page.goto('/');
  const card = page
    .getByRole('main')
    .locator('div.rounded-lg')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Recent Activity', exact: true }) });
  const items = card.getByRole('listitem');
  await expect(items).toHaveCount(7);
  // The latest changes (other tests running at the same time may add theirs among them).
  const driverItem = items.filter({ hasText: `Admin created driver ${driver.id}` });
  await expect(driverItem.getByRole('link')).toHaveAttribute('href', `/driver-management?edit=${driver.id}`);
  const vehicleItem = items.filter({ hasText: vehicle.id });
  await expect(vehicleItem.getByRole('link')).toHaveAttribute('href', `/vehicle-management?edit=${vehicle.id}`);
  // None of the specification's static samples.
  await expect(card).not.toContainText('Trip delivered: Mumbai → Pune');

  await vehicleItem.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/vehicle-management\\?edit=${vehicle.id}$`));
  await expect(page.getByRole('dialog', { name: 'Edit Vehicle Details' })).toBeVisible();
});
