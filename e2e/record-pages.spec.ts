import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiCreate,
  createDriver,
  createTrip,
  createVehicle,
  expectToast,
  roleUsers,
  searchList,
  section,
  sectionRows,
  sectionSettled,
  tableRows,
  unique,
  vehicleLabel,
  type DriverRecord,
  type VehicleRecord,
} from './helpers';

/**
 * A record's page (issue 19, decision 0043): a vehicle's, a driver's and a trip's head and tabs, each tab the
 * area's ordinary list with the record fixed as a filter, its count in its label; links to the pages from list
 * cells (none for a role that may not view the target); View Documents; View Full Service Logs.
 */

const { create: createUser, signedInAs } = roleUsers('e2e_rp', 'Raahi-record-pages-e2e-2026');

const tab = (page: Page, title: string) => page.getByRole('tab', { name: new RegExp(`^${title.replace(/[&()]/g, '\\$&')}( \\(|$)`) });
const count = (page: Page, key: string) => page.getByTestId(`count-${key}`);

/** The server's total of a list filtered so (what a tab's count must equal). */
async function totalOf(page: Page, area: string, filter: Record<string, string>): Promise<number> {
  const response = await page.request.get(`/api/${area}/total?${new URLSearchParams(filter)}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

/** Opens a tab and waits for its list (its region is named by the tab's title). */
async function openTab(page: Page, title: string, key: string): Promise<Locator> {
  await tab(page, title).click();
  await expect(page).toHaveURL(new RegExp(`[?&]tab=${key}(&|$)`));
  const scope = section(page, title);
  await sectionSettled(scope);
  return scope;
}

const expense = (page: Page, fields: Record<string, unknown>) =>
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
    vendor: 'NHAI',
    gpsLocation: '',
    description: '',
    ...fields,
  });
const jobCard = (page: Page, fields: Record<string, unknown>) =>
  apiCreate(page, 'maintenance', {
    jobType: 'Corrective',
    description: 'Clutch plate',
    technician: '',
    partsUsed: '',
    scheduledDate: '2026-03-01',
    completionDate: null,
    status: 'Scheduled',
    cost: null,
    scheduleId: null,
    odometer: null,
    ...fields,
  });
const document = (page: Page, fields: Record<string, unknown>) =>
  apiCreate(page, 'compliance', {
    documentName: 'Registration',
    documentType: 'Vehicle Registration',
    entityId: '',
    documentNumber: '',
    issuer: '',
    issueDate: null,
    expiryDate: '2030-01-01',
    notes: '',
    documentFile: null,
    ...fields,
  });

const token = unique();
let vehicle: VehicleRecord;
let other: VehicleRecord;
let driver: DriverRecord;
let otherDriver: DriverRecord;
const trips: { id: string }[] = [];

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  vehicle = await createVehicle(page, token, { make: 'Tata', model: `Prima ${token}` });
  other = await createVehicle(page, `${token}X`, { model: `Signa ${token}` });
  driver = await createDriver(page, token, { name: `Ramesh ${token}` });
  otherDriver = await createDriver(page, `${token}Y`, { name: `Suresh ${token}` });
  trips.push(await createTrip(page, { vehicleId: vehicle.id, driverId: driver.id, origin: `Pune ${token}`, destination: 'Mumbai' }));
  trips.push(await createTrip(page, { vehicleId: vehicle.id, driverId: otherDriver.id, origin: `Nashik ${token}`, destination: 'Surat' }));
  trips.push(await createTrip(page, { vehicleId: vehicle.id, driverId: driver.id, origin: `Nagpur ${token}`, destination: 'Raipur' }));
  trips.push(await createTrip(page, { vehicleId: other.id, driverId: driver.id, origin: `Delhi ${token}`, destination: 'Jaipur' }));
  await expense(page, { vehicleId: vehicle.id, tripId: trips[0].id, amount: 650 });
  await expense(page, { vehicleId: vehicle.id, tripId: trips[0].id, amount: 1200, type: 'Other', vendor: 'Bhatta' });
  await expense(page, { vehicleId: other.id, tripId: trips[3].id });
  await jobCard(page, { vehicleId: vehicle.id, description: `Clutch ${token}` });
  await document(page, { documentName: `RC ${token}`, entityId: vehicle.id });
  await document(page, { documentName: `Licence ${token}`, documentType: 'Driver License', entityId: driver.id });
  await context.close();
});

test("a vehicle's page: its head, and each tab's count equal to the list filtered by the vehicle", async ({ page }) => {
  await page.goto(`/vehicle-management/${vehicle.id}`);
  await expect(page.getByRole('heading', { level: 1, name: vehicle.licensePlate })).toBeVisible();
  await expect(page.getByText(`Tata Prima ${token} · Truck`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vehicle Management' })).toHaveAttribute('href', '/vehicle-management');
  // The head names the summary's window by its dates ('… – 24 Nov 2026') and breaks its cost down by kind.
  const summary = (await (await page.request.get(`/api/vehicles/${vehicle.id}/summary`)).json()) as { last90Days: { to: string; lines: unknown[] } };
  const [y, m, d] = summary.last90Days.to.split('-').map(Number);
  const to = `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${y}`;
  await expect(page.getByText(new RegExp(`^Cost per km, .+ – ${to}$`))).toBeVisible();
  await expect(page.getByText(new RegExp(`^km/L, .+ – ${to}$`))).toBeVisible();
  await expect(page.getByTestId('cost-line')).toHaveCount(summary.last90Days.lines.length);
  await expect(page.getByTestId('fact-km-90')).toContainText('Distance run');
  await expect(page.getByTestId('partial-note')).toHaveCount(0);

  const expected: [string, string, string, Record<string, string>][] = [
    ['trips', 'Trips', 'trips', { vehicleId: vehicle.id }],
    ['expenses', 'Fuel & Expenses', 'fuel-expenses', { vehicleId: vehicle.id }],
    ['refuelling', 'Refuelling Logs', 'refueling-logs', { vehicleId: vehicle.id }],
    ['job-cards', 'Job Cards', 'maintenance', { vehicleId: vehicle.id }],
    ['schedules', 'Service Schedules', 'service-schedules', { vehicleId: vehicle.id }],
    ['documents', 'Documents', 'compliance', { entityId: vehicle.id }],
    ['insurance', 'Insurance', 'trip-insurance', { 'trip.vehicleId': vehicle.id }],
    ['challans', 'Challans', 'challans', { vehicleId: vehicle.id }],
    ['incidents', 'Incidents', 'incidents', { vehicleId: vehicle.id }],
  ];
  await expect(page.getByRole('tab')).toHaveText([...expected.map(([, title]) => new RegExp(`^${title.replace(/[&]/g, '\\$&')} \\(\\d+\\)$`)), 'History']);
  for (const [key, , area, filter] of expected) await expect(count(page, key)).toHaveText(String(await totalOf(page, area, filter)));
  await expect(count(page, 'trips')).toHaveText('3');
  await expect(count(page, 'expenses')).toHaveText('2');
  await expect(count(page, 'job-cards')).toHaveText('1');
  await expect(count(page, 'documents')).toHaveText('1');

  // The first tab is shown: the vehicle's trips only, its total the same, its search within them.
  const trips = section(page, 'Trips');
  await sectionSettled(trips);
  await expect(sectionRows(trips)).toHaveCount(3);
  await expect(trips.getByText('Showing 1–3 of 3')).toBeVisible();
  await trips.getByRole('searchbox', { name: 'Search Trips' }).fill(`Nashik ${token}`);
  await expect(sectionRows(trips)).toHaveCount(1);
  await expect(page).toHaveURL(/trips\.q=Nashik/);
  // The export honours the vehicle too.
  await expect(trips.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', new RegExp(`vehicleId=${vehicle.id}`));

  const expenses = await openTab(page, 'Fuel & Expenses', 'expenses');
  await expect(sectionRows(expenses)).toHaveCount(2);
  // No control removes the vehicle: the list has no vehicle filter of its own to clear.
  await expect(expenses.getByText('Showing 1–2 of 2')).toBeVisible();
  const documents = await openTab(page, 'Documents', 'documents');
  await expect(sectionRows(documents)).toHaveCount(1);
  await expect(sectionRows(documents).first()).toContainText(`RC ${token}`);
  const logs = await openTab(page, 'Refuelling Logs', 'refuelling');
  await expect(logs.getByRole('combobox', { name: /Vehicle/ })).toHaveCount(0);

  // A link opens a tab; History reads the vehicle's changes.
  await page.goto(`/vehicle-management/${vehicle.id}?tab=job-cards`);
  await expect(tab(page, 'Job Cards')).toHaveAttribute('aria-selected', 'true');
  await expect(sectionRows(section(page, 'Job Cards'))).toHaveCount(1);
  await tab(page, 'History').click();
  await expect(page.getByRole('list', { name: `History of ${vehicle.id}` })).toContainText('created');
});

test("add from a vehicle's tab: the area's own form with the vehicle filled in, back on the tab after saving", async ({ page }) => {
  await page.goto(`/vehicle-management/${vehicle.id}?tab=job-cards`);
  const jobs = section(page, 'Job Cards');
  await sectionSettled(jobs);
  const before = Number(await count(page, 'job-cards').textContent());
  await jobs.getByRole('button', { name: 'Create Job Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Job Card' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: /^Vehicle/ })).toHaveText(vehicleLabel(vehicle));
  await dialog.getByLabel('Job Description').fill(`Brake drum ${token}`);
  await dialog.getByRole('button', { name: 'Create Job' }).click();
  await expectToast(page, 'Job Created!');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/vehicle-management/${vehicle.id}\\?tab=job-cards$`));
  await expect(sectionRows(jobs)).toHaveCount(before + 1);
  await expect(count(page, 'job-cards')).toHaveText(String(before + 1));
  expect(await totalOf(page, 'maintenance', { vehicleId: vehicle.id })).toBe(before + 1);

  // A document added from the Documents tab names the vehicle.
  const documents = await openTab(page, 'Documents', 'documents');
  await documents.getByRole('button', { name: 'Add Document' }).click();
  const docDialog = page.getByRole('dialog', { name: 'Add New Document' });
  await expect(docDialog.getByRole('radio', { name: 'Vehicle' })).toBeChecked();
  await docDialog.getByLabel('Doc Name').fill(`Permit ${token}`);
  await docDialog.getByLabel('Expiry Date').fill('01/01/2031');
  await docDialog.getByRole('button', { name: 'Add Document' }).click();
  await expectToast(page, 'Document Added!');
  await expect(sectionRows(documents)).toHaveCount(2);
  await expect(count(page, 'documents')).toHaveText('2');
});

