import { defineConfig } from '@playwright/test';

/** Browser tests: the built app on a fresh embedded database, driven in Debian's Chromium (never a downloaded browser). */
const PORT = Number(process.env.E2E_PORT ?? 3300);
export const BASE_URL = `http://localhost:${PORT}`;
export const ADMIN_PASSWORD = 'e2e-admin-password';

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: BASE_URL,
    storageState: '.tmp/e2e-auth.json',
    viewport: { width: 1366, height: 860 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: [
    { name: 'app', testIgnore: /account-password\.spec\.ts$/ },
    // A password change signs out the admin's other sessions (the shared storageState one too), so it runs last.
    { name: 'password', testMatch: /account-password\.spec\.ts$/, dependencies: ['app'] },
  ],
  webServer: {
    command: 'rm -rf .tmp/e2e-data && node apps/server/dist/main.js',
    url: `${BASE_URL}/readyz`,
    timeout: 60_000,
    reuseExistingServer: false,
    // The server's own output (a crash, a stack trace) in the test log.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      RAAHI_DATA_DIR: '.tmp/e2e-data',
      RAAHI_ADMIN_PASSWORD: ADMIN_PASSWORD,
      RAAHI_LOGIN_MAX_FAILURES: '1000',
      RAAHI_LOG_REQUESTS: '0',
      DATABASE_URL: '',
      // The Integrations test runs a webhook receiver on loopback, which is refused otherwise (decision 0054).
      RAAHI_WEBHOOKS_ALLOW_PRIVATE: '1',
      // A failing delivery is marked failed at its first attempt (0.36 s window), so View Error Logs has a row to show.
      RAAHI_WEBHOOKS_RETRY_HOURS: '0.0001',
    },
  },
});
