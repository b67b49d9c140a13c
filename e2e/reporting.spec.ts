import { expect, test, type Page } from '@playwright/test';
import { apiCreate, createDriver, createTrip, createVehicle, downloadFrom, openScreen, seriousViolations, todayInBrowserZone, unique } from './helpers';

/** Issue 20: the Reporting screen's catalogue, a report's chart, table, paging and files, and the report buttons elsewhere. */
const main = (page: Page) => page.getByRole('main');
const reportTable = (page: Page, title: string) => page.getByRole('table', { name: title });

test('Reporting keeps its title and buttons; Generate New Report opens the catalogue and a report with its chart, table, paging and both files', async ({
  page,
}) => {
  const token = unique();
  // Sorted first by location ('AAA …'): 55 items, so the table's second page holds five of them.
  for (let n = 1; n <= 55; n++) {
    await apiCreate(page, 'inventory', {
      name: `Part ${String(n).padStart(2, '0')} ${token}`,
      partNumber: `P-${token}-${n}`,
      quantity: n,
      reorderLevel: 10,
      costPerUnit: 1234567.5,
      supplier: 'Bosch Ltd',
      location: `AAA Rack ${token}`,
    });
  }
  await openScreen(page, '/reporting', 'Dashboard & Reporting');
  for (const name of ['Generate New Report', 'View KPI Dashboard', 'Export Reports (CSV, PDF)', 'View Cost Reports', 'View Fuel Analytics']) {
    await expect(main(page).getByRole('button', { name, exact: true })).toBeVisible();
  }
  await page.screenshot({ path: '.tmp/screens/reporting.png' });

  await main(page).getByRole('button', { name: 'Generate New Report', exact: true }).click();
  const catalogue = page.getByRole('dialog', { name: 'Generate New Report' });
  const reports = catalogue.getByRole('list', { name: 'Reports' });
  for (const title of ['Compliance Register', 'Inventory Valuation', 'Sales Pipeline', 'Cold Chain Units'])
    await expect(reports.getByRole('link', { name: new RegExp(`^${title}`) })).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/reporting-catalogue.png' });
  await reports.getByRole('link', { name: /^Inventory Valuation/ }).click();

  await expect(page).toHaveURL(/\/reporting\?report=inventory-valuation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Valuation' })).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Chart: Inventory Valuation' });
  await expect(chart.getByRole('application')).toBeVisible();
  await expect(chart.getByRole('application').getByText(`AAA Rack ${token}`)).toBeVisible();
  const table = reportTable(page, 'Inventory Valuation');
  await expect(table.locator('thead th')).toHaveText([
    'Location',
    'Supplier',
    'Item ID',
    'Name',
    'Part No.',
    'Quantity',
    'Cost/Unit',
    'Value',
    'Reorder Lvl',
    'At/Below Reorder',
  ]);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(50);
  await expect(rows.nth(0)).toContainText(`Part 01 ${token}`);
  // 1 × ₹12,34,567.50, flagged (at or below reorder level 10).
  await expect(rows.nth(0)).toContainText('₹12,34,567.50');
  await expect(rows.nth(0).locator('td').nth(9)).toHaveText('Yes');
  await expect(rows.nth(10).locator('td').nth(7)).toHaveText('₹1,35,80,242.50'); // 11 × 12,34,567.50
  await expect(table.getByRole('row', { name: 'Totals' })).toContainText('Total');
  await expect(page.getByText('items at or below their reorder level (flagged).')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/screens/reporting-inventory-valuation.png', fullPage: true });

  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows.nth(0)).toContainText(`Part 51 ${token}`);
  await expect(page.getByText('Page 2')).toBeVisible();

  const exports = page.getByRole('group', { name: 'Export Reports (CSV, PDF)' });
  const today = todayInBrowserZone();
  const csv = await downloadFrom(page, exports.getByRole('link', { name: 'Download CSV' }));
  expect(csv.name).toBe(`inventory-valuation-${today}.csv`);
  const lines = csv.body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe('Location,Supplier,Item ID,Name,Part No.,Quantity,Cost/Unit,Value,Reorder Lvl,At/Below Reorder');
  expect(lines.find((line) => line.includes(`Part 11 ${token}`))).toContain(',11,1234567.50,13580242.50,10,No');
  const pdf = await downloadFrom(page, exports.getByRole('link', { name: 'Download PDF' }));
  expect(pdf.name).toBe(`inventory-valuation-${today}.pdf`);
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
});

