import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  apiUpdate,
  chooseOption,
  createVehicle,
  downloadFrom,
  expectDestructiveToast,
  expectToast,
  failRequests,
  openScreen,
  roleUsers,
  searchList,
  seriousViolations,
  tableRows,
  unique,
} from './helpers';
import type { TestFile } from './fixtures/files';

/**
 * Import, as a user does it from a list's toolbar (the vehicles' here; the same dialog serves every area): the
 * template, a file whose headers are not the form's labels, the mapping corrected, the check's errors, the commit
 * with its progress, the records in the list, and Undo. The suite signs in as admin (an Administrator).
 */

const { create: createUser, signedInAs } = roleUsers('imp', 'Raahi-import-e2e-2026');

const csv = (name: string, lines: string[]): TestFile => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8') });

/**
 * Opens the Import dialog on Vehicles. `fresh`: at the file step even when the dialog resumes a run of the user's that
 * just finished (an earlier attempt of the same test, when Playwright retries it), which is then set aside.
 */
async function openImport(page: Page, { fresh = false } = {}) {
  await openScreen(page, '/vehicle-management', 'Vehicle Management');
  const runsRead = fresh ? page.waitForResponse((answer) => answer.url().includes('/api/imports?area=vehicles')) : null;
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Vehicles' });
  await expect(dialog).toBeVisible();
  if (runsRead) {
    await runsRead;
    // The dialog turns to a resumed run in the render after the runs arrive.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const another = dialog.getByRole('button', { name: 'Import Another File' });
    if (await another.isVisible()) await another.click();
  }
  return dialog;
}

