import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiCreate,
  chooseOption,
  clickSave,
  columnHeaders,
  expectDestructiveToast,
  expectListFetchFailure,
  listSettled,
  openDialog,
  openScreen,
  optionsOf,
  saveAndClose,
  searchList,
  seriousViolations,
  tableRows,
  unique,
  expectOnlyMatch,
} from './helpers';

const ID = /^SP\d{5}[A-Z0-9]{3}$/;
const openPartners = (page: Page) => openScreen(page, '/service-partners', 'On-Road Service Partners');
const openAdd = (page: Page) => openDialog(page, 'Add Service Partner', 'Add New Service Partner');
const openEdit = (page: Page, id: string) => openDialog(page, `Edit ${id}`, 'Edit Service Partner');
const firstCells = (page: Page) => tableRows(page).first().getByRole('cell');
const location = (page: Page, id: string) => page.getByRole('main').getByLabel(`Show location of ${id}`, { exact: true });
const tick = (dialog: Locator, type: string) => dialog.getByRole('checkbox', { name: type, exact: true });

const createPartner = (page: Page, fields: Record<string, unknown>) =>
  apiCreate(page, 'service-partners', {
    partnerName: 'Partner',
    serviceTypes: ['Towing'],
    contactInfo: '+91 98220 12345',
    availability: '24/7',
    geoLocation: '',
    rating: null,
    notes: '',
    ...fields,
  });

test('add a partner with availability 24/7 by default; types as a list, rating as stars, the location on a map', async ({ page }) => {
  const token = unique();
  await openPartners(page);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search by Name, Contact, Notes...');
  const dialog = await openAdd(page);
  await expect(dialog.getByLabel('Availability')).toHaveValue('24/7');
  await expect(dialog.getByLabel('Rating (0-5)')).toHaveAttribute('step', '0.1');
  await dialog.getByLabel('Partner Name').fill(`Highway Rescue ${token}`);
  await tick(dialog, 'Towing').check();
  await tick(dialog, 'Accident Response').check();
  await dialog.getByLabel('Contact Info').fill('+91 98220 55501');
  await dialog.getByLabel('Geo Location (lat,long)').fill('18.7557, 73.4091');
  await dialog.getByLabel('Rating (0-5)').fill('4.5');
  await dialog.getByLabel('Notes').fill('Flatbed and crane, Lonavala ghat section');
  await saveAndClose(
    page,
    dialog,
    'Add Partner',
    'Service Partner Added!',
    new RegExp(`^Highway Rescue ${token} \\(SP\\d{5}[A-Z0-9]{3}\\) has been added\\.$`),
  );

  await searchList(page, token);
  await expect(columnHeaders(page)).toHaveText(['Partner ID', 'Name', 'Service Types', 'Contact', 'Availability', 'Rating', 'Actions']);
  await expect(firstCells(page)).toHaveText([ID, `Highway Rescue ${token}`, 'Towing, Accident Response', '+91 98220 55501', '24/7', '4.5', '']);
  await expect(firstCells(page).nth(5).getByLabel('Rated 4.5 out of 5')).toBeVisible();
  await expect(firstCells(page).nth(5).locator('svg')).toHaveCount(5); // four stars and a half
  const id = (await firstCells(page).first().textContent())!;
  await expect(location(page, id)).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=18.7557&mlon=73.4091#map=15/18.7557/73.4091');
  await expect(location(page, id)).toHaveAttribute('target', '_blank');
  await expect(location(page, id)).toHaveAttribute('title', 'Location: 18.7557,73.4091');
});

test('each validation message, with the dialog kept open; a rating of 0 is stored as none (N/A)', async ({ page }) => {
  const token = unique();
  await openPartners(page);
  const dialog = await openAdd(page);
  await dialog.getByLabel('Partner Name').fill(`Tyre Point ${token}`);
  await dialog.getByLabel('Contact Info').fill('020 2612 3456');
  await clickSave(dialog, 'Add Partner');
  await expectDestructiveToast(page, 'Missing Fields', 'Partner Name, at least one Service Type, and Contact Info are required.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Partner Name')).toHaveValue(`Tyre Point ${token}`);

  await tick(dialog, 'Tyres').check();
  for (const rating of ['5.5', '-1']) {
    await dialog.getByLabel('Rating (0-5)').fill(rating);
    await clickSave(dialog, 'Add Partner');
    await expectDestructiveToast(page, 'Invalid Rating', 'Rating must be between 0 and 5.');
    await expect(dialog.getByLabel('Rating (0-5)')).toHaveValue(rating);
  }
  await dialog.getByLabel('Rating (0-5)').fill('0');
  await dialog.getByLabel('Geo Location (lat,long)').fill('Pune station');
  await clickSave(dialog, 'Add Partner');
  await expectDestructiveToast(page, 'Invalid Location', 'Geo Location must be latitude,longitude in degrees, e.g. 18.5204,73.8567.');
  await dialog.getByLabel('Geo Location (lat,long)').fill('');
  await saveAndClose(page, dialog, 'Add Partner', 'Service Partner Added!');
  await searchList(page, token);
  await expect(firstCells(page).nth(5)).toHaveText('N/A');
  const id = (await firstCells(page).first().textContent())!;
  await expect(location(page, id)).toBeDisabled();
});

