import { expect, test, type Page } from '@playwright/test';
import {
  apiCreate,
  chooseOption,
  clickSave,
  confirmDeletion,
  createDriver,
  createVehicle,
  expectButtonWaitsFor,
  expectDestructiveToast,
  failRequests,
  expectToast,
  openScreen,
  optionsOf,
  pickRecord,
  saveAndClose,
  shownDate,
  todayInBrowserZone,
  unique,
  vehicleLabel,
  section,
  showSection,
  sectionRows as rowsOf,
  sectionSettled as settled,
  searchSection as searchIn,
  openSectionForm as openForm,
} from './helpers';

const PATH = '/partner-fuel-stations';
const open = (page: Page) => openScreen(page, PATH, 'Partner Fuel Stations');
const STATIONS = 'Station Directory';
const LOGS = 'Refueling Logs';
const INVOICES = 'Invoices & Settlements';

const createStation = (page: Page, fields: Record<string, unknown> = {}) =>
  apiCreate(page, 'partner-fuel-stations', {
    stationName: `IOCL Vashi ${unique()}`,
    address: 'Sector 17, Vashi, Navi Mumbai',
    gpsLocation: '19.0771,72.9986',
    contactPerson: 'Sunil Patil',
    phone: '+91 98200 11223',
    email: 'vashi@iocl-partner.in',
    status: 'Active',
    paymentMode: 'Postpaid',
    creditLimit: 0,
    fuelTypes: ['Diesel'],
    partnerSince: '2024-04-01',
    contractStartDate: null,
    contractEndDate: null,
    pricingStructure: 'Standard rates apply.',
    settlementCycle: 'Monthly',
    ...fields,
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
const createInvoice = (page: Page, fields: { stationId: string } & Record<string, unknown>) =>
  apiCreate(page, 'fuel-station-invoices', {
    amount: 125000,
    dateRangeStart: '2026-02-01',
    dateRangeEnd: '2026-02-28',
    paymentStatus: 'Pending',
    generatedOn: '2026-03-01',
    paidOn: null,
    paidAmount: null,
    balanceAmount: null,
    approvedBy: '',
    notes: '',
    ...fields,
  });

test('three sections in order under one heading, each with its own columns', async ({ page }) => {
  await open(page);
  // The three sections as tabs in order, the first shown under its own heading.
  await expect(page.getByRole('tablist', { name: 'Partner Fuel Stations' }).getByRole('tab')).toHaveText([STATIONS, LOGS, INVOICES]);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([STATIONS]);
  await expect(section(page, STATIONS).locator('thead th')).toHaveText(['ID', 'Name', 'Address', 'Contact', 'Status', 'Actions']);
  await expect((await showSection(page, LOGS)).locator('thead th')).toHaveText([
    'Log ID',
    'Vehicle',
    'Station',
    'Fuel Type',
    'Qty',
    'Cost (₹)',
    'Timestamp',
    'Actions',
  ]);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([LOGS]);
  await expect((await showSection(page, INVOICES)).locator('thead th')).toHaveText([
    'Invoice ID',
    'Station',
    'Amount',
    'Date Range',
    'Status',
    'Generated',
    'Actions',
  ]);
});

test('station: add with the defaults, edit, delete after confirming', async ({ page }) => {
  const token = unique();
  await open(page);
  const stations = await showSection(page, STATIONS);
  const dialog = await openForm(page, stations, 'Add Station', 'Add New Station');
  await expect(dialog.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('Active');
  await expect(dialog.getByRole('combobox', { name: 'Payment Mode', exact: true })).toHaveText('Postpaid');
  await expect(dialog.getByRole('combobox', { name: 'Settlement Cycle', exact: true })).toHaveText('Monthly');
  await expect(dialog.getByLabel('Credit Limit (₹)')).toHaveValue('0');
  await expect(dialog.getByLabel('Credit Limit (₹)')).toHaveAttribute('step', '100');
  await expect(dialog.getByLabel('Pricing Structure')).toHaveValue('Standard rates apply.');
  await expect(dialog.getByLabel('Partner Since')).toHaveValue(shownDate(todayInBrowserZone()));
  await expect(dialog.getByRole('checkbox', { name: 'Diesel' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'CNG' })).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: 'CNG' }).check();
  await dialog.getByLabel('Station Name').fill(`BPCL Jamtha ${token}`);
  await dialog.getByLabel('Address').fill('NH44, Jamtha, Nagpur, Maharashtra 441108');
  await dialog.getByLabel('Contact Person').fill('Anil Deshmukh');
  await dialog.getByLabel('Phone').fill('+91 98230 44556');
  await dialog.getByLabel('Email').fill('jamtha@bpcl-partner.in');
  await dialog.getByLabel('GPS Location (lat,lng)').fill('21.0436, 79.0470');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/partner-fuel-stations') && r.request().method() === 'POST');
  await saveAndClose(page, dialog, 'Add Station', 'Station Added!');
  const record = await (await saved).json();
  expect(record).toMatchObject({
    status: 'Active',
    paymentMode: 'Postpaid',
    creditLimit: 0,
    fuelTypes: ['Diesel', 'CNG'],
    settlementCycle: 'Monthly',
    gpsLocation: '21.0436,79.0470',
  });

  await searchIn(page, stations, 'stations', token);
  await expect(rowsOf(stations).first().getByRole('cell')).toHaveText([
    record.id,
    `BPCL Jamtha ${token}`,
    'NH44, Jamtha, Nagpur, Maharashtra 441108',
    '+91 98230 44556Anil Deshmukh',
    'Active',
    '',
  ]);

  const edit = await openForm(page, stations, `Edit ${record.id}`, 'Edit Station');
  await chooseOption(page, edit, 'Status', 'Inactive');
  await edit.getByLabel('Credit Limit (₹)').fill('500000');
  await saveAndClose(page, edit, 'Save Changes', 'Station Updated!');
  await expect(rowsOf(stations).first().getByRole('cell').nth(4)).toHaveText('Inactive');

  await stations.getByRole('button', { name: `Delete ${record.id}` }).click();
  const confirm = confirmDeletion(page);
  await expect(confirm).toContainText(`Are you sure you want to delete the station BPCL Jamtha ${token} (${record.id})? This action cannot be undone.`);
  await confirm.getByRole('button', { name: 'Delete Station' }).click();
  await expectDestructiveToast(page, 'Station Deleted');
  await expect(stations.getByText('No stations found')).toBeVisible();
});

test('station: each validation message, the dialog kept open with its input', async ({ page }) => {
  const token = unique();
  await open(page);
  const dialog = await openForm(page, await showSection(page, STATIONS), 'Add Station', 'Add New Station');
  await dialog.getByLabel('Station Name').fill(`HPCL Khopoli ${token}`);
  await clickSave(dialog, 'Add Station');
  await expectDestructiveToast(page, 'Missing Fields', 'Station Name, Address, Phone, and Email are required.');
  await dialog.getByLabel('Address').fill('NH48, Khalapur, Raigad');
  await dialog.getByLabel('Phone').fill('+91 98200 77889');
  await dialog.getByLabel('Email').fill('khopoli@hpcl-partner.in');
  await dialog.getByLabel('Contract Start Date').fill('02/04/2026');
  await dialog.getByLabel('Contract End Date').fill('01/04/2026');
  await clickSave(dialog, 'Add Station');
  await expectDestructiveToast(page, 'Invalid Contract Dates', 'Contract Start Date cannot be after End Date.');
  await dialog.getByLabel('Contract End Date').fill('01/04/2029');
  await dialog.getByLabel('Credit Limit (₹)').fill('-100');
  await clickSave(dialog, 'Add Station');
  await expectDestructiveToast(page, 'Invalid Credit Limit', 'Credit Limit cannot be negative.');
  await dialog.getByLabel('Credit Limit (₹)').fill('100000');
  await dialog.getByLabel('GPS Location (lat,lng)').fill('Khopoli');
  await clickSave(dialog, 'Add Station');
  await expectDestructiveToast(page, 'Invalid Location', 'GPS Location must be latitude,longitude in degrees, e.g. 19.0771,72.9986.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Station Name')).toHaveValue(`HPCL Khopoli ${token}`);
  await dialog.getByLabel('GPS Location (lat,lng)').fill('18.7890,73.3450');
  await saveAndClose(page, dialog, 'Add Station', 'Station Added!');
});

