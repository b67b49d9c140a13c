import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfFile, pngFile, textPretendingToBePdf } from './fixtures/files';
import {
  cancelDiscardingChanges,
  chooseFile,
  chooseOption,
  clickSave,
  columnHeaders,
  confirmDeletion,
  createDriver,
  createTrip,
  createVehicle,
  downloadFrom,
  expectDestructiveToast,
  expectDownload,
  expectListFetchFailure,
  expectToast,
  listSettled,
  openDialog,
  openScreen,
  saveAndClose,
  searchList,
  shownDate,
  tableRows,
  todayInBrowserZone,
  unique,
} from './helpers';

const ID = /^DRV\d{4}[A-Z0-9]{2}$/;

const openAdd = (page: Page) => openDialog(page, 'Add New Driver', 'Add New Driver');
const openEdit = (page: Page, id: string) => openDialog(page, `Edit ${id}`, 'Edit Driver Profile');

interface DriverFields {
  name?: string;
  license?: string;
  contact?: string;
  email?: string;
  joiningDate?: string;
  address?: string;
}

async function fill(dialog: Locator, d: DriverFields) {
  if (d.name !== undefined) await dialog.getByLabel('Name').fill(d.name);
  if (d.license !== undefined) await dialog.getByLabel('License No.').fill(d.license);
  if (d.contact !== undefined) await dialog.getByLabel('Contact').fill(d.contact);
  if (d.email !== undefined) await dialog.getByLabel('Email').fill(d.email);
  if (d.joiningDate !== undefined) await dialog.getByLabel('Joining Date').fill(d.joiningDate);
  if (d.address !== undefined) await dialog.getByLabel('Address').fill(d.address);
}

const viewDocuments = (page: Page, name: string) => page.getByRole('main').getByLabel(`View Documents of ${name}`, { exact: true });

/** The driver's Aadhaar card, on the Documents tab of the driver's page (where View Documents leads). */
async function aadhaarCard(page: Page, driverId: string) {
  await page.goto(`/driver-management/${driverId}?tab=documents`);
  await expect(page.getByText('Aadhaar Card', { exact: true })).toBeVisible();
  return page.getByRole('main').getByLabel('Open the Aadhaar card', { exact: true });
}

/** Back to the drivers list, searched for one driver. */
async function listOf(page: Page, token: string) {
  await page.goto(`/driver-management?q=${token}`);
  await expect(tableRows(page)).toHaveCount(1);
}

test.beforeEach(({ page }) => openScreen(page, '/driver-management', 'Driver Management'));