test("a driver's page: head, tabs with counts, Health and the Aadhaar card for a role with personal data", async ({ page }) => {
  await page.goto(`/driver-management/${driver.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Ramesh ${token}` })).toBeVisible();
  await expect(page.getByTestId('fact-license')).toHaveText(driver.license);
  await expect(page.getByTestId('fact-joining')).toHaveText('01/04/2021');
  await expect(page.getByRole('tab')).toHaveText([/^Trips/, /^Training/, /^Health/, /^Documents/, /^Challans/, /^Incidents/, /^Refuelling Logs/, 'History']);
  await expect(count(page, 'trips')).toHaveText(String(await totalOf(page, 'trips', { driverId: driver.id })));
  await expect(count(page, 'trips')).toHaveText('3');
  await expect(sectionRows(section(page, 'Trips'))).toHaveCount(3);
  const documents = await openTab(page, 'Documents', 'documents');
  await expect(sectionRows(documents)).toHaveCount(1);
  await expect(page.getByText('Aadhaar Card', { exact: true })).toBeVisible();
});

test("the drivers list's View Documents opens the driver's Documents tab; a role without personal data sees no Health or Aadhaar card", async ({
  page,
  browser,
}) => {
  await page.goto('/driver-management');
  await searchList(page, `Ramesh ${token}`);
  await expect(tableRows(page)).toHaveCount(1);
  await page.getByRole('link', { name: `View Documents of Ramesh ${token}` }).click();
  await expect(page).toHaveURL(new RegExp(`/driver-management/${driver.id}\\?tab=documents$`));
  await expect(tab(page, 'Documents')).toHaveAttribute('aria-selected', 'true');
  await expect(sectionRows(section(page, 'Documents'))).toHaveCount(1);

  const dispatcher = await signedInAs(browser, createUser('dispatcher'));
  await dispatcher.goto(`/driver-management/${driver.id}?tab=documents`);
  await expect(dispatcher.getByRole('heading', { level: 1, name: `Ramesh ${token}` })).toBeVisible();
  await expect(sectionRows(section(dispatcher, 'Documents'))).toHaveCount(1);
  await expect(tab(dispatcher, 'Health')).toHaveCount(0);
  // Tabs of areas the role may not view are left out (a dispatcher sees no training or refuelling logs).
  await expect(tab(dispatcher, 'Training')).toHaveCount(0);
  await expect(dispatcher.getByText('Aadhaar Card', { exact: true })).toHaveCount(0);
  await dispatcher.context().close();
});

