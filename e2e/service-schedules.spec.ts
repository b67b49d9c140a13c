import { expect, test } from '@playwright/test';
import {
  apiCreate,
  chooseOption,
  clickSave,
  createDriver,
  createVehicle,
  expectDestructiveToast,
  expectToast,
  openDialog,
  openScreen,
  openSectionForm,
  pickRecord,
  saveAndClose,
  seriousViolations,
  searchSection,
  section,
  sectionRows,
  sectionSettled,
  shownDate,
  todayInBrowserZone,
  unique,
  vehicleLabel,
} from './helpers';

test('Schedule Preventive Maintenance opens the service schedules: add one (bad intervals and a km above the odometer refused in words), see and filter the Due badge', async ({
  page,
}) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { currentMileage: 12000 });
  // Due at 6,000 km, the odometer at 12,000: Overdue.
  await apiCreate(page, 'service-schedules', {
    vehicleId: vehicle.id,
    task: 'Brake Inspection',
    everyKm: 5000,
    everyMonths: null,
    lastDoneDate: null,
    lastDoneKm: 1000,
    notes: '',
  });
  await openScreen(page, '/maintenance', 'Maintenance & Workshop');
  await page.getByRole('main').getByRole('button', { name: 'Schedule Preventive Maintenance', exact: true }).click();
  const schedules = section(page, 'Service Schedules');
  await expect(schedules).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.get('schedules') === 'open');
  await sectionSettled(schedules);

  const dialog = await openSectionForm(page, schedules, 'Add Schedule', 'Add Service Schedule');
  await pickRecord(page, dialog, /^Vehicle/, token, vehicleLabel(vehicle));
  await clickSave(dialog, 'Add Schedule');
  await expectDestructiveToast(page, 'Missing Interval', 'Enter Every (km), Every (months) or both: a schedule needs an interval.');
  await dialog.getByLabel('Every (km)').fill('0');
  await clickSave(dialog, 'Add Schedule');
  await expectDestructiveToast(page, 'Invalid Interval', 'Every (km) and Every (months) must be greater than zero.');
  await dialog.getByLabel('Every (km)').fill('10000');
  await dialog.getByLabel('Every (months)').fill('6');
  await clickSave(dialog, 'Add Schedule');
  await expectDestructiveToast(
    page,
    'Missing Last Done',
    'Enter when the task was last done: Last Done At (km) for a schedule by km, Last Done (date) for one by months.',
  );
  await dialog.getByLabel('Every (months)').fill('');
  await dialog.getByLabel('Last Done At (km)').fill('15000');
  await clickSave(dialog, 'Add Schedule');
  await expectDestructiveToast(page, 'Invalid Odometer', "Last Done At (15,000 km) cannot be above the vehicle's current odometer (12,000 km).");
  // Due at 13,000 km, Due Soon from 12,000 km: the odometer is there.
  await dialog.getByLabel('Last Done At (km)').fill('3000');
  await saveAndClose(page, dialog, 'Add Schedule', 'Schedule Added!', new RegExp(`^Oil & Filter Change for MH12${token}`));

  await searchSection(page, schedules, 'schedules', token);
  const rows = sectionRows(schedules);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Oil & Filter Change' })).toContainText('Due Soon');
  await expect(rows.filter({ hasText: 'Oil & Filter Change' })).toContainText('13,000 km');
  await expect(rows.filter({ hasText: 'Brake Inspection' })).toContainText('Overdue');
  await chooseOption(page, schedules, 'Filter by Due', 'Overdue');
  await sectionSettled(schedules);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Brake Inspection');
  await page.screenshot({ path: 'test-results/service-schedules.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await chooseOption(page, schedules, 'Filter by Due', 'All Due States');
  await page.getByRole('button', { name: 'Close the service schedules' }).click();
  await expect(schedules).toBeHidden();
  await expect(page).toHaveURL((url) => !url.searchParams.has('schedules') && !url.searchParams.has('schedules.q'));
});

