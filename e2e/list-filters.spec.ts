import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiCreate,
  chooseOption,
  createVehicle,
  listSettled,
  openScreen,
  searchList,
  showSection,
  sectionRows,
  sectionSettled,
  searchSection,
  tableRows,
  todayInBrowserZone,
  unique,
  vehicleLabel,
} from './helpers';

/** Filters named by what they filter, From–To date filters in the URL, N/A last both ways, compliance by expiry. */

const createStation = (page: Page, stationName: string) =>
  apiCreate(page, 'partner-fuel-stations', {
    stationName,
    address: 'Sector 17, Vashi, Navi Mumbai',
    gpsLocation: '',
    contactPerson: '',
    phone: '+91 98200 11223',
    email: 'vashi@iocl-partner.in',
    status: 'Active',
    paymentMode: 'Postpaid',
    creditLimit: 0,
    fuelTypes: ['Diesel', 'Petrol'],
    partnerSince: '2024-04-01',
    contractStartDate: null,
    contractEndDate: null,
    pricingStructure: 'Standard rates apply.',
    settlementCycle: 'Monthly',
  });
const createLog = (page: Page, fields: { vehicleId: string; stationId: string } & Record<string, unknown>) =>
  apiCreate(page, 'refueling-logs', {
    driverId: null,
    fuelType: 'Diesel',
    quantity: 100,
    rate: 90,
    totalCost: null,
    timestamp: '2026-03-14T08:30:00.000Z',
    refuelMethod: 'Card',
    odometer: null,
    notes: '',
    ...fields,
  });

/** Picks a record in a list's reference filter, as a user would: open it, type, choose. */
async function pickFilter(page: Page, scope: Locator, label: string, search: string, option: string) {
  const picker = scope.getByRole('combobox', { name: `Filter by ${label}`, exact: true });
  await picker.click();
  await page.getByRole('combobox', { name: 'Search choices' }).fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(picker).toHaveText(option);
}

test('refuelling logs filter by station, vehicle and fuel type, each named by what it filters, kept in the URL', async ({ page }) => {
  const token = unique();
  const [vashi, panvel] = [await createStation(page, `Vashi ${token}`), await createStation(page, `Panvel ${token}`)];
  const [first, second] = [await createVehicle(page, `${token}1`), await createVehicle(page, `${token}2`)];
  const a = await createLog(page, { vehicleId: first.id, stationId: vashi.id });
  const b = await createLog(page, { vehicleId: second.id, stationId: vashi.id, fuelType: 'Petrol' });
  const c = await createLog(page, { vehicleId: first.id, stationId: panvel.id });
  await openScreen(page, '/partner-fuel-stations', 'Partner Fuel Stations');
  const logs = await showSection(page, 'Refueling Logs');
  const ids = () => sectionRows(logs).locator('td:first-child');
  await searchSection(page, logs, 'logs', token);
  await expect(sectionRows(logs)).toHaveCount(3);

  await expect(logs.getByRole('combobox', { name: 'Filter by Station', exact: true })).toHaveText('All Stations');
  await expect(logs.getByRole('combobox', { name: 'Filter by Vehicle', exact: true })).toHaveText('All Vehicles');
  await expect(logs.getByRole('combobox', { name: 'Filter by Fuel Type', exact: true })).toHaveText('All Fuel Types');

  await pickFilter(page, logs, 'Station', `Vashi ${token}`, `Vashi ${token}`);
  await expect(page).toHaveURL((url) => url.searchParams.get('logs.stationId') === vashi.id);
  await sectionSettled(logs);
  await expect(sectionRows(logs)).toHaveCount(2);
  for (const id of [a.id, b.id]) await expect(logs.getByRole('cell', { name: id, exact: true })).toBeVisible();

  await pickFilter(page, logs, 'Vehicle', `MH12${token}1`, vehicleLabel(first));
  await expect(page).toHaveURL((url) => url.searchParams.get('logs.vehicleId') === first.id);
  await sectionSettled(logs);
  await expect(ids()).toHaveText([a.id]);

  // A reload keeps both, by their labels.
  await page.reload();
  await expect(logs.getByRole('combobox', { name: 'Filter by Station', exact: true })).toHaveText(`Vashi ${token}`);
  await expect(logs.getByRole('combobox', { name: 'Filter by Vehicle', exact: true })).toHaveText(vehicleLabel(first));
  await sectionSettled(logs);
  await expect(ids()).toHaveText([a.id]);

  await logs.getByRole('button', { name: 'Clear the Station filter' }).click();
  await expect(page).toHaveURL((url) => !url.searchParams.has('logs.stationId'));
  await sectionSettled(logs);
  await expect(sectionRows(logs)).toHaveCount(2);
  for (const id of [a.id, c.id]) await expect(logs.getByRole('cell', { name: id, exact: true })).toBeVisible();

  await logs.getByRole('button', { name: 'Clear the Vehicle filter' }).click();
  await chooseOption(page, logs, 'Filter by Fuel Type', 'Petrol');
  await expect(page).toHaveURL((url) => url.searchParams.get('logs.fuelType') === 'Petrol');
  await sectionSettled(logs);
  await expect(ids()).toHaveText([b.id]);
});

