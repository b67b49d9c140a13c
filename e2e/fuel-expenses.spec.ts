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
  expectButtonWaitsFor,
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
  shownDate,
  tableRows,
  todayInBrowserZone,
  unique,
  vehicleLabel,
  expectOnlyMatch,
} from './helpers';

const ID = /^EXP\d{5}[A-Z0-9]{3}$/;
const openExpenses = (page: Page) => openScreen(page, '/fuel-expense', 'Fuel & Expense Management');
const openAdd = (page: Page) => openDialog(page, 'Log New Expense', 'Log New Expense');
const openEdit = (page: Page, id: string) => openDialog(page, `Edit ${id}`, 'Edit Expense');
const createExpense = (page: Page, fields: Record<string, unknown>) =>
  apiCreate(page, 'fuel-expenses', {
    type: 'Toll',
    date: '2026-03-09',
    vehicleId: null,
    tripId: null,
    fuelType: '',
    quantity: null,
    pricePerUnit: null,
    amount: 415,
    odometer: null,
    vendor: '',
    gpsLocation: '',
    description: '',
    ...fields,
  });

test('log a fill-up with the defaults: amount = quantity × price, locked; the unit follows the fuel; the table shows every column', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { licensePlate: `KA01${token}` });
  const driver = await createDriver(page, token);
  const trip = await createTrip(page, { vehicleId: vehicle.id, driverId: driver.id });
  await openExpenses(page);
  await expect(page.getByText('Log fuel fill-ups, track expenses, and generate reports.')).toBeVisible();
  await expect(page.getByText('Expense Log', { exact: true })).toBeVisible();
  // Cost Reports and Fuel Consumption Analytics open their reports (issue 20, e2e/reporting.spec.ts).
  for (const button of ['Cost Reports', 'Fuel Consumption Analytics']) await expect(page.getByRole('button', { name: button })).toBeEnabled();

  const dialog = await openAdd(page);
  await expect(dialog.getByRole('combobox', { name: /^Type/ })).toHaveText('Fuel');
  await expect(dialog.getByRole('combobox', { name: 'Fuel Type', exact: true })).toHaveText('Diesel');
  await expect(dialog.getByLabel('Date')).toHaveValue(shownDate(todayInBrowserZone()));
  await expect(dialog.getByLabel('Quantity (Liters)')).toHaveAttribute('step', '0.01');
  await expect(dialog.getByLabel('Price Per Unit (₹)')).toHaveAttribute('step', '0.001');
  await chooseOption(page, dialog, 'Fuel Type', 'CNG');
  await expect(dialog.getByLabel('Quantity (KG)')).toBeVisible();
  await chooseOption(page, dialog, 'Fuel Type', 'Electric');
  await expect(dialog.getByLabel('Quantity (kWh)')).toBeVisible();
  await chooseOption(page, dialog, 'Fuel Type', 'Diesel');

  await dialog.getByLabel('Quantity (Liters)').fill('120.5');
  await dialog.getByLabel('Price Per Unit (₹)').fill('92.355');
  await expect(dialog.getByLabel('Amount (₹)')).toHaveValue('11128.78');
  await expect(dialog.getByLabel('Amount (₹)')).toHaveAttribute('readonly', '');
  await pickRecord(page, dialog, /^Vehicle/, `ka01${token.toLowerCase()}`, vehicleLabel(vehicle));
  await pickRecord(page, dialog, /^Trip/, trip.id, `${trip.id} (Pune → Mumbai)`);
  await dialog.getByLabel('Odometer (km)').fill('125400');
  await dialog.getByLabel('Vendor').fill(`Indian Oil ${token}`);
  await saveAndClose(page, dialog, 'Log Expense', 'Expense Logged!', /^Fuel expense of ₹11,128\.78 \(EXP\d{5}[A-Z0-9]{3}\) has been logged\.$/);

  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(columnHeaders(page)).toHaveText(['ID', 'Type', 'Date', 'Amount (₹)', 'Vehicle', 'Trip', 'Vendor', 'Fuel Details', 'Actions']);
  await expect(tableRows(page).first().getByRole('cell')).toHaveText([
    ID,
    'Fuel',
    shownDate(todayInBrowserZone()),
    '₹11,128.78',
    `KA01${token}`,
    trip.id,
    `Indian Oil ${token}`,
    'Diesel · 120.5 Liters @ ₹92.355',
    '',
  ]);
});

