import { expect, test, type Page } from '@playwright/test';
import { expectToast, unique } from './helpers';

interface VehicleFields {
  make: string;
  model: string;
  plate: string;
  vin?: string;
  year?: string;
  mileage?: string;
  type?: string;
  status?: string;
}

async function openAdd(page: Page) {
  await page.getByRole('button', { name: 'Add New Vehicle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Vehicle' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fill(page: Page, dialog: ReturnType<Page['getByRole']>, v: Partial<VehicleFields>) {
  if (v.make !== undefined) await dialog.getByLabel('Make').fill(v.make);
  if (v.model !== undefined) await dialog.getByLabel('Model').fill(v.model);
  if (v.plate !== undefined) await dialog.getByLabel('License Plate').fill(v.plate);
  if (v.vin !== undefined) await dialog.getByLabel('VIN').fill(v.vin);
  if (v.year !== undefined) await dialog.getByLabel('Year').fill(v.year);
  if (v.mileage !== undefined) await dialog.getByLabel('Current Mileage (km)').fill(v.mileage);
  if (v.type) await choose(page, dialog, 'Type', v.type);
  if (v.status) await choose(page, dialog, 'Status', v.status);
}

async function addVehicle(page: Page, v: VehicleFields) {
  const dialog = await openAdd(page);
  await fill(page, dialog, { vin: `MAT${unique()}${unique()}`, ...v });
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expectToast(page, 'Vehicle Added!');
  await expect(dialog).toBeHidden();
}

async function search(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(term);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === term);
  await settled(page);
}

/** Waits until the list shows the current query's rows (the previous page stays on screen while loading). */
const settled = (page: Page) => expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');

const rows = (page: Page) => page.getByRole('table').locator('tbody tr');

test.beforeEach(async ({ page }) => {
  await page.goto('/vehicle-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Vehicle Management' })).toBeVisible();
});

test('add a vehicle with the specified defaults, then find it', async ({ page }) => {
  const token = unique();
  const dialog = await openAdd(page);
  await expect(dialog.getByLabel('Year')).toHaveValue(String(new Date().getFullYear()));
  await expect(dialog.getByLabel('Current Mileage (km)')).toHaveValue('0');
  await expect(dialog.getByLabel('Type', { exact: true })).toHaveText('Truck');
  await expect(dialog.getByLabel('Status', { exact: true })).toHaveText('Active');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await fill(page, dialog, { make: 'Tata', model: `Prima ${token}`, plate: `MH12${token}`, vin: `MAT448${token}K1A23` });
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expectToast(page, 'Vehicle Added!', new RegExp(`Tata Prima ${token} \\(MH12${token}\\)`));
  await search(page, token);
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toContainText(`Tata Prima ${token}`);
  await expect(row).toContainText(`MH12${token}`);
  await expect(row).toContainText('Truck');
  await expect(row).toContainText('Active');
  await expect(row.getByText(/^VEH\d{4}[A-Z0-9]{2}$/)).toBeVisible();
});

test('each validation message, with the dialog kept open and its input kept', async ({ page }) => {
  const dialog = await openAdd(page);
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expectToast(page, 'Missing Fields', 'Make, Model, Year, VIN, and License Plate are required.');
  await expect(dialog).toBeVisible();

  await fill(page, dialog, { make: 'Ashok Leyland', model: 'Dost', plate: `KA05${unique()}`, vin: 'MB1ABC12345678901', year: '1899' });
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expectToast(page, 'Invalid Year', 'Please enter a valid vehicle year.');
  await fill(page, dialog, { year: String(new Date().getFullYear() + 2) });
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expectToast(page, 'Invalid Year', 'Please enter a valid vehicle year.');

  await fill(page, dialog, { year: '2020', mileage: '-5' });
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expectToast(page, 'Invalid Mileage', 'Mileage cannot be negative.');
  await expect(dialog.getByLabel('Make')).toHaveValue('Ashok Leyland');

  await fill(page, dialog, { year: '', mileage: '100' });
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expectToast(page, 'Missing Fields', 'Make, Model, Year, VIN, and License Plate are required.');
  await expect(dialog).toBeVisible();
});

test('edit a vehicle; missing mileage shows N/A', async ({ page }) => {
  const token = unique();
  await addVehicle(page, { make: 'Eicher', model: `Pro ${token}`, plate: `DL01${token}` });
  await search(page, token);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: /^Edit VEH/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Vehicle Details' });
  await expect(dialog.getByLabel('Model')).toHaveValue(`Pro ${token}`);
  await fill(page, dialog, { model: `Pro 3015 ${token}`, mileage: '', status: 'In Maintenance' });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Vehicle Updated!');
  await expect(dialog).toBeHidden();
  const row = rows(page).first();
  await expect(row).toContainText(`Eicher Pro 3015 ${token}`);
  await expect(row).toContainText('In Maintenance');
  await expect(row).toContainText('N/A');
});

test('delete asks for confirmation first', async ({ page }) => {
  const token = unique();
  await addVehicle(page, { make: 'Mahindra', model: `Blazo ${token}`, plate: `TN09${token}` });
  await search(page, token);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: /^Delete VEH/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
  await expect(confirm).toContainText(`Mahindra Blazo ${token}`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: /^Delete VEH/ }).click();
  await confirm.getByRole('button', { name: 'Delete Vehicle' }).click();
  await expectToast(page, 'Vehicle Deleted!');
  await expect(page.getByText('No Vehicles Found')).toBeVisible();
});

