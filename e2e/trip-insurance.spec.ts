import { expect, test, type Page } from '@playwright/test';
import { pdfFile } from './fixtures/files';
import {
  apiCreate,
  chooseFile,
  chooseOption,
  clickSave,
  columnHeaders,
  confirmDeletion,
  createDriver,
  createTrip,
  createVehicle,
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
} from './helpers';

type Trip = { id: string; origin: string; destination: string };
type Policy = { id: string; policyNumber: string };

const openInsurance = (page: Page) => openScreen(page, '/trip-insurance', 'Trip Insurance Management');
const openAdd = (page: Page) => openDialog(page, 'Add Insurance Policy', 'Add Insurance Policy');
const openEdit = (page: Page, id: string) => openDialog(page, `Edit ${id}`, 'Edit Insurance Policy');
const tripLabel = (t: Trip) => `${t.id} (${t.origin} → ${t.destination})`;
const documentOf = (page: Page, id: string) => page.getByRole('main').getByLabel(`View document of ${id}`, { exact: true });
const yesterday = () => {
  const day = new Date(`${todayInBrowserZone()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
};

async function newTrip(page: Page, token: string, origin = `Nhava Sheva ${token}`, destination = 'Ahmedabad'): Promise<Trip> {
  const [vehicle, driver] = [await createVehicle(page, token), await createDriver(page, token)];
  return (await createTrip(page, { vehicleId: vehicle.id, driverId: driver.id, origin, destination })) as unknown as Trip;
}

const createPolicy = (page: Page, fields: { tripId: string } & Record<string, unknown>) =>
  apiCreate<Policy>(page, 'trip-insurance', {
    insuranceType: 'Cargo',
    policyNumber: `POL-${unique()}`,
    providerName: 'ICICI Lombard',
    startDate: '2026-01-01',
    endDate: '2099-12-31',
    status: 'Pending',
    claimId: '',
    documentFile: null,
    notes: '',
    ...fields,
  });

test('add a policy with the defaults; the Insurance Log shows every column', async ({ page }) => {
  const token = unique();
  const trip = await newTrip(page, token);
  await openInsurance(page);
  await expect(page.getByText('Insurance Log', { exact: true })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search Trip ID, Policy #, Provider...');

  const dialog = await openAdd(page);
  await expect(dialog.getByRole('combobox', { name: /^Insurance Type/ })).toHaveText('Cargo');
  await expect(dialog.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('Pending');
  await expect(dialog.getByLabel('Claim ID')).toHaveCount(0);
  await expect(dialog.getByText('No file chosen')).toBeVisible();
  await pickRecord(page, dialog, /^Trip/, token, tripLabel(trip));
  await dialog.getByLabel('Policy Number').fill(`OG-${token}`);
  await dialog.getByLabel('Provider').fill('HDFC ERGO');
  await dialog.getByLabel('Start Date').fill('01/04/2026');
  await dialog.getByLabel('End Date').fill('31/03/2099');
  await saveAndClose(page, dialog, 'Add Policy', 'Policy Added!');

  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(columnHeaders(page)).toHaveText(['Trip', 'Policy #', 'Type', 'Provider', 'Validity', 'Status', 'Claim ID', 'Actions']);
  await expect(tableRows(page).first().getByRole('cell')).toHaveText([
    tripLabel(trip),
    `OG-${token}`,
    'Cargo',
    'HDFC ERGO',
    '01/04/2026 - 31/03/2099',
    'Pending',
    'N/A',
    '',
  ]);
  const pending = tableRows(page).first().getByText('Pending', { exact: true });
  await expect(pending).toHaveClass(/bg-yellow-100/);
  await expect(page.getByRole('main').getByLabel(/^View document of INS\d{5}[A-Z0-9]{3}$/)).toBeDisabled();
});

test('each validation message, with the dialog kept open and its input kept', async ({ page }) => {
  const token = unique();
  const trip = await newTrip(page, token);
  await openInsurance(page);
  const dialog = await openAdd(page);
  await dialog.getByLabel('Policy Number').fill(`VAL-${token}`);
  await clickSave(dialog, 'Add Policy');
  await expectDestructiveToast(page, 'Missing Fields', 'Trip ID, Type, Policy #, Provider, Start Date, and End Date are required.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Policy Number')).toHaveValue(`VAL-${token}`);

  await pickRecord(page, dialog, /^Trip/, token, tripLabel(trip));
  await dialog.getByLabel('Provider').fill('Tata AIG');
  await dialog.getByLabel('Start Date').fill('02/05/2026');
  await dialog.getByLabel('End Date').fill('01/05/2026');
  await clickSave(dialog, 'Add Policy');
  await expectDestructiveToast(page, 'Invalid Dates', 'Start Date cannot be after End Date.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Start Date')).toHaveValue('02/05/2026');

  await dialog.getByLabel('End Date').fill('02/05/2026');
  await saveAndClose(page, dialog, 'Add Policy', 'Policy Added!');
  await searchList(page, token);
  await expect(tableRows(page).first()).toContainText('02/05/2026 - 02/05/2026');
});

test('edit a policy: Claim ID appears only for Claim Filed', async ({ page }) => {
  const token = unique();
  const trip = await newTrip(page, token);
  const policy = await createPolicy(page, { tripId: trip.id, policyNumber: `ED-${token}`, providerName: 'Bajaj Allianz', status: 'Active' });
  await openInsurance(page);
  await searchList(page, token);
  const cells = tableRows(page).first().getByRole('cell');
  await expect(cells).toHaveText([tripLabel(trip), `ED-${token}`, 'Cargo', 'Bajaj Allianz', '01/01/2026 - 31/12/2099', 'Active', 'N/A', '']);
  await expect(tableRows(page).first().getByText('Active', { exact: true })).toHaveClass(/bg-green-100/);

  let dialog = await openEdit(page, policy.id);
  await expect(dialog.getByRole('combobox', { name: /^Trip/ })).toHaveText(tripLabel(trip));
  await expect(dialog.getByLabel('Claim ID')).toHaveCount(0);
  await chooseOption(page, dialog, 'Status', 'Claim Filed');
  await dialog.getByLabel('Claim ID').fill(`CLM-${token}`);
  await chooseOption(page, dialog, /^Insurance Type/, 'Goods in Transit');
  await dialog.getByLabel('Provider').fill('New India Assurance');
  await saveAndClose(page, dialog, 'Save Changes', 'Policy Updated!');
  await expect(cells).toHaveText([
    tripLabel(trip),
    `ED-${token}`,
    'Goods in Transit',
    'New India Assurance',
    '01/01/2026 - 31/12/2099',
    'Claim Filed',
    `CLM-${token}`,
    '',
  ]);
  await expect(tableRows(page).first().getByText('Claim Filed', { exact: true })).toHaveClass(/bg-blue-100/);

  // Another status drops the claim number.
  dialog = await openEdit(page, policy.id);
  await expect(dialog.getByLabel('Claim ID')).toHaveValue(`CLM-${token}`);
  await chooseOption(page, dialog, 'Status', 'Cancelled');
  await expect(dialog.getByLabel('Claim ID')).toHaveCount(0);
  await saveAndClose(page, dialog, 'Save Changes', 'Policy Updated!');
  await expect(cells.nth(5)).toHaveText('Cancelled');
  await expect(cells.nth(6)).toHaveText('N/A');
  await expect(tableRows(page).first().getByText('Cancelled', { exact: true })).toHaveClass(/bg-slate-100/);
});

test('delete asks for confirmation first', async ({ page }) => {
  const token = unique();
  const trip = await newTrip(page, token);
  const policy = await createPolicy(page, { tripId: trip.id, policyNumber: `DEL-${token}` });
  await openInsurance(page);
  await searchList(page, token);
  await page.getByRole('button', { name: `Delete ${policy.id}` }).click();
  const confirm = confirmDeletion(page);
  await expect(confirm.getByText('Are you sure you want to delete this insurance policy? This action cannot be undone.', { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(tableRows(page)).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${policy.id}` }).click();
  await confirm.getByRole('button', { name: 'Delete Policy' }).click();
  await expectDestructiveToast(page, 'Policy Deleted.');
  await expect(page.getByText('No Insurance Policies Found')).toBeVisible();
  await expect(page.getByText('No policies match your current search or filter criteria.')).toBeVisible();
});

