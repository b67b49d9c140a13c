import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import {
  chooseOption,
  clickSave,
  createDriver,
  createVehicle,
  expectDestructiveToast,
  listSettled,
  openScreen,
  pickRecord,
  searchList,
  signedOut,
  tableRows,
  unique,
  vehicleLabel,
} from './helpers';

/** The shared list page and form dialog, on the vehicles screen (every area uses the same machinery). */
const openVehicles = (page: Parameters<typeof openScreen>[0], query = '') => openScreen(page, `/vehicle-management${query}`, 'Vehicle Management');
const addDialog = (page: Parameters<typeof openScreen>[0]) => page.getByRole('dialog', { name: 'Add New Vehicle' });

test('a search that matches nothing offers Clear filters, which brings the list back', async ({ page }) => {
  await createVehicle(page, unique());
  await openVehicles(page);
  await searchList(page, `nothing-${unique()}`);
  await expect(page.getByText('No records match your search or filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL((url) => !url.searchParams.has('q'));
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await listSettled(page);
  await expect(
    tableRows(page)
      .first()
      .getByRole('button', { name: /^Edit / }),
  ).toBeVisible();
});

test('the dialog lives in the URL: Back closes it, a reload reopens it, a record can be linked to', async ({ page }) => {
  const vehicle = await createVehicle(page, unique());
  await openVehicles(page);
  await page.getByRole('button', { name: 'Add New Vehicle' }).click();
  await expect(addDialog(page)).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.has('new'));
  await page.reload();
  await expect(addDialog(page)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(addDialog(page)).toBeHidden();
  await expect(page).toHaveURL((url) => !url.searchParams.has('new'));

  await page.getByRole('button', { name: 'Add New Vehicle' }).click();
  await expect(addDialog(page)).toBeVisible();
  await page.goBack();
  await expect(addDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/vehicle-management$/);

  await page.goto(`/vehicle-management?edit=${vehicle.id}`);
  const edit = page.getByRole('dialog', { name: 'Edit Vehicle' });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('Make')).toHaveValue(vehicle.make);
});

test('closing with unsaved changes asks first (Cancel, Escape, Back); Keep Editing keeps what was typed', async ({ page }) => {
  await openVehicles(page);
  await page.getByRole('button', { name: 'Add New Vehicle' }).click();
  const dialog = addDialog(page);
  await dialog.getByLabel('Make').fill('Eicher');
  const question = page.getByRole('alertdialog', { name: 'Discard Changes?' });
  for (const close of [() => dialog.getByRole('button', { name: 'Cancel' }).click(), () => page.keyboard.press('Escape'), () => page.goBack()]) {
    await close();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep Editing' }).click();
    await expect(question).toBeHidden();
    await expect(dialog.getByLabel('Make')).toHaveValue('Eicher');
    await expect(page).toHaveURL((url) => url.searchParams.has('new'));
  }
  await page.goBack();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/vehicle-management$/);
});

test('focus returns to the control that opened a dialog; Escape closes it even while a toast shows', async ({ page }) => {
  const vehicle = await createVehicle(page, unique());
  await openVehicles(page);
  const add = page.getByRole('button', { name: 'Add New Vehicle' });
  await add.click();
  await clickSave(addDialog(page), 'Add Vehicle');
  await expectDestructiveToast(page, 'Missing Fields', 'Make, Model, Year, VIN, and License Plate are required.');
  await expect(addDialog(page).getByLabel('Make')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(addDialog(page)).toBeHidden();
  await expect(add).toBeFocused();

  await searchList(page, vehicle.id);
  const edit = page.getByRole('button', { name: `Edit ${vehicle.id}` });
  await edit.click();
  await page.getByRole('dialog', { name: 'Edit Vehicle' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeFocused();
});

test('each screen has its own title; a skip link leads to the content', async ({ page }) => {
  await openVehicles(page);
  await expect(page).toHaveTitle('Vehicles · Raahi');
  await page.getByRole('link', { name: 'Drivers', exact: true }).click();
  await expect(page).toHaveTitle('Drivers · Raahi');
  // The first Tab on a page reaches the skip link.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await skip.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every list is one card per record with its actions on screen, and nothing wider than the screen', async ({ page }) => {
    const token = unique();
    const vehicle = await createVehicle(page, token);
    for (const [path, title] of [
      ['/fleet-management', 'Fleet & Trip Management'],
      ['/vehicle-management', 'Vehicle Management'],
      ['/driver-management', 'Driver Management'],
      ['/driver-training', 'Driver Training'],
      ['/driver-health-report', 'Driver Health Reports'],
    ]) {
      await openScreen(page, path, title);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await openVehicles(page, `?q=${token}`);
    const card = page.getByRole('list', { name: 'Records' }).getByRole('listitem').filter({ hasText: vehicle.id });
    await expect(card).toContainText('License Plate');
    await expect(card.getByRole('button', { name: `Edit ${vehicle.id}` })).toBeInViewport();
    await expect(card.getByRole('button', { name: `Delete ${vehicle.id}` })).toBeInViewport();
  });

  test("a form's inputs fit inside its dialog, a long pick-list label truncated", async ({ page }) => {
    const token = unique();
    const vehicle = await createVehicle(page, token, { make: 'Maruti Suzuki', model: 'Eeco Cargo Extra Long Wheelbase Edition' });
    await page.goto('/fleet-management?new');
    const dialog = page.getByRole('dialog', { name: 'Create New Trip' });
    await pickRecord(page, dialog, /^Vehicle/, token, vehicleLabel(vehicle));
    const edge = (await dialog.boundingBox())!;
    for (const control of await dialog.locator('input:not([aria-hidden]), button[role=combobox], textarea').all()) {
      const box = await control.boundingBox();
      if (box) expect(box.x + box.width, (await control.getAttribute('id')) ?? '').toBeLessThanOrEqual(edge.x + edge.width);
    }
  });

  test('the closed sidebar is out of the Tab order; the open drawer keeps focus and closes on Escape', async ({ page }) => {
    await openVehicles(page);
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute('inert', '');
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    await toggle.click();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar.getByRole('button', { name: 'Close sidebar' })).toBeFocused();
    for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('aside')?.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(sidebar).toHaveAttribute('inert', '');
    await expect(toggle).toBeFocused();
  });
});

test.describe('signed out', () => {
  test.use(signedOut);

  test('the sign-in screen has its title and the cursor in Username', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign In · Raahi');
    await expect(page.getByLabel('Username')).toBeFocused();
  });
});