test('add a driver with the specified defaults; the table shows every column', async ({ page }) => {
  const token = unique();
  const name = `Suresh Patil ${token}`;
  const dialog = await openAdd(page);
  await expect(dialog.getByLabel('Joining Date')).toHaveValue(shownDate(todayInBrowserZone()));
  await expect(dialog.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('Active');
  await expect(dialog.getByLabel('Contact')).toHaveAttribute('type', 'tel');
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await fill(dialog, { name, license: `MH12${token}0042`, contact: '+91 91234 56789', email: `suresh.${token.toLowerCase()}@example.in` });
  await saveAndClose(page, dialog, 'Add Driver', 'Driver Added!', new RegExp(`^${name} has been added with id DRV\\d{4}[A-Z0-9]{2}\\.$`));

  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(columnHeaders(page)).toHaveText(['Driver ID', 'Name', 'License No.', 'Contact', 'Email', 'Joining Date', 'Status', 'Actions']);
  await expect(tableRows(page).first().getByRole('cell')).toHaveText([
    ID,
    name,
    `MH12${token}0042`,
    '+91 91234 56789',
    `suresh.${token.toLowerCase()}@example.in`,
    shownDate(todayInBrowserZone()),
    'Active',
    '',
  ]);
  // View Documents (spec 000: Not Implemented) opens the driver's page on its Documents tab (record-pages.spec.ts).
  await expect(viewDocuments(page, name)).toHaveAttribute('href', /^\/driver-management\/DRV\w+\?tab=documents$/);
});

test('each validation message, with the dialog kept open and its input kept', async ({ page }) => {
  const message = 'Please fill in all required fields (Name, License, Contact, Email).';
  const dialog = await openAdd(page);
  await clickSave(dialog, 'Add Driver');
  await expectDestructiveToast(page, 'Missing Fields', message);
  await expect(dialog).toBeVisible();

  const token = unique();
  await fill(dialog, { name: `Anil ${token}`, license: `KA01${token}`, contact: '+91 99000 11223' });
  await clickSave(dialog, 'Add Driver');
  await expectDestructiveToast(page, 'Missing Fields', message);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue(`Anil ${token}`);
  await expect(dialog.getByLabel('License No.')).toHaveValue(`KA01${token}`);
  await expect(dialog.getByLabel('Contact')).toHaveValue('+91 99000 11223');

  // Blank-looking input counts as missing too.
  await fill(dialog, { email: `anil.${token.toLowerCase()}@example.in`, license: '   ' });
  await clickSave(dialog, 'Add Driver');
  await expectDestructiveToast(page, 'Missing Fields', message);
  await expect(dialog.getByLabel('Email')).toHaveValue(`anil.${token.toLowerCase()}@example.in`);

  await cancelDiscardingChanges(page, dialog);
  await searchList(page, token);
  await expect(page.getByText('No Drivers Found')).toBeVisible();
});

test('edit a driver; a missing joining date shows N/A', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token, { joiningDate: '2020-06-15' });
  await searchList(page, token);
  await expect(tableRows(page).first()).toContainText('15/06/2020');

  const dialog = await openEdit(page, driver.id);
  await expect(dialog.getByLabel('Name')).toHaveValue(driver.name);
  await expect(dialog.getByLabel('Joining Date')).toHaveValue('15/06/2020');
  await expect(dialog.getByLabel('Address')).toHaveValue('Hadapsar, Pune');
  await fill(dialog, { name: `Ramesh Kumar ${token}`, contact: '+91 90000 12345', joiningDate: '' });
  await chooseOption(page, dialog, 'Status', 'On Leave');
  await saveAndClose(page, dialog, 'Save Changes', 'Driver Updated!', `Ramesh Kumar ${token}'s profile has been updated.`);

  const row = tableRows(page).first();
  await expect(row.getByRole('cell')).toHaveText([driver.id, `Ramesh Kumar ${token}`, driver.license, '+91 90000 12345', driver.email, 'N/A', 'On Leave', '']);
  await page.reload();
  await expect(tableRows(page).first()).toContainText(`Ramesh Kumar ${token}`);
});