test('a job card naming a schedule needs its odometer to be Completed, and resets the schedule (Last Done, Due back to OK)', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { currentMileage: 30000 });
  const schedule = await apiCreate(page, 'service-schedules', {
    vehicleId: vehicle.id,
    task: 'Tyre Rotation',
    everyKm: 10000,
    everyMonths: null,
    lastDoneDate: null,
    lastDoneKm: 15000,
    notes: '',
  });
  await openScreen(page, '/maintenance', 'Maintenance & Workshop');
  const dialog = await openDialog(page, 'Create Job Card', 'Create Job Card');
  await pickRecord(page, dialog, /^Vehicle/, token, vehicleLabel(vehicle));
  await dialog.getByLabel('Job Description').fill(`Tyre rotation ${token}`);
  // Only the chosen vehicle's schedules are offered: another vehicle's, found by the same words, is not.
  const elsewhere = await createVehicle(page, token, { licensePlate: `KA01${token}`, currentMileage: 30000 });
  await apiCreate(page, 'service-schedules', {
    vehicleId: elsewhere.id,
    task: 'Tyre Rotation',
    everyKm: 10000,
    everyMonths: null,
    lastDoneDate: null,
    lastDoneKm: 15000,
    notes: '',
  });
  await dialog.getByRole('combobox', { name: /^Schedule/ }).click();
  await page.getByRole('combobox', { name: 'Search choices' }).fill(token);
  await expect(page.getByRole('option', { name: `Tyre Rotation · MH12${token}`, exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: `Tyre Rotation · KA01${token}`, exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: `Tyre Rotation · MH12${token}`, exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: /^Schedule/ })).toHaveText(`Tyre Rotation · MH12${token}`);
  await chooseOption(page, dialog, 'Status', 'Completed');
  await dialog.getByLabel('Completion Date').fill(shownDate(todayInBrowserZone()));
  await clickSave(dialog, 'Create Job');
  await expectDestructiveToast(page, 'Missing Odometer', 'Odometer is required to complete a scheduled service.');
  await dialog.getByLabel('Odometer (km)').fill('30500');
  await saveAndClose(page, dialog, 'Create Job', 'Job Created!');
  await page.goto(`/maintenance?schedules.q=${token}`);
  const schedules = section(page, 'Service Schedules');
  await sectionSettled(schedules);
  const row = sectionRows(schedules).filter({ hasText: schedule.id });
  await expect(row).toContainText(`${shownDate(todayInBrowserZone())} at 30,500 km`);
  await expect(row).toContainText('40,500 km');
  await expect(row).toContainText('OK');
  // A schedule's address (the Activity Log's link, a reminder's) opens it on the maintenance screen.
  await page.goto(`/maintenance?section=schedules&schedules.edit=${schedule.id}`);
  const edit = page.getByRole('dialog', { name: 'Edit Service Schedule' });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('Last Done At (km)')).toHaveValue('30500');
});

test('Manage Expiry Alerts shows each document type with its Due Soon days; an administrator changes them, 1–365 or a clear refusal', async ({ page }) => {
  await openScreen(page, '/compliance', 'Compliance Management (Document Hub)');
  await page.getByRole('button', { name: 'Manage Expiry Alerts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Expiry Alerts' });
  await expect(dialog).toBeVisible();
  const puc = dialog.getByLabel(/^Pollution Under Control \(PUC\) Certificate/);
  await expect(puc).toHaveValue(/^\d+$/);
  const fitness = dialog.getByLabel(/^Fitness Certificate/);
  await fitness.fill('400');
  await dialog.getByRole('button', { name: 'Save Alerts' }).click();
  await expectDestructiveToast(page, 'Invalid Days', 'Due Soon days for Fitness Certificate must be a whole number from 1 to 365.');
  await expect(dialog).toBeVisible();
  await fitness.fill('45');
  await dialog.getByRole('button', { name: 'Save Alerts' }).click();
  await expectToast(page, 'Expiry Alerts Saved');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Manage Expiry Alerts' }).click();
  await expect(dialog.getByLabel(/^Fitness Certificate/)).toHaveValue('45');
  await page.screenshot({ path: 'test-results/manage-expiry-alerts.png' });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a completed training whose validity cannot be read is listed on the training screen for correction, and opens from there', async ({ page }) => {
  const token = unique();
  const driver = await createDriver(page, token);
  const training = await apiCreate(page, 'driver-training', {
    driverId: driver.id,
    trainingType: 'Hazmat Handling',
    scheduleDate: '2026-01-15',
    status: 'Completed',
    trainerName: '',
    assessmentScore: null,
    validityPeriod: `until renewed ${token}`,
    certificationFile: null,
    notes: '',
  });
  await openScreen(page, '/driver-training', 'Driver Training');
  const notice = page.getByRole('region', { name: 'Validity periods to correct' });
  await expect(notice).toContainText('a Validity Period that cannot be read');
  await expect(notice).toContainText(`until renewed ${token}`);
  expect(await seriousViolations(page)).toEqual([]);
  await notice.getByRole('link', { name: training.id }).click();
  const dialog = page.getByRole('dialog', { name: /Training/ });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Validity Period').fill('2 years');
  await dialog.getByRole('button', { name: /Save|Update/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`until renewed ${token}`)).toBeHidden();
});
