import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfFile, pngFile, textPretendingToBePdf } from './fixtures/files';
import {
  chooseFile,
  chooseOption,
  clickSave,
  columnHeaders,
  confirmDeletion,
  createDriver,
  createHealthRecord,
  driverLabel,
  expectButtonWaitsFor,
  expectDestructiveToast,
  expectDownload,
  expectListFetchFailure,
  expectPickListFetchFailure,
  expectToast,
  listSettled,
  openDialog,
  openScreen,
  optionsOf,
  pickRecord,
  saveAndClose,
  searchList,
  tableRows,
  unique,
} from './helpers';

const openHealth = (page: Page) => openScreen(page, '/driver-health-report', 'Driver Health Reports');
const openAdd = (page: Page) => openDialog(page, 'Add Health Record', 'Add New Health Record');
const openEdit = (page: Page, id: string) => openDialog(page, `Edit ${id}`, 'Edit Driver Health Record');

interface HealthFields {
  testType?: string;
  testDate?: string;
  result?: string;
  nextDueDate?: string;
  clinic?: string;
}

async function fill(page: Page, dialog: Locator, h: HealthFields) {
  if (h.testType) await chooseOption(page, dialog, /^Test Type/, h.testType);
  if (h.testDate !== undefined) await dialog.getByLabel('Test Date').fill(h.testDate);
  if (h.result) await chooseOption(page, dialog, /^Result/, h.result);
  if (h.nextDueDate !== undefined) await dialog.getByLabel('Next Due Date').fill(h.nextDueDate);
  if (h.clinic !== undefined) await dialog.getByLabel('Clinic').fill(h.clinic);
}

const reportFile = (page: Page, id: string) => page.getByRole('main').getByLabel(`View report file of ${id}`, { exact: true });
/** The id of the first row's record (the table has no id column; the row's actions name it). */
const firstRowId = async (page: Page) =>
  (await tableRows(page)
    .first()
    .getByRole('button', { name: /^Edit DHR/ })
    .getAttribute('aria-label'))!.replace('Edit ', '');

test('Add Health Record waits for the drivers list; add a record; the table shows every column', async ({ page }) => {
  const token = unique();
  // Made in this order so that newest-first and by-name orders differ: the picker lists by name.
  const aarav = await createDriver(page, token, { name: `Aarav ${token}` });
  const zubin = await createDriver(page, token, { name: `Zubin ${token}` });
  // Hold the drivers pick-list back: the button stays disabled until it has loaded.
  await expectButtonWaitsFor(page, /\/api\/drivers\/options\?/, openHealth, 'Add Health Record');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search Driver, Test Type, Clinic...');

  const dialog = await openAdd(page);
  const driverPicker = dialog.getByRole('combobox', { name: /^Driver/ });
  await expect(driverPicker).toHaveText('Select...');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await driverPicker.click();
  await page.getByRole('combobox', { name: 'Search choices' }).fill(token);
  // By name; each option named by its label, its status shown beside it.
  await expect(page.getByRole('option')).toHaveCount(2);
  await expect(page.getByRole('option').nth(0)).toHaveAccessibleName(driverLabel(aarav));
  await expect(page.getByRole('option').nth(1)).toHaveAccessibleName(driverLabel(zubin));
  await expect(page.getByRole('option').nth(0)).toContainText('Active');
  await page.getByRole('option', { name: driverLabel(aarav) }).click();
  await expect(driverPicker).toHaveText(driverLabel(aarav));

  await fill(page, dialog, {
    testType: 'Vision Test',
    testDate: '10/02/2026',
    result: 'Fit with Aid',
    nextDueDate: '10/02/2027',
    clinic: `Apollo Clinic, Pune ${token}`,
  });
  await saveAndClose(page, dialog, 'Add Record', 'Health Record Added!', `Vision Test for Aarav ${token} has been recorded.`);

  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(columnHeaders(page)).toHaveText(['Driver', 'Test Type', 'Test Date', 'Result', 'Next Due Date', 'Clinic', 'Actions']);
  await expect(tableRows(page).first().getByRole('cell')).toHaveText([
    `Aarav ${token}`,
    'Vision Test',
    '10/02/2026',
    'Fit with Aid',
    '10/02/2027',
    `Apollo Clinic, Pune ${token}`,
    '',
  ]);
  await expect(reportFile(page, await firstRowId(page))).toBeDisabled();
});

