import { expect, test, type Page } from '@playwright/test';
import {
  cancelDiscardingChanges,
  apiDelete,
  apiUpdate,
  chooseOption,
  clickSave,
  columnHeaders,
  confirmDeletion,
  createDriver,
  createTrip,
  createVehicle,
  driverLabel,
  expectButtonWaitsFor,
  expectDestructiveToast,
  expectListFetchFailure,
  expectPickListFetchFailure,
  listSettled,
  openDialog,
  openScreen,
  optionsOf,
  pickRecord,
  saveAndClose,
  searchList,
  tableRows,
  unique,
  vehicleLabel,
} from './helpers';

const ID = /^TRP\d{4}[A-Z0-9]{2}$/;

const openTrips = (page: Page) => openScreen(page, '/fleet-management', 'Fleet & Trip Management');
const openCreate = (page: Page) => openDialog(page, 'Create New Trip', 'Create New Trip');
const openEdit = (page: Page, id: string) => openDialog(page, `Edit ${id}`, 'Edit Trip');

const picker = (scope: ReturnType<Page['getByRole']>, label: 'Vehicle' | 'Driver') => scope.getByRole('combobox', { name: new RegExp(`^${label}`) });

test('Create New Trip waits for the pick-lists; a new trip starts Scheduled with the first vehicle and driver', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { make: 'Eicher', model: `Pro 2049 ${token}`, licensePlate: `MH14${token}` });
  const driver = await createDriver(page, token, { name: `Santosh ${token}` });

  const vehicleChoices = page.waitForResponse((r) => /\/api\/vehicles\/options\?/.test(r.url()));
  const driverChoices = page.waitForResponse((r) => /\/api\/drivers\/options\?/.test(r.url()));
  // Hold the vehicles pick-list back: the button stays disabled until it has loaded.
  await expectButtonWaitsFor(page, /\/api\/vehicles\/options\?/, openTrips, 'Create New Trip');
  const firstVehicle = (await (await vehicleChoices).json()).items[0];
  const firstDriver = (await (await driverChoices).json()).items[0];

  await expect(page.getByText('Trip List', { exact: true })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search trips...');

  const dialog = await openCreate(page);
  await expect(picker(dialog, 'Vehicle')).toHaveText(firstVehicle.label);
  await expect(picker(dialog, 'Driver')).toHaveText(firstDriver.label);
  await expect(dialog.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('Scheduled');
  await expect(dialog.getByLabel('ETA')).toHaveValue('');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();

  // Other tests add vehicles and drivers too: use this test's own (driven through the pickers).
  await pickRecord(page, dialog, /^Vehicle/, token, vehicleLabel(vehicle));
  await pickRecord(page, dialog, /^Driver/, `santosh ${token.toLowerCase()}`, driverLabel(driver));
  await dialog.getByLabel('Origin').fill(`Pune ${token}`);
  await dialog.getByLabel('Destination').fill(`Mumbai ${token}`);
  await saveAndClose(
    page,
    dialog,
    'Create Trip',
    'Trip Created!',
    new RegExp(`^Trip TRP\\d{4}[A-Z0-9]{2} \\(Pune ${token} → Mumbai ${token}\\) has been created\\.$`),
  );

  await searchList(page, `Pune ${token}`);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(columnHeaders(page)).toHaveText(['Trip ID', 'Origin', 'Destination', 'Vehicle', 'Driver', 'Status', 'ETA', 'Actions']);
  await expect(tableRows(page).first().getByRole('cell')).toHaveText([
    ID,
    `Pune ${token}`,
    `Mumbai ${token}`,
    `Eicher Pro 2049 ${token} (MH14${token})`,
    `Santosh ${token} (${driver.id})`,
    'Scheduled',
    'N/A',
    '',
  ]);
});