test('search matches the trip id and route, the policy number and the provider', async ({ page }) => {
  const token = unique();
  const lower = token.toLowerCase();
  const pune = await newTrip(page, token, `Chakan ${token}`, 'Chennai');
  const surat = await newTrip(page, token, `Hazira ${token}`, 'Indore');
  const a = await createPolicy(page, { tripId: pune.id, policyNumber: `BAJ-${token}-01`, providerName: 'Bajaj Allianz' });
  const b = await createPolicy(page, { tripId: surat.id, policyNumber: `TAG-${token}-02`, providerName: `Tata AIG ${token}` });
  await openInsurance(page);
  const expectOnly = async (term: string, policy: Policy) => {
    await searchList(page, term);
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first().getByRole('cell').nth(1)).toHaveText(policy.policyNumber);
  };
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(2);
  await expectOnly(pune.id.toLowerCase(), a); // trip id
  await expectOnly(`chakan ${lower} → chennai`, a); // the trip's route
  await expectOnly(`tag-${lower}`, b); // policy number
  await expectOnly(`TATA AIG ${token}`, b); // provider
  await searchList(page, `nothing ${token}`);
  await expect(page.getByText('No Insurance Policies Found')).toBeVisible();
  await expect(page.getByText('No policies match your current search or filter criteria.')).toBeVisible();
});