test('delete asks for confirmation first', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token);
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${driver.id}` }).click();
  const confirm = confirmDeletion(page);
  await expect(confirm).toContainText(`Are you sure you want to delete driver ${driver.name} (${driver.id})? This action cannot be undone.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(tableRows(page)).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${driver.id}` }).click();
  await confirm.getByRole('button', { name: 'Delete Driver' }).click();
  await expectDestructiveToast(page, 'Driver Deleted!', `${driver.name} (${driver.id}) has been deleted.`);
  await expect(page.getByText('No Drivers Found')).toBeVisible();
});

test('a driver that a trip uses cannot be deleted', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token);
  const vehicle = await createVehicle(page, token);
  await createTrip(page, { vehicleId: vehicle.id, driverId: driver.id, origin: `Nashik ${token}` });
  await searchList(page, token);
  await page.getByRole('button', { name: `Delete ${driver.id}` }).click();
  await confirmDeletion(page).getByRole('button', { name: 'Delete Driver' }).click();
  await expectDestructiveToast(page, 'Delete Failed', 'This driver cannot be deleted because 1 trip uses it.');
  await expect(confirmDeletion(page)).toBeHidden();
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(driver.name);
});

test('search matches id, name, license, contact and email, case-insensitively', async ({ page }) => {
  const token = unique();
  const lower = token.toLowerCase();
  const a = await createDriver(page, token, {
    name: `Vikram ${token}`,
    license: `DL04${token}77`,
    contact: `+91 98${token}`,
    email: `vikram@${lower}.example.in`,
  });
  const b = await createDriver(page, token, {
    name: `Farhan Qureshi`,
    license: `GJ05X${token}`,
    contact: '+91 90909 09090',
    email: `farhan.${lower}@example.in`,
  });
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(2);
  await searchList(page, `vikram ${lower}`);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(a.id);
  await searchList(page, `gj05x${lower}`);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(b.id);
  await searchList(page, `98${token}`);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(a.id);
  await searchList(page, `FARHAN.${token}@EXAMPLE`);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(b.id);
  await searchList(page, b.id.toLowerCase());
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText('Farhan Qureshi');
  await searchList(page, `nobody-${token}`);
  await expect(page.getByText('No Drivers Found')).toBeVisible();
});

test('the status filter combines with search and lives in the URL', async ({ page }) => {
  const token = unique();
  const main = page.getByRole('main');
  await createDriver(page, token, { name: `Active ${token}` });
  await createDriver(page, token, { name: `Leave ${token}`, status: 'On Leave' });
  await createDriver(page, token, { name: `Docs ${token}`, status: 'Pending Docs' });
  await searchList(page, token);
  // Newest first.
  await expect(tableRows(page).locator('td:nth-child(2)')).toHaveText([`Docs ${token}`, `Leave ${token}`, `Active ${token}`]);

  await main.getByRole('combobox', { name: 'Filter by Status', exact: true }).click();
  await expect(page.getByRole('option')).toHaveText(['All Statuses', 'Active', 'On Leave', 'Inactive', 'Pending Docs']);
  await page.getByRole('option', { name: 'On Leave', exact: true }).click();
  await expect(page).toHaveURL(/status=On\+Leave|status=On%20Leave/);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(`Leave ${token}`);

  await chooseOption(page, main, 'Filter by Status', 'Pending Docs');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(`Docs ${token}`);

  await chooseOption(page, main, 'Filter by Status', 'Inactive');
  await expect(page.getByText('No Drivers Found')).toBeVisible();

  await chooseOption(page, main, 'Filter by Status', 'All Statuses');
  await expect(page).not.toHaveURL(/status=/);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(3);
});

test('upload an Aadhar card with a new driver; the documents action downloads the same file', async ({ page }) => {
  const token = unique();
  const name = `Kiran Jadhav ${token}`;
  const card = pdfFile(`aadhar-${token}.pdf`);
  const dialog = await openAdd(page);
  await fill(dialog, { name, license: `MH20${token}`, contact: '+91 98220 00000', email: `kiran.${token.toLowerCase()}@example.in` });
  await chooseFile(page, dialog, card);
  await expect(dialog.getByTestId('file-name')).toHaveText(card.name);
  await expect(dialog.getByRole('button', { name: 'Replace' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove' })).toBeVisible();
  await saveAndClose(page, dialog, 'Add Driver', 'Driver Added!');

  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);
  await viewDocuments(page, name).click();
  await expect(page).toHaveURL(/\/driver-management\/DRV\w+\?tab=documents$/);
  const link = page.getByRole('main').getByLabel('Open the Aadhaar card', { exact: true });
  await expect(link).toHaveAttribute('href', /^\/api\/files\/FIL/);
  await expectDownload(page, link, card);
});

test('replace and then remove the Aadhar card of a driver', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token);
  const first = pdfFile(`aadhar-front-${token}.pdf`);
  const second = pngFile(`aadhar-scan-${token}.png`);
  await expect(await aadhaarCard(page, driver.id)).toBeDisabled();

  await listOf(page, token);
  let dialog = await openEdit(page, driver.id);
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  await chooseFile(page, dialog, first);
  await expect(dialog.getByTestId('file-name')).toHaveText(first.name);
  await saveAndClose(page, dialog, 'Save Changes', 'Driver Updated!');
  let card = await aadhaarCard(page, driver.id);
  await expect(card).toHaveAttribute('href', /^\/api\/files\/FIL/);
  const firstHref = (await card.getAttribute('href'))!;
  expect((await downloadFrom(page, card)).body.equals(first.buffer)).toBe(true);

  // The form shows the stored file's name; Replace swaps it for another.
  await listOf(page, token);
  dialog = await openEdit(page, driver.id);
  await expect(dialog.getByTestId('file-name')).toHaveText(first.name);
  await chooseFile(page, dialog, second);
  await expect(dialog.getByTestId('file-name')).toHaveText(second.name);
  await saveAndClose(page, dialog, 'Save Changes', 'Driver Updated!');
  // The card links to the new file; the replaced file is gone.
  card = await aadhaarCard(page, driver.id);
  await expect(card).not.toHaveAttribute('href', firstHref);
  await expectDownload(page, card, second);
  expect((await page.request.get(firstHref)).status()).toBe(404);

  await listOf(page, token);
  dialog = await openEdit(page, driver.id);
  await expect(dialog.getByTestId('file-name')).toHaveText(second.name);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  await saveAndClose(page, dialog, 'Save Changes', 'Driver Updated!');
  await expect(await aadhaarCard(page, driver.id)).toBeDisabled();
});

test('an upload the server refuses shows Upload Failed and keeps the rest of the form', async ({ page }) => {
  const token = unique();
  const dialog = await openAdd(page);
  await fill(dialog, { name: `Mohan ${token}`, license: `RJ14${token}`, contact: '+91 94140 00000' });
  await chooseFile(page, dialog, textPretendingToBePdf(`aadhar-${token}.pdf`));
  await expectDestructiveToast(page, 'Upload Failed', /Only PDF, JPEG, PNG and WebP files can be uploaded/);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Choose File' })).toBeEnabled();
  await expect(dialog.getByLabel('Name')).toHaveValue(`Mohan ${token}`);
  await expect(dialog.getByLabel('License No.')).toHaveValue(`RJ14${token}`);
  await expect(dialog.getByLabel('Contact')).toHaveValue('+91 94140 00000');

  // A good file afterwards still goes through, and the driver saves.
  await chooseFile(page, dialog, pdfFile(`aadhar-ok-${token}.pdf`));
  await expect(dialog.getByTestId('file-name')).toHaveText(`aadhar-ok-${token}.pdf`);
  await fill(dialog, { email: `mohan.${token.toLowerCase()}@example.in` });
  await clickSave(dialog, 'Add Driver');
  await expectToast(page, 'Driver Added!');
  await searchList(page, token);
  await viewDocuments(page, `Mohan ${token}`).click();
  await expect(page.getByRole('main').getByLabel('Open the Aadhaar card', { exact: true })).toHaveAttribute('href', /^\/api\/files\/FIL/);
});

test('a file over the upload limit is refused in the form before anything is sent, and the form keeps its input', async ({ page }) => {
  const token = unique();
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/files')) uploads.push(`${request.method()} ${request.url()}`);
  });
  const dialog = await openAdd(page);
  await fill(dialog, { name: `Harish ${token}`, license: `GJ01${token}`, contact: '+91 97250 00000' });
  // Just over the server's 10 MB (RAAHI_UPLOAD_MAX_MB's default).
  const card = pdfFile(`aadhar-${token}.pdf`);
  await chooseFile(page, dialog, { ...card, buffer: Buffer.concat([card.buffer, Buffer.alloc(10 * 1024 * 1024 + 1 - card.buffer.length)]) });
  await expectDestructiveToast(page, 'Upload Failed', 'The file is larger than 10 MB. Choose a smaller file.');
  await expect(dialog.getByRole('alert')).toHaveText('File Too Large: The file is larger than 10 MB. Choose a smaller file.');
  expect(uploads).toEqual([]);
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Choose File' })).toBeEnabled();
  await expect(dialog.getByLabel('Name')).toHaveValue(`Harish ${token}`);
  await expect(dialog.getByLabel('License No.')).toHaveValue(`GJ01${token}`);
  await expect(dialog.getByLabel('Contact')).toHaveValue('+91 97250 00000');

  // A file within the limit then uploads, and the note goes.
  await chooseFile(page, dialog, pdfFile(`aadhar-ok-${token}.pdf`));
  await expect(dialog.getByTestId('file-name')).toHaveText(`aadhar-ok-${token}.pdf`);
  await expect(dialog.getByRole('alert')).toBeHidden();
  expect(uploads).toEqual([expect.stringMatching(/^POST .*\/api\/files$/)]);
});

test('when the drivers cannot be fetched: an Error toast, the failure in the table with Retry, never the empty state', async ({ page }) => {
  // The screen is already open (beforeEach): reloaded, it asks again.
  await expectListFetchFailure(page, /\/api\/drivers\?/, (p) => p.reload(), {
    loading: 'Loading drivers...',
    toast: 'Error',
    description: 'Could not fetch drivers.',
    empty: 'No Drivers Found',
  });
});
