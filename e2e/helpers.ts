import { expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';

export const signedOut = { storageState: { cookies: [], origins: [] } };

export async function signIn(page: Page, password = ADMIN_PASSWORD) {
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const region = page.getByRole('region', { name: /Notifications/ });
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(region.getByText(description)).toBeVisible();
}

/** A short unique token so tests sharing one database never see each other's rows. */
export const unique = () => Math.random().toString(36).slice(2, 7).toUpperCase();
