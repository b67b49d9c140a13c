import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfFile, textPretendingToBePdf } from './fixtures/files';
import {
  apiCreate,
  chooseOption,
  clickSave,
  confirmDeletion,
  createVehicle,
  expectDestructiveToast,
  expectDownload,
  expectPickListFetchFailure,
  failRequests,
  expectToast,
  openScreen,
  optionsOf,
  pickRecord,
  shownDate,
  todayInBrowserZone,
  unique,
  vehicleLabel,
  section,
  showSection,
  sectionRows as rows,
  sectionSettled as settled,
  searchSection as search,
  openSectionForm as openForm,
} from './helpers';

const openSales = (page: Page) => openScreen(page, '/sales', 'Sales & Orders');
const [LEADS, QUOTATIONS, ORDERS] = ['Lead Management', 'Quotation Management', 'Sales Order Management'];
/** Each section, shown by its tab. */
const leads = (page: Page) => showSection(page, LEADS);
const quotations = (page: Page) => showSection(page, QUOTATIONS);
const orders = (page: Page) => showSection(page, ORDERS);
const headers = (scope: Locator) => scope.getByRole('table').locator('thead th');

async function save(page: Page, dialog: Locator, button: string, toast: string, description?: string | RegExp) {
  await clickSave(dialog, button);
  await expectToast(page, toast, description);
  await expect(dialog).toBeHidden();
}