test('edit a partner, then remove it after Confirm Removal', async ({ page }) => {
  const token = unique();
  const partner = await createPartner(page, { partnerName: `Battery Bazaar ${token}`, serviceTypes: ['Battery'], rating: 3 });
  await openPartners(page);
  await searchList(page, token);
  await expect(firstCells(page)).toHaveText([partner.id, `Battery Bazaar ${token}`, 'Battery', '+91 98220 12345', '24/7', '3.0', '']);

  const dialog = await openEdit(page, partner.id);
  await expect(tick(dialog, 'Battery')).toBeChecked();
  await tick(dialog, 'Engine').check();
  await dialog.getByLabel('Availability').fill('8 AM – 10 PM');
  await dialog.getByLabel('Rating (0-5)').fill('3.7');
  await saveAndClose(page, dialog, 'Save Changes', 'Service Partner Updated!', `Battery Bazaar ${token} (${partner.id}) has been updated.`);
  await expect(firstCells(page)).toHaveText([partner.id, `Battery Bazaar ${token}`, 'Battery, Engine', '+91 98220 12345', '8 AM – 10 PM', '3.7', '']);
  await expect(firstCells(page).nth(5).locator('svg')).toHaveCount(4); // three stars and a half

  await page.getByRole('button', { name: `Delete ${partner.id}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Removal' });
  await expect(confirm).toContainText(
    `Are you sure you want to remove Battery Bazaar ${token} (${partner.id}) from your service partners? This action cannot be undone.`,
  );
  await confirm.getByRole('button', { name: 'Remove Partner' }).click();
  await expectDestructiveToast(page, 'Service Partner Removed', `Battery Bazaar ${token} (${partner.id}) has been removed.`);
  await expect(page.getByText('No Service Partners Found')).toBeVisible();
});

test('search matches name, contact and notes; the service-type filter lists the types present', async ({ page }) => {
  const token = unique();
  const tow = await createPartner(page, {
    partnerName: `Sahyadri Towing ${token}`,
    serviceTypes: ['Towing', 'Fuel Delivery'],
    notes: `Crane at Khopoli ${token}`,
  });
  const tyre = await createPartner(page, {
    partnerName: `Tyre Hub ${token}`,
    serviceTypes: ['Tyres'],
    contactInfo: `tyrehub.${token.toLowerCase()}@example.in`,
  });
  await openPartners(page);
  const expectOnly = (term: string, id: string) => expectOnlyMatch(page, term, id);
  await searchList(page, token);
  await expect(tableRows(page)).toHaveCount(2);
  await expectOnly(`SAHYADRI TOWING ${token}`, tow.id);
  await expectOnly(`tyrehub.${token.toLowerCase()}@`, tyre.id);
  await expectOnly(`crane at khopoli ${token.toLowerCase()}`, tow.id);

  const main = page.getByRole('main');
  await searchList(page, token);
  const types = await optionsOf(page, main, 'Filter by Service Type');
  expect(types[0]).toBe('All Service Types');
  expect(types).toEqual(expect.arrayContaining(['Towing', 'Fuel Delivery', 'Tyres']));
  await chooseOption(page, main, 'Filter by Service Type', 'Fuel Delivery');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(firstCells(page).first()).toHaveText(tow.id);
  await chooseOption(page, main, 'Filter by Service Type', 'Tyres');
  await listSettled(page);
  await expect(firstCells(page).first()).toHaveText(tyre.id);
  await chooseOption(page, main, 'Filter by Service Type', 'All Service Types');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(2);
});

test('the list with stars and map links, and the form, are readable in both themes (axe, WCAG 2.2 AA)', async ({ page }) => {
  const token = unique();
  await createPartner(page, { partnerName: `Rated ${token}`, rating: 4.5, geoLocation: '19.0760,72.8777' });
  await createPartner(page, { partnerName: `Unrated ${token}` });
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await openPartners(page);
    await searchList(page, token);
    await expect(tableRows(page)).toHaveCount(2);
    const scan = async () => (await seriousViolations(page)).map((line) => `${theme} ${line}`);
    expect(await scan()).toEqual([]);
    const dialog = await openAdd(page);
    expect(await scan()).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('when the partners cannot be fetched: an Error toast, the failure with Retry, never the empty state', async ({ page }) => {
  await expectListFetchFailure(page, /\/api\/service-partners\?/, openPartners, {
    loading: 'Loading service partners...',
    toast: 'Error',
    description: 'Could not fetch service partners.',
    empty: 'No Service Partners Found',
  });
});