test('a From–To date filter takes DD/MM/YYYY, includes both days, lives in the URL and survives a reload', async ({ page }) => {
  const token = unique();
  const expense = (date: string) =>
    apiCreate(page, 'fuel-expenses', {
      type: 'Toll',
      date,
      vehicleId: null,
      tripId: null,
      fuelType: '',
      quantity: null,
      pricePerUnit: null,
      amount: 150,
      odometer: null,
      vendor: `Toll ${token}`,
      gpsLocation: '',
      description: '',
    });
  const [, feb1, feb28] = [await expense('2026-01-31'), await expense('2026-02-01'), await expense('2026-02-28'), await expense('2026-03-01')];
  await openScreen(page, '/fuel-expense', 'Fuel & Expense Management');
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(4);

  const [from, to] = [page.getByRole('textbox', { name: 'Date from', exact: true }), page.getByRole('textbox', { name: 'Date to', exact: true })];
  await expect(page.getByRole('group', { name: 'Filter by Date' })).toBeVisible();
  await from.fill('1/2/2026');
  await from.press('Enter');
  await expect(from).toHaveValue('01/02/2026');
  await to.fill('28/02/2026');
  await to.press('Tab');
  await expect(page).toHaveURL((url) => url.searchParams.get('dateFrom') === '2026-02-01' && url.searchParams.get('dateTo') === '2026-02-28');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(2);
  for (const id of [feb1.id, feb28.id]) await expect(page.getByRole('cell', { name: id, exact: true })).toBeVisible();

  await page.reload();
  await expect(from).toHaveValue('01/02/2026');
  await expect(to).toHaveValue('28/02/2026');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(2);

  // A From after the To is marked and not applied (it would match nothing).
  await from.fill('01/03/2026');
  await from.press('Enter');
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(from).toHaveAttribute('title', 'Must not be after Date to');
  await expect(page).toHaveURL((url) => url.searchParams.get('dateFrom') === '2026-02-01');
  await from.fill('01/02/2026');
  await from.press('Enter');
  await expect(from).not.toHaveAttribute('aria-invalid');

  // A date that is none is marked and filters nothing; emptied, the bound is gone.
  await to.fill('31/02/2026');
  await to.press('Enter');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL((url) => url.searchParams.get('dateTo') === '2026-02-28');
  await to.fill('');
  await to.press('Enter');
  await expect(page).toHaveURL((url) => !url.searchParams.has('dateTo'));
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(3);
});

test('a list sorted either way shows its N/A rows last', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token);
  const job = (technician: string) =>
    apiCreate(page, 'maintenance', {
      vehicleId: vehicle.id,
      jobType: 'Corrective',
      description: `Clutch ${token}`,
      technician,
      partsUsed: '',
      scheduledDate: '2026-03-09',
      completionDate: null,
      status: 'Scheduled',
      cost: null,
      scheduleId: null,
      odometer: null,
    });
  await job('');
  await job(`Anil ${token}`);
  await job(`Zubin ${token}`);
  await openScreen(page, '/maintenance', 'Maintenance & Workshop');
  await searchList(page, `Clutch ${token}`);
  const header = page.getByRole('columnheader', { name: 'Technician' });
  const technicians = tableRows(page).locator('td:nth-child(5)');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await listSettled(page);
  await expect(technicians).toHaveText([`Anil ${token}`, `Zubin ${token}`, 'N/A']);
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await listSettled(page);
  await expect(technicians).toHaveText([`Zubin ${token}`, `Anil ${token}`, 'N/A']);
});

test('compliance: newest first; within an expiry filter the soonest expiry first, marked on its column; every expiry column sorts', async ({ page }) => {
  const token = unique();
  const inDays = (days: number) => {
    const date = new Date(`${todayInBrowserZone()}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  };
  const doc = (name: string, days: number) =>
    apiCreate(page, 'compliance', {
      documentName: `${name} ${token}`,
      documentType: 'Operating Permit',
      entityId: '',
      documentNumber: '',
      issuer: '',
      issueDate: null,
      expiryDate: inDays(days),
      notes: '',
      documentFile: null,
    });
  await doc('Permit A', 20);
  await doc('Permit B', 5);
  await doc('Permit C', 200);
  await doc('Permit D', 12);
  await openScreen(page, '/compliance', 'Compliance Management (Document Hub)');
  await searchList(page, token);
  const names = tableRows(page).locator('td:nth-child(2)');
  const expiry = page.getByRole('columnheader', { name: 'Expiry Status' });
  await expect(names).toHaveText(['Permit D', 'Permit C', 'Permit B', 'Permit A'].map((n) => `${n} ${token}`));
  await expect(expiry).toHaveAttribute('aria-sort', 'none');

  await chooseOption(page, page, 'Filter by Expiry', 'Expiring Soon (30d)');
  await listSettled(page);
  await expect(names).toHaveText(['Permit B', 'Permit D', 'Permit A'].map((n) => `${n} ${token}`));
  await expect(expiry).toHaveAttribute('aria-sort', 'ascending');
  await expiry.getByRole('button').click();
  await expect(expiry).toHaveAttribute('aria-sort', 'descending');
  await listSettled(page);
  await expect(names).toHaveText(['Permit A', 'Permit D', 'Permit B'].map((n) => `${n} ${token}`));

  // Without the filter, sorted by expiry on request.
  await chooseOption(page, page, 'Filter by Expiry', 'All Expiries');
  await listSettled(page);
  await expect(names).toHaveText(['Permit C', 'Permit A', 'Permit D', 'Permit B'].map((n) => `${n} ${token}`));

  // The trip insurance's Validity sorts by its end date.
  await openScreen(page, '/trip-insurance', 'Trip Insurance Management');
  const validity = page.getByRole('columnheader', { name: 'Validity' });
  await validity.getByRole('button').click();
  await expect(validity).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'endDate');
});