test('station: search by name, address or contact person; the Active/Inactive filter', async ({ page }) => {
  const token = unique();
  const active = await createStation(page, { stationName: `IOCL Kalamboli ${token}`, address: `Panvel ${token} bypass`, contactPerson: `Vijay ${token}` });
  const inactive = await createStation(page, { stationName: `BPCL Shedung ${token}`, status: 'Inactive' });
  await open(page);
  const stations = await showSection(page, STATIONS);
  for (const term of [`kalamboli ${token}`, `PANVEL ${token}`, `vijay ${token}`]) {
    await searchIn(page, stations, 'stations', term);
    await expect(rowsOf(stations)).toHaveCount(1);
    await expect(rowsOf(stations).first().getByRole('cell').first()).toHaveText(active.id);
  }
  await searchIn(page, stations, 'stations', token);
  await expect(rowsOf(stations)).toHaveCount(2);
  expect(await optionsOf(page, stations, 'Filter by Status')).toEqual(['All Statuses', 'Active', 'Inactive']);
  await chooseOption(page, stations, 'Filter by Status', 'Inactive');
  await expect(page).toHaveURL((url) => url.searchParams.get('stations.status') === 'Inactive');
  await settled(stations);
  await expect(rowsOf(stations)).toHaveCount(1);
  await expect(rowsOf(stations).first().getByRole('cell').first()).toHaveText(inactive.id);
  await chooseOption(page, stations, 'Filter by Status', 'Active');
  await settled(stations);
  await expect(rowsOf(stations).first().getByRole('cell').first()).toHaveText(active.id);
});