test("the template downloads from the dialog as CSV and as XLSX, headed by the form's labels", async ({ page }) => {
  const dialog = await openImport(page);
  const template = await downloadFrom(page, dialog.getByRole('link', { name: 'Download template (CSV)' }));
  expect(template.name).toMatch(/\.csv$/);
  const [header, example] = template.body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  for (const label of ['Make', 'Model', 'Year', 'License Plate', 'VIN']) expect(header.split(',')).toContain(label);
  // An example row of Indian data under the header.
  expect(example.split(',').length).toBe(header.split(',').length);

  // What the links fetch, as the server answers it: an attachment of the right type.
  const csvAnswer = await page.request.get('/api/vehicles/import/template?format=csv');
  expect(csvAnswer.status()).toBe(200);
  expect(csvAnswer.headers()['content-type']).toMatch(/^text\/csv/);
  expect(csvAnswer.headers()['content-disposition']).toMatch(/^attachment;.*\.csv/);
  const xlsxAnswer = await page.request.get('/api/vehicles/import/template?format=xlsx');
  expect(xlsxAnswer.status()).toBe(200);
  expect(xlsxAnswer.headers()['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(xlsxAnswer.headers()['content-disposition']).toMatch(/^attachment;.*\.xlsx/);
  // An XLSX is a ZIP archive.
  expect((await xlsxAnswer.body()).subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(dialog.getByRole('link', { name: 'Download template (XLSX)' })).toHaveAttribute('href', '/api/vehicles/import/template?format=xlsx');
});

// Before any commit of this file's tests: a run just ended would show in the dialog first.
test('a file over the size limit is refused in the dialog before a byte is sent', async ({ page }) => {
  const dialog = await openImport(page);
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().includes('/import/preview')) sent++;
  });
  const big: TestFile = { name: 'fleet-huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(20 * 1024 * 1024 + 1, 'a') };
  await dialog.getByLabel('File', { exact: true }).setInputFiles(big);
  await expectDestructiveToast(page, 'File Too Large', 'The file is larger than 20 MB. Choose a smaller file.');
  await expect(dialog.getByRole('alert')).toContainText('fleet-huge.csv');
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
  expect(sent).toBe(0);
});

test('a file is matched, corrected, checked, imported with progress, shown in the list, and undone', async ({ page }) => {
  const token = unique();
  const plates = [`MH12${token}1`, `KA01${token}2`, `DL01${token}3`];
  // "Vehicle No" is an alias of License Plate; "Frame Code" is nobody's, so the user maps it to VIN. The server
  // remembers a user's mapping of the same headers: a column named by the run's token keeps this one new.
  const file = csv(`fleet-${token}.csv`, [
    `Make,Model,Year,Vehicle No,Frame Code,Type,Status,Ref ${token}`,
    `Tata,Prima ${token},2022,${plates[0]},MAT${token}0000001,Truck,Active,1`,
    `Ashok Leyland,Dost ${token},2021,${plates[1]},MAL${token}0000002,Van,Active,2`,
    `Eicher,Pro ${token},1800,${plates[2]},MEC${token}0000003,Truck,Active,3`,
  ]);

  const dialog = await openImport(page, { fresh: true });
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
  await dialog.getByLabel('File', { exact: true }).setInputFiles(file);
  await expect(dialog.getByTestId('import-file-name')).toHaveText(file.name);
  await expect(dialog.getByLabel('Add new records')).toBeChecked();
  await expect(dialog.getByLabel('All rows or none')).toBeChecked();
  await dialog.getByRole('button', { name: 'Next' }).click();

  // The columns as the server matched them: the alias found, the unknown header left out, VIN flagged as missing.
  const columns = dialog.getByRole('table', { name: 'Columns of the file' });
  await expect(columns).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Field for Vehicle No', exact: true })).toHaveText('License Plate');
  await expect(dialog.getByRole('combobox', { name: 'Field for Make', exact: true })).toHaveText('Make');
  await expect(dialog.getByRole('combobox', { name: 'Field for Frame Code', exact: true })).toHaveText('Leave out');
  await expect(dialog.getByRole('combobox', { name: `Field for Ref ${token}`, exact: true })).toHaveText('Leave out');
  // Each column shows its first values under its header.
  await expect(columns.getByRole('row', { name: /Frame Code/ })).toContainText(`MAT${token}0000001, MAL${token}0000002, MEC${token}0000003`);
  await expect(dialog.getByRole('alert')).toContainText('VIN is not matched to a column.');
  await expect(dialog.getByRole('button', { name: 'Check File' })).toBeDisabled();
  await chooseOption(page, dialog, 'Field for Frame Code', 'VIN');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // A request that fails loses nothing: the error shows, the file and the corrected mapping stay, and a retry goes.
  await failRequests(page, /\/api\/vehicles\/import\?/);
  await dialog.getByRole('button', { name: 'Check File' }).click();
  await expectDestructiveToast(page, 'Service Unavailable', 'The database is unavailable.');
  await expect(dialog.getByRole('alert')).toContainText('The database is unavailable.');
  await expect(dialog.getByRole('combobox', { name: 'Field for Frame Code', exact: true })).toHaveText('VIN');
  await page.unroute(/\/api\/vehicles\/import\?/);

  // The check: nothing written, the bad row's row, column and message, and the errors as a CSV.
  await dialog.getByRole('button', { name: 'Check File' }).click();
  await expect(dialog.getByText('3 rows: 2 valid, 1 error.')).toBeVisible();
  const errors = dialog.getByRole('table', { name: 'Errors' });
  await expect(errors.locator('tbody tr')).toHaveCount(1);
  await expect(errors.locator('tbody tr').first().getByRole('cell')).toHaveText(['4', 'Year', /Please enter a valid vehicle year\.$/]);
  const errorsCsv = await downloadFrom(page, dialog.getByRole('link', { name: 'Download errors (CSV)' }));
  expect(errorsCsv.name).toMatch(/\.csv$/);
  expect(errorsCsv.body.toString('utf8')).toContain('Please enter a valid vehicle year.');
  await expectVehiclesMatching(page, token, 0);
  expect(await seriousViolations(page)).toEqual([]);

  // All or nothing refuses a file with an error; only the valid rows go.
  await expect(dialog.getByRole('button', { name: 'Import 3 Rows' })).toBeDisabled();
  await dialog.getByLabel('Import only the valid rows').check();

  // The run's first answers are held back a moment, so its progress can be read before it ends.
  let held = 0;
  await page.route(/\/api\/imports\/[^/?]+$/, async (route) => {
    if (route.request().method() === 'GET' && held++ < 2) await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Import 2 Rows' }).click();
  const progress = dialog.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuetext', /^Checked [\d,]+ of [\d,]+ rows? · [\d,]+ written$/);
  await expect(dialog.getByText('You can close this window or leave the page')).toBeVisible();

  await expectToast(page, 'Import Complete', '2 records added; 1 row with errors left out.');
  await expect(dialog.getByText(`${file.name}: 2 records added; 1 row with errors left out.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  // The list refreshed by itself: both valid vehicles, not the bad one.
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(2);
  await expect(page.getByRole('table')).toContainText(plates[0]);
  await expect(page.getByRole('table')).toContainText(plates[1]);
  await expect(page.getByRole('table')).not.toContainText(plates[2]);

  // After leaving the page, Import shows the run just ended, with its Undo.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Vehicle Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText(`${file.name}: 2 records added; 1 row with errors left out.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Undo Import' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Undo Import?' });
  await expect(confirm).toContainText('The 2 vehicles this import added are deleted.');
  await confirm.getByRole('button', { name: 'Undo Import' }).click();
  await expectToast(page, 'Import Undone', '2 records removed.');
  await expect(dialog.getByText('This import was undone.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Undo Import' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Import Another File' }).click();
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No Vehicles Found')).toBeVisible();
  await expectVehiclesMatching(page, token, 0);
});

/** How many vehicles the server holds that match `token` (a check writes none). */
async function expectVehiclesMatching(page: Page, token: string, count: number) {
  const answer = await page.request.get(`/api/vehicles/total?q=${token}`);
  expect((await answer.json()).total).toBe(count);
}

test('undo is refused, naming the record, once an imported vehicle has changed since', async ({ page }) => {
  const token = unique();
  const plate = `TN09${token}`;
  const me = await (await page.request.get('/api/auth/me')).json();
  // A batch committed through the API (the dialog's own path is the test above).
  const answer = await page.request.post('/api/vehicles/import', {
    headers: { 'x-csrf-token': me.csrfToken },
    multipart: {
      file: {
        name: `one-${token}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(`Make,Model,Year,License Plate,VIN\r\nBharatBenz,${token},2023,${plate},MBB${token}000001\r\n`),
      },
      mode: 'commit',
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  expect((await answer.json()).written).toBe(1);
  const vehicle = (await (await page.request.get(`/api/vehicles?q=${plate}`)).json()).items[0];
  const { make, model, year, vin, licensePlate, type, status, purchaseDate } = vehicle;
  await apiUpdate(page, 'vehicles', vehicle.id, {
    make,
    model,
    year,
    vin,
    licensePlate,
    type,
    status,
    purchaseDate,
    currentMileage: 4321,
    version: vehicle.version,
  });

  const dialog = await openImport(page);
  await expect(dialog.getByText(`one-${token}.csv: 1 record added.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Undo Import' }).click();
  await page.getByRole('alertdialog', { name: 'Undo Import?' }).getByRole('button', { name: 'Undo Import' }).click();
  await expectDestructiveToast(page, 'Undo Refused', new RegExp(vehicle.id));
  // The server's refusal, in the dialog where the user looks, naming the changed record; the record stays.
  await expect(dialog.getByRole('alert')).toContainText(vehicle.id);
  await expect(dialog.getByRole('button', { name: 'Undo Import' })).toBeVisible();
  const still = await (await page.request.get(`/api/vehicles/${vehicle.id}`)).json();
  expect(still.currentMileage).toBe(4321);
});

test('an Excel file is read by its aliased headers: a date cell as its day, numbers as numbers, a formula by its cached result', async ({ page }) => {
  const token = unique();
  const plates = [`GJ05${token}1`, `RJ14${token}2`];
  // A workbook as Excel saves it: aliased headers, a real date cell, number cells, and formula cells whose cached
  // results differ from what evaluating them gives ("Ace Gold", 45211), so only the cached value can come in.
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Fleet');
  sheet.addRow(['Make', 'Model', 'Mfg Year', 'Vehicle No', 'Chassis No', 'Date of Purchase', 'Odometer', `Ref ${token}`]);
  sheet.addRow([
    'Tata',
    { formula: '"Ace"&" Gold"', result: `Signa ${token}` },
    2021,
    plates[0],
    `MAT${token}000001`,
    new Date(Date.UTC(2024, 2, 15)),
    45210,
    1,
  ]);
  sheet.addRow(['Mahindra', `Blazo ${token}`, 2023, plates[1], `MAH${token}000002`, new Date(Date.UTC(2025, 10, 25)), { formula: 'G2+1', result: 1200 }, 2]);
  sheet.getColumn(6).numFmt = 'dd/mm/yyyy';
  const file: TestFile = {
    name: `fleet-${token}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  };

  const dialog = await openImport(page, { fresh: true });
  await dialog.getByLabel('File', { exact: true }).setInputFiles(file);
  await expect(dialog.getByTestId('import-file-name')).toHaveText(file.name);
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Every header found by its alias, nothing missing; the first values are the cells as the import reads them.
  const columns = dialog.getByRole('table', { name: 'Columns of the file' });
  await expect(columns).toBeVisible();
  for (const [header, field] of [
    ['Model', 'Model'],
    ['Mfg Year', 'Year'],
    ['Vehicle No', 'License Plate'],
    ['Chassis No', 'VIN'],
    ['Date of Purchase', 'Purchase Date'],
    ['Odometer', 'Current Mileage (km)'],
    [`Ref ${token}`, 'Leave out'],
  ])
    await expect(dialog.getByRole('combobox', { name: `Field for ${header}`, exact: true })).toHaveText(field);
  await expect(columns.getByRole('row', { name: /^Model\b/ })).toContainText(`Signa ${token}, Blazo ${token}`);
  await expect(columns.getByRole('row', { name: /^Date of Purchase\b/ })).toContainText('2024-03-15, 2025-11-25');
  await expect(columns.getByRole('row', { name: /^Odometer\b/ })).toContainText('45210, 1200');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Check File' }).click();
  await expect(dialog.getByText(/^Checked, nothing written\. 2 rows: 2 valid\. Every row is valid\.$/)).toBeVisible();
  await expectVehiclesMatching(page, token, 0);
  await dialog.getByRole('button', { name: 'Import 2 Rows' }).click();
  await expectToast(page, 'Import Complete', '2 records added.');
  await expect(dialog.getByText(`${file.name}: 2 records added.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  // In the list: the formula cells as their cached results (a text and a number), the years as numbers.
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(2);
  const cells = (plate: string) => tableRows(page).filter({ hasText: plate }).getByRole('cell');
  await expect(cells(plates[0])).toHaveText([/^VEH/, `Tata Signa ${token}`, '2021', plates[0], 'Truck', '45,210 km', 'Active', /.*/]);
  await expect(cells(plates[1])).toHaveText([/^VEH/, `Mahindra Blazo ${token}`, '2023', plates[1], 'Truck', '1,200 km', 'Active', /.*/]);
  // As stored: the date cells as their days.
  const stored = (await (await page.request.get(`/api/vehicles?q=${token}`)).json()).items as Record<string, unknown>[];
  const byPlate = Object.fromEntries(stored.map((v) => [v.licensePlate, v]));
  expect(byPlate[plates[0]]).toMatchObject({
    make: 'Tata',
    model: `Signa ${token}`,
    year: 2021,
    vin: `MAT${token}000001`,
    purchaseDate: '2024-03-15',
    currentMileage: 45210,
  });
  expect(byPlate[plates[1]]).toMatchObject({
    make: 'Mahindra',
    model: `Blazo ${token}`,
    year: 2023,
    vin: `MAH${token}000002`,
    purchaseDate: '2025-11-25',
    currentMileage: 1200,
  });
});

test('update mode: an export with one cell changed updates that vehicle alone; the same file again changes nothing', async ({ page }) => {
  const token = unique();
  const edited = await createVehicle(page, token, { currentMileage: 1200, purchaseDate: '2023-06-01' });
  const untouched = await createVehicle(page, token, { make: 'Eicher', model: `Pro ${token}`, currentMileage: 800 });
  expect([edited.version, untouched.version]).toEqual([1, 1]);

  // The list's own export of the two, with the ID column update mode matches by; one row's mileage changed.
  await openScreen(page, '/vehicle-management', 'Vehicle Management');
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(2);
  const exported = await downloadFrom(page, page.getByRole('link', { name: 'Export CSV' }));
  const [headerLine, ...lines] = exported.body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  const header = headerLine.split(',');
  expect(header[0]).toBe('ID');
  const mileage = header.indexOf('Mileage (km)');
  expect(mileage).toBeGreaterThan(0);
  // No cell of these records needs quoting, so a comma splits the cells.
  expect(lines.join('')).not.toContain('"');
  const rows = lines.map((line) => line.split(','));
  expect(rows.map((row) => row[0]).sort()).toEqual([edited.id, untouched.id].sort());
  expect(rows.find((row) => row[0] === edited.id)![mileage]).toBe('1200');
  const file = csv(`vehicles-${token}.csv`, [
    headerLine,
    ...rows.map((row) => (row[0] === edited.id ? row.map((cell, i) => (i === mileage ? '15000' : cell)) : row).join(',')),
  ]);

  const dialog = await openImport(page, { fresh: true });
  await dialog.getByLabel('File', { exact: true }).setInputFiles(file);
  await dialog.getByLabel('Update existing records matched by ID').check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Field for ID', exact: true })).toHaveText('ID');
  await expect(dialog.getByRole('combobox', { name: 'Field for Mileage (km)', exact: true })).toHaveText('Current Mileage (km)');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // The check: one row to change, one as its record already is; nothing written.
  await dialog.getByRole('button', { name: 'Check File' }).click();
  await expect(dialog.getByText(/^Checked, nothing written\. 2 rows: 1 to change, 1 unchanged\. Every row is valid\.$/)).toBeVisible();
  expect((await (await page.request.get(`/api/vehicles/${edited.id}`)).json()).version).toBe(1);
  await dialog.getByRole('button', { name: 'Import 2 Rows' }).click();
  await expectToast(page, 'Import Complete', '1 record updated; 1 unchanged.');
  await expect(dialog.getByText(`${file.name}: 1 record updated; 1 unchanged.`)).toBeVisible();

  // Exactly the one record changed: its mileage and one version more; the other as it was.
  const versions = async () => {
    const read = async (id: string) =>
      (await (await page.request.get(`/api/vehicles/${id}`)).json()) as { version: number; currentMileage: number; purchaseDate: string | null };
    return [await read(edited.id), await read(untouched.id)];
  };
  const [afterEdit, afterUntouched] = await versions();
  expect(afterEdit).toMatchObject({ version: 2, currentMileage: 15000, purchaseDate: '2023-06-01' });
  expect(afterUntouched).toMatchObject({ version: 1, currentMileage: 800 });
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await searchList(page, token);
  const row = (id: string) => tableRows(page).filter({ has: page.getByRole('cell', { name: id, exact: true }) });
  await expect(row(edited.id)).toContainText('15,000 km');
  await expect(row(untouched.id)).toContainText('800 km');

  // The same file again: every row is as its record is now, so there is nothing to import.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog.getByRole('button', { name: 'Import Another File' }).click();
  await dialog.getByLabel('File', { exact: true }).setInputFiles(file);
  await expect(dialog.getByLabel('Update existing records matched by ID')).toBeChecked();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Check File' }).click();
  await expect(dialog.getByText(/^Checked, nothing written\. 2 rows: 0 to change, 2 unchanged\. Every row is valid\.$/)).toBeVisible();
  await expect(dialog.getByText('Nothing to import: the vehicles already hold what the file has.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 2 Rows' })).toBeDisabled();
  // Committed anyway (through the API, as the dialog does not offer it): 0 records written, no batch, no version moved.
  const me = await (await page.request.get('/api/auth/me')).json();
  const again = await page.request.post('/api/vehicles/import', {
    headers: { 'x-csrf-token': me.csrfToken },
    multipart: { file: { name: file.name, mimeType: file.mimeType, buffer: file.buffer }, mode: 'commit', update: 'true' },
  });
  expect(again.status(), await again.text()).toBe(200);
  expect(await again.json()).toMatchObject({ status: 'done', rows: 2, valid: 0, unchanged: 2, written: 0, errorCount: 0, batchId: null });
  expect((await versions()).map((v) => v.version)).toEqual([2, 1]);
});

test('update mode: a vehicle changed since the export is a conflict, shown in the check by row, ID and field, and written only when overwriting', async ({
  page,
}) => {
  const token = unique();
  const changed = await createVehicle(page, token, { currentMileage: 1200 });
  const other = await createVehicle(page, token, { make: 'Eicher', model: `Pro ${token}`, currentMileage: 800 });
  await openScreen(page, '/vehicle-management', 'Vehicle Management');
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(2);
  const exported = await downloadFrom(page, page.getByRole('link', { name: 'Export CSV' }));
  const [headerLine, ...lines] = exported.body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  const header = headerLine.split(',');
  expect(header.at(-1)).toBe('Version');
  const mileage = header.indexOf('Mileage (km)');
  const rows = lines.map((line) => line.split(','));
  const changedRow = rows.findIndex((row) => row[0] === changed.id) + 2;
  // After the export, a fleet manager sends the first vehicle to the workshop; the file changes the other's mileage.
  const { make, model, year, vin, licensePlate, type, currentMileage, purchaseDate, version } = changed as unknown as Record<string, unknown>;
  await apiUpdate(page, 'vehicles', changed.id, {
    make,
    model,
    year,
    vin,
    licensePlate,
    type,
    status: 'In Maintenance',
    currentMileage,
    purchaseDate,
    version,
  });
  const file = csv(`vehicles-${token}.csv`, [
    headerLine,
    ...rows.map((row) => (row[0] === other.id ? row.map((cell, i) => (i === mileage ? '9000' : cell)) : row).join(',')),
  ]);

  const dialog = await openImport(page, { fresh: true });
  await dialog.getByLabel('File', { exact: true }).setInputFiles(file);
  await dialog.getByLabel('Update existing records matched by ID').check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Field for Version', exact: true })).toHaveText('Version');
  await dialog.getByRole('button', { name: 'Check File' }).click();
  await expect(dialog.getByText('1 row was changed by someone else since the export; left out unless you overwrite their changes.')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Conflicts' }).getByRole('row').nth(1).getByRole('cell')).toHaveText([
    String(changedRow),
    changed.id,
    'Status',
  ]);
  await expect(dialog.getByRole('button', { name: 'Import 1 Row' })).toBeEnabled();
  await dialog.getByLabel("Overwrite their changes with the file's values").check();
  await dialog.getByRole('button', { name: 'Import 2 Rows' }).click();
  await expectToast(page, 'Import Complete', '2 records updated.');
  const read = async (id: string) => (await (await page.request.get(`/api/vehicles/${id}`)).json()) as { status: string; currentMileage: number };
  expect(await read(changed.id)).toMatchObject({ status: 'Active' });
  expect(await read(other.id)).toMatchObject({ currentMileage: 9000 });
});

test("Import shows only where the role may create: not for a viewer, a dispatcher's trips but not vehicles", async ({ browser }) => {
  const viewer = await signedInAs(browser, createUser('viewer'));
  await openScreen(viewer, '/vehicle-management', 'Vehicle Management');
  await expect(viewer.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);

  const dispatcher = await signedInAs(browser, createUser('dispatcher'));
  await openScreen(dispatcher, '/vehicle-management', 'Vehicle Management');
  await expect(dispatcher.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
  await dispatcher.goto('/fleet-management');
  await dispatcher.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dispatcher.getByRole('dialog', { name: 'Import Trips' })).toBeVisible();
});