test('Export CSV downloads exactly the rows of the current search, filters and sort, with the columns as shown', async ({ page }) => {
  const token = unique();
  const vans = [
    await createVehicle(page, token, { type: 'Van', model: `Winger ${token}`, currentMileage: 5000 }),
    await createVehicle(page, token, { type: 'Van', model: `Eeco ${token}`, currentMileage: 123456, purchaseDate: '2023-01-20' }),
  ];
  await createVehicle(page, token, { type: 'Truck' });
  await openVehicles(page, `?q=${token}&type=Van&sort=currentMileage&order=desc`);
  await listSettled(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  expect(download.suggestedFilename()).toBe(`vehicles-${today}.csv`);
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...rows] = text.trimEnd().split('\r\n');
  // The list's columns, with the VIN and purchase date the table leaves out, and last each record's version (update mode's, decision 0061).
  expect(header).toBe('ID,Make & Model,Year,License Plate,VIN,Type,Mileage (km),Status,Purchase Date,Version');
  expect(rows).toEqual([
    `${vans[1].id},Tata Eeco ${token},2022,${vans[1].licensePlate},${vans[1].vin},Van,123456,Active,2023-01-20,${vans[1].version}`,
    `${vans[0].id},Tata Winger ${token},2022,${vans[0].licensePlate},${vans[0].vin},Van,5000,Active,,${vans[0].version}`,
  ]);
});

test('page size and density persist; paging adds history entries; a sort can be cleared', async ({ page }) => {
  const token = unique();
  for (let i = 0; i < 30; i++) await createVehicle(page, `${token}${i}`);
  await openVehicles(page, `?q=${token}`);
  await listSettled(page);
  await chooseOption(page, page.getByRole('main'), 'Rows per page', '25 per page');
  await expect(page).toHaveURL((url) => url.searchParams.get('pageSize') === '25');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(25);
  await page.getByRole('button', { name: 'Compact' }).click();
  await expect(page.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(5);
  await page.goBack();
  await expect(page).toHaveURL((url) => !url.searchParams.has('page'));
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(25);

  // Another visit, without the size in the address: the user's choices hold.
  await openVehicles(page, `?q=${token}`);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(25);
  await expect(page.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');

  const year = page.getByRole('columnheader', { name: /Year/ });
  await year.getByRole('button').click();
  await expect(year).toHaveAttribute('aria-sort', 'ascending');
  await year.getByRole('button').click();
  await expect(year).toHaveAttribute('aria-sort', 'descending');
  await year.getByRole('button').click();
  await expect(year).toHaveAttribute('aria-sort', 'none');
  await expect(page).toHaveURL((url) => !url.searchParams.has('sort') && !url.searchParams.has('order'));
});

test.describe('a first visit', () => {
  test.use(signedOut);

  test('loads at most 150 KB of gzipped JavaScript, and transfers at most 170 KB of JavaScript and CSS, before the sign-in screen shows', async ({ page }) => {
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.body());
    });
    // What crossed the wire, headers included, as the browser's network panel counts it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    const transferred = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, new URL(event.response.url).pathname));
    cdp.on('Network.loadingFinished', (event) => transferred.set(event.requestId, event.encodedDataLength));
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeFocused();
    await page.waitForLoadState('networkidle');
    const gzipped = (await Promise.all(scripts)).reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    expect(gzipped).toBeLessThanOrEqual(150 * 1024);
    const bytesOf = (extension: string) => [...transferred].filter(([id]) => urls.get(id)?.endsWith(extension)).reduce((sum, [, bytes]) => sum + bytes, 0);
    const [js, css, total] = [bytesOf('.js'), bytesOf('.css'), [...transferred.values()].reduce((sum, bytes) => sum + bytes, 0)];
    test.info().annotations.push({ type: 'first visit transferred', description: `JS ${js} B, CSS ${css} B, everything ${total} B` });
    console.log(`First visit transferred: JS ${js} B, CSS ${css} B, JS + CSS ${js + css} B, everything ${total} B`);
    expect(js).toBeGreaterThan(0);
    expect(css).toBeGreaterThan(0);
    expect(js + css).toBeLessThanOrEqual(170 * 1024);
  });
});