test('log: add with the defaults; the unit follows the fuel type; total = quantity × rate, locked; edit; delete', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { licensePlate: `MH43${token}` });
  const driver = await createDriver(page, token);
  await createStation(page, { stationName: `IOCL Turbhe ${token}` });
  await open(page);
  const logs = await showSection(page, LOGS);
  const dialog = await openForm(page, logs, 'Add Log', 'Add Refueling Log');
  await expect(dialog.getByRole('combobox', { name: /^Fuel Type/ })).toHaveText('Diesel');
  await expect(dialog.getByRole('combobox', { name: 'Refuel Method', exact: true })).toHaveText('Card');
  await expect(dialog.getByLabel('Quantity (Liters)')).toHaveAttribute('step', '0.01');
  await expect(dialog.getByLabel('Rate (₹)')).toHaveAttribute('step', '0.001');
  await expect(dialog.getByLabel('Total Cost (₹)')).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Total Cost (₹)')).toHaveValue('');
  await chooseOption(page, dialog, /^Fuel Type/, 'CNG');
  await expect(dialog.getByLabel('Quantity (KG)')).toBeVisible();
  await chooseOption(page, dialog, /^Fuel Type/, 'Electric');
  await expect(dialog.getByLabel('Quantity (kWh)')).toBeVisible();
  await chooseOption(page, dialog, /^Fuel Type/, 'Petrol');
  await expect(dialog.getByLabel('Quantity (Liters)')).toBeVisible();
  await chooseOption(page, dialog, /^Fuel Type/, 'Diesel');

  await dialog.getByLabel('Quantity (Liters)').fill('10.55');
  await expect(dialog.getByLabel('Total Cost (₹)')).toHaveValue('');
  await dialog.getByLabel('Rate (₹)').fill('1.001');
  await expect(dialog.getByLabel('Total Cost (₹)')).toHaveValue('10.56');
  await dialog.getByLabel('Quantity (Liters)').fill('120.5');
  await dialog.getByLabel('Rate (₹)').fill('90.455');
  await expect(dialog.getByLabel('Total Cost (₹)')).toHaveValue('10899.83');
  await pickRecord(page, dialog, /^Vehicle/, `mh43${token.toLowerCase()}`, vehicleLabel(vehicle));
  await pickRecord(page, dialog, /^Driver/, driver.name, `${driver.name} (${driver.id})`);
  await pickRecord(page, dialog, /^Station/, `turbhe ${token}`, `IOCL Turbhe ${token}`);
  await dialog.getByLabel('Timestamp').fill('14/03/2026 14:05');
  await dialog.getByLabel('Odometer (km)').fill('184250');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/refueling-logs') && r.request().method() === 'POST');
  await saveAndClose(page, dialog, 'Add Log', 'Log Added!');
  const record = await (await saved).json();
  expect(record).toMatchObject({
    fuelType: 'Diesel',
    refuelMethod: 'Card',
    quantity: 120.5,
    rate: 90.455,
    totalCost: 10899.83,
    odometer: 184250,
    driverId: driver.id,
  });

  await searchIn(page, logs, 'logs', token);
  await expect(rowsOf(logs).first().getByRole('cell')).toHaveText([
    record.id,
    vehicle.licensePlate,
    `IOCL Turbhe ${token}`,
    'Diesel',
    '120.5 Liters',
    '₹10,899.83',
    '14/03/2026, 02:05 pm',
    '',
  ]);
  // The plate alone in the column, the whole vehicle on hover.
  await expect(rowsOf(logs).first().getByRole('cell').nth(1).locator('span')).toHaveAttribute('title', vehicleLabel(vehicle));

  const edit = await openForm(page, logs, `Edit ${record.id}`, 'Edit Refueling Log');
  await chooseOption(page, edit, /^Fuel Type/, 'CNG');
  await edit.getByLabel('Quantity (KG)').fill('12.5');
  await edit.getByLabel('Rate (₹)').fill('79.9');
  await expect(edit.getByLabel('Total Cost (₹)')).toHaveValue('998.75');
  await saveAndClose(page, edit, 'Save Changes', 'Log Updated!');
  await expect(rowsOf(logs).first().getByRole('cell').nth(4)).toHaveText('12.5 KG');
  await expect(rowsOf(logs).first().getByRole('cell').nth(5)).toHaveText('₹998.75');

  await logs.getByRole('button', { name: `Delete ${record.id}` }).click();
  await confirmDeletion(page).getByRole('button', { name: 'Delete Log' }).click();
  await expectDestructiveToast(page, 'Log Deleted');
  await expect(logs.getByText('No refueling logs found')).toBeVisible();
});

