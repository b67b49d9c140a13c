import { request } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { ADMIN_PASSWORD, BASE_URL } from '../playwright.config';

/** Signs in once through the API and saves the session cookie for the tests that start signed in. */
export default async function globalSetup() {
  await mkdir('.tmp', { recursive: true });
  const context = await request.newContext({ baseURL: BASE_URL });
  const response = await context.post('/api/auth/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  if (!response.ok()) throw new Error(`Sign-in for the e2e suite failed: ${response.status()} ${await response.text()}`);
  await context.storageState({ path: '.tmp/e2e-auth.json' });
  await context.dispose();
}
