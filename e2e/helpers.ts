import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';
import type { TestFile } from './fixtures/files';

export const signedOut = { storageState: { cookies: [], origins: [] } };

export async function signIn(page: Page, password = ADMIN_PASSWORD) {
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  await expect(toastLocator(page, title, description)).toBeVisible();
}

/** The newest toast with this title (and description): several can show at once. */
function toastLocator(page: Page, title: string, description?: string | RegExp) {
  const withTitle = page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .filter({ has: page.getByText(title, { exact: true }) });
  return (description ? withTitle.filter({ has: page.getByText(description) }) : withTitle).last();
}

/** A short unique token so tests sharing one database never see each other's rows. */
export const unique = () => Math.random().toString(36).slice(2, 7).toUpperCase();

// ---------------------------------------------------------------------------------------------
// Shared by the list-screen specs (trips, drivers, driver training, driver health).

type Scope = Page | Locator;

/** Opens a screen by its path and waits for its title. */
export async function openScreen(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** Clicks the button that opens a form dialog (Add, Create, Edit …) and waits for the dialog, found by its title. */
export async function openDialog(page: Page, button: string, title: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Clicks a form dialog's save button (each screen names its own). */
export const clickSave = (dialog: Locator, button: string) => dialog.getByRole('button', { name: button }).click();

/** A save that goes through: its toast shows and the dialog closes. */
export async function saveAndClose(page: Page, dialog: Locator, button: string, toast: string, description?: string | RegExp) {
  await clickSave(dialog, button);
  await expectToast(page, toast, description);
  await expect(dialog).toBeHidden();
}

/** The list's body rows. */
export const tableRows = (page: Page) => page.getByRole('table').locator('tbody tr');

/** One list of a screen with several, by its heading ('Lead Management'), and its parts. */
export const section = (page: Page, name: string) => page.getByRole('region', { name });

/** Shows one section of a screen with several by choosing its tab (named by its title), and returns the section. */
export async function showSection(page: Page, name: string) {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const scope = section(page, name);
  await expect(scope).toBeVisible();
  return scope;
}
export const sectionRows = (scope: Locator) => scope.getByRole('table').locator('tbody tr');
export const sectionSettled = (scope: Locator) => expect(scope.getByRole('table')).toHaveAttribute('aria-busy', 'false');

/** Types into a section's own search box and waits for its prefixed URL parameter (`leads.q`) and its rows. */
export async function searchSection(page: Page, scope: Locator, prefix: string, term: string) {
  await scope.getByRole('searchbox', { name: 'Search' }).fill(term);
  await expect(page).toHaveURL((url) => url.searchParams.get(`${prefix}.q`) === term);
  await sectionSettled(scope);
}

/** Opens a section's form by its button and returns the dialog. */
export async function openSectionForm(page: Page, scope: Locator, button: string, title: string) {
  await scope.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Waits until the list (every list of a screen with several) shows the current query's rows (the previous page stays on screen while loading). */
export async function listSettled(page: Page) {
  await expect(page.getByRole('table').first()).toBeVisible();
  for (const table of await page.getByRole('table').all()) await expect(table).toHaveAttribute('aria-busy', 'false');
}

/** Types into the list's search box and waits for the matching rows. */
export async function searchList(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(term);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === term);
  await listSettled(page);
}

/** Searches the list and expects exactly one row, the record with this id (its first cell). */
export async function expectOnlyMatch(page: Page, term: string, id: string) {
  await searchList(page, term);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first().getByRole('cell').first()).toHaveText(id);
}

/** Picks an option of a select (form field or list filter) named by its label. */
export async function chooseOption(page: Page, scope: Scope, label: string | RegExp, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(scope.getByRole('combobox', { name: label, exact: true })).toHaveText(option);
}

/** The options a select offers, read by opening it (closed again with Escape). */
export async function optionsOf(page: Page, scope: Scope, label: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const options = await listbox.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
  return options;
}

/** Drives a searchable record picker as a user would: open it, type into 'Search choices', pick the option. */
export async function pickRecord(page: Page, dialog: Locator, label: RegExp, search: string, option: string) {
  const picker = dialog.getByRole('combobox', { name: label });
  await picker.click();
  await page.getByRole('combobox', { name: 'Search choices' }).fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Search choices' })).toBeHidden();
  await expect(picker).toHaveText(option);
}

/** A toast in the destructive (red) style. */
export async function expectDestructiveToast(page: Page, title: string, description?: string | RegExp) {
  await expectToast(page, title, description);
  await expect(toastLocator(page, title, description)).toHaveClass(/\bdestructive\b/);
}

/** Cancel on a form with unsaved changes asks first; Discard closes it and drops them. */
export async function cancelDiscardingChanges(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const question = page.getByRole('alertdialog', { name: 'Discard Changes?' });
  await expect(question).toContainText('You have unsaved changes in this form. If you leave now, they will be lost.');
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** The confirm dialog every delete goes through. */
export const confirmDeletion = (page: Page) => page.getByRole('alertdialog', { name: 'Confirm Deletion' });

/** Today in the zone the browser runs in (Asia/Kolkata), as YYYY-MM-DD. */
export const todayInBrowserZone = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** A calendar date (YYYY-MM-DD) as the tables show it, DD/MM/YYYY. */
export const shownDate = (iso: string) => iso.split('-').reverse().join('/');

/** Chooses a file for a form's file field through the native file chooser, as a user would. */
export async function chooseFile(page: Page, dialog: Locator, file: TestFile) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: /^(Choose File|Replace)$/ }).click();
  await (await chooser).setFiles(file);
}