test('log: each validation message; search by vehicle, station or fuel type', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { make: 'Eicher', model: `Pro ${token}`, licensePlate: `GJ01${token}` });
  const station = await createStation(page, { stationName: `Nayara Kheda ${token}` });
  const other = await createStation(page, { stationName: `HPCL Anand ${token}` });
  const diesel = await createLog(page, { vehicleId: vehicle.id, stationId: station.id });
  const cng = await createLog(page, { vehicleId: (await createVehicle(page, unique())).id, stationId: other.id, fuelType: 'Biofuel' });
  await open(page);
  const logs = await showSection(page, LOGS);
  const dialog = await openForm(page, logs, 'Add Log', 'Add Refueling Log');
  await dialog.getByLabel('Quantity (Liters)').fill('50');
  await clickSave(dialog, 'Add Log');
  await expectDestructiveToast(page, 'Missing Fields', 'Vehicle, Station, Fuel Type, Quantity, Rate, and Timestamp are required.');
  await pickRecord(page, dialog, /^Vehicle/, `gj01${token.toLowerCase()}`, vehicleLabel(vehicle));
  await pickRecord(page, dialog, /^Station/, `kheda ${token}`, `Nayara Kheda ${token}`);
  await dialog.getByLabel('Timestamp').fill('14/03/2026 09:00');
  await dialog.getByLabel('Rate (₹)').fill('0');
  await clickSave(dialog, 'Add Log');
  await expectDestructiveToast(page, 'Invalid Values', 'Quantity and Rate must be greater than zero.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Quantity (Liters)')).toHaveValue('50');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard Changes?' }).getByRole('button', { name: 'Discard' }).click();

  for (const [term, id] of [
    [`gj01${token}`, diesel.id],
    [`eicher pro ${token}`, diesel.id],
    [`kheda ${token}`, diesel.id],
    [`anand ${token}`, cng.id],
  ]) {
    await searchIn(page, logs, 'logs', term);
    await expect(rowsOf(logs)).toHaveCount(1);
    await expect(rowsOf(logs).first().getByRole('cell').first()).toHaveText(id);
  }
  await searchIn(page, logs, 'logs', 'biofuel');
  await expect(rowsOf(logs).filter({ hasText: cng.id })).toHaveCount(1);
  await expect(rowsOf(logs).filter({ hasText: diesel.id })).toHaveCount(0);
});

