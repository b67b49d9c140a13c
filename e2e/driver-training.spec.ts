import { expect, test, type Page } from '@playwright/test';
import { pdfFile, pngFile, textPretendingToBePdf } from './fixtures/files';
import {
  cancelDiscardingChanges,
  chooseFile,
  chooseOption,
  clickSave,
  columnHeaders,
  confirmDeletion,
  createDriver,
  createTraining,
  driverLabel,
  expectDestructiveToast,
  expectDownload,
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
  expectOnlyMatch,
} from './helpers';

const ID = /^TRN\d{5}[A-Z0-9]{3}$/;

const openTraining = (page: Page) => openScreen(page, '/driver-training', 'Driver Training');
const openAdd = (page: Page) => openDialog(page, 'Add Training Record', 'Add New Training Record');
const openEdit = (page: Page, id: string) => openDialog(page, `Edit ${id}`, 'Edit Training Record');

const certificate = (page: Page, id: string) => page.getByRole('main').getByLabel(`View certificate of ${id}`, { exact: true });
const firstCell = (page: Page) => tableRows(page).first().getByRole('cell').first();

test('add a training record with the specified defaults; the table shows every column', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token, { name: `Prakash ${token}` });
  const driverChoices = page.waitForResponse((r) => /\/api\/drivers\/options\?/.test(r.url()));
  await openTraining(page);
  await expect(page.getByRole('button', { name: 'Add Training Record' })).toBeEnabled();
  const firstDriver = (await (await driverChoices).json()).items[0];
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search by Driver ID, Type, Trainer...');

  const dialog = await openAdd(page);
  await expect(dialog.getByRole('combobox', { name: /^Driver/ })).toHaveText(firstDriver.label);
  await expect(dialog.getByRole('combobox', { name: /^Training Type/ })).toHaveText('Defensive Driving');
  await expect(dialog.getByLabel('Schedule Date')).toHaveValue(shownDate(todayInBrowserZone()));
  await expect(dialog.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('Scheduled');
  await expect(dialog.getByLabel('Validity Period')).toHaveValue('1 year');
  await expect(dialog.getByLabel('Assessment Score (%)')).toHaveValue('');
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();

  // Other tests add drivers too: this test's own is chosen through the picker.
  await pickRecord(page, dialog, /^Driver/, `prakash ${token.toLowerCase()}`, driverLabel(driver));
  await dialog.getByLabel('Trainer Name').fill(`Anil Deshpande ${token}`);
  await dialog.getByLabel('Assessment Score (%)').fill('85');
  await saveAndClose(
    page,
    dialog,
    'Add Record',
    'Training Record Added!',
    new RegExp(`^Defensive Driving for Prakash ${token} has been recorded as TRN\\d{5}[A-Z0-9]{3}\\.$`),
  );

  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(columnHeaders(page)).toHaveText(['Record ID', 'Driver', 'Training Type', 'Schedule Date', 'Trainer', 'Score', 'Validity', 'Status', 'Actions']);
  await expect(tableRows(page).first().getByRole('cell')).toHaveText([
    ID,
    `Prakash ${token}`,
    'Defensive Driving',
    shownDate(todayInBrowserZone()),
    `Anil Deshpande ${token}`,
    '85%',
    '1 year',
    'Scheduled',
    '',
  ]);
  const id = (await firstCell(page).textContent())!;
  await expect(certificate(page, id)).toBeDisabled();
});

test('each validation message, with the dialog kept open and its input kept', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token);
  await openTraining(page);
  const dialog = await openAdd(page);
  await dialog.getByLabel('Trainer Name').fill(`Meera Iyer ${token}`);
  await dialog.getByLabel('Schedule Date').fill('');
  await clickSave(dialog, 'Add Record');
  await expectDestructiveToast(page, 'Missing Fields', 'Driver ID, Training Type, and Schedule Date are required.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Trainer Name')).toHaveValue(`Meera Iyer ${token}`);

  await dialog.getByLabel('Schedule Date').fill('01/12/2026');
  for (const score of ['101', '-1']) {
    await dialog.getByLabel('Assessment Score (%)').fill(score);
    await clickSave(dialog, 'Add Record');
    await expectDestructiveToast(page, 'Invalid Score', 'Assessment Score must be between 0 and 100.');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Assessment Score (%)')).toHaveValue(score);
    await expect(dialog.getByLabel('Trainer Name')).toHaveValue(`Meera Iyer ${token}`);
    await expect(dialog.getByLabel('Schedule Date')).toHaveValue('01/12/2026');
  }

  // The bounds themselves are accepted.
  await pickRecord(page, dialog, /^Driver/, token, driverLabel(driver));
  await dialog.getByLabel('Assessment Score (%)').fill('100');
  await saveAndClose(page, dialog, 'Add Record', 'Training Record Added!');
  await searchList(page, token);
  await expect(tableRows(page).first()).toContainText('100%');
  await expect(tableRows(page).first()).toContainText('01/12/2026');
});