test('each validation message, with the dialog kept open and its input kept', async ({ page }) => {
  const missing = 'Driver, Test Type, Test Date, and Result are required.';
  const token = unique();
  const driver = await createDriver(page, token);
  await openHealth(page);
  const dialog = await openAdd(page);
  await fill(page, dialog, { clinic: `Ruby Hall ${token}` });
  await clickSave(dialog, 'Add Record');
  await expectDestructiveToast(page, 'Missing Fields', missing);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Clinic')).toHaveValue(`Ruby Hall ${token}`);

  await pickRecord(page, dialog, /^Driver/, token, driverLabel(driver));
  await fill(page, dialog, { testDate: '' });
  await clickSave(dialog, 'Add Record');
  await expectDestructiveToast(page, 'Missing Fields', missing);
  await expect(dialog.getByRole('combobox', { name: /^Driver/ })).toHaveText(driverLabel(driver));

  await fill(page, dialog, { testDate: '10/05/2026', nextDueDate: '09/05/2026' });
  await clickSave(dialog, 'Add Record');
  await expectDestructiveToast(page, 'Invalid Dates', 'Test Date cannot be after Next Due Date.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Test Date')).toHaveValue('10/05/2026');
  await expect(dialog.getByLabel('Next Due Date')).toHaveValue('09/05/2026');
  await expect(dialog.getByLabel('Clinic')).toHaveValue(`Ruby Hall ${token}`);

  // The same day for both is allowed.
  await fill(page, dialog, { nextDueDate: '10/05/2026', testType: 'Blood Pressure Test' });
  await saveAndClose(page, dialog, 'Add Record', 'Health Record Added!', `Blood Pressure Test for ${driver.name} has been recorded.`);
});

test('edit a health record; missing next due date and clinic show N/A', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token, { name: `Baldev ${token}` });
  const record = await createHealthRecord(page, { driverId: driver.id, testType: 'Vision Test', testDate: '2026-02-03', result: 'Fit' });
  await openHealth(page);
  await searchList(page, token);
  const cells = tableRows(page).first().getByRole('cell');
  await expect(cells).toHaveText([`Baldev ${token}`, 'Vision Test', '03/02/2026', 'Fit', 'N/A', 'N/A', '']);

  const dialog = await openEdit(page, record.id);
  await expect(dialog.getByRole('combobox', { name: /^Driver/ })).toHaveText(driverLabel(driver));
  await expect(dialog.getByRole('combobox', { name: /^Test Type/ })).toHaveText('Vision Test');
  await expect(dialog.getByLabel('Test Date')).toHaveValue('03/02/2026');
  await fill(page, dialog, { testType: 'Audiometry', result: 'Unfit', nextDueDate: '03/08/2026', clinic: `Sahyadri Hospital ${token}` });
  await saveAndClose(page, dialog, 'Save Changes', 'Health Record Updated!', `The Audiometry record of Baldev ${token} has been updated.`);
  await expect(cells).toHaveText([`Baldev ${token}`, 'Audiometry', '03/02/2026', 'Unfit', '03/08/2026', `Sahyadri Hospital ${token}`, '']);
});