test('log: a rate finer than 0.001 or a quantity finer than 0.01 is refused with its message, the dialog kept with its input', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { licensePlate: `KA05${token}` });
  await createStation(page, { stationName: `BPCL Hosur ${token}` });
  await open(page);
  const logs = await showSection(page, LOGS);
  const dialog = await openForm(page, logs, 'Add Log', 'Add Refueling Log');
  await pickRecord(page, dialog, /^Vehicle/, `ka05${token.toLowerCase()}`, vehicleLabel(vehicle));
  await pickRecord(page, dialog, /^Station/, `hosur ${token}`, `BPCL Hosur ${token}`);
  await dialog.getByLabel('Timestamp').fill('14/03/2026 09:00');
  await dialog.getByLabel('Quantity (Liters)').fill('50');
  await dialog.getByLabel('Rate (₹)').fill('0.0001');
  await clickSave(dialog, 'Add Log');
  await expectDestructiveToast(page, 'Invalid Input', 'Rate (₹) must have at most 3 decimals.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Rate (₹) must have at most 3 decimals.')).toBeVisible();
  await expect(dialog.getByLabel('Rate (₹)')).toHaveValue('0.0001');
  await expect(dialog.getByLabel('Quantity (Liters)')).toHaveValue('50');
  await dialog.getByLabel('Rate (₹)').fill('90.455');
  await dialog.getByLabel('Quantity (Liters)').fill('0.001');
  await clickSave(dialog, 'Add Log');
  await expectDestructiveToast(page, 'Invalid Input', 'Quantity must have at most 2 decimals.');
  await expect(dialog.getByLabel('Quantity (Liters)')).toHaveValue('0.001');
  await dialog.getByLabel('Quantity (Liters)').fill('50.25');
  await saveAndClose(page, dialog, 'Add Log', 'Log Added!');
});

test('Add Log waits for the vehicles, drivers and stations pick-lists', async ({ page }) => {
  for (const pattern of [/\/api\/vehicles\/options\?/, /\/api\/drivers\/options\?/, /\/api\/partner-fuel-stations\/options\?.*status/]) {
    await expectButtonWaitsFor(page, pattern, (p) => openScreen(p, `${PATH}?section=logs`, 'Partner Fuel Stations'), 'Add Log');
    await page.unroute(pattern);
  }
});