/** Follows a row's file link and returns what the browser downloaded (name and bytes). */
export async function downloadFrom(page: Page, link: Locator) {
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), body: Buffer.concat(chunks) };
}

/** Follows a file link and checks that the browser gets `file` back: its name and the same bytes. */
export async function expectDownload(page: Page, link: Locator, file: TestFile) {
  const downloaded = await downloadFrom(page, link);
  expect(downloaded.name).toBe(file.name);
  expect(downloaded.body.equals(file.buffer)).toBe(true);
}

// --- Records made through the API: quicker than the forms when a test only needs them to exist. ---

const csrfTokens = new WeakMap<Page, string>();

async function csrfToken(page: Page) {
  let token = csrfTokens.get(page);
  if (!token) {
    const me = await (await page.request.get('/api/auth/me')).json();
    token = me.csrfToken as string;
    csrfTokens.set(page, token);
  }
  return token;
}

export async function apiCreate<T = Record<string, unknown>>(
  page: Page,
  area: string,
  data: Record<string, unknown>,
): Promise<T & { id: string; version: number }> {
  const response = await page.request.post(`/api/${area}`, { headers: { 'x-csrf-token': await csrfToken(page) }, data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

export async function apiUpdate(page: Page, area: string, id: string, data: Record<string, unknown>) {
  const response = await page.request.put(`/api/${area}/${id}`, { headers: { 'x-csrf-token': await csrfToken(page) }, data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

export async function apiDelete(page: Page, area: string, id: string) {
  const response = await page.request.delete(`/api/${area}/${id}`, { headers: { 'x-csrf-token': await csrfToken(page) } });
  expect(response.status(), await response.text()).toBe(204);
}

export interface VehicleRecord {
  id: string;
  make: string;
  model: string;
  licensePlate: string;
  vin: string;
}
export interface DriverRecord {
  id: string;
  name: string;
  license: string;
  contact: string;
  email: string;
}

// Plates and license numbers are unique: a token's first record gets the plain one, later ones a suffix.
const taken = new Set<string>();
const firstUse = (value: string) => (taken.has(value) ? `${value}${unique()}` : (taken.add(value), value));

export const createVehicle = (page: Page, token: string, fields: Record<string, unknown> = {}) =>
  apiCreate<VehicleRecord>(page, 'vehicles', {
    make: 'Tata',
    model: `Prima ${token}`,
    year: 2022,
    vin: `MAT${token}${unique()}`,
    licensePlate: firstUse(`MH12${token}`),
    type: 'Truck',
    status: 'Active',
    currentMileage: 1200,
    purchaseDate: null,
    ...fields,
  });

export const createDriver = (page: Page, token: string, fields: Record<string, unknown> = {}) =>
  apiCreate<DriverRecord>(page, 'drivers', {
    name: `Ramesh ${token}`,
    license: firstUse(`MH14${token}0012345`),
    contact: '+91 98765 43210',
    email: `ramesh.${token.toLowerCase()}@example.in`,
    status: 'Active',
    address: 'Hadapsar, Pune',
    joiningDate: '2021-04-01',
    aadharCardFile: null,
    ...fields,
  });

export const createTrip = (page: Page, fields: { vehicleId: string; driverId: string } & Record<string, unknown>) =>
  apiCreate(page, 'trips', { origin: 'Pune', destination: 'Mumbai', status: 'Scheduled', eta: null, startDate: null, endDate: null, notes: '', ...fields });

/** How other screens name a vehicle and a driver. */
export const vehicleLabel = (v: VehicleRecord) => `${v.make} ${v.model} (${v.licensePlate || v.id})`;
export const driverLabel = (d: DriverRecord) => `${d.name} (${d.id})`;

/** The list's column headers, in order. */
export const columnHeaders = (page: Page) => page.getByRole('table').locator('thead th');

export const createTraining = (page: Page, fields: { driverId: string } & Record<string, unknown>) =>
  apiCreate(page, 'driver-training', {
    trainingType: 'Defensive Driving',
    scheduleDate: '2026-01-12',
    status: 'Scheduled',
    certificationFile: null,
    validityPeriod: '1 year',
    trainerName: '',
    assessmentScore: null,
    notes: '',
    ...fields,
  });

export const createHealthRecord = (page: Page, fields: { driverId: string } & Record<string, unknown>) =>
  apiCreate(page, 'driver-health', {
    testType: 'Vision Test',
    testDate: '2026-02-03',
    result: 'Fit',
    nextDueDate: null,
    reportFile: null,
    clinicInfo: '',
    notes: '',
    ...fields,
  });

/** Makes the browser's requests matching `pattern` fail as an unavailable server does (503; the app retries twice). */
export async function failRequests(page: Page, pattern: RegExp) {
  await page.route(pattern, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ title: 'Service Unavailable', message: 'The database is unavailable.' }),
    }),
  );
}

type Open = (page: Page) => Promise<unknown>;

/**
 * Holds back the requests matching `pattern` while `open` opens the screen: `button` stays disabled
 * until they are let through (a form must not open before its pick-list has loaded), then is enabled.
 */
export async function expectButtonWaitsFor(page: Page, pattern: RegExp, open: Open, button: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  await open(page);
  const waiting = page.getByRole('button', { name: button });
  await expect(waiting).toBeDisabled();
  release();
  await expect(waiting).toBeEnabled();
}

/**
 * The screen's list request (`pattern`) fails: the loading line shows, then the destructive toast and,
 * in the table, the failure with its reason and Retry (never the "No … Found" empty state). Once the
 * server answers again, Retry loads the list.
 */
export async function expectListFetchFailure(
  page: Page,
  pattern: RegExp,
  open: Open,
  shown: { loading: string; toast: string; description: string; empty: string },
) {
  await failRequests(page, pattern);
  await open(page);
  await expect(page.getByText(shown.loading)).toBeVisible();
  await expectDestructiveToast(page, shown.toast, shown.description);
  const failure = page.getByRole('main').getByRole('alert');
  await expect(failure).toContainText(shown.description);
  await expect(failure).toContainText('The server could not answer (The database is unavailable.)');
  await expect(page.getByText(shown.empty)).toBeHidden();
  await page.unroute(pattern);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toBeHidden();
  await expect(page.getByRole('main').getByRole('table')).toBeVisible();
}

/** A pick-list's request (`pattern`) fails: the destructive toast, and the button whose form needs the list stays disabled. */
export async function expectPickListFetchFailure(page: Page, pattern: RegExp, open: Open, shown: { toast: string; description: string; disabled: string }) {
  await failRequests(page, pattern);
  await open(page);
  await expectDestructiveToast(page, shown.toast, shown.description);
  await expect(page.getByRole('button', { name: shown.disabled })).toBeDisabled();
}

/** WCAG 2.2 AA, as axe-core tags it. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The serious and critical accessibility violations on the page as it is now, one line each (rule, impact, first nodes). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Transitions finished, so colours are the final ones.
  await page.waitForTimeout(250);
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/**
 * Users of a role for one spec, made with the CLI (`npm run user -- create … --role …`, which runs inside the
 * server), named `<prefix>_<role>_<run>`, and a browser of its own signed in as one of them.
 */
export function roleUsers(prefix: string, password: string) {
  const run = unique().toLowerCase();
  return {
    create(role: string): string {
      const username = `${prefix}_${role}_${run}`;
      execFileSync('npx', ['tsx', 'apps/server/src/cli/run-user.ts', 'create', username, '--role', role, '--password', '-'], {
        input: `${password}\n`,
        env: { ...process.env, RAAHI_DATA_DIR: '.tmp/e2e-data', DATABASE_URL: '' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      return username;
    },
    async signedInAs(browser: Browser, username: string): Promise<Page> {
      const context = await browser.newContext(signedOut);
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Fleet Overview Dashboard' })).toBeVisible();
      return page;
    },
  };
}
