import { expect, test, type Page } from '@playwright/test';
import {
  apiCreate,
  chooseOption,
  clickSave,
  columnHeaders,
  confirmDeletion,
  createDriver,
  createTrip,
  createVehicle,
  expectDestructiveToast,
  expectListFetchFailure,
  expectPickListFetchFailure,
  listSettled,
  openDialog,
  openScreen,
  optionsOf,
  pickRecord,
  saveAndClose,
  searchList,
  tableRows,
  unique,
  seriousViolations,
  expectOnlyMatch,
} from './helpers';

const ID = /^CCU\d{5}[A-Z0-9]{3}$/;
const openColdChain = (page: Page) => openScreen(page, '/cold-chain', 'Cold Chain Monitoring');
const openAdd = (page: Page) => openDialog(page, 'Add Unit', 'Add New Unit');
const openEdit = (page: Page, id: string) => openDialog(page, `Edit ${id}`, 'Edit Unit');
const firstCells = (page: Page) => tableRows(page).first().getByRole('cell');

interface Trip {
  id: string;
  origin: string;
  destination: string;
}
const tripLabel = (t: Trip) => `${t.id} (${t.origin} → ${t.destination})`;

async function newTrip(page: Page, token: string, origin = `Nashik ${token}`, destination = 'Navi Mumbai'): Promise<Trip> {
  const [vehicle, driver] = [await createVehicle(page, token + unique()), await createDriver(page, token)];
  return (await createTrip(page, { vehicleId: vehicle.id, driverId: driver.id, origin, destination })) as unknown as Trip;
}

const createUnit = (page: Page, fields: { tripId: string } & Record<string, unknown>) =>
  apiCreate(page, 'cold-chain', { name: 'Reefer', minTemp: 0, maxTemp: 5, currentTemp: 2.5, currentHumidity: 60, status: 'Optimal', ...fields });

