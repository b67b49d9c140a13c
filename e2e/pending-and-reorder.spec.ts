import { expect, test } from '@playwright/test';
import { apiCreate, apiDelete, downloadFrom, openScreen, seriousViolations, todayInBrowserZone, unique } from './helpers';

/** Whole days from a date to the company's today (Asia/Kolkata, as the browser here). */
const daysSince = (date: string) => Math.round((Date.parse(todayInBrowserZone()) - Date.parse(date)) / 86_400_000);

test('Track Pending Actions lists the incidents neither Resolved nor Closed, oldest first, with their age in days, a page at a time', async ({ page }) => {
  const token = unique();
  // Older than any other test's incidents, so they head the list.
  const incident = (status: string, dateTime: string, location: string) =>
    apiCreate(page, 'incidents', {
      type: 'Vehicle Breakdown',
      severity: 'High',
      status,
      dateTime,
      location: `${location} ${token}`,
      description: 'Pending actions test',
      vehicleId: null,
      driverId: null,
      reportedBy: '',
      images: [],
    });
  const made = [
    await incident('Resolved', '2000-12-01T06:30:00.000Z', 'Resolved'),
    await incident('Action Pending', '2001-02-01T06:30:00.000Z', 'Lonavala Ghat'),
    await incident('Open', '2001-01-01T06:30:00.000Z', 'Khalapur Toll Plaza'),
    await incident('Closed', '2000-11-01T06:30:00.000Z', 'Closed'),
  ];
  // 24 more after those two: the dialog shows 25 a page, so the 24th of these opens page 2.
  for (let n = 1; n <= 24; n++) made.push(await incident('Investigating', `2001-03-${String(n).padStart(2, '0')}T06:30:00.000Z`, `Filler ${n}`));
  await openScreen(page, '/incident-emergency', 'Incident & Emergency');
  await page.getByRole('main').getByRole('button', { name: 'Track Pending Actions', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Track Pending Actions' });
  await expect(dialog.getByText('Incidents neither Resolved nor Closed, oldest first, with their age in days.')).toBeVisible();
  const table = dialog.getByRole('table', { name: 'Track Pending Actions' });
  await expect(table.locator('thead th')).toHaveText(['ID', 'Type', 'Severity', 'Date/Time', 'Location', 'Vehicle', 'Status', 'Age']);
  const rows = table.locator('tbody tr');
  await expect(rows.nth(0)).toContainText(`Khalapur Toll Plaza ${token}`);
  await expect(rows.nth(0)).toContainText('Open');
  await expect(rows.nth(0)).toContainText(`${daysSince('2001-01-01').toLocaleString('en-IN')} days`);
  await expect(rows.nth(1)).toContainText(`Lonavala Ghat ${token}`);
  await expect(rows.nth(1)).toContainText(`${daysSince('2001-02-01').toLocaleString('en-IN')} days`);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(dialog.getByText(`Resolved ${token}`)).toHaveCount(0);
  await expect(dialog.getByText(`Closed ${token}`)).toHaveCount(0);
  await expect(dialog.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/track-pending-actions.png' });
  await expect(rows).toHaveCount(25);
  await expect(rows.nth(24)).toContainText(`Filler 23 ${token}`);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(rows.nth(0)).toContainText(`Filler 24 ${token}`);
  await expect(dialog.getByText(/^Showing 26–\d+ of \d+$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Previous' }).click();
  await expect(rows.nth(0)).toContainText(`Khalapur Toll Plaza ${token}`);

  // The ID opens the incident.
  await rows.nth(0).getByRole('link').click();
  await expect(page.getByRole('dialog', { name: 'Edit Incident' })).toBeVisible();
  await expect(page).toHaveURL(/edit=INC/);
  for (const record of made) await apiDelete(page, 'incidents', record.id);
});

test('View Reorder Suggestions lists the items at or below their reorder level with 2 × level − quantity and the supplier, and exports them as CSV', async ({
  page,
}) => {
  const token = unique();
  const item = (name: string, quantity: number, reorderLevel: number, supplier: string) =>
    apiCreate(page, 'inventory', {
      name: `${name} ${token}`,
      partNumber: `P-${token}`,
      quantity,
      reorderLevel,
      costPerUnit: 0,
      supplier,
      location: 'Pune Depot',
    });
  // Shortfalls larger than any other test's, so they head the list.
  const made = [
    await item('Brake Drum', 1000, 900000, 'Bosch Ltd'),
    await item('Axle', 5, 999000, 'Tata Motors Spares'),
    await item('Wiper', 999001, 999000, 'Above level'),
  ];
  await openScreen(page, '/inventory', 'Inventory Management');
  await page.getByRole('main').getByRole('button', { name: 'View Reorder Suggestions', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'View Reorder Suggestions' });
  const table = dialog.getByRole('table', { name: 'View Reorder Suggestions' });
  await expect(table.locator('thead th')).toHaveText(['Item ID', 'Name', 'Part No.', 'Quantity', 'Reorder Lvl', 'Suggested Order Qty', 'Supplier']);
  const rows = table.locator('tbody tr');
  await expect(rows.nth(0).locator('td')).toHaveText([made[1].id, `Axle ${token}`, `P-${token}`, '5', '9,99,000', '19,97,995', 'Tata Motors Spares']);
  await expect(rows.nth(1).locator('td')).toHaveText([made[0].id, `Brake Drum ${token}`, `P-${token}`, '1,000', '9,00,000', '17,99,000', 'Bosch Ltd']);
  await expect(dialog.getByText(`Wiper ${token}`)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/screens/reorder-suggestions.png' });

  const csv = await downloadFrom(page, dialog.getByRole('link', { name: 'Export CSV' }));
  expect(csv.name).toMatch(/^reorder-suggestions-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = csv.body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe('Item ID,Name,Part No.,Quantity,Reorder Lvl,Suggested Order Qty,Supplier,Location');
  expect(lines[1]).toBe(`${made[1].id},Axle ${token},P-${token},5,999000,1997995,Tata Motors Spares,Pune Depot`);
  expect(lines[2]).toBe(`${made[0].id},Brake Drum ${token},P-${token},1000,900000,1799000,Bosch Ltd,Pune Depot`);
  for (const record of made) await apiDelete(page, 'inventory', record.id);
});
