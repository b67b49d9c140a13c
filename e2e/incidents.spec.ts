import { expect, test, type Page } from '@playwright/test';
import { pngFile, textPretendingToBePdf } from './fixtures/files';
import {
  apiCreate,
  chooseOption,
  clickSave,
  columnHeaders,
  confirmDeletion,
  createDriver,
  createVehicle,
  driverLabel,
  expectDestructiveToast,
  expectDownload,
  expectToast,
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
  seriousViolations,
  expectOnlyMatch,
} from './helpers';

const ID = /^INC\d{5}[A-Z0-9]{3}$/;
const openIncidents = (page: Page) => openScreen(page, '/incident-emergency', 'Incident & Emergency');
const openReport = (page: Page) => openDialog(page, 'Report New Incident', 'Report New Incident');
const openEdit = (page: Page, id: string) => openDialog(page, `Edit ${id}`, 'Edit Incident');
const images = (page: Page, id: string) => page.getByRole('main').getByLabel(new RegExp(`^View images of ${id}`));
const createIncident = (page: Page, fields: Record<string, unknown>) =>
  apiCreate(page, 'incidents', {
    type: 'Vehicle Breakdown',
    severity: 'Medium',
    dateTime: '2026-03-09T08:15:00+05:30',
    location: 'NH 44, near Panipat toll plaza',
    description: 'Engine overheated on the climb',
    vehicleId: null,
    driverId: null,
    reportedBy: '',
    status: 'Open',
    images: [],
    ...fields,
  });

async function choosePhotos(page: Page, dialog: ReturnType<Page['getByRole']>, files: ReturnType<typeof pngFile>[]) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: /^(Choose Files|Add More Files)$/ }).click();
  await (await chooser).setFiles(files);
}