test('a report over a period and a vehicle: the period defaults to the last full month; filters live in the URL', async ({ page }) => {
  const token = unique();
  const vehicle = await createVehicle(page, token, { licensePlate: `MH14${token}` });
  const driver = await createDriver(page, token);
  const trip = await createTrip(page, { vehicleId: vehicle.id, driverId: driver.id });
  const unit = await apiCreate(page, 'cold-chain', {
    name: `Reefer ${token}`,
    tripId: trip.id,
    minTemp: 2,
    maxTemp: 8,
    currentTemp: 11.5,
    currentHumidity: 70,
    status: 'Critical',
  });
  await openScreen(page, '/reporting?report=sales-pipeline', 'Sales Pipeline');
  const [year, month] = todayInBrowserZone().split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  const shown = (date: Date) => date.toISOString().slice(0, 10).split('-').reverse().join('/');
  await expect(page.getByRole('textbox', { name: 'Period from' })).toHaveValue(shown(first));
  await expect(page.getByRole('textbox', { name: 'Period to' })).toHaveValue(shown(last));
  await expect(reportTable(page, 'Sales Pipeline').locator('tbody tr')).toHaveCount(18);
  await page.getByLabel('Customer').fill('Tata');
  await page.getByLabel('Customer').press('Enter');
  await expect(page).toHaveURL(/customer=Tata/);
  await page.screenshot({ path: '.tmp/screens/reporting-sales-pipeline.png', fullPage: true });

  await page.goto(`/reporting?report=cold-chain&vehicle=${vehicle.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cold Chain Units' })).toBeVisible();
  const rows = reportTable(page, 'Cold Chain Units').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(unit.id);
  await expect(rows.nth(0)).toContainText('11.5 °C');
  await expect(rows.nth(0).locator('td').nth(9)).toHaveText('Yes');
  await expect(page.getByRole('figure', { name: 'Chart: Cold Chain Units' }).getByRole('application')).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/reporting-cold-chain.png', fullPage: true });

  await page.goto('/reporting?report=compliance-register');
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance Register' })).toBeVisible();
  await expect(page.getByText('The records as they are today.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Period from' })).toHaveCount(0);
});

test("the other screens' report buttons open their reports", async ({ page }) => {
  await openScreen(page, '/inventory', 'Inventory Management');
  await main(page).getByRole('button', { name: 'Generate Inventory Report' }).click();
  await expect(page).toHaveURL(/\/reporting\?report=inventory-valuation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Valuation' })).toBeVisible();

  await openScreen(page, '/cold-chain', 'Cold Chain Monitoring');
  await main(page).getByRole('button', { name: 'Export Reports' }).click();
  await expect(page).toHaveURL(/\/reporting\?report=cold-chain$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cold Chain Units' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Export Reports (CSV, PDF)' }).getByRole('link', { name: 'Download PDF' })).toBeVisible();

  await openScreen(page, '/fuel-expense', 'Fuel & Expense Management');
  await main(page).getByRole('button', { name: 'Cost Reports' }).click();
  await expect(page).toHaveURL(/\/reporting\?report=cost-per-km$/);
  await openScreen(page, '/fuel-expense', 'Fuel & Expense Management');
  await main(page).getByRole('button', { name: 'Fuel Consumption Analytics' }).click();
  await expect(page).toHaveURL(/\/reporting\?report=fuel-economy$/);
});

test('a bad period gets the server’s message and Retry, not an empty report', async ({ page }) => {
  await page.goto('/reporting?report=sales-pipeline&from=2026-03-01&to=2026-01-01');
  await expect(page.getByRole('alert')).toContainText('From (2026-03-01) must not be after To (2026-01-01).');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('every report screen and the catalogue pass axe (no serious or critical violation)', async ({ page }) => {
  for (const key of ['compliance-register', 'inventory-valuation', 'sales-pipeline', 'cold-chain']) {
    await page.goto(`/reporting?report=${key}`);
    await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();
    expect(await seriousViolations(page), key).toEqual([]);
  }
  await openScreen(page, '/reporting', 'Dashboard & Reporting');
  await main(page).getByRole('button', { name: 'Export Reports (CSV, PDF)', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Export Reports (CSV, PDF)' }).getByRole('list', { name: 'Reports' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