test('edit a training record; missing trainer, score and validity show N/A', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token, { name: `Gopal ${token}` });
  const record = await createTraining(page, { driverId: driver.id, trainingType: 'Hazmat Handling', scheduleDate: '2026-03-09', validityPeriod: '' });
  await openTraining(page);
  await searchList(page, token);
  const cells = tableRows(page).first().getByRole('cell');
  await expect(cells).toHaveText([record.id, `Gopal ${token}`, 'Hazmat Handling', '09/03/2026', 'N/A', 'N/A', 'N/A', 'Scheduled', '']);

  const dialog = await openEdit(page, record.id);
  await expect(dialog.getByRole('combobox', { name: /^Driver/ })).toHaveText(driverLabel(driver));
  await expect(dialog.getByRole('combobox', { name: /^Training Type/ })).toHaveText('Hazmat Handling');
  await expect(dialog.getByLabel('Schedule Date')).toHaveValue('09/03/2026');
  await chooseOption(page, dialog, /^Training Type/, 'Load Securement');
  await chooseOption(page, dialog, 'Status', 'Completed');
  await dialog.getByLabel('Trainer Name').fill(`Dr. Rao ${token}`);
  await dialog.getByLabel('Assessment Score (%)').fill('92');
  await dialog.getByLabel('Validity Period').fill('2 years');
  await saveAndClose(page, dialog, 'Save Changes', 'Training Record Updated!', `Training record ${record.id} has been updated.`);
  await expect(cells).toHaveText([record.id, `Gopal ${token}`, 'Load Securement', '09/03/2026', `Dr. Rao ${token}`, '92%', '2 years', 'Completed', '']);
});

test('delete asks for confirmation first', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token);
  const record = await createTraining(page, { driverId: driver.id, trainerName: `Trainer ${token}` });
  await openTraining(page);
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${record.id}` }).click();
  const confirm = confirmDeletion(page);
  await expect(confirm.getByText('Are you sure you want to delete this training record? This action cannot be undone.', { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(tableRows(page)).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${record.id}` }).click();
  await confirm.getByRole('button', { name: 'Delete Record' }).click();
  await expectDestructiveToast(page, 'Training Record Deleted', `Training record ${record.id} has been deleted.`);
  await expect(page.getByText('No Training Records Found')).toBeVisible();
});

test('search matches the driver name, the training type and the trainer', async ({ page }) => {
  const token = unique();
  const lower = token.toLowerCase();
  const vinod = await createDriver(page, token, { name: `Vinod ${token}` });
  const harpreet = await createDriver(page, token, { name: `Harpreet ${token}` });
  const hazmat = await createTraining(page, { driverId: vinod.id, trainingType: 'Hazmat Handling', trainerName: 'Meera Iyer' });
  const firstAid = await createTraining(page, { driverId: harpreet.id, trainingType: 'First Aid & CPR', trainerName: `Dr. Kulkarni ${token}` });
  await openTraining(page);

  const expectOnly = (term: string, id: string) => expectOnlyMatch(page, term, id);
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(2);
  await expectOnly(`vinod ${lower}`, hazmat.id); // driver name
  await expectOnly(`HARPREET ${token}`, firstAid.id);
  await expectOnly(`dr. kulkarni ${lower}`, firstAid.id); // trainer
  await expectOnly(vinod.id.toLowerCase(), hazmat.id); // the driver's id (the placeholder names it)

  // Training type: every row found has that type, this test's among them.
  await searchList(page, 'first aid & cpr');
  await expect(tableRows(page).filter({ hasText: firstAid.id })).toHaveCount(1);
  for (const type of await tableRows(page).locator('td:nth-child(3)').allTextContents()) expect(type).toBe('First Aid & CPR');

  await searchList(page, `nothing ${token}`);
  await expect(page.getByText('No Training Records Found')).toBeVisible();
});