test('the status filter uses the displayed status (Expired once the end date passed); the type filter', async ({ page }) => {
  const token = unique();
  const trip = await newTrip(page, token);
  const ended = await createPolicy(page, { tripId: trip.id, policyNumber: `ENDED-${token}`, status: 'Active', endDate: yesterday() });
  const today = await createPolicy(page, {
    tripId: trip.id,
    policyNumber: `TODAY-${token}`,
    status: 'Active',
    endDate: todayInBrowserZone(),
    insuranceType: 'Liability',
  });
  const claim = await createPolicy(page, { tripId: trip.id, policyNumber: `CLAIM-${token}`, status: 'Claim Filed', claimId: 'C-1', endDate: yesterday() });
  await openInsurance(page);
  const main = page.getByRole('main');
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(3);
  const row = (p: Policy) => tableRows(page).filter({ hasText: p.policyNumber });
  await expect(row(ended).getByRole('cell').nth(5)).toHaveText('Expired');
  await expect(row(ended).getByText('Expired', { exact: true })).toHaveClass(/bg-red-100/);
  await expect(row(today).getByRole('cell').nth(5)).toHaveText('Active');
  await expect(row(claim).getByRole('cell').nth(5)).toHaveText('Claim Filed');

  expect(await optionsOf(page, main, 'Filter by Status')).toEqual(['All Statuses', 'Active', 'Pending', 'Expired', 'Claim Filed', 'Cancelled']);
  expect(await optionsOf(page, main, 'Filter by Type')).toEqual(['All Types', 'Cargo', 'Vehicle', 'Driver Accident', 'Goods in Transit', 'Liability']);
  const only = async (policy: Policy) => {
    await listSettled(page);
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText(policy.policyNumber);
  };
  await chooseOption(page, main, 'Filter by Status', 'Expired');
  await expect(page).toHaveURL(/status=Expired/);
  await only(ended);
  await chooseOption(page, main, 'Filter by Status', 'Active');
  await only(today);
  await chooseOption(page, main, 'Filter by Status', 'Claim Filed');
  await only(claim);
  await chooseOption(page, main, 'Filter by Status', 'Pending');
  await expect(page.getByText('No Insurance Policies Found')).toBeVisible();

  await chooseOption(page, main, 'Filter by Status', 'All Statuses');
  await chooseOption(page, main, 'Filter by Type', 'Liability');
  await expect(page).toHaveURL(/insuranceType=Liability/);
  await only(today);
  await chooseOption(page, main, 'Filter by Type', 'All Types');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(3);
});

test('upload a policy document and view it; the view action is disabled without one', async ({ page }) => {
  const token = unique();
  const trip = await newTrip(page, token);
  const pdf = pdfFile(`policy-${token}.pdf`);
  await openInsurance(page);
  const dialog = await openAdd(page);
  await pickRecord(page, dialog, /^Trip/, token, tripLabel(trip));
  await dialog.getByLabel('Policy Number').fill(`DOC-${token}`);
  await dialog.getByLabel('Provider').fill('ICICI Lombard');
  await dialog.getByLabel('Start Date').fill(shownDate('2026-06-01'));
  await dialog.getByLabel('End Date').fill(shownDate('2099-06-01'));
  await chooseFile(page, dialog, pdf);
  await expect(dialog.getByTestId('file-name')).toHaveText(pdf.name);
  await saveAndClose(page, dialog, 'Add Policy', 'Policy Added!');
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(1);
  const id = (await page
    .getByRole('main')
    .getByLabel(/^View document of /)
    .getAttribute('aria-label'))!.replace('View document of ', '');
  await expectDownload(page, documentOf(page, id), pdf);

  const edit = await openEdit(page, id);
  await expect(edit.getByTestId('file-name')).toHaveText(pdf.name);
  await edit.getByRole('button', { name: 'Remove' }).click();
  await saveAndClose(page, edit, 'Save Changes', 'Policy Updated!');
  await expect(documentOf(page, id)).toBeDisabled();
});

test('when the policies cannot be fetched: an Error toast, the failure with Retry, never the empty state', async ({ page }) => {
  await expectListFetchFailure(page, /\/api\/trip-insurance\?/, openInsurance, {
    loading: 'Loading policies...',
    toast: 'Error',
    description: 'Could not fetch insurance policies.',
    empty: 'No Insurance Policies Found',
  });
});

test('when the trips list cannot be fetched: an Error toast, and no policy can be added', async ({ page }) => {
  await expectPickListFetchFailure(page, /\/api\/trips\/options\?/, openInsurance, {
    toast: 'Error',
    description: 'Could not fetch trips list.',
    disabled: 'Add Insurance Policy',
  });
});
