import { expect, test, type Page } from '@playwright/test';
import {
  apiCreate,
  chooseOption,
  clickSave,
  columnHeaders,
  confirmDeletion,
  createVehicle,
  expectDestructiveToast,
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

const ID = /^JOB\d{5}[A-Z0-9]{3}$/;
const openMaintenance = (page: Page) => openScreen(page, '/maintenance', 'Maintenance & Workshop');
const openCreate = (page: Page) => openDialog(page, 'Create Job Card', 'Create Job Card');
const openEdit = (page: Page, id: string) => openDialog(page, `Edit ${id}`, 'Edit Job Card');
const createJob = (page: Page, fields: { vehicleId: string } & Record<string, unknown>) =>
  apiCreate(page, 'maintenance', {
    jobType: 'Corrective',
    description: 'Replace clutch plate',
    technician: '',
    partsUsed: '',
    scheduledDate: '2026-03-09',
    completionDate: null,
    status: 'Scheduled',
    cost: null,
    scheduleId: null,
    odometer: null,
    ...fields,
  });

test('create a job card with the specified defaults; the table shows every column, cost in ₹ and the description cut with its full text kept', async ({
  page,
}) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { make: 'Ashok Leyland', model: `Dost ${token}` });
  await openMaintenance(page);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search jobs...');
  const main = page.getByRole('main');
  // View Full Service Logs opens the completed job cards (record-pages.spec.ts); Schedule Preventive Maintenance
  // opens the service schedules (service-schedules.spec.ts).
  await expect(main.getByRole('link', { name: 'View Full Service Logs', exact: true })).toHaveAttribute(
    'href',
    '/maintenance?status=Completed&sort=completionDate&order=desc',
  );
  await expect(main.getByRole('button', { name: 'Schedule Preventive Maintenance', exact: true })).toBeEnabled();

  const dialog = await openCreate(page);
  await expect(dialog.getByRole('combobox', { name: 'Job Type', exact: true })).toHaveText('Preventive');
  await expect(dialog.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('Scheduled');
  await expect(dialog.getByLabel('Scheduled Date')).toHaveValue(shownDate(todayInBrowserZone()));
  await expect(dialog.getByLabel('Completion Date')).toHaveValue('');
  await expect(dialog.getByRole('combobox', { name: /^Vehicle/ })).toHaveText('Select...');
  await pickRecord(page, dialog, /^Vehicle/, `dost ${token.toLowerCase()}`, vehicleLabel(vehicle));
  const description = `Full service at 40,000 km with oil and filter change ${token}`;
  await dialog.getByLabel('Job Description').fill(description);
  await dialog.getByLabel('Technician').fill(`Ramesh Patil ${token}`);
  await dialog.getByLabel('Parts Used').fill('Oil filter, 7 L engine oil 15W-40');
  await dialog.getByLabel('Cost (₹)').fill('123456.5');
  await saveAndClose(
    page,
    dialog,
    'Create Job',
    'Job Created!',
    new RegExp(`^Job card JOB\\d{5}[A-Z0-9]{3} for ${vehicleLabel(vehicle).replace(/[()]/g, '\\$&')} has been created\\.$`),
  );

  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(columnHeaders(page)).toHaveText(['Job ID', 'Vehicle', 'Type', 'Description', 'Technician', 'Scheduled', 'Cost', 'Status', 'Actions']);
  const cells = tableRows(page).first().getByRole('cell');
  await expect(cells).toHaveText([
    ID,
    vehicleLabel(vehicle),
    'Preventive',
    description,
    `Ramesh Patil ${token}`,
    shownDate(todayInBrowserZone()),
    '₹1,23,456.50',
    'Scheduled',
    '',
  ]);
  await expect(cells.nth(3).locator('[title]')).toHaveAttribute('title', description);
  const id = (await cells.first().textContent())!;
  // The service log opens the vehicle's page on its Job Cards tab.
  await expect(main.getByRole('link', { name: `Service log of ${id}` })).toHaveAttribute('href', `/vehicle-management/${vehicle.id}?tab=job-cards`);
});

test('each validation message, with the dialog kept open and its input kept', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token);
  await openMaintenance(page);
  const dialog = await openCreate(page);
  await dialog.getByLabel('Technician').fill(`Imran ${token}`);
  await clickSave(dialog, 'Create Job');
  await expectDestructiveToast(page, 'Missing Fields', 'Vehicle ID and Job Description are required.');
  await expect(dialog).toBeVisible();
  await pickRecord(page, dialog, /^Vehicle/, token, vehicleLabel(vehicle));
  await clickSave(dialog, 'Create Job');
  await expectDestructiveToast(page, 'Missing Fields', 'Vehicle ID and Job Description are required.');
  await dialog.getByLabel('Job Description').fill(`Brake drum skimming ${token}`);
  await dialog.getByLabel('Cost (₹)').fill('-1');
  await clickSave(dialog, 'Create Job');
  await expectDestructiveToast(page, 'Invalid Cost', 'Cost cannot be negative.');
  await expect(dialog.getByLabel('Technician')).toHaveValue(`Imran ${token}`);
  await dialog.getByLabel('Cost (₹)').fill('');
  await saveAndClose(page, dialog, 'Create Job', 'Job Created!');
  await searchList(page, token);
  await expect(tableRows(page).first().getByRole('cell').nth(6)).toHaveText('N/A');
});