test('the status filter and the training-type filter built from the types present', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token);
  await createTraining(page, { driverId: driver.id, trainingType: 'Fatigue Management', status: 'Completed', trainerName: `Fatigue ${token}` });
  await createTraining(page, { driverId: driver.id, trainingType: 'Logbook Management', status: 'Expired', trainerName: `Logbook ${token}` });
  await createTraining(page, { driverId: driver.id, trainingType: 'Load Securement', status: 'Pending Renewal', trainerName: `Load ${token}` });
  await openTraining(page);
  const main = page.getByRole('main');
  await searchList(page, token);
  // Newest first.
  await expect(tableRows(page).locator('td:nth-child(3)')).toHaveText(['Load Securement', 'Logbook Management', 'Fatigue Management']);

  expect(await optionsOf(page, main, 'Filter by Status')).toEqual([
    'All Statuses',
    'Scheduled',
    'In Progress',
    'Completed',
    'Failed',
    'Pending Renewal',
    'Expired',
  ]);
  const types = await optionsOf(page, main, 'Filter by Training Type');
  expect(types[0]).toBe('All Types');
  expect(types).toEqual(expect.arrayContaining(['Fatigue Management', 'Logbook Management', 'Load Securement']));
  // No test ever records this type, so it is not offered.
  expect(types).not.toContain('Customer Service Excellence');

  await chooseOption(page, main, 'Filter by Status', 'Expired');
  await expect(page).toHaveURL(/status=Expired/);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(`Logbook ${token}`);
  await expect(tableRows(page).first()).toContainText('Expired');

  await chooseOption(page, main, 'Filter by Status', 'All Statuses');
  await chooseOption(page, main, 'Filter by Training Type', 'Fatigue Management');
  await expect(page).toHaveURL(/trainingType=Fatigue(\+|%20)Management/);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(`Fatigue ${token}`);

  await chooseOption(page, main, 'Filter by Status', 'Failed');
  await expect(page.getByText('No Training Records Found')).toBeVisible();
  await chooseOption(page, main, 'Filter by Status', 'All Statuses');
  await chooseOption(page, main, 'Filter by Training Type', 'All Types');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(3);
});

test('upload a certificate, view it, replace it and remove it', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token);
  const pdf = pdfFile(`certificate-${token}.pdf`);
  const png = pngFile(`certificate-scan-${token}.png`);
  await openTraining(page);

  let dialog = await openAdd(page);
  await pickRecord(page, dialog, /^Driver/, token, driverLabel(driver));
  await chooseFile(page, dialog, pdf);
  await expect(dialog.getByTestId('file-name')).toHaveText(pdf.name);
  await saveAndClose(page, dialog, 'Add Record', 'Training Record Added!');
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);
  const id = (await firstCell(page).textContent())!;
  await expectDownload(page, certificate(page, id), pdf);

  const firstHref = (await certificate(page, id).getAttribute('href'))!;
  dialog = await openEdit(page, id);
  await expect(dialog.getByTestId('file-name')).toHaveText(pdf.name);
  await chooseFile(page, dialog, png);
  await expect(dialog.getByTestId('file-name')).toHaveText(png.name);
  await saveAndClose(page, dialog, 'Save Changes', 'Training Record Updated!');
  // The row links to the new file once the list has reloaded.
  await expect(certificate(page, id)).not.toHaveAttribute('href', firstHref);
  await expectDownload(page, certificate(page, id), png);

  dialog = await openEdit(page, id);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  await saveAndClose(page, dialog, 'Save Changes', 'Training Record Updated!');
  await expect(certificate(page, id)).toBeDisabled();
});

test('an upload the server refuses shows Upload Failed and keeps the rest of the form', async ({ page }) => {
  const token = unique();
  await openTraining(page);
  const dialog = await openAdd(page);
  await dialog.getByLabel('Trainer Name').fill(`Sunita ${token}`);
  await dialog.getByLabel('Assessment Score (%)').fill('77');
  await chooseFile(page, dialog, textPretendingToBePdf(`certificate-${token}.pdf`));
  await expectDestructiveToast(page, 'Upload Failed', /Only PDF, JPEG, PNG and WebP files can be uploaded/);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  await expect(dialog.getByLabel('Trainer Name')).toHaveValue(`Sunita ${token}`);
  await expect(dialog.getByLabel('Assessment Score (%)')).toHaveValue('77');
  await expect(dialog.getByLabel('Validity Period')).toHaveValue('1 year');
  await cancelDiscardingChanges(page, dialog);
});

test('when the records cannot be fetched: an Error toast, the failure in the table with Retry, never the empty state', async ({ page }) => {
  await expectListFetchFailure(page, /\/api\/driver-training\?/, openTraining, {
    loading: 'Loading training records...',
    toast: 'Error',
    description: 'Could not fetch training records.',
    empty: 'No Training Records Found',
  });
});

test('when the drivers list cannot be fetched: an Error toast, and no record can be added', async ({ page }) => {
  await expectPickListFetchFailure(page, /\/api\/drivers\/options\?/, openTraining, {
    toast: 'Error',
    description: 'Could not fetch drivers list.',
    disabled: 'Add Training Record',
  });
});