test('the Missing Fields message, with the dialog kept open and its input kept', async ({ page }) => {
  const message = 'Origin, Destination, Vehicle, and Driver are required.';
  const token = unique();
  await openTrips(page);
  const dialog = await openCreate(page);
  await clickSave(dialog, 'Create Trip');
  await expectDestructiveToast(page, 'Missing Fields', message);
  await expect(dialog).toBeVisible();
  // The fields at fault are marked, each says why, and the cursor is in the first.
  for (const label of ['Origin', 'Destination']) {
    await expect(dialog.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(`${label} is required.`)).toBeVisible();
  }
  await expect(dialog.getByLabel('Origin')).toBeFocused();
  await expect(dialog.getByLabel('Notes')).not.toHaveAttribute('aria-invalid');

  await dialog.getByLabel('Origin').fill(`Nagpur ${token}`);
  // Typing into a marked field clears its mark.
  await expect(dialog.getByLabel('Origin')).not.toHaveAttribute('aria-invalid');
  await dialog.getByLabel('Notes').fill('Fragile load');
  await clickSave(dialog, 'Create Trip');
  await expectDestructiveToast(page, 'Missing Fields', message);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Origin')).toHaveValue(`Nagpur ${token}`);
  await expect(dialog.getByLabel('Notes')).toHaveValue('Fragile load');

  await dialog.getByLabel('Origin').fill('   ');
  await dialog.getByLabel('Destination').fill(`Raipur ${token}`);
  await clickSave(dialog, 'Create Trip');
  await expectDestructiveToast(page, 'Missing Fields', message);
  await expect(dialog.getByLabel('Destination')).toHaveValue(`Raipur ${token}`);

  await cancelDiscardingChanges(page, dialog);
  await searchList(page, token);
  await expect(page.getByText('No Trips Found')).toBeVisible();
});

test('edit a trip: status, vehicle and ETA (shown as local date-time to the minute)', async ({ page }) => {
  const token = unique();
  const first = await createVehicle(page, token, { make: 'Tata', model: `Signa ${token}`, licensePlate: `GJ01${token}` });
  const second = await createVehicle(page, token, { make: 'Volvo', model: `FMX ${token}`, licensePlate: `GJ06${token}` });
  const driver = await createDriver(page, token);
  const trip = await createTrip(page, { vehicleId: first.id, driverId: driver.id, origin: `Surat ${token}`, destination: 'Vadodara', notes: 'Textile bales' });
  await openTrips(page);
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);

  const dialog = await openEdit(page, trip.id);
  await expect(dialog.getByLabel('Origin')).toHaveValue(`Surat ${token}`);
  await expect(dialog.getByLabel('Notes')).toHaveValue('Textile bales');
  await expect(picker(dialog, 'Vehicle')).toHaveText(vehicleLabel(first));
  await expect(picker(dialog, 'Driver')).toHaveText(driverLabel(driver));
  await chooseOption(page, dialog, 'Status', 'In Transit');
  await pickRecord(page, dialog, /^Vehicle/, `FMX ${token}`, vehicleLabel(second));
  await dialog.getByLabel('ETA').fill('25/11/2026 18:45');
  await saveAndClose(page, dialog, 'Save Changes', 'Trip Updated!', `Trip ${trip.id} has been updated.`);

  const cells = tableRows(page).first().getByRole('cell');
  await expect(cells).toHaveText([
    trip.id,
    `Surat ${token}`,
    'Vadodara',
    `Volvo FMX ${token} (GJ06${token})`,
    driverLabel(driver),
    'In Transit',
    /^25\/11\/2026, 0?6:45\s?pm$/i,
    '',
  ]);

  const again = await openEdit(page, trip.id);
  await expect(again.getByLabel('ETA')).toHaveValue('25/11/2026 18:45');
  await expect(again.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('In Transit');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();
});

