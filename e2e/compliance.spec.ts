import { expect, test, type Page } from '@playwright/test';
import { pdfFile } from './fixtures/files';
import {
  apiCreate,
  chooseFile,
  chooseOption,
  clickSave,
  columnHeaders,
  confirmDeletion,
  createDriver,
  createTrip,
  createVehicle,
  driverLabel,
  expectDestructiveToast,
  expectDownload,
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
} from './helpers';

const openCompliance = (page: Page) => openScreen(page, '/compliance', 'Compliance Management (Document Hub)');
const inDays = (days: number) => {
  const date = new Date(`${todayInBrowserZone()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const documentIn = (page: Page, name: string, days: number) =>
  apiCreate<{ documentName: string }>(page, 'compliance', {
    documentName: name,
    documentType: 'Operating Permit',
    entityId: '',
    documentNumber: '',
    issuer: '',
    issueDate: null,
    expiryDate: inDays(days),
    notes: '',
    documentFile: null,
  });

test('add a document with a file: Uploading... while it uploads, then the file opens from the row; delete names it', async ({ page }) => {
  const token = unique();
  await openCompliance(page);
  for (const inert of ['Manage Expiry Alerts', 'Fetch e-Way Bills (API)']) await expect(page.getByRole('button', { name: inert })).toBeEnabled();
  await expect(columnHeaders(page)).toHaveText(
    ['Doc ID', 'Name', 'Type', 'Entity ID', 'Expiry Status', 'Issuer', 'Actions'].map((h) => new RegExp(`^${h}`, 'i')),
  );
  const dialog = await openDialog(page, 'Add Document', 'Add New Document');
  await expect(dialog.getByRole('combobox', { name: /^Doc Type/ })).toHaveText('Vehicle Registration');
  await dialog.getByLabel('Doc Name').fill(`RC ${token}`);
  await dialog.getByLabel('Expiry Date').fill(shownDate(inDays(400)));
  // Hold the upload to see the save button wait for it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/files', async (route) => {
    await held;
    await route.continue();
  });
  const file = pdfFile(`rc-${token}.pdf`);
  await chooseFile(page, dialog, file);
  await expect(dialog.getByRole('button', { name: 'Uploading...' }).last()).toBeDisabled();
  release();
  await expect(dialog.getByTestId('file-name')).toHaveText(file.name);
  await saveAndClose(page, dialog, 'Add Document', 'Document Added!', `New document RC ${token} has been added.`);

  await searchList(page, token);
  const row = tableRows(page).first();
  await expect(row).toContainText(shownDate(inDays(400)));
  const id = (await row.getByRole('cell').first().innerText()).trim();
  await expectDownload(page, row.getByLabel(`Open the file of ${id}`), file);

  await row.getByRole('button', { name: `Delete ${id}` }).click();
  await expect(confirmDeletion(page)).toContainText(`"RC ${token}" (ID: ${id})`);
  await confirmDeletion(page).getByRole('button', { name: 'Delete Document' }).click();
  await expectDestructiveToast(page, 'Document Deleted!', `Document "RC ${token}" (ID: ${id}) removed.`);
});

test('the validation toasts: missing fields, and an issue date after the expiry date', async ({ page }) => {
  await openCompliance(page);
  const dialog = await openDialog(page, 'Add Document', 'Add New Document');
  await clickSave(dialog, 'Add Document');
  await expectDestructiveToast(page, 'Missing Fields', 'Document Name, Type, and Expiry Date are required.');
  await dialog.getByLabel('Doc Name').fill('Permit');
  await dialog.getByLabel('Issue Date').fill('02/01/2030');
  await dialog.getByLabel('Expiry Date').fill('01/01/2030');
  await clickSave(dialog, 'Add Document');
  await expectDestructiveToast(page, 'Invalid Dates', 'Issue Date cannot be after Expiry Date.');
});

test('expiry badges and the expiry filter at the edges: yesterday, today, today + 30, today + 31', async ({ page }) => {
  const token = unique();
  await documentIn(page, `Edge ${token} yesterday`, -1);
  await documentIn(page, `Edge ${token} today`, 0);
  await documentIn(page, `Edge ${token} in30`, 30);
  await documentIn(page, `Edge ${token} in31`, 31);
  await openCompliance(page);
  await searchList(page, `Edge ${token}`);
  await expect(tableRows(page).filter({ hasText: 'yesterday' })).toContainText(`Expired: ${shownDate(inDays(-1))}`);
  await expect(tableRows(page).filter({ hasText: `${token} today` })).toContainText(`Expires Soon: ${shownDate(inDays(0))}`);
  await expect(tableRows(page).filter({ hasText: 'in31' })).not.toContainText('Expires Soon');

  expect(await optionsOf(page, page, 'Filter by Expiry')).toEqual(['All Expiries', 'Expiring Soon (30d)', 'Expired']);
  await chooseOption(page, page, 'Filter by Expiry', 'Expiring Soon (30d)');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(2);
  await chooseOption(page, page, 'Filter by Expiry', 'Expired');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await chooseOption(page, page, 'Filter by Document type', 'Driver License');
  await listSettled(page);
  await expect(page.getByText('No Documents Found')).toBeVisible();
});

test('the Entity ID names a vehicle, a driver, a trip or none, chosen by kind; the list shows the plate, the name, the trip', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token);
  const driver = await createDriver(page, token);
  const trip = await createTrip(page, { vehicleId: vehicle.id, driverId: driver.id, origin: 'Nashik', destination: `Surat ${token}` });
  await openCompliance(page);
  const entityCell = () => tableRows(page).first().getByRole('cell').nth(3);

  // A registration is a vehicle's: the form offers vehicles first.
  let dialog = await openDialog(page, 'Add Document', 'Add New Document');
  await dialog.getByLabel('Doc Name').fill(`RC ${token}`);
  await dialog.getByLabel('Expiry Date').fill(shownDate(inDays(400)));
  await expect(dialog.getByRole('radiogroup', { name: 'Entity ID' }).getByRole('radio')).toHaveCount(4);
  await expect(dialog.getByRole('radio', { name: 'Vehicle' })).toBeChecked();
  await pickRecord(page, dialog, /^Entity ID/, `MH12${token}`, vehicleLabel(vehicle));
  await saveAndClose(page, dialog, 'Add Document', 'Document Added!', `New document RC ${token} has been added.`);
  await searchList(page, `RC ${token}`);
  await expect(entityCell()).toHaveText(`MH12${token}`);
  await expect(entityCell().locator('span[title]')).toHaveAttribute('title', vehicleLabel(vehicle));
  // Search finds it by the vehicle's plate.
  await searchList(page, `mh12${token.toLowerCase()}`);
  await expect(tableRows(page)).toHaveCount(1);

  // Now a driver's.
  await tableRows(page)
    .first()
    .getByRole('button', { name: /^Edit / })
    .click();
  dialog = page.getByRole('dialog', { name: 'Edit Compliance Document' });
  await expect(dialog.getByRole('radio', { name: 'Vehicle' })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: /^Entity ID/ })).toHaveText(vehicleLabel(vehicle));
  await dialog.getByText('Driver', { exact: true }).click();
  await pickRecord(page, dialog, /^Entity ID/, `Ramesh ${token}`, driverLabel(driver));
  await saveAndClose(page, dialog, 'Save Changes', 'Document Updated!', `Document RC ${token} has been updated.`);
  await searchList(page, `RC ${token}`);
  await expect(entityCell()).toHaveText(`Ramesh ${token}`);

  // And none: a company document.
  await tableRows(page)
    .first()
    .getByRole('button', { name: /^Edit / })
    .click();
  dialog = page.getByRole('dialog', { name: 'Edit Compliance Document' });
  await expect(dialog.getByRole('radio', { name: 'Driver' })).toBeChecked();
  await dialog.getByText('None', { exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: /^Entity ID/ })).toHaveCount(0);
  await saveAndClose(page, dialog, 'Save Changes', 'Document Updated!', `Document RC ${token} has been updated.`);
  await searchList(page, `RC ${token}`);
  await expect(entityCell()).toHaveText('N/A');

  // An e-Way Bill is a trip's.
  dialog = await openDialog(page, 'Add Document', 'Add New Document');
  await dialog.getByLabel('Doc Name').fill(`EWB ${token}`);
  await chooseOption(page, dialog, /^Doc Type/, 'e-Way Bill');
  await dialog.getByLabel('Expiry Date').fill(shownDate(inDays(5)));
  await expect(dialog.getByRole('radio', { name: 'Trip' })).toBeChecked();
  await pickRecord(page, dialog, /^Entity ID/, `Surat ${token}`, `${trip.id} (Nashik → Surat ${token})`);
  await saveAndClose(page, dialog, 'Add Document', 'Document Added!', `New document EWB ${token} has been added.`);
  await searchList(page, `EWB ${token}`);
  await expect(entityCell()).toHaveText(`${trip.id} (Nashik → Surat ${token})`);
});

test('the PUC and Fitness certificates follow the eight types, in the form and in the type filter', async ({ page }) => {
  const token = unique();
  const typed = (name: string, documentType: string) =>
    apiCreate(page, 'compliance', {
      documentName: name,
      documentType,
      entityId: '',
      documentNumber: '',
      issuer: '',
      issueDate: null,
      expiryDate: inDays(90),
      notes: '',
      documentFile: null,
    });
  const puc = await typed(`Typed ${token} PUC`, 'Pollution Under Control (PUC) Certificate');
  const fitness = await typed(`Typed ${token} FC`, 'Fitness Certificate');
  await openCompliance(page);
  const types = [
    'Vehicle Registration',
    'Insurance Policy',
    'Operating Permit',
    'Driver License',
    'e-Way Bill',
    'Safety Certificate',
    'Aadhar Card',
    'Other',
    'Pollution Under Control (PUC) Certificate',
    'Fitness Certificate',
  ];
  expect(await optionsOf(page, page, 'Filter by Document type')).toEqual(['All Types', ...types]);
  const dialog = await openDialog(page, 'Add Document', 'Add New Document');
  expect(await optionsOf(page, dialog, /^Doc Type/)).toEqual(types);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await searchList(page, `Typed ${token}`);
  await expect(tableRows(page)).toHaveCount(2);
  await chooseOption(page, page, 'Filter by Document type', 'Pollution Under Control (PUC) Certificate');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first().getByRole('cell').first()).toHaveText(puc.id);
  await chooseOption(page, page, 'Filter by Document type', 'Fitness Certificate');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first().getByRole('cell').first()).toHaveText(fitness.id);
});