test('report an incident with the specified defaults; the table shows every column', async ({ page }) => {
  const token = unique();
  await openIncidents(page);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search incidents...');
  const main = page.getByRole('main');
  // Track Pending Actions acts since issue 18 (e2e/pending-and-reorder.spec.ts).
  for (const name of ['View Incidents on Map']) {
    await main.getByRole('button', { name, exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  }
  await expect(page).toHaveURL(/\/incident-emergency$/);

  const dialog = await openReport(page);
  await expect(dialog.getByRole('combobox', { name: /^Type/ })).toHaveText('Minor Accident');
  await expect(dialog.getByRole('combobox', { name: 'Severity', exact: true })).toHaveText('Low');
  await expect(dialog.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('Open');
  await expect(dialog.getByLabel('Date/Time')).toHaveValue(new RegExp(`^${shownDate(todayInBrowserZone())} \\d{2}:\\d{2}$`));
  await expect(dialog.getByRole('combobox', { name: 'Vehicle', exact: true })).toHaveText('Select...');
  await expect(dialog.getByText('No files chosen')).toBeVisible();
  await dialog.getByLabel('Date/Time').fill('09/03/2026 14:30');
  await dialog.getByLabel('Location').fill(`NH 48, Khalapur ${token}`);
  await dialog.getByLabel('Description').fill('Side mirror hit by a bus while overtaking');
  await dialog.getByLabel('Reported By').fill('Control Room Pune');
  await saveAndClose(
    page,
    dialog,
    'Report Incident',
    'Incident Reported!',
    new RegExp(`^Minor Accident at NH 48, Khalapur ${token} has been reported as INC\\d{5}[A-Z0-9]{3}\\.$`),
  );

  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(columnHeaders(page)).toHaveText(['ID', 'Type', 'Severity', 'Date/Time', 'Location', 'Vehicle', 'Status', 'Actions']);
  const cells = tableRows(page).first().getByRole('cell');
  await expect(cells).toHaveText([ID, 'Minor Accident', 'Low', /^09\/03\/2026, 0?2:30 pm$/i, `NH 48, Khalapur ${token}`, 'N/A', 'Open', '']);
  const id = (await cells.first().textContent())!;
  await expect(images(page, id)).toBeDisabled();
});

test('each validation message, with the dialog kept open and its input kept', async ({ page }) => {
  const token = unique();
  await openIncidents(page);
  const dialog = await openReport(page);
  await dialog.getByLabel('Reported By').fill(`Suresh ${token}`);
  await clickSave(dialog, 'Report Incident');
  await expectDestructiveToast(page, 'Missing Fields', 'Type, Date/Time, Location, and Description are required.');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Location').fill(`Kishangarh ${token}`);
  await dialog.getByLabel('Description').fill('Tarpaulin torn');
  await dialog.getByLabel('Date/Time').fill('');
  await clickSave(dialog, 'Report Incident');
  await expectDestructiveToast(page, 'Missing Fields', 'Type, Date/Time, Location, and Description are required.');
  await expect(dialog.getByLabel('Reported By')).toHaveValue(`Suresh ${token}`);
  await expect(dialog.getByLabel('Location')).toHaveValue(`Kishangarh ${token}`);
  await dialog.getByLabel('Date/Time').fill('10/03/2026 06:05');
  await saveAndClose(page, dialog, 'Report Incident', 'Incident Reported!');
});

test('several photos: each uploads, a failed one is named, one is removed; the row opens each in a new tab', async ({ page }) => {
  const token = unique();
  const front = pngFile(`front-${token}.png`);
  const rear = pngFile(`rear-${token}.png`);
  const side = pngFile(`side-${token}.png`);
  await openIncidents(page);
  let dialog = await openReport(page);
  await dialog.getByLabel('Location').fill(`Lonavala ghat ${token}`);
  await dialog.getByLabel('Description').fill('Rear-ended by a tempo in slow traffic');
  await choosePhotos(page, dialog, [front, rear]);
  const attachedIn = (d: typeof dialog) => d.getByRole('list', { name: 'Attached files' }).getByRole('link');
  let attached = attachedIn(dialog);
  // Uploads finish in any order.
  await expect(attached).toHaveCount(2);
  for (const file of [front, rear]) await expect(attached.filter({ hasText: file.name })).toHaveAttribute('target', '_blank');
  const bogus = textPretendingToBePdf(`not-a-photo-${token}.pdf`);
  await choosePhotos(page, dialog, [{ ...bogus, mimeType: 'image/png' }]);
  await expectDestructiveToast(page, 'Image Upload Failed', new RegExp(`^not-a-photo-${token}\\.pdf: `));
  await expect(attached).toHaveCount(2);
  await choosePhotos(page, dialog, [side]);
  await expect(attached).toHaveCount(3);
  await saveAndClose(page, dialog, 'Report Incident', 'Incident Reported!');

  await searchList(page, token);
  const id = (await tableRows(page).first().getByRole('cell').first().textContent())!;
  await images(page, id).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(3);
  await expect(menu.getByRole('menuitem', { name: side.name })).toHaveAttribute('target', '_blank');
  await expectDownload(page, menu.getByRole('menuitem', { name: side.name }), side);
  await page.keyboard.press('Escape');

  dialog = await openEdit(page, id);
  attached = attachedIn(dialog);
  await expect(attached).toHaveCount(3);
  await dialog.getByRole('button', { name: `Remove ${rear.name}` }).click();
  await dialog.getByRole('button', { name: `Remove ${side.name}` }).click();
  await expect(attached).toHaveText([front.name]);
  await saveAndClose(page, dialog, 'Save Changes', 'Incident Updated!', `Incident ${id} has been updated.`);
  // One photo: the action opens it directly.
  await expect(images(page, id)).toHaveAttribute('target', '_blank');
  await expectDownload(page, images(page, id), front);
});

test('vehicle and driver are optional pick-lists: chosen, shown, then cleared; edit and delete with the cut description', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { make: 'Mahindra', model: `Blazo X ${token}` });
  const driver = await createDriver(page, token, { name: `Gurpreet ${token}` });
  const incident = await createIncident(page, { location: `Panipat ${token}` });
  await openIncidents(page);
  await searchList(page, token);
  const cells = tableRows(page).first().getByRole('cell');
  await expect(cells).toHaveText([incident.id, 'Vehicle Breakdown', 'Medium', /^09\/03\/2026, 0?8:15 am$/i, `Panipat ${token}`, 'N/A', 'Open', '']);

  let dialog = await openEdit(page, incident.id);
  await pickRecord(page, dialog, /^Vehicle$/, `blazo x ${token.toLowerCase()}`, vehicleLabel(vehicle));
  await pickRecord(page, dialog, /^Driver$/, `gurpreet ${token.toLowerCase()}`, driverLabel(driver));
  await chooseOption(page, dialog, 'Severity', 'Critical');
  await chooseOption(page, dialog, 'Status', 'Action Pending');
  await saveAndClose(page, dialog, 'Save Changes', 'Incident Updated!');
  await expect(cells).toHaveText([
    incident.id,
    'Vehicle Breakdown',
    'Critical',
    /^09\/03\/2026/,
    `Panipat ${token}`,
    vehicleLabel(vehicle),
    'Action Pending',
    '',
  ]);

  dialog = await openEdit(page, incident.id);
  await dialog.getByRole('button', { name: 'Clear Vehicle' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Vehicle', exact: true })).toHaveText('Select...');
  await saveAndClose(page, dialog, 'Save Changes', 'Incident Updated!');
  await expect(cells.nth(5)).toHaveText('N/A');

  await page.getByRole('button', { name: `Delete ${incident.id}` }).click();
  await confirmDeletion(page).getByRole('button', { name: 'Delete Incident' }).click();
  await expectToast(page, 'Incident Deleted!', `Incident "Engine overheated on..." (${incident.id}) has been removed.`);
  await expect(page.getByText('No Incidents Found')).toBeVisible();
});

test('search matches id, type, location, description, vehicle and driver; severity and status filters combine', async ({ page }) => {
  const token = unique();
  const lower = token.toLowerCase();
  const vehicle = await createVehicle(page, token, { make: 'Tata', model: `Ultra ${token}`, licensePlate: `GJ01${token}` });
  const driver = await createDriver(page, token, { name: `Harish ${token}` });
  const a = await createIncident(page, { location: `Vapi ${token}`, vehicleId: vehicle.id, severity: 'High', status: 'Investigating' });
  const b = await createIncident(page, {
    type: 'Theft/Vandalism',
    location: `Surat ${token}`,
    description: `Diesel siphoned overnight ${token}`,
    driverId: driver.id,
    severity: 'High',
    status: 'Resolved',
  });
  const c = await createIncident(page, { location: `Bharuch ${token}`, severity: 'Low', status: 'Investigating' });
  await openIncidents(page);
  const expectOnly = (term: string, id: string) => expectOnlyMatch(page, term, id);
  await expectOnly(`ultra ${lower}`, a.id);
  await expectOnly(`gj01${lower}`, a.id);
  await expectOnly(`HARISH ${token}`, b.id);
  await expectOnly(driver.id, b.id);
  await expectOnly(`diesel siphoned overnight ${lower}`, b.id);
  await expectOnly(`bharuch ${lower}`, c.id);
  await expectOnly(c.id.toLowerCase(), c.id);
  await searchList(page, 'theft/vandalism');
  await expect(tableRows(page).filter({ hasText: b.id })).toHaveCount(1);
  for (const type of await tableRows(page).locator('td:nth-child(2)').allTextContents()) expect(type).toBe('Theft/Vandalism');

  const main = page.getByRole('main');
  expect(await optionsOf(page, main, 'Filter by Severity')).toEqual(['All', 'Low', 'Medium', 'High', 'Critical']);
  expect(await optionsOf(page, main, 'Filter by Status')).toEqual(['All', 'Open', 'Investigating', 'Action Pending', 'Resolved', 'Closed']);
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(3);
  await chooseOption(page, main, 'Filter by Severity', 'High');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(2);
  await chooseOption(page, main, 'Filter by Status', 'Investigating');
  await expect(page).toHaveURL(/severity=High/);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(a.id);
  await chooseOption(page, main, 'Filter by Severity', 'All');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(2);
  await chooseOption(page, main, 'Filter by Status', 'Closed');
  await expect(page.getByText('No Incidents Found')).toBeVisible();
});

test('no serious accessibility violation on the list with a photo menu open, nor in the report dialog', async ({ page }) => {
  const token = unique();
  const photos = [];
  for (const name of [`a-${token}.png`, `b-${token}.png`]) {
    const file = pngFile(name);
    const res = await page.request.post('/api/files', {
      headers: { 'x-csrf-token': (await (await page.request.get('/api/auth/me')).json()).csrfToken },
      multipart: { file: { name: file.name, mimeType: file.mimeType, buffer: file.buffer } },
    });
    expect(res.status()).toBe(201);
    photos.push((await res.json()).id as string);
  }
  const incident = await createIncident(page, { location: `Axe ${token}`, images: photos });
  await openIncidents(page);
  await searchList(page, token);
  await images(page, incident.id).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveCount(2);
  const scan = () => seriousViolations(page);
  expect(await scan()).toEqual([]);
  await page.keyboard.press('Escape');
  await openReport(page);
  expect(await scan()).toEqual([]);
});