test("a trip's page: vehicle and driver links, money N/A where unknown, its expenses", async ({ page }) => {
  await page.goto(`/fleet-management/${trips[0].id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${trips[0].id}: Pune ${token} → Mumbai` })).toBeVisible();
  await expect(page.getByTestId('fact-margin')).toHaveText('N/A');
  await expect(page.getByTestId('fact-cost-per-km')).toHaveText('N/A');
  await expect(count(page, 'expenses')).toHaveText('2');
  await expect(sectionRows(section(page, 'Expenses'))).toHaveCount(2);
  await expect(count(page, 'cold-chain')).toHaveText('0');
  await page.getByTestId('fact-driver').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/driver-management/${driver.id}$`));
  await page.goBack();
  await page.getByTestId('fact-vehicle').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/vehicle-management/${vehicle.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: vehicle.licensePlate })).toBeVisible();
});

test('list cells link vehicles, drivers and trips to their pages, keeping their text; none where the role may not view the target', async ({
  page,
  browser,
}) => {
  await page.goto(`/fleet-management?q=${encodeURIComponent(`Pune ${token}`)}`);
  await expect(tableRows(page)).toHaveCount(1);
  const row = tableRows(page).first();
  await expect(row.getByRole('link', { name: trips[0].id })).toHaveAttribute('href', `/fleet-management/${trips[0].id}`);
  await expect(row.getByRole('link', { name: vehicleLabel(vehicle) })).toHaveAttribute('href', `/vehicle-management/${vehicle.id}`);
  await expect(row.getByRole('link', { name: `Ramesh ${token} (${driver.id})` })).toHaveAttribute('href', `/driver-management/${driver.id}`);

  await page.goto(`/fuel-expense?q=${token}`);
  await expect(tableRows(page).filter({ hasText: trips[0].id }).first().getByRole('link', { name: vehicle.licensePlate })).toHaveAttribute(
    'href',
    `/vehicle-management/${vehicle.id}`,
  );
  await page.goto(`/compliance?q=RC ${token}`);
  await expect(tableRows(page).first().getByRole('link', { name: vehicle.licensePlate })).toHaveAttribute('href', `/vehicle-management/${vehicle.id}`);
  await page.goto(`/maintenance?q=Clutch ${token}`);
  await tableRows(page)
    .first()
    .getByRole('link', { name: vehicleLabel(vehicle) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/vehicle-management/${vehicle.id}$`));

  // Accounts may view trips and vehicles but not drivers: the driver's name stays text.
  const accounts = await signedInAs(browser, createUser('accounts'));
  await accounts.goto(`/fleet-management?q=${encodeURIComponent(`Pune ${token}`)}`);
  await expect(tableRows(accounts)).toHaveCount(1);
  const shown = tableRows(accounts).first();
  await expect(shown.getByRole('link', { name: vehicleLabel(vehicle) })).toBeVisible();
  await expect(shown.getByText(`Ramesh ${token}`)).toBeVisible();
  await expect(shown.getByRole('link', { name: new RegExp(`Ramesh ${token}`) })).toHaveCount(0);
  await accounts.goto(`/driver-management/${driver.id}`);
  await expect(accounts.getByRole('heading', { name: /You don't have access to Driver Management/ })).toBeVisible();
  await accounts.context().close();
});

test("View Full Service Logs opens the completed job cards, newest first; a job card's service log opens its vehicle's Job Cards tab", async ({ page }) => {
  const older = await jobCard(page, { vehicleId: other.id, description: `Older ${token}`, status: 'Completed', completionDate: '2026-02-01' });
  const newer = await jobCard(page, { vehicleId: other.id, description: `Newer ${token}`, status: 'Completed', completionDate: '2026-03-01' });
  await page.goto('/maintenance');
  await page.getByRole('main').getByRole('link', { name: 'View Full Service Logs', exact: true }).click();
  await expect(page).toHaveURL(/\/maintenance\?status=Completed&sort=completionDate&order=desc$/);
  await expect(page.getByRole('combobox', { name: 'Filter by Status' })).toHaveText('Completed');
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(2);
  await expect(tableRows(page).nth(0)).toContainText(newer.id);
  await expect(tableRows(page).nth(1)).toContainText(older.id);
  await expect(tableRows(page).locator('td:nth-child(8)')).toHaveText(['Completed', 'Completed']);

  await page.getByRole('link', { name: `Service log of ${newer.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicle-management/${other.id}\\?tab=job-cards$`));
  const jobs = section(page, 'Job Cards');
  await sectionSettled(jobs);
  await expect(sectionRows(jobs)).toHaveCount(2);
});