test("pick-lists show each record's status and put Active ones first; a sold vehicle is marked, not hidden, and a trip on it is refused in words", async ({
  page,
}) => {
  const token = unique();
  const sold = await createVehicle(page, token, { status: 'Sold', model: `Sold ${token}` });
  const running = await createVehicle(page, token, { status: 'Active', model: `Running ${token}` });
  await createDriver(page, token); // the form pre-selects an active driver
  await page.goto('/fleet-management?new');
  const dialog = page.getByRole('dialog', { name: 'Create New Trip' });
  await dialog.getByRole('combobox', { name: /^Vehicle/ }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toHaveAttribute('aria-description', 'Active');
  await page.getByRole('combobox', { name: 'Search choices' }).fill(token);
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toHaveAccessibleName(`Tata Running ${token} (${running.licensePlate})`);
  await expect(options.nth(1)).toHaveAccessibleName(`Tata Sold ${token} (${sold.licensePlate})`);
  await expect(options.nth(1)).toHaveAttribute('aria-description', 'Sold');
  await expect(options.nth(1)).toContainText('Sold');
  await options.nth(1).click();
  await expect(dialog.getByRole('combobox', { name: /^Vehicle/ })).toHaveText(`Tata Sold ${token} (${sold.licensePlate})`);
  // Saving a trip to run on it is refused in the server's words; the dialog keeps what was typed.
  await dialog.getByLabel('Origin').fill(`Pune ${token}`);
  await dialog.getByLabel('Destination').fill('Mumbai');
  await clickSave(dialog, 'Create Trip');
  await expectDestructiveToast(
    page,
    'Vehicle Unavailable',
    `Tata Sold ${token} (${sold.licensePlate}) is Sold. A trip that is Scheduled, In Transit or Delayed cannot use a vehicle that is Sold or Out of Service; choose another vehicle.`,
  );
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Origin')).toHaveValue(`Pune ${token}`);
});

test.describe('in an English-US browser', () => {
  test.use({ locale: 'en-US' });

  test('date fields show and read DD/MM/YYYY; a date that does not exist is marked, not sent', async ({ page }) => {
    await page.goto('/driver-management?new');
    const dialog = page.getByRole('dialog', { name: 'Add New Driver' });
    const joining = dialog.getByLabel('Joining Date');
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    await expect(joining).toHaveValue(today);
    await expect(joining).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    // Typed loosely, tidied when the field is left.
    await joining.fill('5-6-2020');
    await joining.blur();
    await expect(joining).toHaveValue('05/06/2020');
    await joining.fill('31/02/2020');
    await clickSave(dialog, 'Add Driver');
    await expectDestructiveToast(page, 'Invalid Date', 'Joining Date is not a date. Enter it as DD/MM/YYYY.');
    await expect(joining).toHaveAttribute('aria-invalid', 'true');
    await expect(joining).toBeFocused();
    await expect(dialog.getByText('Joining Date is not a date. Enter it as DD/MM/YYYY.')).toBeVisible();
  });
});

test('a page shows without waiting for its total, which follows by itself', async ({ page }) => {
  const token = unique();
  for (let i = 0; i < 26; i++) await createVehicle(page, `${token}${i}`);
  let releaseTotal = () => {};
  const totalHeld = new Promise<void>((resolve) => (releaseTotal = resolve));
  await page.route('**/api/vehicles/total**', async (route) => {
    await totalHeld;
    await route.continue();
  });
  await openVehicles(page, `?q=${token}&pageSize=25`);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(25);
  await expect(page.getByText('Showing 1–25', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled();
  releaseTotal();
  await expect(page.getByText('Showing 1–25 of 26', { exact: true })).toBeVisible();
  await expect(page.getByText('Page 1 of 2', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
});
