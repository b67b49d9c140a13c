import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfFile } from './fixtures/files';
import {
  apiCreate,
  chooseFile,
  chooseOption,
  clickSave,
  columnHeaders,
  confirmDeletion,
  createDriver,
  createVehicle,
  driverLabel,
  expectButtonWaitsFor,
  expectDestructiveToast,
  expectDownload,
  expectListFetchFailure,
  expectOnlyMatch,
  listSettled,
  openDialog,
  openScreen,
  optionsOf,
  pickRecord,
  saveAndClose,
  searchList,
  seriousViolations,
  shownDate,
  tableRows,
  todayInBrowserZone,
  unique,
  vehicleLabel,
} from './helpers';

const ID = /^CHLN\d{5}[A-Z0-9]{3}$/;
const STATUSES = ['Pending Payment', 'Paid', 'Disputed', 'Overdue', 'Cancelled'];
const OFFENSES = ['Speeding', 'Illegal Parking', 'Red Light Violation', 'Overloading', 'No Entry', 'Wrong Lane', 'Documentation Issue', 'Other'];
const MISSING = 'Date, Vehicle ID, Offense Type, and Amount are required.';

const openChallans = (page: Page) => openScreen(page, '/challan-tracking', 'Challan Tracking');
const openAdd = (page: Page) => openDialog(page, 'Add Challan', 'Add New Challan');
const openEdit = (page: Page, id: string) => openDialog(page, `Edit ${id}`, 'Edit Challan');
const main = (page: Page) => page.getByRole('main');
const paidDate = (dialog: Locator) => dialog.getByLabel('Paid Date');
const firstId = (page: Page) => tableRows(page).first().getByRole('cell').first();

interface ChallanRecord {
  id: string;
  offenseType: string;
  amount: number;
  status: string;
  paidDate: string | null;
}
const createChallan = (page: Page, fields: { vehicleId: string } & Record<string, unknown>) =>
  apiCreate<ChallanRecord>(page, 'challans', {
    date: '2026-03-09',
    driverId: null,
    offenseType: 'Speeding',
    amount: 2000,
    scannedCopy: null,
    status: 'Pending Payment',
    paidDate: null,
    notes: '',
    ...fields,
  });

test('add with the defaults (today, Speeding, Pending Payment), a real scanned copy opened in a new tab; ₹ in the header and cells', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { licensePlate: `MH12${token}` });
  const driver = await createDriver(page, token, { name: `Santosh ${token}` });
  await openChallans(page);
  await expect(page.getByText('Record traffic fines against vehicles and drivers and follow their payment.')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search ID, vehicle, driver, offense');

  const dialog = await openAdd(page);
  await expect(dialog.getByLabel('Date')).toHaveValue(shownDate(todayInBrowserZone()));
  await expect(dialog.getByRole('combobox', { name: /^Offense Type/ })).toHaveText('Speeding');
  await expect(dialog.getByRole('combobox', { name: /^Status/ })).toHaveText('Pending Payment');
  await expect(paidDate(dialog)).toBeHidden();
  await expect(dialog.getByLabel(/^Amount \(₹\)/)).toHaveAttribute('type', 'number');
  expect(await optionsOf(page, dialog, /^Offense Type/)).toEqual(OFFENSES);
  expect(await optionsOf(page, dialog, /^Status/)).toEqual(STATUSES);
  await pickRecord(page, dialog, /^Vehicle/, `mh12${token.toLowerCase()}`, vehicleLabel(vehicle));
  await pickRecord(page, dialog, /^Driver/, `Santosh ${token}`, driverLabel(driver));
  await dialog.getByLabel(/^Amount \(₹\)/).fill('2000');
  await dialog.getByLabel('Notes').fill(`Camera at Katraj chowk ${token}`);
  const scan = pdfFile(`challan-${token}.pdf`);
  await chooseFile(page, dialog, scan);
  await expect(dialog.getByTestId('file-name')).toHaveText(scan.name);
  await saveAndClose(
    page,
    dialog,
    'Add Challan',
    'Challan Added!',
    new RegExp(`^Challan CHLN\\d{5}[A-Z0-9]{3} \\(Speeding, ₹2,000\\.00\\) for MH12${token} has been added\\.$`),
  );

  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(columnHeaders(page)).toHaveText(
    ['Challan ID', 'Date', 'Vehicle', 'Driver', 'Offense Type', 'Amount (₹)', 'Status', 'Actions'].map(
      (h) => new RegExp(`^${h.replace(/[()]/g, '\\$&')}$`, 'i'),
    ),
  );
  // The header's icon is the rupee's, not a dollar.
  await expect(columnHeaders(page).nth(5).locator('svg.lucide-indian-rupee')).toHaveCount(1);
  await expect(columnHeaders(page).nth(5)).not.toContainText('$');
  const row = tableRows(page).first();
  await expect(row.getByRole('cell')).toHaveText([
    ID,
    shownDate(todayInBrowserZone()),
    `MH12${token}`,
    `Santosh ${token}`,
    'Speeding',
    '₹2,000.00',
    'Pending Payment',
    '',
  ]);
  await expect(row.getByRole('cell').nth(2).locator('span')).toHaveAttribute('title', vehicleLabel(vehicle));

  // The view action opens the stored file in a new tab (served as an attachment: the browser downloads it).
  const id = (await row.getByRole('cell').first().innerText()).trim();
  const view = row.getByRole('link', { name: `View scanned copy of ${id}` });
  await expect(view).toHaveAttribute('target', '_blank');
  await expectDownload(page, view, scan);
});