test('invoice: add with the defaults; the payment fields follow the status; edit; delete', async ({ page }) => {
  const token = unique();
  await createStation(page, { stationName: `BPCL Ghoti ${token}` });
  await open(page);
  const invoices = await showSection(page, INVOICES);
  const dialog = await openForm(page, invoices, 'Add Invoice', 'Add Invoice');
  await expect(dialog.getByRole('combobox', { name: 'Payment Status', exact: true })).toHaveText('Pending');
  await expect(dialog.getByLabel('Generated On')).toHaveValue(shownDate(todayInBrowserZone()));
  for (const hidden of ['Paid On', 'Paid Amount (₹)', 'Balance Amount (₹)']) await expect(dialog.getByLabel(hidden, { exact: true })).toBeHidden();
  await pickRecord(page, dialog, /^Station/, `ghoti ${token}`, `BPCL Ghoti ${token}`);
  await dialog.getByLabel(/^Amount \(₹\)/).fill('1000');
  await dialog.getByLabel('Date Range Start').fill('01/02/2026');
  await dialog.getByLabel('Date Range End').fill('28/02/2026');

  await chooseOption(page, dialog, 'Payment Status', 'Partially Paid');
  await expect(dialog.getByLabel('Paid On')).toHaveValue('');
  await expect(dialog.getByLabel('Paid Amount (₹)')).not.toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Balance Amount (₹)')).toHaveAttribute('readonly', '');
  await dialog.getByLabel('Paid Amount (₹)').fill('999.99');
  await expect(dialog.getByLabel('Balance Amount (₹)')).toHaveValue('0.01');
  await dialog.getByLabel('Paid Amount (₹)').fill('1000');
  await expect(dialog.getByLabel('Balance Amount (₹)')).toHaveValue('0.00');
  await clickSave(dialog, 'Add Invoice');
  await expectDestructiveToast(page, 'Invalid Paid Amount', "Paid Amount must be less than Total Amount for 'Partially Paid'. Use 'Paid' status instead.");

  await chooseOption(page, dialog, 'Payment Status', 'Paid');
  await expect(dialog.getByLabel('Paid Amount (₹)')).toHaveValue('1000');
  await expect(dialog.getByLabel('Paid Amount (₹)')).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Balance Amount (₹)')).toHaveValue('0.00');
  await chooseOption(page, dialog, 'Payment Status', 'Partially Paid');
  await dialog.getByLabel('Paid Amount (₹)').fill('400');
  await expect(dialog.getByLabel('Balance Amount (₹)')).toHaveValue('600.00');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/fuel-station-invoices') && r.request().method() === 'POST');
  await saveAndClose(page, dialog, 'Add Invoice', 'Invoice Added!');
  const record = await (await saved).json();
  expect(record).toMatchObject({ paymentStatus: 'Partially Paid', amount: 1000, paidAmount: 400, balanceAmount: 600, paidOn: null });

  await searchIn(page, invoices, 'invoices', token);
  await expect(rowsOf(invoices).first().getByRole('cell')).toHaveText([
    record.id,
    `BPCL Ghoti ${token}`,
    '₹1,000.00',
    '01/02/2026 – 28/02/2026',
    'Partially Paid',
    shownDate(todayInBrowserZone()),
    '',
  ]);

  const edit = await openForm(page, invoices, `Edit ${record.id}`, 'Edit Invoice');
  await chooseOption(page, edit, 'Payment Status', 'Paid');
  const updated = page.waitForResponse((r) => r.url().includes(`/api/fuel-station-invoices/${record.id}`) && r.request().method() === 'PUT');
  await saveAndClose(page, edit, 'Save Changes', 'Invoice Updated!');
  expect(await (await updated).json()).toMatchObject({ paymentStatus: 'Paid', paidAmount: 1000, balanceAmount: 0, paidOn: todayInBrowserZone() });
  await expect(rowsOf(invoices).first().getByRole('cell').nth(4)).toHaveText('Paid');

  await invoices.getByRole('button', { name: `Delete ${record.id}` }).click();
  await confirmDeletion(page).getByRole('button', { name: 'Delete Invoice' }).click();
  await expectDestructiveToast(page, 'Invoice Deleted');
  await expect(invoices.getByText('No invoices found')).toBeVisible();
});

test('invoice: each validation message; search by station name or payment status', async ({ page }) => {
  const token = unique();
  const station = await createStation(page, { stationName: `IOCL Igatpuri ${token}` });
  const disputed = await createInvoice(page, { stationId: station.id, paymentStatus: 'Disputed' });
  const pending = await createInvoice(page, { stationId: station.id });
  await open(page);
  const invoices = await showSection(page, INVOICES);
  const dialog = await openForm(page, invoices, 'Add Invoice', 'Add Invoice');
  await clickSave(dialog, 'Add Invoice');
  await expectDestructiveToast(page, 'Missing Fields', 'Station, Amount, and Date Range are required.');
  await pickRecord(page, dialog, /^Station/, `igatpuri ${token}`, `IOCL Igatpuri ${token}`);
  await dialog.getByLabel(/^Amount \(₹\)/).fill('0');
  await dialog.getByLabel('Date Range Start').fill('01/03/2026');
  await dialog.getByLabel('Date Range End').fill('28/02/2026');
  await clickSave(dialog, 'Add Invoice');
  await expectDestructiveToast(page, 'Invalid Amount', 'Amount must be greater than zero.');
  await dialog.getByLabel(/^Amount \(₹\)/).fill('5000');
  await clickSave(dialog, 'Add Invoice');
  await expectDestructiveToast(page, 'Invalid Date Range', 'Start date cannot be after end date.');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard Changes?' }).getByRole('button', { name: 'Discard' }).click();

  await searchIn(page, invoices, 'invoices', `igatpuri ${token}`);
  await expect(rowsOf(invoices)).toHaveCount(2);
  await searchIn(page, invoices, 'invoices', 'disputed');
  await expect(rowsOf(invoices).filter({ hasText: disputed.id })).toHaveCount(1);
  await expect(rowsOf(invoices).filter({ hasText: pending.id })).toHaveCount(0);
});

