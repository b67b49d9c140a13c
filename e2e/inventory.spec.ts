import { expect, test, type Page } from '@playwright/test';
import {
  apiCreate,
  chooseOption,
  clickSave,
  columnHeaders,
  confirmDeletion,
  expectDestructiveToast,
  listSettled,
  openDialog,
  openScreen,
  saveAndClose,
  searchList,
  tableRows,
  unique,
} from './helpers';

const openInventory = (page: Page) => openScreen(page, '/inventory', 'Inventory Management');
const item = (page: Page, fields: Record<string, unknown>) =>
  apiCreate<{ name: string }>(page, 'inventory', {
    name: 'Part',
    partNumber: 'P-1',
    quantity: 0,
    reorderLevel: 10,
    costPerUnit: 0,
    supplier: '',
    location: '',
    ...fields,
  });

test('add an item with the defaults, see it in ₹ and in red at its reorder level; edit it; delete it', async ({ page }) => {
  const token = unique();
  await openInventory(page);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search items...');
  for (const inert of ['View Reorder Suggestions', 'Generate Inventory Report']) await expect(page.getByRole('button', { name: inert })).toBeEnabled();
  await expect(columnHeaders(page)).toHaveText(
    ['Item ID', 'Name', 'Part No.', 'Quantity', 'Reorder Lvl', 'Cost/Unit', 'Supplier', 'Location', 'Actions'].map((h) => new RegExp(`^${h}`, 'i')),
  );

  const dialog = await openDialog(page, 'Add New Item', 'Add New Item');
  await expect(dialog.getByLabel('Quantity')).toHaveValue('0');
  await expect(dialog.getByLabel('Reorder Level')).toHaveValue('10');
  await expect(dialog.getByLabel('Cost Per Unit (₹)')).toHaveValue('0');
  await dialog.getByLabel('Name').fill(`Brake Pad Set ${token}`);
  await dialog.getByLabel('Part Number').fill(`BP-${token}`);
  await dialog.getByLabel('Cost Per Unit (₹)').fill('123456.5');
  await dialog.getByLabel('Supplier').fill('Bosch Ltd');
  await saveAndClose(page, dialog, 'Add Item', 'Item Added!');

  await searchList(page, token);
  const row = tableRows(page).first();
  await expect(row).toContainText('₹1,23,456.50');
  await expect(row.getByLabel('Reorder Needed')).toBeVisible();

  const id = (await row.getByRole('cell').first().innerText()).trim();
  const edit = await openDialog(page, `Edit ${id}`, 'Edit Item');
  await edit.getByLabel('Quantity').fill('40');
  await saveAndClose(page, edit, 'Save Changes', 'Item Updated!');
  await expect(tableRows(page).first().getByLabel('Reorder Needed')).toHaveCount(0);

  await tableRows(page)
    .first()
    .getByRole('button', { name: /^Delete / })
    .click();
  await confirmDeletion(page).getByRole('button', { name: 'Delete Item' }).click();
  await expectDestructiveToast(page, 'Item Deleted!');
  await expect(page.getByText('No Inventory Items Found')).toBeVisible();
});

test('refuses negative values and blank required fields with the specified toasts', async ({ page }) => {
  await openInventory(page);
  const dialog = await openDialog(page, 'Add New Item', 'Add New Item');
  await clickSave(dialog, 'Add Item');
  await expectDestructiveToast(page, 'Missing Fields', 'Name, Part Number, Quantity, and Reorder Level are required.');
  await dialog.getByLabel('Name').fill('Clutch Plate');
  await dialog.getByLabel('Part Number').fill('CP-1');
  await dialog.getByLabel('Reorder Level').fill('-1');
  await clickSave(dialog, 'Add Item');
  await expectDestructiveToast(page, 'Invalid Values', 'Quantity, Reorder Level, and Cost cannot be negative.');
  await expect(dialog).toBeVisible();
});

test('the stock filter runs on the server: Reorder Needed at the level, Low Stock up to 5 above', async ({ page }) => {
  const token = unique();
  const at = await item(page, { name: `Filter ${token} at`, quantity: 10, reorderLevel: 10 });
  const low = await item(page, { name: `Filter ${token} low`, quantity: 15, reorderLevel: 10 });
  const fine = await item(page, { name: `Filter ${token} fine`, quantity: 16, reorderLevel: 10 });
  await openInventory(page);
  await searchList(page, `Filter ${token}`);
  await expect(tableRows(page)).toHaveCount(3);
  await chooseOption(page, page, 'Filter by Stock level', 'Reorder Needed');
  await expect(page).toHaveURL(/stock=Reorder/);
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(at.name);
  await chooseOption(page, page, 'Filter by Stock level', 'Low Stock');
  await listSettled(page);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(low.name);
  await expect(tableRows(page).first().locator('.text-yellow-700')).toHaveText('15');
  await chooseOption(page, page, 'Filter by Stock level', 'All Items');
  await listSettled(page);
  await expect(tableRows(page).filter({ hasText: fine.name })).toHaveCount(1);
});
