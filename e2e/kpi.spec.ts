import { expect, test } from '@playwright/test';
import { apiCreate, createVehicle, openScreen, seriousViolations, todayInBrowserZone, unique } from './helpers';

/** Issue 20's View KPI Dashboard (decision 0050): the button opens four trend charts over the last twelve full months. */
const firstOfMonth = (today: string, back: number) => {
  const [year, month] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 10);
};

test('View KPI Dashboard opens four trend charts with Indian figures and notes', async ({ page }) => {
  const token = unique();
  await page.goto('/reporting');
  const vehicle = await createVehicle(page, token);
  // Full fills on the first of the month two months back, last month and this month: last month 1,500 km on 300 L
  // (5.0 km/L) and ₹27,000 of fuel over 1,500 km (₹18.00 per km).
  const today = todayInBrowserZone();
  for (const [back, odometer] of [
    [2, 10_000],
    [1, 11_500],
    [0, 13_000],
  ] as const) {
    await apiCreate(page, 'fuel-expenses', {
      type: 'Fuel',
      date: firstOfMonth(today, back),
      vehicleId: vehicle.id,
      tripId: null,
      fuelType: 'Diesel',
      quantity: 300,
      pricePerUnit: 90,
      amount: null,
      odometer,
      vendor: `IOCL ${token}`,
      gpsLocation: '',
      description: '',
    });
  }
  await openScreen(page, '/reporting', 'Dashboard & Reporting');
  await page.getByRole('main').getByRole('button', { name: 'View KPI Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/reporting\?view=kpi$/);
  await expect(page.getByRole('heading', { level: 1, name: 'KPI Dashboard' })).toBeVisible();
  for (const title of ['Cost per km (₹)', 'Fuel economy (km/L)', 'On-time delivery (%)', 'Margin (%)']) {
    const section = page.getByRole('region', { name: title });
    await expect(section.getByRole('figure', { name: new RegExp(`^Chart: ${title.replace(/[()]/g, '\\$&')}`) }).getByRole('application')).toBeVisible();
    await expect(section.getByRole('table', { name: `${title} by month` }).getByRole('row')).toHaveCount(13);
  }
  const lastMonth = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${firstOfMonth(today, 1)}T00:00:00Z`),
  );
  await expect(page.getByRole('region', { name: 'Cost per km (₹)' }).getByText(`${lastMonth}: ₹18.00`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fuel economy (km/L)' }).getByText(`${lastMonth}: 5.0 km/L`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/screens/reporting-kpi.png', fullPage: true });
});