test('other types hide the fuel fields and keep the amount; Meal Allowance is stored as Meal; edit', async ({ page }) => {
  const token = unique();
  await openExpenses(page);
  const dialog = await openAdd(page);
  await chooseOption(page, dialog, /^Type/, 'Meal Allowance');
  for (const hidden of ['Fuel Type', 'Quantity (Liters)', 'Price Per Unit (₹)']) await expect(dialog.getByLabel(hidden, { exact: true })).toBeHidden();
  await expect(dialog.getByLabel('Amount (₹)')).not.toHaveAttribute('readonly', '');
  await dialog.getByLabel('Amount (₹)').fill('250');
  await dialog.getByLabel('Description').fill(`Crew dinner ${token}`);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/fuel-expenses') && r.request().method() === 'POST');
  await saveAndClose(page, dialog, 'Log Expense', 'Expense Logged!');
  const record = await (await saved).json();
  expect(record).toMatchObject({ type: 'Meal', fuelType: '', quantity: null, pricePerUnit: null, amount: 250 });

  await searchList(page, token);
  const cells = tableRows(page).first().getByRole('cell');
  await expect(cells).toHaveText([record.id, 'Meal Allowance', shownDate(todayInBrowserZone()), '₹250.00', 'N/A', 'N/A', 'N/A', `Crew dinner ${token}`, '']);

  const edit = await openEdit(page, record.id);
  await expect(edit.getByRole('combobox', { name: /^Type/ })).toHaveText('Meal Allowance');
  await chooseOption(page, edit, /^Type/, 'Parking');
  await edit.getByLabel('Amount (₹)').fill('1234567.5');
  await saveAndClose(page, edit, 'Save Changes', 'Expense Updated!', `Parking expense of ₹12,34,567.50 (${record.id}) has been updated.`);
  await expect(cells).toHaveText([record.id, 'Parking', shownDate(todayInBrowserZone()), '₹12,34,567.50', 'N/A', 'N/A', 'N/A', `Crew dinner ${token}`, '']);
});

test('each validation message, with the dialog kept open and its input kept', async ({ page }) => {
  const token = unique();
  await openExpenses(page);
  const dialog = await openAdd(page);
  await dialog.getByLabel('Vendor').fill(`Vendor ${token}`);
  await dialog.getByLabel('Date').fill('');
  await clickSave(dialog, 'Log Expense');
  await expectDestructiveToast(page, 'Missing Fields', 'Type and Date are required.');
  await expect(dialog.getByLabel('Vendor')).toHaveValue(`Vendor ${token}`);

  await dialog.getByLabel('Date').fill('09/03/2026');
  await dialog.getByLabel('Quantity (Liters)').fill('50');
  await clickSave(dialog, 'Log Expense');
  await expectDestructiveToast(page, 'Invalid Fuel Details', 'Quantity and Price Per Unit are required for fuel expenses and must be greater than zero.');
  await dialog.getByLabel('Price Per Unit (₹)').fill('0');
  await clickSave(dialog, 'Log Expense');
  await expectDestructiveToast(page, 'Invalid Fuel Details', 'Quantity and Price Per Unit are required for fuel expenses and must be greater than zero.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Quantity (Liters)')).toHaveValue('50');

  await chooseOption(page, dialog, /^Type/, 'Toll');
  await dialog.getByLabel('Amount (₹)').fill('0');
  await clickSave(dialog, 'Log Expense');
  await expectDestructiveToast(page, 'Invalid Amount', 'Amount must be greater than zero for non-fuel expenses.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Vendor')).toHaveValue(`Vendor ${token}`);
  await dialog.getByLabel('Amount (₹)').fill('415');
  await saveAndClose(page, dialog, 'Log Expense', 'Expense Logged!');
  await searchList(page, token);
  await expect(tableRows(page).first()).toContainText('09/03/2026');
});

test('delete asks for confirmation; its toast shows 20 characters of the description', async ({ page }) => {
  const token = unique();
  const record = await createExpense(page, { description: `FASTag toll ${token} Mumbai–Pune Expressway` });
  await openExpenses(page);
  await searchList(page, token);
  await page.getByRole('button', { name: `Delete ${record.id}` }).click();
  const confirm = confirmDeletion(page);
  await expect(confirm).toContainText(`Are you sure you want to delete the Toll expense ${record.id} of ₹415.00? This action cannot be undone.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(tableRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Delete ${record.id}` }).click();
  await confirm.getByRole('button', { name: 'Delete Expense' }).click();
  const clipped = `FASTag toll ${token} Mumbai–Pune Expressway`.slice(0, 20);
  await expectDestructiveToast(page, 'Expense Deleted!', `Expense "${clipped}..." (${record.id}) has been removed.`);
  await expect(page.getByText('No Expenses Found')).toBeVisible();
});