test('search matches make, model, VIN, plate and id, case-insensitively, and survives reload', async ({ page }) => {
  const token = unique();
  await addVehicle(page, { make: `Bharat${token}`, model: 'Benz 1617R', plate: `GJ01${token}`, vin: `VIN${token}XYZ` });
  await addVehicle(page, { make: 'Force', model: `Traveller${token}`, plate: `RJ14${token}` });
  await search(page, token.toLowerCase());
  await expect(rows(page)).toHaveCount(2);
  await search(page, `bharat${token.toLowerCase()}`);
  await expect(rows(page)).toHaveCount(1);
  await search(page, `traveller${token}`);
  await expect(rows(page)).toHaveCount(1);
  await search(page, `VIN${token}`);
  await expect(rows(page)).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(`VIN${token}`);
  await expect(rows(page)).toHaveCount(1);
  const id = (await rows(page).first().getByText(/^VEH/).textContent())!;
  await search(page, id.toLowerCase());
  await expect(rows(page)).toHaveCount(1);
  await search(page, `nothing-like-${token}`);
  await expect(page.getByText('No Vehicles Found')).toBeVisible();
});

test('the type and status filters combine with search and live in the URL', async ({ page }) => {
  const token = unique();
  await addVehicle(page, { make: 'Tata', model: `Ace ${token}`, plate: `UP32${token}`, type: 'Van', status: 'Active' });
  await addVehicle(page, { make: 'Volvo', model: `FM ${token}`, plate: `HR55${token}`, type: 'Truck', status: 'Sold' });
  await search(page, token);
  await expect(rows(page)).toHaveCount(2);
  await choose(page, page.locator('main'), 'Filter by Type', 'Van');
  await expect(page).toHaveURL(/type=Van/);
  await settled(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`Ace ${token}`);
  await choose(page, page.locator('main'), 'Filter by Type', 'All Types');
  await choose(page, page.locator('main'), 'Filter by Status', 'Sold');
  await expect(page).toHaveURL(/status=Sold/);
  await settled(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`FM ${token}`);
  await choose(page, page.locator('main'), 'Filter by Type', 'Van');
  await expect(page.getByText('No Vehicles Found')).toBeVisible();
});

test('a stale edit is refused, and the dialog keeps what was typed', async ({ page, browser }) => {
  const token = unique();
  await addVehicle(page, { make: 'Isuzu', model: `D-Max ${token}`, plate: `KL07${token}` });
  await search(page, token);

  const other = await browser.newContext();
  const page2 = await other.newPage();
  await page2.goto(`/vehicle-management?q=${token}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page2)).toHaveCount(1);

  await page.getByRole('button', { name: /^Edit VEH/ }).click();
  await page2.getByRole('button', { name: /^Edit VEH/ }).click();
  const first = page.getByRole('dialog', { name: 'Edit Vehicle Details' });
  const second = page2.getByRole('dialog', { name: 'Edit Vehicle Details' });

  await first.getByLabel('Model').fill(`D-Max V-Cross ${token}`);
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Vehicle Updated!');

  await second.getByLabel('Model').fill(`D-Max Hi-Lander ${token}`);
  await second.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page2, 'Update Failed', /changed by someone else/);
  await expect(second).toBeVisible();
  await expect(second.getByLabel('Model')).toHaveValue(`D-Max Hi-Lander ${token}`);
  await other.close();

  await page.reload();
  await expect(rows(page).first()).toContainText(`D-Max V-Cross ${token}`);
});

test('pages through many vehicles and sorts by a column', async ({ page }) => {
  const token = unique();
  // 55 vehicles through the API (faster than the form), then the list pages at 50.
  const me = await (await page.request.get('/api/auth/me')).json();
  for (let i = 0; i < 55; i++) {
    const response = await page.request.post('/api/vehicles', {
      headers: { 'x-csrf-token': me.csrfToken },
      data: {
        make: 'Tata',
        model: `Signa ${token}`,
        year: 1990 + (i % 30),
        vin: `V${token}${i}`,
        licensePlate: `MH${token}${i}`,
        type: 'Truck',
        status: 'Active',
        currentMileage: i * 1000,
        purchaseDate: null,
      },
    });
    expect(response.status()).toBe(201);
  }
  await search(page, `Signa ${token}`);
  await expect(rows(page)).toHaveCount(50);
  await expect(page.getByText('Showing 1–50 of 55')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows(page)).toHaveCount(5);
  await page.getByRole('button', { name: 'Year' }).click();
  await expect(page).toHaveURL(/sort=year&order=asc/);
  await expect(rows(page).first()).toContainText('1990');
  await page.getByRole('button', { name: 'Year' }).click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(rows(page).first()).toContainText('2019');
});

test('a plate already on another vehicle, however typed, is refused naming that vehicle; the dialog keeps what was typed', async ({ page }) => {
  const token = unique();
  await addVehicle(page, { make: 'Ashok Leyland', model: `Boss ${token}`, plate: `KA01${token}` });
  await search(page, token);
  const id = (await rows(page).first().getByRole('cell').first().textContent())!.trim();
  const dialog = await openAdd(page);
  const retyped = `ka-01 ${token.toLowerCase()}`;
  await fill(page, dialog, { make: 'Tata', model: `Signa ${token}`, plate: retyped, vin: `MAT${unique()}${unique()}` });
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expectToast(page, 'Add Failed', `The license plate ${retyped} is already on vehicle ${id} (Ashok Leyland Boss ${token}, KA01${token}).`);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('License Plate')).toHaveValue(retyped);
});