test('edit a job card', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token);
  const job = await createJob(page, { vehicleId: vehicle.id, technician: `Joseph ${token}` });
  await openMaintenance(page);
  await searchList(page, token);
  const cells = tableRows(page).first().getByRole('cell');
  await expect(cells).toHaveText([
    job.id,
    vehicleLabel(vehicle),
    'Corrective',
    'Replace clutch plate',
    `Joseph ${token}`,
    '09/03/2026',
    'N/A',
    'Scheduled',
    '',
  ]);
  const dialog = await openEdit(page, job.id);
  await expect(dialog.getByRole('combobox', { name: /^Vehicle/ })).toHaveText(vehicleLabel(vehicle));
  await chooseOption(page, dialog, 'Job Type', 'Emergency');
  await chooseOption(page, dialog, 'Status', 'Completed');
  await dialog.getByLabel('Completion Date').fill('10/03/2026');
  await dialog.getByLabel('Cost (₹)').fill('8450');
  await saveAndClose(page, dialog, 'Save Changes', 'Job Updated!', `Job card ${job.id} has been updated.`);
  await expect(cells).toHaveText([
    job.id,
    vehicleLabel(vehicle),
    'Emergency',
    'Replace clutch plate',
    `Joseph ${token}`,
    '09/03/2026',
    '₹8,450.00',
    'Completed',
    '',
  ]);
});

test('delete asks first; the toast cuts the description to 20 characters', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token);
  const job = await createJob(page, { vehicleId: vehicle.id, description: `Radiator flush and coolant top-up ${token}` });
  await openMaintenance(page);
  await searchList(page, token);
  await page.getByRole('button', { name: `Delete ${job.id}` }).click();
  const confirm = confirmDeletion(page);
  await expect(confirm).toContainText(`Are you sure you want to delete job card ${job.id}`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(tableRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Delete ${job.id}` }).click();
  await confirm.getByRole('button', { name: 'Delete Job' }).click();
  await expectToast(page, 'Job Deleted!', `Job "Radiator flush and c..." (${job.id}) has been removed.`);
  await expect(page.getByText('No Maintenance Jobs Found')).toBeVisible();
});

test('search matches id, the vehicle (make model plate), description and technician; the status filter combines with it', async ({ page }) => {
  const token = unique();
  const lower = token.toLowerCase();
  const bharat = await createVehicle(page, token, { make: 'BharatBenz', model: `1617R ${token}`, licensePlate: `TN09${token}` });
  const eicher = await createVehicle(page, token, { make: 'Eicher', model: `Pro 2049 ${token}` });
  const a = await createJob(page, { vehicleId: bharat.id, description: `Turbo hose leak ${token}`, status: 'On Hold' });
  const b = await createJob(page, { vehicleId: eicher.id, technician: `Selvakumar ${token}`, status: 'In Progress' });
  await openMaintenance(page);
  const expectOnly = (term: string, id: string) => expectOnlyMatch(page, term, id);
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(2);
  await expectOnly(`benz 1617r ${lower}`, a.id);
  await expectOnly(`tn09${lower}`, a.id);
  await expectOnly(`TURBO HOSE LEAK ${token}`, a.id);
  await expectOnly(`selvakumar ${lower}`, b.id);
  await expectOnly(b.id.toLowerCase(), b.id);

  const main = page.getByRole('main');
  expect(await optionsOf(page, main, 'Filter by Status')).toEqual(['All', 'Scheduled', 'In Progress', 'Completed', 'On Hold', 'Cancelled']);
  await searchList(page, token);
  await chooseOption(page, main, 'Filter by Status', 'On Hold');
  await expect(page).toHaveURL(/status=On(\+|%20)Hold/);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(a.id);
  await chooseOption(page, main, 'Filter by Status', 'Cancelled');
  await expect(page.getByText('No Maintenance Jobs Found')).toBeVisible();
  await chooseOption(page, main, 'Filter by Status', 'All');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(2);
});

test('no serious accessibility violation on the list nor in the job card dialog', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token);
  await createJob(page, { vehicleId: vehicle.id, description: `Axe check ${token}` });
  await openMaintenance(page);
  await searchList(page, token);
  const scan = () => seriousViolations(page);
  expect(await scan()).toEqual([]);
  await openCreate(page);
  expect(await scan()).toEqual([]);
});