test('each section keeps its own URL state: search, filter and dialog', async ({ page }) => {
  const token = unique();
  const station = await createStation(page, { stationName: `Own State ${token}`, status: 'Inactive' });
  const log = await createLog(page, { vehicleId: (await createVehicle(page, token)).id, stationId: station.id });
  await open(page);
  const stations = await showSection(page, STATIONS);
  await searchIn(page, stations, 'stations', `own state ${token}`);
  await chooseOption(page, stations, 'Filter by Status', 'Inactive');
  await expect(rowsOf(stations)).toHaveCount(1);
  const logs = await showSection(page, LOGS);
  await searchIn(page, logs, 'logs', log.id.toLowerCase());
  await expect(rowsOf(logs)).toHaveCount(1);
  const invoices = await showSection(page, INVOICES);
  await searchIn(page, invoices, 'invoices', `nothing ${token}`);
  await expect(invoices.getByText('No invoices found')).toBeVisible();
  // Each section's parameters stay in the address while another is shown.
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get('section') === 'invoices' &&
      url.searchParams.get('stations.q') === `own state ${token}` &&
      url.searchParams.get('stations.status') === 'Inactive' &&
      url.searchParams.get('logs.q') === log.id.toLowerCase(),
  );

  // A reload restores the section shown and each section from its own parameters.
  await page.reload();
  await expect(invoices.getByRole('searchbox', { name: 'Search' })).toHaveValue(`nothing ${token}`);
  await showSection(page, STATIONS);
  await expect(stations.getByRole('searchbox', { name: 'Search' })).toHaveValue(`own state ${token}`);
  await expect(stations.getByRole('combobox', { name: 'Filter by Status', exact: true })).toHaveText('Inactive');
  await showSection(page, LOGS);
  await expect(logs.getByRole('searchbox', { name: 'Search' })).toHaveValue(log.id.toLowerCase());
  await settled(logs);
  await expect(rowsOf(logs).first().getByRole('cell').first()).toHaveText(log.id);

  // An edit dialog's address names its section.
  await logs.getByRole('button', { name: `Edit ${log.id}` }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('logs.edit') === log.id && !url.searchParams.has('stations.edit'));
  await expect(page.getByRole('dialog', { name: 'Edit Refueling Log' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // A link to a log's dialog opens the logs' tab, shown once the dialog closes.
  await page.goto(`${PATH}?logs.edit=${log.id}`);
  await expect(page.getByRole('dialog', { name: 'Edit Refueling Log' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('tab', { name: LOGS })).toHaveAttribute('aria-selected', 'true');
});

test('a station a log or invoice uses cannot be deleted', async ({ page }) => {
  const token = unique();
  const station = await createStation(page, { stationName: `Used Station ${token}` });
  await createInvoice(page, { stationId: station.id });
  await open(page);
  const stations = await showSection(page, STATIONS);
  await searchIn(page, stations, 'stations', `used station ${token}`);
  await stations.getByRole('button', { name: `Delete ${station.id}` }).click();
  await confirmDeletion(page).getByRole('button', { name: 'Delete Station' }).click();
  await expectDestructiveToast(page, 'Delete Failed', 'This station cannot be deleted because 1 invoice uses it.');
  await expect(rowsOf(stations)).toHaveCount(1);
});

test('fetch failures: each section its own title with the server message, the failure in its table with Retry', async ({ page }) => {
  const cases = [
    [/\/api\/partner-fuel-stations\?(?!.*sort=status)/, STATIONS, 'Loading stations...', 'Error fetching stations', 'No stations found'],
    [/\/api\/refueling-logs\?/, LOGS, 'Loading refueling logs...', 'Error fetching refueling logs', 'No refueling logs found'],
    [/\/api\/fuel-station-invoices\?/, INVOICES, 'Loading invoices...', 'Error fetching invoices', 'No invoices found'],
  ] as const;
  for (const [pattern, name, loading, toast, empty] of cases) {
    await failRequests(page, pattern);
    await open(page);
    const scope = await showSection(page, name);
    await expect(scope.getByText(loading)).toBeVisible();
    await expectDestructiveToast(page, toast, 'The database is unavailable.');
    const failure = scope.getByRole('alert');
    await expect(failure).toContainText('The server could not answer (The database is unavailable.)');
    await expect(scope.getByText(empty)).toBeHidden();
    await page.unroute(pattern);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(failure).toBeHidden();
    await expect(scope.getByRole('table')).toBeVisible();
  }
});

test('a save the server refuses keeps the dialog open under its section title', async ({ page }) => {
  await open(page);
  await page.route(/\/api\/refueling-logs$/, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ title: 'Service Unavailable', message: 'The database is unavailable.' }),
        })
      : route.continue(),
  );
  const token = unique();
  const vehicle = await createVehicle(page, token, { licensePlate: `KA01${token}` });
  const station = await createStation(page, { stationName: `Refused Save ${token}` });
  const dialog = await openForm(page, await showSection(page, LOGS), 'Add Log', 'Add Refueling Log');
  await pickRecord(page, dialog, /^Vehicle/, `ka01${token.toLowerCase()}`, vehicleLabel(vehicle));
  await pickRecord(page, dialog, /^Station/, `refused save ${token}`, station.stationName as string);
  await dialog.getByLabel('Quantity (Liters)').fill('40');
  await dialog.getByLabel('Rate (₹)').fill('92');
  await dialog.getByLabel('Timestamp').fill('14/03/2026 09:00');
  await clickSave(dialog, 'Add Log');
  await expectToast(page, 'Save log failed', 'The database is unavailable.');
  await expect(dialog).toBeVisible();
});