test('add a unit with the specified defaults; the table shows every column, the range and a green reading', async ({ page }) => {
  const token = unique();
  const trip = await newTrip(page, token);
  await openColdChain(page);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search units...');
  for (const inert of ['Configure Alerts', 'View All Live Data', 'Export Reports']) await expect(page.getByRole('button', { name: inert })).toBeVisible();
  // The decorative image is hidden from assistive technology.
  await expect(page.getByRole('main').locator('[aria-hidden="true"] svg').first()).toBeVisible();

  const dialog = await openAdd(page);
  await expect(dialog.getByLabel('Min Temp (°C)')).toHaveValue('0');
  await expect(dialog.getByLabel('Max Temp (°C)')).toHaveValue('5');
  await expect(dialog.getByLabel('Current Temp (°C)')).toHaveValue('2.5');
  await expect(dialog.getByLabel('Humidity (%)')).toHaveValue('60');
  await expect(dialog.getByLabel('Min Temp (°C)')).toHaveAttribute('step', '0.1');
  await expect(dialog.getByLabel('Humidity (%)')).toHaveAttribute('step', '1');
  await expect(dialog.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('Optimal');
  await dialog.getByLabel('Name').fill(`Reefer ${token}`);
  await pickRecord(page, dialog, /^Trip ID/, `nashik ${token.toLowerCase()}`, tripLabel(trip));
  await saveAndClose(page, dialog, 'Add Unit', 'Unit Added!', new RegExp(`^Reefer ${token} \\(CCU\\d{5}[A-Z0-9]{3}\\) has been added\\.$`));

  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(columnHeaders(page)).toHaveText(['Unit ID', 'Name', 'Trip ID', 'Temp Range', 'Current Temp', 'Humidity', 'Status', 'Actions']);
  await expect(firstCells(page)).toHaveText([ID, `Reefer ${token}`, tripLabel(trip), '0 – 5 °C', '2.5 °C', '60%', 'Optimal', '']);
  await expect(firstCells(page).nth(4).locator('span')).toHaveClass(/text-green-700/);
  const id = (await firstCells(page).first().textContent())!;
  await expect(page.getByRole('button', { name: `View sensor data of ${id}` })).toHaveAttribute('title', /not implemented/);
});

test('each validation message, with the dialog kept open and its input kept', async ({ page }) => {
  const token = unique();
  const trip = await newTrip(page, token);
  await openColdChain(page);
  const dialog = await openAdd(page);
  await dialog.getByLabel('Name').fill(`Blank trip ${token}`);
  await clickSave(dialog, 'Add Unit');
  await expectDestructiveToast(page, 'Missing Fields', 'Please fill in Name, Trip ID, Min Temp, and Max Temp.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue(`Blank trip ${token}`);

  await pickRecord(page, dialog, /^Trip ID/, token.toLowerCase(), tripLabel(trip));
  await dialog.getByLabel('Max Temp (°C)').fill('');
  await clickSave(dialog, 'Add Unit');
  await expectDestructiveToast(page, 'Missing Fields', 'Please fill in Name, Trip ID, Min Temp, and Max Temp.');

  for (const [min, max] of [
    ['5', '5'],
    ['8.5', '-2'],
  ]) {
    await dialog.getByLabel('Min Temp (°C)').fill(min);
    await dialog.getByLabel('Max Temp (°C)').fill(max);
    await clickSave(dialog, 'Add Unit');
    await expectDestructiveToast(page, 'Invalid Temperatures', 'Min Temperature must be less than Max Temperature.');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Min Temp (°C)')).toHaveValue(min);
  }
  await dialog.getByLabel('Min Temp (°C)').fill('-20.5');
  await dialog.getByLabel('Max Temp (°C)').fill('-15');
  await dialog.getByLabel('Current Temp (°C)').fill('-18');
  await saveAndClose(page, dialog, 'Add Unit', 'Unit Added!');
  await searchList(page, token);
  await expect(firstCells(page).nth(3)).toHaveText('-20.5 – -15 °C');
});

test('edit a unit: a reading outside its range shows red', async ({ page }) => {
  const token = unique();
  const trip = await newTrip(page, token);
  const unit = await createUnit(page, { tripId: trip.id, name: `Pharma ${token}`, minTemp: 2, maxTemp: 8, currentTemp: 5 });
  await openColdChain(page);
  await searchList(page, token);
  await expect(firstCells(page)).toHaveText([unit.id, `Pharma ${token}`, tripLabel(trip), '2 – 8 °C', '5 °C', '60%', 'Optimal', '']);

  const dialog = await openEdit(page, unit.id);
  await expect(dialog.getByRole('combobox', { name: /^Trip ID/ })).toHaveText(tripLabel(trip));
  await dialog.getByLabel('Current Temp (°C)').fill('9.4');
  await dialog.getByLabel('Humidity (%)').fill('72');
  await chooseOption(page, dialog, 'Status', 'Critical');
  await saveAndClose(page, dialog, 'Save Changes', 'Unit Updated!', `Pharma ${token} (${unit.id}) has been updated.`);
  await expect(firstCells(page)).toHaveText([unit.id, `Pharma ${token}`, tripLabel(trip), '2 – 8 °C', '9.4 °C', '72%', 'Critical', '']);
  await expect(firstCells(page).nth(4).locator('span')).toHaveClass(/text-red-600/);
});

test('delete asks for confirmation first', async ({ page }) => {
  const token = unique();
  const trip = await newTrip(page, token);
  const unit = await createUnit(page, { tripId: trip.id, name: `Dairy ${token}` });
  await openColdChain(page);
  await searchList(page, token);
  await page.getByRole('button', { name: `Delete ${unit.id}` }).click();
  const confirm = confirmDeletion(page);
  await expect(confirm).toContainText(`Are you sure you want to delete Dairy ${token} (${unit.id})? This action cannot be undone.`);
  await confirm.getByRole('button', { name: 'Delete Unit' }).click();
  await expectDestructiveToast(page, 'Unit Deleted!', `Dairy ${token} (${unit.id}) has been removed.`);
  await expect(page.getByText('No Cold Chain Units Found')).toBeVisible();
});

test('search matches id, name and the trip (its id and route); the status filter', async ({ page }) => {
  const token = unique();
  const ratnagiri = await newTrip(page, token, `Ratnagiri ${token}`, 'Kolhapur');
  const indore = await newTrip(page, token, `Indore ${token}`, 'Bhopal');
  const mango = await createUnit(page, { tripId: ratnagiri.id, name: `Mango ${token}`, status: 'Warning' });
  const vaccine = await createUnit(page, { tripId: indore.id, name: `Vaccine ${token}`, status: 'Offline' });
  await openColdChain(page);
  const expectOnly = (term: string, id: string) => expectOnlyMatch(page, term, id);
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(2);
  await expectOnly(mango.id.toLowerCase(), mango.id);
  await expectOnly(`VACCINE ${token}`, vaccine.id);
  await expectOnly(ratnagiri.id, mango.id);
  await expectOnly(`indore ${token.toLowerCase()} → bhopal`, vaccine.id);

  const main = page.getByRole('main');
  await searchList(page, token);
  expect(await optionsOf(page, main, 'Filter by Status')).toEqual(['All', 'Optimal', 'Warning', 'Critical', 'Offline']);
  for (const [status, id] of [
    ['Warning', mango.id],
    ['Offline', vaccine.id],
  ]) {
    await chooseOption(page, main, 'Filter by Status', status);
    await listSettled(page);
    await expect(tableRows(page)).toHaveCount(1);
    await expect(firstCells(page).first()).toHaveText(id);
  }
  await chooseOption(page, main, 'Filter by Status', 'Critical');
  await expect(page.getByText('No Cold Chain Units Found')).toBeVisible();
  await chooseOption(page, main, 'Filter by Status', 'All');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(2);
});

test('the list with red and green readings, and the form, are readable in both themes (axe, WCAG 2.2 AA)', async ({ page }) => {
  const token = unique();
  const trip = await newTrip(page, token);
  await createUnit(page, { tripId: trip.id, name: `Inside ${token}`, currentTemp: 3 });
  await createUnit(page, { tripId: trip.id, name: `Outside ${token}`, currentTemp: 12, status: 'Critical' });
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await openColdChain(page);
    await searchList(page, token);
    await expect(tableRows(page)).toHaveCount(2);
    const scan = async () => (await seriousViolations(page)).map((line) => `${theme} ${line}`);
    expect(await scan()).toEqual([]);
    const dialog = await openAdd(page);
    expect(await scan()).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('Configure Alerts, View All Live Data and view sensor data are present and do nothing (Export Reports opens its report: e2e/reporting.spec.ts)', async ({
  page,
}) => {
  const token = unique();
  const trip = await newTrip(page, token);
  const unit = await createUnit(page, { tripId: trip.id, name: `Inert ${token}` });
  await openColdChain(page);
  await searchList(page, token);
  const url = page.url();
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/') && request.method() !== 'GET') calls.push(request.url());
  });
  for (const button of [
    page.getByRole('button', { name: 'Configure Alerts' }),
    page.getByRole('button', { name: 'View All Live Data' }),
    page.getByRole('button', { name: `View sensor data of ${unit.id}` }),
  ]) {
    await button.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(page.url()).toBe(url);
  }
  expect(calls).toEqual([]);
  await expect(tableRows(page)).toHaveCount(1);
});

test('when the units cannot be fetched: an Error toast, the failure with Retry, never the empty state', async ({ page }) => {
  await expectListFetchFailure(page, /\/api\/cold-chain\?/, openColdChain, {
    loading: 'Loading cold chain units...',
    toast: 'Error',
    description: 'Could not fetch cold chain units.',
    empty: 'No Cold Chain Units Found',
  });
});

test('when the trips list cannot be fetched: an Error toast, and no unit can be added', async ({ page }) => {
  await expectPickListFetchFailure(page, /\/api\/trips\/options\?/, openColdChain, {
    toast: 'Error',
    description: 'Could not fetch trips list.',
    disabled: 'Add Unit',
  });
});