/** YYYY-MM-DD of today + days in the browser's zone. */
const daysFromToday = (days: number) => {
  const [y, m, d] = todayInBrowserZone().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

const createLead = (page: Page, fields: Record<string, unknown>) =>
  apiCreate(page, 'sales-leads', {
    companyName: 'Tata Steel Ltd.',
    contactPerson: 'Anil Deshmukh',
    contactInfo: '+91 98200 12345',
    leadSource: 'Website',
    assignedTo: '',
    status: 'New',
    industry: '',
    region: '',
    notes: '',
    ...fields,
  });
const createQuotation = (page: Page, fields: Record<string, unknown>) =>
  apiCreate(page, 'sales-quotations', {
    leadId: null,
    customerName: 'Asian Paints Ltd.',
    vehicleType: 'Standard Truck',
    routeOrRegion: 'Pune → Chennai',
    pricingPerKm: null,
    flatRate: 85000,
    tax: 5,
    discount: 0,
    validUntil: daysFromToday(30),
    attachments: [],
    termsAndConditions: 'Standard terms apply',
    status: 'Draft',
    ...fields,
  });
const createOrder = (page: Page, fields: Record<string, unknown>) =>
  apiCreate(page, 'sales-orders', {
    quotationId: null,
    customerName: 'Reliance Retail Ltd.',
    date: '2026-03-09',
    finalAmount: 10000,
    paymentStatus: 'Pending',
    paidAmount: null,
    balanceAmount: null,
    deliveryTerms: 'FOB Origin',
    assignedVehicles: [],
    routeDetails: '',
    status: 'New',
    ...fields,
  });

test.describe('Lead Management', () => {
  test('add with the defaults, edit, and delete after confirming', async ({ page }) => {
    const token = unique();
    await openSales(page);
    await expect(page.getByRole('tablist', { name: 'Sales & Orders' }).getByRole('tab')).toHaveText([LEADS, QUOTATIONS, ORDERS]);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([LEADS]);
    const scope = await leads(page);
    const dialog = await openForm(page, scope, 'Add Lead', 'Add New Lead');
    await expect(dialog.getByRole('combobox', { name: 'Lead Source', exact: true })).toHaveText('Website');
    await expect(dialog.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('New');
    await dialog.getByLabel('Company Name').fill(`Tata Steel ${token}`);
    await dialog.getByLabel('Contact Person').fill('Anil Deshmukh');
    await dialog.getByLabel('Contact Info').fill('+91 98200 12345');
    await dialog.getByLabel('Assigned To').fill(`Priya ${token}`);
    await dialog.getByLabel('Industry').fill('Steel');
    await save(page, dialog, 'Save Lead', 'Lead Created!', new RegExp(`^Tata Steel ${token} \\(LEAD\\d{5}[A-Z0-9]{3}\\) has been added\\.$`));

    await search(page, scope, 'leads', token);
    await expect(headers(scope)).toHaveText(['Lead ID', 'Company', 'Contact', 'Assigned To', 'Status', 'Actions']);
    const cells = rows(scope).first().getByRole('cell');
    await expect(cells).toHaveText([/^LEAD\d{5}[A-Z0-9]{3}$/, `Tata Steel ${token}`, 'Anil Deshmukh+91 98200 12345', `Priya ${token}`, 'New', '']);
    await expect(cells.nth(4).locator('span')).toHaveClass(/bg-blue-100/);
    const id = (await cells.first().textContent())!;

    const edit = await openForm(page, scope, `Edit ${id}`, 'Edit Lead');
    await chooseOption(page, edit, 'Status', 'Negotiation');
    await save(page, edit, 'Save Changes', 'Lead Updated!');
    await expect(cells.nth(4)).toHaveText('Negotiation');
    await expect(cells.nth(4).locator('span')).toHaveClass(/bg-lime-100/);

    await scope.getByRole('button', { name: `Delete ${id}` }).click();
    const confirm = confirmDeletion(page);
    await expect(confirm).toContainText(`Are you sure you want to delete the lead ${id} (Tata Steel ${token})? This action cannot be undone.`);
    await confirm.getByRole('button', { name: 'Delete Lead' }).click();
    await expectDestructiveToast(page, 'Lead Deleted', `Tata Steel ${token} (${id}) has been removed.`);
    await expect(scope.getByText('No leads found')).toBeVisible();
  });

  test('the required rule keeps the dialog and its input', async ({ page }) => {
    await openSales(page);
    const dialog = await openForm(page, await leads(page), 'Add Lead', 'Add New Lead');
    await dialog.getByLabel('Company Name').fill('Asian Paints Ltd.');
    await dialog.getByLabel('Contact Person').fill('Kavita Menon');
    await clickSave(dialog, 'Save Lead');
    await expectDestructiveToast(page, 'Missing Fields', 'Company Name, Contact Person, and Contact Info are required.');
    await expect(dialog.getByLabel('Company Name')).toHaveValue('Asian Paints Ltd.');
  });

  test('search by company or contact person; status filter; assignee filter from the assignees present', async ({ page }) => {
    const token = unique();
    const a = await createLead(page, {
      companyName: `Reliance Retail ${token}`,
      contactPerson: `Meera ${token}`,
      assignedTo: `Rohit ${token}`,
      status: 'Qualified',
    });
    const b = await createLead(page, { companyName: `Hindalco ${token}`, contactPerson: 'Sunil Rao', assignedTo: `Kavya ${token}`, status: 'Won' });
    await openSales(page);
    const scope = await leads(page);
    await search(page, scope, 'leads', `reliance retail ${token.toLowerCase()}`);
    await expect(rows(scope)).toHaveCount(1);
    await search(page, scope, 'leads', `MEERA ${token}`);
    await expect(rows(scope).first()).toContainText(a.id);
    await search(page, scope, 'leads', token);
    await expect(rows(scope)).toHaveCount(2);
    expect(await optionsOf(page, scope, 'Filter by Status')).toEqual([
      'All Statuses',
      'New',
      'Contacted',
      'Qualified',
      'Proposal Sent',
      'Negotiation',
      'Won',
      'Lost',
      'On Hold',
    ]);
    await chooseOption(page, scope, 'Filter by Status', 'Won');
    await settled(scope);
    await expect(rows(scope)).toHaveCount(1);
    await expect(rows(scope).first()).toContainText(b.id);
    await chooseOption(page, scope, 'Filter by Status', 'All Statuses');
    expect(await optionsOf(page, scope, 'Filter by Assigned To')).toEqual(expect.arrayContaining(['All Assignees', `Rohit ${token}`, `Kavya ${token}`]));
    await chooseOption(page, scope, 'Filter by Assigned To', `Rohit ${token}`);
    await settled(scope);
    await expect(rows(scope)).toHaveCount(1);
    await expect(rows(scope).first()).toContainText(a.id);
  });
});

test.describe('Quotation Management', () => {
  test('add with the defaults; a lead fills the customer and clearing it clears it; per-km amount; edit; delete', async ({ page }) => {
    const token = unique();
    await createLead(page, { companyName: `Asian Paints ${token}` });
    await openSales(page);
    const scope = await quotations(page);
    const dialog = await openForm(page, scope, 'Create Quotation', 'Create New Quotation');
    await expect(dialog.getByLabel('Vehicle Type')).toHaveValue('Standard Truck');
    await expect(dialog.getByLabel('Tax (%)')).toHaveValue('5');
    await expect(dialog.getByLabel('Discount (%)')).toHaveValue('0');
    await expect(dialog.getByLabel('Valid Until')).toHaveValue(shownDate(daysFromToday(30)));
    await expect(dialog.getByLabel('Terms & Conditions')).toHaveValue('Standard terms apply');
    await expect(dialog.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('Draft');
    for (const [label, step] of [
      ['Pricing per KM (₹)', '0.01'],
      ['Flat Rate (₹)', '0.01'],
      ['Tax (%)', '0.1'],
      ['Discount (%)', '0.1'],
    ])
      await expect(dialog.getByLabel(label)).toHaveAttribute('step', step);

    await pickRecord(page, dialog, /^Lead/, `asian paints ${token.toLowerCase()}`, `Asian Paints ${token}`);
    await expect(dialog.getByLabel('Customer Name')).toHaveValue(`Asian Paints ${token}`);
    await dialog.getByRole('button', { name: 'Clear Lead' }).click();
    await expect(dialog.getByLabel('Customer Name')).toHaveValue('');
    await pickRecord(page, dialog, /^Lead/, `asian paints ${token.toLowerCase()}`, `Asian Paints ${token}`);
    await dialog.getByLabel('Route / Region').fill('Pune → Chennai');
    await dialog.getByLabel('Pricing per KM (₹)').fill('45');
    await save(
      page,
      dialog,
      'Save Quotation',
      'Quotation Created!',
      new RegExp(`^Quotation QTN\\d{5}[A-Z0-9]{3} for Asian Paints ${token} has been created\\.$`),
    );

    await search(page, scope, 'quotations', token);
    await expect(headers(scope)).toHaveText(['Quote ID', 'Customer', 'Valid Until', 'Amount (Est. ₹)', 'Status', 'Actions']);
    const cells = rows(scope).first().getByRole('cell');
    await expect(cells).toHaveText([/^QTN\d{5}[A-Z0-9]{3}$/, `Asian Paints ${token}`, shownDate(daysFromToday(30)), '≈ ₹45.00/km', 'Draft', '']);
    const id = (await cells.first().textContent())!;
    await expect(scope.getByRole('button', { name: `Open attachments of ${id}` })).toBeDisabled();

    // Editing: clearing the lead keeps the customer name.
    const edit = await openForm(page, scope, `Edit ${id}`, 'Edit Quotation');
    await edit.getByRole('button', { name: 'Clear Lead' }).click();
    await expect(edit.getByLabel('Customer Name')).toHaveValue(`Asian Paints ${token}`);
    await edit.getByLabel('Flat Rate (₹)').fill('125000.5');
    await chooseOption(page, edit, 'Status', 'Approved');
    await save(page, edit, 'Save Changes', 'Quotation Updated!');
    await expect(cells).toHaveText([id, `Asian Paints ${token}`, shownDate(daysFromToday(30)), '₹1,25,000.50', 'Approved', '']);
    await expect(cells.nth(4).locator('span')).toHaveClass(/bg-emerald-100/);

    await scope.getByRole('button', { name: `Delete ${id}` }).click();
    await confirmDeletion(page).getByRole('button', { name: 'Delete Quotation' }).click();
    await expectDestructiveToast(page, 'Quotation Deleted', `Quotation ${id} for Asian Paints ${token} has been removed.`);
    await expect(scope.getByText('No quotations found')).toBeVisible();
  });

  test('editing a quotation stored without tax shows the tax as 0', async ({ page }) => {
    const token = unique();
    const saved = await createQuotation(page, { customerName: `Havells ${token}`, tax: null });
    await openSales(page);
    const edit = await openForm(page, await quotations(page), `Edit ${saved.id}`, 'Edit Quotation');
    await expect(edit.getByLabel('Tax (%)')).toHaveValue('0');
  });

  test('each validation message, with the dialog kept open', async ({ page }) => {
    await openSales(page);
    const dialog = await openForm(page, await quotations(page), 'Create Quotation', 'Create New Quotation');
    await dialog.getByLabel('Customer Name').fill('Godrej Consumer Products');
    const PRICING = 'Customer Name, Valid Until, and at least one pricing field (Per KM or Flat Rate) are required.';
    await clickSave(dialog, 'Save Quotation');
    await expectDestructiveToast(page, 'Missing Fields', PRICING);
    await dialog.getByLabel('Flat Rate (₹)').fill('50000');
    await dialog.getByLabel('Valid Until').fill('');
    await clickSave(dialog, 'Save Quotation');
    await expectDestructiveToast(page, 'Missing Fields', PRICING);
    await dialog.getByLabel('Valid Until').fill('31/12/2026');
    await dialog.getByLabel('Tax (%)').fill('120');
    await clickSave(dialog, 'Save Quotation');
    await expectDestructiveToast(page, 'Invalid Percentage', 'Tax must be between 0 and 100%.');
    await dialog.getByLabel('Tax (%)').fill('18');
    await dialog.getByLabel('Discount (%)').fill('-1');
    await clickSave(dialog, 'Save Quotation');
    await expectDestructiveToast(page, 'Invalid Percentage', 'Discount must be between 0 and 100%.');
    await expect(dialog.getByLabel('Customer Name')).toHaveValue('Godrej Consumer Products');
    await dialog.getByLabel('Discount (%)').fill('2.5');
    await save(page, dialog, 'Save Quotation', 'Quotation Created!');
  });

  test('attachments: several real files uploaded, a failed one named with the form kept, each opened in a new tab', async ({ page }) => {
    const token = unique();
    const rates = pdfFile(`rate-card-${token}.pdf`);
    const terms = pdfFile(`terms-${token}.pdf`);
    await openSales(page);
    const scope = await quotations(page);
    const dialog = await openForm(page, scope, 'Create Quotation', 'Create New Quotation');
    await dialog.getByLabel('Customer Name').fill(`UltraTech Cement ${token}`);
    await dialog.getByLabel('Flat Rate (₹)').fill('64000');
    const choose = async (files: ReturnType<typeof pdfFile>[]) => {
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: /^(Choose Files|Add More Files)$/ }).click();
      await (await chooser).setFiles(files);
    };
    await choose([rates, terms]);
    const attached = dialog.getByRole('list', { name: 'Attached files' }).getByRole('link');
    await expect(attached).toHaveCount(2);
    await choose([textPretendingToBePdf(`fake-${token}.pdf`)]);
    await expectDestructiveToast(page, 'Attachment Upload Failed', new RegExp(`^fake-${token}\\.pdf: `));
    await expect(attached).toHaveCount(2);
    await expect(dialog.getByLabel('Customer Name')).toHaveValue(`UltraTech Cement ${token}`);
    await save(page, dialog, 'Save Quotation', 'Quotation Created!');

    await search(page, scope, 'quotations', token);
    const id = (await rows(scope).first().getByRole('cell').first().textContent())!;
    await scope.getByRole('button', { name: `Open attachments of ${id} (2)` }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveCount(2);
    await expect(menu.getByRole('menuitem', { name: terms.name })).toHaveAttribute('target', '_blank');
    await expectDownload(page, menu.getByRole('menuitem', { name: terms.name }), terms);
  });

  test('search by customer or id; status filter', async ({ page }) => {
    const token = unique();
    const draft = await createQuotation(page, { customerName: `Marico ${token}` });
    const sent = await createQuotation(page, { customerName: `Dabur ${token}`, status: 'Sent' });
    await openSales(page);
    const scope = await quotations(page);
    await search(page, scope, 'quotations', `marico ${token.toLowerCase()}`);
    await expect(rows(scope)).toHaveCount(1);
    await search(page, scope, 'quotations', sent.id.toLowerCase());
    await expect(rows(scope).first()).toContainText(`Dabur ${token}`);
    await search(page, scope, 'quotations', token);
    await expect(rows(scope)).toHaveCount(2);
    await chooseOption(page, scope, 'Filter by Status', 'Sent');
    await settled(scope);
    await expect(rows(scope)).toHaveCount(1);
    await expect(rows(scope).first()).toContainText(sent.id);
    await chooseOption(page, scope, 'Filter by Status', 'Draft');
    await settled(scope);
    await expect(rows(scope).first()).toContainText(draft.id);
  });
});

test.describe('Sales Order Management', () => {
  test('defaults; only Approved quotations offered; one fills customer and final amount; two vehicles; payment fields; edit with customer locked; delete', async ({
    page,
  }) => {
    const token = unique();
    const approved = await createQuotation(page, { customerName: `Tata Steel ${token}`, flatRate: 10000, tax: 5, discount: 2, status: 'Approved' });
    await createQuotation(page, { customerName: `Tata Steel ${token} draft`, status: 'Draft' });
    const perKm = await createQuotation(page, { customerName: `Tata Motors ${token}`, flatRate: null, pricingPerKm: 52, status: 'Approved' });
    const first = await createVehicle(page, token, { licensePlate: `MH12${token}` });
    const second = await createVehicle(page, `${token}B`, { licensePlate: `MH14${token}` });
    await openSales(page);
    const scope = await orders(page);
    const dialog = await openForm(page, scope, 'Create Sales Order', 'Create New Sales Order');
    await expect(dialog.getByLabel('Date')).toHaveValue(shownDate(todayInBrowserZone()));
    await expect(dialog.getByLabel('Delivery Terms')).toHaveValue('FOB Origin');
    await expect(dialog.getByRole('combobox', { name: 'Order Status', exact: true })).toHaveText('New');
    await expect(dialog.getByRole('combobox', { name: 'Payment Status', exact: true })).toHaveText('Pending');
    await expect(dialog.getByLabel('Paid Amount')).toBeHidden();
    await expect(dialog.getByLabel('Balance')).toBeHidden();

    // Only the Approved quotations are offered.
    await dialog.getByRole('combobox', { name: /^Quotation/ }).click();
    await page.getByRole('combobox', { name: 'Search choices' }).fill(token.toLowerCase());
    await expect(page.getByRole('option')).toHaveText([`${perKm.id} — Tata Motors ${token}`, `${approved.id} — Tata Steel ${token}`]);
    await page.getByRole('option', { name: `${perKm.id} — Tata Motors ${token}` }).click();
    await expect(dialog.getByLabel('Customer Name')).toHaveValue(`Tata Motors ${token}`);
    await expect(dialog.getByLabel('Final Amount')).toHaveValue('');
    await pickRecord(page, dialog, /^Quotation/, token.toLowerCase(), `${approved.id} — Tata Steel ${token}`);
    await expect(dialog.getByLabel('Customer Name')).toHaveValue(`Tata Steel ${token}`);
    await expect(dialog.getByLabel('Final Amount')).toHaveValue('10300.00');

    for (const [plate, vehicle] of [
      [`mh12${token.toLowerCase()}`, first],
      [`mh14${token.toLowerCase()}`, second],
    ] as const) {
      await dialog.getByRole('combobox', { name: /^Assigned Vehicles/ }).click();
      await page.getByRole('combobox', { name: 'Search choices' }).fill(plate);
      await page.getByRole('option', { name: vehicleLabel(vehicle), exact: true }).click();
    }
    await expect(dialog.getByRole('list', { name: 'Chosen' }).getByRole('listitem')).toHaveText([vehicleLabel(first), vehicleLabel(second)]);

    // Payment status: Partially Paid → editable paid, balance locked; Paid → paid = final, locked, balance 0.00; Pending → hidden.
    await chooseOption(page, dialog, 'Payment Status', 'Partially Paid');
    await dialog.getByLabel('Paid Amount').fill('10299.99');
    await expect(dialog.getByLabel('Balance')).toHaveValue('0.01');
    await expect(dialog.getByLabel('Balance')).toHaveAttribute('readonly', '');
    await expect(dialog.getByLabel('Paid Amount')).not.toHaveAttribute('readonly', '');
    await chooseOption(page, dialog, 'Payment Status', 'Paid');
    await expect(dialog.getByLabel('Paid Amount')).toHaveValue('10300.00');
    await expect(dialog.getByLabel('Paid Amount')).toHaveAttribute('readonly', '');
    await expect(dialog.getByLabel('Balance')).toHaveValue('0.00');
    await chooseOption(page, dialog, 'Payment Status', 'Overdue');
    await expect(dialog.getByLabel('Paid Amount')).toBeHidden();
    await chooseOption(page, dialog, 'Payment Status', 'Partially Paid');
    await dialog.getByLabel('Paid Amount').fill('4000');
    await expect(dialog.getByLabel('Balance')).toHaveValue('6300.00');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/sales-orders') && r.request().method() === 'POST');
    await save(
      page,
      dialog,
      'Save Order',
      'Sales Order Created!',
      new RegExp(`^Order SO\\d{5}[A-Z0-9]{3} for Tata Steel ${token} \\(₹10,300\\.00\\) has been created\\.$`),
    );
    const record = await (await posted).json();
    expect(record).toMatchObject({
      quotationId: approved.id,
      finalAmount: 10300,
      paidAmount: 4000,
      balanceAmount: 6300,
      assignedVehicles: [first.id, second.id],
    });

    await search(page, scope, 'orders', token);
    await expect(headers(scope)).toHaveText(['Order ID', 'Customer', 'Date', 'Final Amount', 'Payment Status', 'Order Status', 'Actions']);
    const cells = rows(scope).first().getByRole('cell');
    await expect(cells).toHaveText([record.id, `Tata Steel ${token}`, shownDate(todayInBrowserZone()), '₹10,300.00', 'Partially Paid', 'New', '']);
    await expect(cells.nth(4).locator('span')).toHaveClass(/bg-yellow-100/);

    const edit = await openForm(page, scope, `Edit ${record.id}`, 'Edit Sales Order');
    await expect(edit.getByLabel('Customer Name')).toHaveAttribute('readonly', '');
    await chooseOption(page, edit, 'Order Status', 'Dispatched');
    await save(page, edit, 'Save Changes', 'Sales Order Updated!');
    await expect(cells.nth(5)).toHaveText('Dispatched');

    await scope.getByRole('button', { name: `Delete ${record.id}` }).click();
    await expect(confirmDeletion(page)).toContainText(
      `Are you sure you want to delete sales order ${record.id} for Tata Steel ${token} (₹10,300.00)? This action cannot be undone.`,
    );
    await confirmDeletion(page).getByRole('button', { name: 'Delete Order' }).click();
    await expectDestructiveToast(page, 'Sales Order Deleted', `Order ${record.id} for Tata Steel ${token} has been removed.`);
    await expect(scope.getByText('No sales orders found')).toBeVisible();
  });

  test('an order without a quotation keeps its customer editable', async ({ page }) => {
    const token = unique();
    const order = await createOrder(page, { customerName: `Britannia ${token}` });
    await openSales(page);
    const scope = await orders(page);
    await search(page, scope, 'orders', token);
    const edit = await openForm(page, scope, `Edit ${order.id}`, 'Edit Sales Order');
    await expect(edit.getByLabel('Customer Name')).not.toHaveAttribute('readonly', '');
    await edit.getByLabel('Customer Name').fill(`Britannia Industries ${token}`);
    await save(page, edit, 'Save Changes', 'Sales Order Updated!');
    await expect(rows(scope).first()).toContainText(`Britannia Industries ${token}`);
  });

  test('each validation message, with the dialog kept open', async ({ page }) => {
    await openSales(page);
    const dialog = await openForm(page, await orders(page), 'Create Sales Order', 'Create New Sales Order');
    await dialog.getByLabel('Customer Name').fill('Nestlé India');
    await clickSave(dialog, 'Save Order');
    await expectDestructiveToast(page, 'Missing Fields', 'Customer Name, Date, and Final Amount are required.');
    await dialog.getByLabel('Final Amount').fill('0');
    await clickSave(dialog, 'Save Order');
    await expectDestructiveToast(page, 'Invalid Amount', 'Final Amount must be greater than zero.');
    await dialog.getByLabel('Final Amount').fill('5000');
    await chooseOption(page, dialog, 'Payment Status', 'Partially Paid');
    await clickSave(dialog, 'Save Order');
    await expectDestructiveToast(page, 'Invalid Amount', 'Paid Amount must be greater than zero for partially paid status.');
    await dialog.getByLabel('Paid Amount').fill('5000');
    await clickSave(dialog, 'Save Order');
    await expectDestructiveToast(
      page,
      'Invalid Amount',
      "Paid Amount cannot be equal or greater than Final Amount for 'Partially Paid'. Use 'Paid' status instead.",
    );
    await expect(dialog.getByLabel('Customer Name')).toHaveValue('Nestlé India');
    await dialog.getByLabel('Paid Amount').fill('1000');
    await save(page, dialog, 'Save Order', 'Sales Order Created!');
  });

  test('search by customer or id; order status filter', async ({ page }) => {
    const token = unique();
    const a = await createOrder(page, { customerName: `Bajaj Auto ${token}`, status: 'Delivered' });
    const b = await createOrder(page, { customerName: `Hero MotoCorp ${token}`, status: 'Cancelled' });
    await openSales(page);
    const scope = await orders(page);
    await search(page, scope, 'orders', `bajaj auto ${token.toLowerCase()}`);
    await expect(rows(scope)).toHaveCount(1);
    await search(page, scope, 'orders', b.id);
    await expect(rows(scope).first()).toContainText(`Hero MotoCorp ${token}`);
    await search(page, scope, 'orders', token);
    await expect(rows(scope)).toHaveCount(2);
    await chooseOption(page, scope, 'Filter by Order Status', 'Delivered');
    await settled(scope);
    await expect(rows(scope)).toHaveCount(1);
    await expect(rows(scope).first()).toContainText(a.id);
  });

  test('the vehicles pick-list failing says so and keeps the add button disabled', async ({ page }) => {
    await expectPickListFetchFailure(page, /\/api\/vehicles\/options\?/, (p) => openScreen(p, '/sales?section=orders', 'Sales & Orders'), {
      toast: 'Error',
      description: 'Could not fetch vehicles for sales orders.',
      disabled: 'Create Sales Order',
    });
  });
});

test("the three sections keep their own URL state across a reload, and one section's search does not refetch the others", async ({ page }) => {
  const token = unique();
  const lead = await createLead(page, { companyName: `Pidilite ${token}` });
  const delivered = await createOrder(page, { customerName: `Havells ${token}`, status: 'Delivered' });
  await createOrder(page, { customerName: `Havells ${token} second`, status: 'New' });
  await openSales(page);
  const ordersScope = await orders(page);
  await search(page, ordersScope, 'orders', token);
  await chooseOption(page, ordersScope, 'Filter by Order Status', 'Delivered');
  await settled(ordersScope);

  // Typing into the leads search asks nothing of the orders (or quotations) list.
  const leadsScope = await leads(page);
  await settled(leadsScope);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/sales-(orders|quotations)/.test(r.url())) asked.push(r.url());
  });
  await leadsScope.getByRole('searchbox', { name: 'Search' }).pressSequentially(`pidilite ${token.toLowerCase()}`, { delay: 40 });
  await expect(page).toHaveURL((url) => url.searchParams.get('leads.q') === `pidilite ${token.toLowerCase()}`);
  await settled(leadsScope);
  await expect(rows(leadsScope)).toHaveCount(1);
  expect(asked).toEqual([]);
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('orders.q') === token && url.searchParams.get('orders.status') === 'Delivered' && url.searchParams.get('q') === null,
  );

  await page.reload();
  await expect(leadsScope.getByRole('searchbox', { name: 'Search' })).toHaveValue(`pidilite ${token.toLowerCase()}`);
  await expect(rows(leadsScope)).toHaveCount(1);
  await expect(rows(leadsScope).first()).toContainText(lead.id);
  await orders(page);
  await expect(ordersScope.getByRole('searchbox', { name: 'Search' })).toHaveValue(token);
  await expect(ordersScope.getByRole('combobox', { name: 'Filter by Order Status', exact: true })).toHaveText('Delivered');
  await expect(rows(ordersScope)).toHaveCount(1);
  await expect(rows(ordersScope).first()).toContainText(delivered.id);
  await expect((await quotations(page)).getByRole('searchbox', { name: 'Search' })).toHaveValue('');
});