test('delete asks for confirmation first', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token, { name: `Chetan ${token}` });
  const record = await createHealthRecord(page, { driverId: driver.id, testType: 'Drug & Alcohol Test' });
  await openHealth(page);
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${record.id}` }).click();
  const confirm = confirmDeletion(page);
  await expect(confirm).toContainText(`Are you sure you want to delete the Drug & Alcohol Test record of Chetan ${token}? This action cannot be undone.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(tableRows(page)).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${record.id}` }).click();
  await confirm.getByRole('button', { name: 'Delete Record' }).click();
  await expectDestructiveToast(page, 'Health Record Deleted', `The Drug & Alcohol Test record of Chetan ${token} has been deleted.`);
  await expect(page.getByText('No Health Records Found')).toBeVisible();
});

test('search matches the driver name, the test type and the clinic', async ({ page }) => {
  const token = unique();
  const lower = token.toLowerCase();
  const dinesh = await createDriver(page, token, { name: `Dinesh ${token}` });
  const esha = await createDriver(page, token, { name: `Esha ${token}` });
  const vision = await createHealthRecord(page, { driverId: dinesh.id, testType: 'Vision Test', clinicInfo: 'Lions Eye Clinic' });
  const audio = await createHealthRecord(page, { driverId: esha.id, testType: 'Audiometry', clinicInfo: `Jehangir Hospital ${token}` });
  await openHealth(page);

  const expectOnly = async (term: string, id: string) => {
    await searchList(page, term);
    await expect(tableRows(page)).toHaveCount(1);
    // Polled: the previous search also showed one row, until the new answer replaces it.
    await expect.poll(() => firstRowId(page)).toBe(id);
  };
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(2);
  await expectOnly(`dinesh ${lower}`, vision.id); // driver name
  await expectOnly(`ESHA ${token}`, audio.id);
  await expectOnly(`jehangir hospital ${lower}`, audio.id); // clinic

  // Test type: every row found has that type, this test's among them.
  await searchList(page, 'audiometry');
  await expect(tableRows(page).filter({ has: page.getByRole('button', { name: `Edit ${audio.id}` }) })).toHaveCount(1);
  for (const type of await tableRows(page).locator('td:nth-child(2)').allTextContents()) expect(type).toBe('Audiometry');

  await searchList(page, `nothing ${token}`);
  await expect(page.getByText('No Health Records Found')).toBeVisible();
});

test('the result filter and the test-type filter built from the types present', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token);
  await createHealthRecord(page, { driverId: driver.id, testType: 'Blood Pressure Test', result: 'Unfit', clinicInfo: `BP ${token}` });
  await createHealthRecord(page, { driverId: driver.id, testType: 'General Fitness Checkup', result: 'Pending Review', clinicInfo: `General ${token}` });
  await createHealthRecord(page, { driverId: driver.id, testType: 'Vision Test', result: 'Fit', clinicInfo: `Vision ${token}` });
  await openHealth(page);
  const main = page.getByRole('main');
  await searchList(page, token);
  // Newest first.
  await expect(tableRows(page).locator('td:nth-child(2)')).toHaveText(['Vision Test', 'General Fitness Checkup', 'Blood Pressure Test']);

  expect(await optionsOf(page, main, 'Filter by Result')).toEqual(['All Results', 'Fit', 'Fit with Aid', 'Unfit', 'Pending Review']);
  const types = await optionsOf(page, main, 'Filter by Test Type');
  expect(types[0]).toBe('All Test Types');
  expect(types).toEqual(expect.arrayContaining(['Blood Pressure Test', 'General Fitness Checkup', 'Vision Test']));
  // No test ever records this type, so it is not offered.
  expect(types).not.toContain('Diabetes Screening');

  await chooseOption(page, main, 'Filter by Result', 'Unfit');
  await expect(page).toHaveURL(/result=Unfit/);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(`BP ${token}`);

  await chooseOption(page, main, 'Filter by Result', 'All Results');
  await chooseOption(page, main, 'Filter by Test Type', 'General Fitness Checkup');
  await expect(page).toHaveURL(/testType=General(\+|%20)Fitness(\+|%20)Checkup/);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(`General ${token}`);
  await expect(tableRows(page).first()).toContainText('Pending Review');

  await chooseOption(page, main, 'Filter by Result', 'Fit');
  await expect(page.getByText('No Health Records Found')).toBeVisible();
  await chooseOption(page, main, 'Filter by Test Type', 'All Test Types');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(`Vision ${token}`);
});

test('upload a report file, view it, replace it and remove it', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token);
  const pdf = pdfFile(`health-report-${token}.pdf`);
  const png = pngFile(`health-report-scan-${token}.png`);
  await openHealth(page);

  let dialog = await openAdd(page);
  await pickRecord(page, dialog, /^Driver/, token, driverLabel(driver));
  await chooseFile(page, dialog, pdf);
  await expect(dialog.getByTestId('file-name')).toHaveText(pdf.name);
  await saveAndClose(page, dialog, 'Add Record', 'Health Record Added!');
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);
  const id = await firstRowId(page);
  await expectDownload(page, reportFile(page, id), pdf);

  const firstHref = (await reportFile(page, id).getAttribute('href'))!;
  dialog = await openEdit(page, id);
  await expect(dialog.getByTestId('file-name')).toHaveText(pdf.name);
  await chooseFile(page, dialog, png);
  await expect(dialog.getByTestId('file-name')).toHaveText(png.name);
  await saveAndClose(page, dialog, 'Save Changes', 'Health Record Updated!');
  // The row links to the new file once the list has reloaded.
  await expect(reportFile(page, id)).not.toHaveAttribute('href', firstHref);
  await expectDownload(page, reportFile(page, id), png);

  dialog = await openEdit(page, id);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  await saveAndClose(page, dialog, 'Save Changes', 'Health Record Updated!');
  await expect(reportFile(page, id)).toBeDisabled();
});

test('an upload the server refuses shows Upload Failed and keeps the rest of the form', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token);
  await openHealth(page);
  const dialog = await openAdd(page);
  await pickRecord(page, dialog, /^Driver/, token, driverLabel(driver));
  await fill(page, dialog, { clinic: `Deenanath ${token}`, nextDueDate: '01/01/2027' });
  await chooseFile(page, dialog, textPretendingToBePdf(`report-${token}.pdf`));
  await expectDestructiveToast(page, 'Upload Failed', /Only PDF, JPEG, PNG and WebP files can be uploaded/);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: /^Driver/ })).toHaveText(driverLabel(driver));
  await expect(dialog.getByLabel('Clinic')).toHaveValue(`Deenanath ${token}`);
  await expect(dialog.getByLabel('Next Due Date')).toHaveValue('01/01/2027');

  // The record still saves, without a file.
  await clickSave(dialog, 'Add Record');
  await expectToast(page, 'Health Record Added!');
  await searchList(page, token);
  await expect(reportFile(page, await firstRowId(page))).toBeDisabled();
});

test('when the records cannot be fetched: an Error toast, the failure in the table with Retry, never the empty state', async ({ page }) => {
  await expectListFetchFailure(page, /\/api\/driver-health\?/, openHealth, {
    loading: 'Loading health records...',
    toast: 'Error',
    description: 'Could not fetch health records.',
    empty: 'No Health Records Found',
  });
});

test('when the drivers list cannot be fetched: an Error toast, and no record can be added', async ({ page }) => {
  await expectPickListFetchFailure(page, /\/api\/drivers\/options\?/, openHealth, {
    toast: 'Error',
    description: 'Could not fetch drivers list.',
    disabled: 'Add Health Record',
  });
});