test('a station renamed in its section shows by its new name in the logs and invoices tabs; density is one choice for all three', async ({ page }) => {
  const token = unique();
  const station = await createStation(page, { stationName: `HPCL Khopoli ${token}` });
  const log = await createLog(page, { vehicleId: (await createVehicle(page, token)).id, stationId: station.id });
  const invoice = await createInvoice(page, { stationId: station.id });
  await open(page);
  const logs = await showSection(page, LOGS);
  await searchIn(page, logs, 'logs', log.id.toLowerCase());
  await expect(rowsOf(logs).first().getByRole('cell').nth(2)).toHaveText(`HPCL Khopoli ${token}`);
  const invoices = await showSection(page, INVOICES);
  await searchIn(page, invoices, 'invoices', invoice.id.toLowerCase());

  const stations = await showSection(page, STATIONS);
  await searchIn(page, stations, 'stations', token);
  const edit = await openForm(page, stations, `Edit ${station.id}`, 'Edit Station');
  await edit.getByLabel(/^Station Name/).fill(`HPCL Khalapur ${token}`);
  await saveAndClose(page, edit, 'Save Changes', 'Station Updated!');
  await showSection(page, LOGS);
  await expect(rowsOf(logs).first().getByRole('cell').nth(2)).toHaveText(`HPCL Khalapur ${token}`);
  await showSection(page, INVOICES);
  await expect(rowsOf(invoices).first().getByRole('cell').nth(1)).toHaveText(`HPCL Khalapur ${token}`);

  // Compact rows chosen in one section apply to every section (one preference per user).
  await (await showSection(page, LOGS)).getByRole('button', { name: 'Compact' }).click();
  for (const name of [STATIONS, LOGS, INVOICES])
    await expect((await showSection(page, name)).getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');
});

test('only the shown section loads; each section is one keystroke from the page top, arrow keys switch', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/api\/(partner-fuel-stations|refueling-logs|fuel-station-invoices)(\/total)?$/.test(path)) asked.push(path);
  });
  await open(page);
  await settled(section(page, STATIONS));
  expect([...new Set(asked)].sort()).toEqual(['/api/partner-fuel-stations', '/api/partner-fuel-stations/total']);

  // Skip link, then one Tab: the chosen tab; the arrow keys show the next section and load it alone.
  await page.keyboard.press('Tab');
  await page.getByRole('link', { name: 'Skip to content' }).press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tab', { name: STATIONS })).toBeFocused();
  asked.length = 0;
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: LOGS })).toBeFocused();
  await expect(page.getByRole('tab', { name: LOGS })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL((url) => url.searchParams.get('section') === 'logs');
  await settled(section(page, LOGS));
  await expect(section(page, STATIONS)).toHaveCount(0);
  // The logs, and the stations only as the log form's pick-list (filtered by status); never the invoices.
  expect(asked).toEqual(expect.arrayContaining(['/api/refueling-logs', '/api/refueling-logs/total']));
  expect(asked.filter((path) => path.startsWith('/api/fuel-station-invoices'))).toEqual([]);
});