test('only the shown section asks the server; the chosen tab is in the URL', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/sales-')) asked.push(path);
  });
  await openSales(page);
  await settled(section(page, LEADS));
  expect(asked.filter((path) => !path.startsWith('/api/sales-leads'))).toEqual([]);
  expect(asked).toEqual(expect.arrayContaining(['/api/sales-leads', '/api/sales-leads/total']));

  asked.length = 0;
  await orders(page);
  await expect(page).toHaveURL((url) => url.searchParams.get('section') === 'orders');
  await settled(section(page, ORDERS));
  await expect(section(page, LEADS)).toHaveCount(0);
  // The orders, and the Approved quotations as the order form's pick-list; never the leads.
  expect(asked).toEqual(expect.arrayContaining(['/api/sales-orders', '/api/sales-orders/total']));
  expect(asked.filter((path) => path.startsWith('/api/sales-leads'))).toEqual([]);
});

test('a section whose list cannot be fetched says so in its own card, with Retry; the others still list', async ({ page }) => {
  await failRequests(page, /\/api\/sales-(leads|quotations)\?/);
  await openSales(page);
  await expectDestructiveToast(page, 'Error', /^Could not fetch (leads|quotations)\.$/);
  const leadsScope = await leads(page);
  await expect(leadsScope.getByRole('alert')).toContainText('Could not fetch leads.');
  await expect(leadsScope.getByText('No leads found')).toBeHidden();
  const ordersScope = await orders(page);
  await expect(ordersScope.getByRole('alert')).toHaveCount(0);
  await expect(ordersScope.getByRole('table')).toBeVisible();
  const quotationsScope = await quotations(page);
  await expect(quotationsScope.getByRole('alert')).toContainText('Could not fetch quotations.');
  await page.unroute(/\/api\/sales-(leads|quotations)\?/);
  await quotationsScope.getByRole('button', { name: 'Retry' }).click();
  await expect(quotationsScope.getByRole('alert')).toHaveCount(0);
  await expect(quotationsScope.getByRole('table')).toBeVisible();
});