test('search matches id, type, vendor, description, the vehicle plate and label, and the trip id', async ({ page }) => {
  const token = unique();
  const lower = token.toLowerCase();
  const vehicle = await createVehicle(page, token, { make: 'Eicher', model: `Pro ${token}`, licensePlate: `TN28${token}` });
  const driver = await createDriver(page, token);
  const trip = await createTrip(page, { vehicleId: vehicle.id, driverId: driver.id });
  const onTrip = await createExpense(page, { vehicleId: vehicle.id, tripId: trip.id, vendor: `Khed Shivapur ${token}` });
  const meal = await createExpense(page, { type: 'Meal', amount: 180, description: `Dhaba dinner ${token}` });
  await openExpenses(page);
  const expectOnly = (term: string, id: string) => expectOnlyMatch(page, term, id);
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(2);
  await expectOnly(`tn28${lower}`, onTrip.id); // plate
  await expectOnly(`EICHER PRO ${token}`, onTrip.id); // vehicle label
  await expectOnly(trip.id.toLowerCase(), onTrip.id);
  await expectOnly(`khed shivapur ${lower}`, onTrip.id); // vendor
  await expectOnly(`dhaba dinner ${lower}`, meal.id); // description
  await expectOnly(meal.id.toLowerCase(), meal.id);
  await expect(tableRows(page).first().getByRole('cell').nth(4)).toHaveText('N/A');
  await searchList(page, 'meal allowance');
  await expect(tableRows(page).filter({ hasText: meal.id })).toHaveCount(1);
  await searchList(page, `nothing ${token}`);
  await expect(page.getByText('No Expenses Found')).toBeVisible();
});

test('the type filter: All Types plus each type, Meal Allowance finding the meals', async ({ page }) => {
  const token = unique();
  await createExpense(page, { type: 'Meal', vendor: `Filter ${token} dhaba` });
  await createExpense(page, { type: 'Maintenance', amount: 900, vendor: `Filter ${token} garage` });
  await createExpense(page, { type: 'Fuel', fuelType: 'CNG', quantity: 12.5, pricePerUnit: 89.5, amount: null, vendor: `Filter ${token} pump` });
  await openExpenses(page);
  const main = page.getByRole('main');
  expect(await optionsOf(page, main, 'Filter by Type')).toEqual(['All Types', 'Fuel', 'Maintenance', 'Toll', 'Meal Allowance', 'Parking', 'Other']);
  await searchList(page, `filter ${token}`);
  await expect(tableRows(page)).toHaveCount(3);
  await expect(tableRows(page).first()).toContainText('CNG · 12.5 KG @ ₹89.50');

  await chooseOption(page, main, 'Filter by Type', 'Meal Allowance');
  await expect(page).toHaveURL(/type=Meal(&|$)/);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(`Filter ${token} dhaba`);
  await chooseOption(page, main, 'Filter by Type', 'Maintenance');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(`Filter ${token} garage`);
  await chooseOption(page, main, 'Filter by Type', 'Parking');
  await expect(page.getByText('No Expenses Found')).toBeVisible();
  await chooseOption(page, main, 'Filter by Type', 'All Types');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(3);
});

test('Log New Expense waits for the vehicles and trips pick-lists', async ({ page }) => {
  await expectButtonWaitsFor(page, /\/api\/trips\/options\?/, openExpenses, 'Log New Expense');
});

test('when the expenses cannot be fetched: an Error toast, the failure in the table with Retry', async ({ page }) => {
  await expectListFetchFailure(page, /\/api\/fuel-expenses\?/, openExpenses, {
    loading: 'Loading expenses...',
    toast: 'Error',
    description: 'Could not fetch expenses.',
    empty: 'No Expenses Found',
  });
});

test('when the trips or vehicles list cannot be fetched: an Error toast, and no expense can be logged', async ({ page }) => {
  await expectPickListFetchFailure(page, /\/api\/trips\/options\?/, openExpenses, {
    toast: 'Error',
    description: 'Could not fetch trips list.',
    disabled: 'Log New Expense',
  });
  await page.unroute(/\/api\/trips\/options\?/);
  await expectPickListFetchFailure(page, /\/api\/vehicles\/options\?/, openExpenses, {
    toast: 'Error',
    description: 'Could not fetch vehicles list.',
    disabled: 'Log New Expense',
  });
});