test('the view scanned copy action is disabled without a copy', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token);
  const record = await createChallan(page, { vehicleId: vehicle.id });
  await openChallans(page);
  await searchList(page, record.id);
  const view = tableRows(page)
    .first()
    .getByRole('button', { name: `View scanned copy of ${record.id}` });
  await expect(view).toBeDisabled();
  await expect(
    tableRows(page)
      .first()
      .getByRole('link', { name: `View scanned copy of ${record.id}` }),
  ).toHaveCount(0);
});

test('Paid Date shows only for Paid; edit to Paid with its date, then to Disputed clears it', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { licensePlate: `KA01${token}` });
  const record = await createChallan(page, { vehicleId: vehicle.id, notes: `Edit ${token}` });
  await openChallans(page);
  await searchList(page, record.id);
  const dialog = await openEdit(page, record.id);
  for (const status of STATUSES) {
    await chooseOption(page, dialog, /^Status/, status);
    if (status === 'Paid') await expect(paidDate(dialog)).toBeVisible();
    else await expect(paidDate(dialog)).toBeHidden();
  }
  await chooseOption(page, dialog, /^Offense Type/, 'Overloading');
  await dialog.getByLabel(/^Amount \(₹\)/).fill('22000');
  await chooseOption(page, dialog, /^Status/, 'Paid');
  await paidDate(dialog).fill('12/03/2026');
  await saveAndClose(page, dialog, 'Save Changes', 'Challan Updated!', `Challan ${record.id} (Overloading, ₹22,000.00) for KA01${token} has been updated.`);
  const row = tableRows(page).first();
  await expect(row.getByRole('cell')).toHaveText([record.id, '09/03/2026', `KA01${token}`, 'N/A', 'Overloading', '₹22,000.00', 'Paid', '']);
  // Paid: green, with a check icon.
  const badge = row.getByText('Paid', { exact: true });
  await expect(badge.locator('svg.lucide-circle-check')).toHaveCount(1);
  await expect(badge).toHaveClass(/bg-green-100/);

  const again = await openEdit(page, record.id);
  await expect(paidDate(again)).toHaveValue('12/03/2026');
  await chooseOption(page, again, /^Status/, 'Disputed');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/challans/${record.id}`) && r.request().method() === 'PUT');
  await saveAndClose(page, again, 'Save Changes', 'Challan Updated!');
  expect(await (await saved).json()).toMatchObject({ status: 'Disputed', paidDate: null });
  await expect(row.getByText('Disputed', { exact: true })).toHaveClass(/bg-orange-100/);
  const third = await openEdit(page, record.id);
  await chooseOption(page, third, /^Status/, 'Paid');
  await expect(paidDate(third)).toHaveValue('');
});

test('each validation toast, with the dialog kept open and its input kept', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { licensePlate: `GJ05${token}` });
  await openChallans(page);
  const dialog = await openAdd(page);
  await dialog.getByLabel('Notes').fill(`Kept ${token}`);
  await clickSave(dialog, 'Add Challan');
  await expectDestructiveToast(page, 'Missing Fields', MISSING);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Notes')).toHaveValue(`Kept ${token}`);

  await pickRecord(page, dialog, /^Vehicle/, `gj05${token.toLowerCase()}`, vehicleLabel(vehicle));
  await dialog.getByLabel('Date').fill('');
  await dialog.getByLabel(/^Amount \(₹\)/).fill('500');
  await clickSave(dialog, 'Add Challan');
  await expectDestructiveToast(page, 'Missing Fields', MISSING);

  await dialog.getByLabel('Date').fill('09/03/2026');
  await dialog.getByLabel(/^Amount \(₹\)/).fill('0');
  await clickSave(dialog, 'Add Challan');
  await expectDestructiveToast(page, 'Invalid Amount', 'Amount must be greater than zero.');
  await dialog.getByLabel(/^Amount \(₹\)/).fill('-100');
  await clickSave(dialog, 'Add Challan');
  await expectDestructiveToast(page, 'Invalid Amount', 'Amount must be greater than zero.');
  await dialog.getByLabel(/^Amount \(₹\)/).fill('0.01');

  await chooseOption(page, dialog, /^Status/, 'Paid');
  await paidDate(dialog).fill('08/03/2026');
  await clickSave(dialog, 'Add Challan');
  await expectDestructiveToast(page, 'Invalid Dates', 'Paid Date cannot be before the challan Date.');
  const nextYear = String(Number(todayInBrowserZone().slice(0, 4)) + 1);
  await paidDate(dialog).fill(`01/01/${nextYear}`);
  await clickSave(dialog, 'Add Challan');
  await expectDestructiveToast(page, 'Invalid Dates', 'Paid Date cannot be in the future.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Notes')).toHaveValue(`Kept ${token}`);

  // The same day as the challan is a valid payment date; ₹0.01 a valid amount.
  await paidDate(dialog).fill('09/03/2026');
  await saveAndClose(page, dialog, 'Add Challan', 'Challan Added!');
  await searchList(page, `gj05${token}`);
  await expect(tableRows(page).first().getByRole('cell').nth(5)).toHaveText('₹0.01');
});

test('a save the server refuses keeps the dialog: Add Failed with its message', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { licensePlate: `TN09${token}` });
  await openChallans(page);
  const dialog = await openAdd(page);
  await pickRecord(page, dialog, /^Vehicle/, `tn09${token.toLowerCase()}`, vehicleLabel(vehicle));
  await dialog.getByLabel(/^Amount \(₹\)/).fill('1500');
  await page.route('**/api/challans', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ title: 'Service Unavailable', message: 'The database is unavailable.' }),
        })
      : route.continue(),
  );
  await clickSave(dialog, 'Add Challan');
  await expectDestructiveToast(page, 'Add Failed', 'The database is unavailable.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^Amount \(₹\)/)).toHaveValue('1500');
});

test('delete asks for confirmation naming the challan', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { licensePlate: `HR26${token}` });
  const record = await createChallan(page, { vehicleId: vehicle.id, offenseType: 'No Entry', amount: 500 });
  await openChallans(page);
  await searchList(page, `hr26${token}`);
  await page.getByRole('button', { name: `Delete ${record.id}` }).click();
  const confirm = confirmDeletion(page);
  await expect(confirm).toContainText(`Are you sure you want to delete challan ${record.id} (No Entry, ₹500.00, HR26${token})? This action cannot be undone.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(tableRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Delete ${record.id}` }).click();
  await confirm.getByRole('button', { name: 'Delete Challan' }).click();
  await expectDestructiveToast(page, 'Challan Deleted', `Challan ${record.id} (No Entry, HR26${token}) has been deleted.`);
  await expect(page.getByText('No Challans Found')).toBeVisible();
});

test('search by id, vehicle plate, driver name and offense', async ({ page }) => {
  const token = unique();
  const lower = token.toLowerCase();
  const vehicle = await createVehicle(page, token, { make: 'Eicher', model: `Pro ${token}`, licensePlate: `UP32${token}` });
  const other = await createVehicle(page, `${token}X`, { licensePlate: `DL01${token}` });
  const driver = await createDriver(page, token, { name: `Baldev ${token}` });
  const byVehicle = await createChallan(page, { vehicleId: vehicle.id, offenseType: 'Wrong Lane' });
  const byDriver = await createChallan(page, { vehicleId: other.id, driverId: driver.id, offenseType: 'Red Light Violation', amount: 5000 });
  await openChallans(page);
  const expectOnly = (term: string, id: string) => expectOnlyMatch(page, term, id);
  await expectOnly(`up32${lower}`, byVehicle.id); // plate
  await expectOnly(`EICHER PRO ${token}`, byVehicle.id); // make and model
  await expectOnly(`baldev ${lower}`, byDriver.id); // driver name
  await expectOnly(byDriver.id.toLowerCase(), byDriver.id);
  await expect(tableRows(page).first().getByRole('cell').nth(3)).toHaveText(`Baldev ${token}`);
  // Offense: every challan of that type, these among them.
  await searchList(page, 'red light viol');
  await expect(tableRows(page).filter({ hasText: byDriver.id })).toHaveCount(1);
  await expect(tableRows(page).filter({ hasText: byVehicle.id })).toHaveCount(0);
  await searchList(page, 'wrong lane');
  await expect(tableRows(page).filter({ hasText: byVehicle.id })).toHaveCount(1);
  await searchList(page, `nothing ${token}`);
  await expect(page.getByText('No Challans Found')).toBeVisible();
});

test('the status filter: All Statuses plus each status', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { licensePlate: `RJ14${token}` });
  const overdue = await createChallan(page, { vehicleId: vehicle.id, status: 'Overdue' });
  const paid = await createChallan(page, { vehicleId: vehicle.id, status: 'Paid', paidDate: '2026-03-10' });
  await openChallans(page);
  expect(await optionsOf(page, main(page), 'Filter by Status')).toEqual(['All Statuses', ...STATUSES]);
  await searchList(page, `rj14${token}`);
  await expect(tableRows(page)).toHaveCount(2);
  await chooseOption(page, main(page), 'Filter by Status', 'Overdue');
  await expect(page).toHaveURL(/status=Overdue(&|$)/);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(firstId(page)).toHaveText(overdue.id);
  await chooseOption(page, main(page), 'Filter by Status', 'Paid');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(firstId(page)).toHaveText(paid.id);
  await chooseOption(page, main(page), 'Filter by Status', 'Cancelled');
  await expect(page.getByText('No Challans Found')).toBeVisible();
  await chooseOption(page, main(page), 'Filter by Status', 'All Statuses');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(2);
});

test('the offense type filter offers the types present, in the list order, and filters by one', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { licensePlate: `WB02${token}` });
  // No other test makes a Documentation Issue: it is offered once one exists.
  await openChallans(page);
  const before = await optionsOf(page, main(page), 'Filter by Offense Type');
  expect(before[0]).toBe('All Offense Types');
  expect(before).not.toContain('Documentation Issue');
  const documents = await createChallan(page, { vehicleId: vehicle.id, offenseType: 'Documentation Issue', amount: 5000 });
  const parking = await createChallan(page, { vehicleId: vehicle.id, offenseType: 'Illegal Parking', amount: 500 });
  await openChallans(page);
  const offered = await optionsOf(page, main(page), 'Filter by Offense Type');
  expect(offered).toContain('Documentation Issue');
  expect(offered).toContain('Illegal Parking');
  expect(offered.slice(1)).toEqual(OFFENSES.filter((o) => offered.includes(o)));

  await searchList(page, `wb02${token}`);
  await chooseOption(page, main(page), 'Filter by Offense Type', 'Documentation Issue');
  await expect(page).toHaveURL(/offenseType=Documentation\+Issue|offenseType=Documentation%20Issue/);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(firstId(page)).toHaveText(documents.id);
  await chooseOption(page, main(page), 'Filter by Offense Type', 'Illegal Parking');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(firstId(page)).toHaveText(parking.id);
});

test('status badges in their colours, readable in both themes', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { licensePlate: `AP16${token}` });
  for (const status of STATUSES) await createChallan(page, { vehicleId: vehicle.id, status, paidDate: status === 'Paid' ? '2026-03-10' : null });
  const tones: Record<string, RegExp> = {
    'Pending Payment': /bg-yellow-100/,
    Paid: /bg-green-100/,
    Disputed: /bg-orange-100/,
    Overdue: /bg-red-100/,
    Cancelled: /bg-slate-100/,
  };
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await openChallans(page);
    await searchList(page, `ap16${token}`);
    await expect(tableRows(page)).toHaveCount(5);
    for (const status of STATUSES) await expect(main(page).getByRole('table').getByText(status, { exact: true })).toHaveClass(tones[status]);
    expect(await seriousViolations(page), theme).toEqual([]);
  }
});

test('Add Challan waits for the vehicles and drivers pick-lists', async ({ page }) => {
  await expectButtonWaitsFor(page, /\/api\/drivers\/options\?/, openChallans, 'Add Challan');
});

test('when the challans cannot be fetched: an Error toast, the failure in the table with Retry', async ({ page }) => {
  await expectListFetchFailure(page, /\/api\/challans\?/, openChallans, {
    loading: 'Loading challans...',
    toast: 'Error',
    description: 'Could not fetch challans.',
    empty: 'No Challans Found',
  });
});