test('the sales orders list failing shows its own text', async ({ page }) => {
  await failRequests(page, /\/api\/sales-orders\?/);
  await openSales(page);
  const ordersScope = await orders(page);
  await expectDestructiveToast(page, 'Error', 'Could not fetch sales orders.');
  await expect(ordersScope.getByRole('alert')).toContainText('Could not fetch sales orders.');
});

test('a form of the first section asks before Back drops its input (one router blocker, mounted by the open form); each form opens by its own parameter', async ({
  page,
}) => {
  await openSales(page);
  await (await leads(page)).getByRole('button', { name: 'Add Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Lead' });
  await expect(page).toHaveURL((url) => url.searchParams.has('leads.new') && !url.searchParams.has('orders.new') && !url.searchParams.has('new'));
  await dialog.getByLabel('Company Name').fill('Hindalco Industries');
  const question = page.getByRole('alertdialog', { name: 'Discard Changes?' });
  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep Editing' }).click();
  await expect(dialog.getByLabel('Company Name')).toHaveValue('Hindalco Industries');
  await page.goBack();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL((url) => !url.searchParams.has('leads.new'));
  // An order's form opens by its own parameter, and only it.
  await page.goto('/sales?orders.new');
  await expect(page.getByRole('dialog', { name: 'Create New Sales Order' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
});