test('delete asks for confirmation first', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token);
  const driver = await createDriver(page, token);
  const trip = await createTrip(page, { vehicleId: vehicle.id, driverId: driver.id, origin: `Indore ${token}`, destination: 'Bhopal' });
  await openTrips(page);
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${trip.id}` }).click();
  const confirm = confirmDeletion(page);
  await expect(confirm).toContainText(`Are you sure you want to delete trip ${trip.id} (Indore ${token} → Bhopal)? This action cannot be undone.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(tableRows(page)).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${trip.id}` }).click();
  await confirm.getByRole('button', { name: 'Delete Trip' }).click();
  await expectDestructiveToast(page, 'Trip Deleted!', `Trip ${trip.id} (Indore ${token} → Bhopal) has been deleted.`);
  await expect(page.getByText('No Trips Found')).toBeVisible();
});

test('search matches id, origin, destination, the vehicle label and the driver label', async ({ page }) => {
  const token = unique();
  const lower = token.toLowerCase();
  const dost = await createVehicle(page, token, { make: 'Ashok Leyland', model: `Dost ${token}`, licensePlate: `KA05${token}` });
  const benz = await createVehicle(page, token, { make: 'BharatBenz', model: `1617R ${token}`, licensePlate: `TN01${token}` });
  const imran = await createDriver(page, token, { name: `Imran ${token}` });
  const selvam = await createDriver(page, token, { name: `Selvam ${token}` });
  const one = await createTrip(page, { vehicleId: dost.id, driverId: imran.id, origin: 'Bengaluru', destination: 'Chennai' });
  const two = await createTrip(page, { vehicleId: benz.id, driverId: selvam.id, origin: `Coimbatore ${token}`, destination: `Kochi ${token}` });
  await openTrips(page);

  const expectOnly = async (term: string, trip: { id: string }) => {
    await searchList(page, term);
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first().getByRole('cell').first()).toHaveText(trip.id);
  };
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(2);
  await expect(tableRows(page).filter({ hasText: one.id }).getByRole('cell').nth(3)).toHaveText(`Ashok Leyland Dost ${token} (KA05${token})`);
  await expect(tableRows(page).filter({ hasText: one.id }).getByRole('cell').nth(4)).toHaveText(`Imran ${token} (${imran.id})`);

  await expectOnly(`ka05${lower}`, one); // the vehicle's plate
  await expectOnly(`ASHOK LEYLAND DOST ${token}`, one); // make and model
  await expectOnly(`(TN01${token})`, two);
  await expectOnly(`imran ${lower}`, one); // the driver's name
  await expectOnly(`${selvam.name} (${selvam.id})`, two); // the whole driver label
  await expectOnly(imran.id.toLowerCase(), one); // the driver's id
  await expectOnly(`coimbatore ${lower}`, two); // origin
  await expectOnly(`Kochi ${token}`, two); // destination
  await expectOnly(one.id, one);

  // Renaming the driver: the trip is found by the new label.
  await apiUpdate(page, 'drivers', imran.id, {
    name: `Imtiaz ${token}`,
    license: imran.license,
    contact: imran.contact,
    email: imran.email,
    status: 'Active',
    address: '',
    joiningDate: null,
    aadharCardFile: null,
    version: imran.version,
  });
  await expectOnly(`imtiaz ${lower}`, one);
  await expect(tableRows(page).first().getByRole('cell').nth(4)).toHaveText(`Imtiaz ${token} (${imran.id})`);
  // (A term not searched before: the app keeps recent results for 15 s.)
  await searchList(page, `IMRAN ${token}`);
  await expect(page.getByText('No Trips Found')).toBeVisible();
});

test('the status filter combines with search and lives in the URL', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token);
  const driver = await createDriver(page, token);
  for (const status of ['Delivered', 'Delayed', 'Cancelled']) {
    await createTrip(page, { vehicleId: vehicle.id, driverId: driver.id, origin: `${status} ${token}`, status });
  }
  await openTrips(page);
  const main = page.getByRole('main');
  await searchList(page, token);
  // Newest first.
  await expect(tableRows(page).locator('td:nth-child(2)')).toHaveText([`Cancelled ${token}`, `Delayed ${token}`, `Delivered ${token}`]);
  expect(await optionsOf(page, main, 'Filter by Status')).toEqual(['All Statuses', 'Scheduled', 'In Transit', 'Delivered', 'Delayed', 'Cancelled']);

  await chooseOption(page, main, 'Filter by Status', 'Delayed');
  await expect(page).toHaveURL(/status=Delayed/);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(`Delayed ${token}`);

  await page.reload();
  await expect(main.getByRole('combobox', { name: 'Filter by Status', exact: true })).toHaveText('Delayed');
  await expect(tableRows(page)).toHaveCount(1);

  await chooseOption(page, main, 'Filter by Status', 'In Transit');
  await expect(page.getByText('No Trips Found')).toBeVisible();
  await chooseOption(page, main, 'Filter by Status', 'All Statuses');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(3);
});

test('a save that the server refuses keeps the dialog and what was typed', async ({ page }) => {
  const token = unique();
  const doomed = await createVehicle(page, token, { model: `Ultra ${token}`, licensePlate: `MH09${token}` });
  const spare = await createVehicle(page, token, { model: `Ace ${token}`, licensePlate: `MH10${token}` });
  const driver = await createDriver(page, token);
  await openTrips(page);
  const dialog = await openCreate(page);
  await pickRecord(page, dialog, /^Vehicle/, `Ultra ${token}`, vehicleLabel(doomed));
  await pickRecord(page, dialog, /^Driver/, token, driverLabel(driver));
  await dialog.getByLabel('Origin').fill(`Solapur ${token}`);
  await dialog.getByLabel('Destination').fill('Latur');

  // Someone deletes the vehicle while the dialog is open.
  await apiDelete(page, 'vehicles', doomed.id);
  await clickSave(dialog, 'Create Trip');
  await expectDestructiveToast(page, 'Add Failed', `The selected vehicle (${doomed.id}) does not exist. It may have been deleted; choose another.`);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Origin')).toHaveValue(`Solapur ${token}`);
  await expect(dialog.getByLabel('Destination')).toHaveValue('Latur');

  // Choosing another vehicle lets the same input through.
  await pickRecord(page, dialog, /^Vehicle/, `Ace ${token}`, vehicleLabel(spare));
  await saveAndClose(page, dialog, 'Create Trip', 'Trip Created!');
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(vehicleLabel(spare));
});

test('a vehicle that a trip uses cannot be deleted', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { model: `Partner ${token}` });
  const driver = await createDriver(page, token);
  const trip = await createTrip(page, { vehicleId: vehicle.id, driverId: driver.id });
  await page.goto(`/vehicle-management?q=${token}`);
  await expect(tableRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Delete ${vehicle.id}` }).click();
  await confirmDeletion(page).getByRole('button', { name: 'Delete Vehicle' }).click();
  await expectDestructiveToast(page, 'Delete Failed', 'This vehicle cannot be deleted because 1 trip uses it.');
  await expect(confirmDeletion(page)).toBeHidden();
  await expect(tableRows(page)).toHaveCount(1);

  // Once the trip is gone, so can the vehicle be.
  await apiDelete(page, 'trips', trip.id);
  await page.getByRole('button', { name: `Delete ${vehicle.id}` }).click();
  await confirmDeletion(page).getByRole('button', { name: 'Delete Vehicle' }).click();
  await expectDestructiveToast(page, 'Vehicle Deleted!');
  await expect(page.getByText('No Vehicles Found')).toBeVisible();
});

test('when the trips cannot be fetched: an Error toast, the failure in the table with Retry, never the empty state', async ({ page }) => {
  await expectListFetchFailure(page, /\/api\/trips\?/, openTrips, {
    loading: 'Loading trips...',
    toast: 'Error',
    description: 'Could not fetch trips.',
    empty: 'No Trips Found',
  });
});

test('when the vehicles cannot be fetched: an Error toast, and no trip can be created', async ({ page }) => {
  await expectPickListFetchFailure(page, /\/api\/vehicles\/options\?/, openTrips, {
    toast: 'Error',
    description: 'Could not fetch vehicles.',
    disabled: 'Create New Trip',
  });
});
