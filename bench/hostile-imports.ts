/**
 * npx tsx bench/hostile-imports.ts [--only bomb,flood,worst,far] [--bomb-mb 3000]
 *
 * Issue 32's hostile spreadsheets against the real server (apps/server/src/main.ts, its own process, embedded
 * database in a temporary data directory), measured from outside: the server's peak resident memory above its
 * level before each (Linux's VmHWM, reset through /proc/<pid>/clear_refs), the seconds each answer took, and the
 * longest /livez took to answer meanwhile. Files are generated as the tests generate them (testing/workbooks.ts):
 * - bomb: a hidden local xl/sharedStrings.xml of --bomb-mb MB (deflated about a thousandfold), a dry run;
 * - flood: ten parallel dry runs (two users) of a workbook under 1 MB whose shared strings are 230 MB;
 * - worst: the worst file the limits allow, four at once (two users): shared strings just under 32 MB and rows of
 *   just under 32,000 characters drawn from them;
 * - far: a 2 KB workbook with <row r="500000000">.
 * Extra server environment (NODE_OPTIONS=--max-old-space-size=1024 for a before-run) is passed through.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../apps/server/src/testing/server-process';
import { httpRequest, multipartBody, prepareEmbeddedDataDir, TestClient } from '../apps/server/src/testing/test-server';
import {
  hiddenEntryBomb,
  rowXml,
  sharedStringsFlood,
  sharedStringsXml,
  sheetXml,
  workbookOf,
  worstAllowedWorkbook,
} from '../apps/server/src/testing/workbooks';

const { values } = parseArgs({ options: { only: { type: 'string', default: 'bomb,flood,worst,far' }, 'bomb-mb': { type: 'string', default: '3000' } } });
const only = new Set(values.only.split(','));
const PASSWORD = 'bench-admin-password';

const HEADER = ['Make', 'Model', 'Year', 'License Plate', 'VIN', 'Type', 'Status', 'Current Mileage', 'Purchase Date'];
const VEHICLE = ['Tata', 'Prima 4028.S', '2022', 'MH12HF4321', 'MAT448123NKL99999', 'Truck', 'Active', '84500', '15/03/2022'];
const vehicleSheet = sheetXml(
  rowXml(
    1,
    HEADER.map((_, i) => i),
  ) +
    rowXml(
      2,
      VEHICLE.map((_, i) => HEADER.length + i),
    ),
);

const dataDir = await mkdtemp(join(tmpdir(), 'raahi-bench-hostile-'));
await prepareEmbeddedDataDir(join(dataDir, 'db'));
const server = await startServer(dataDir, { RAAHI_ADMIN_PASSWORD: PASSWORD });
const pid = server.child.pid!;
const status = (field: 'VmRSS' | 'VmHWM') => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(field));
    return Number(line!.split(/\s+/)[1]) * 1024;
  } catch {
    return NaN;
  }
};
const resetPeak = () => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    /* an older kernel: the peak is then since start */
  }
};
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function signIn(username: string, password: string) {
  const client = new TestClient(server.url);
  const res = await client.login(username, password);
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${res.text}`);
  return client;
}
const admin = await signIn('admin', PASSWORD);
// A second user: each user may hold two imports at once, the server four.
const created = await admin.post('/api/users', {
  username: 'bench_second',
  name: 'Second User',
  email: 'second@example.in',
  phone: '+91 98765 43210',
  role: 'administrator',
});
if (created.status !== 201) throw new Error(`second user: ${created.status} ${created.text}`);
const second = await signIn('bench_second', created.body.password);
// A given password must be changed at first sign-in before anything else.
const changed = await second.post('/api/auth/password', { currentPassword: created.body.password, newPassword: 'bench-second-Passphrase-2026' });
if (changed.status >= 300) throw new Error(`second user's password: ${changed.status} ${changed.text}`);

function upload(client: TestClient, name: string, data: Buffer) {
  const form = multipartBody([
    { name: 'file', filename: name, data },
    { name: 'mode', data: 'dry-run' },
  ]);
  return client.request('POST', '/api/vehicles/import', { body: form.body, headers: { 'content-type': form.contentType } });
}

/** Runs `work`, probing /livez every 50 ms: seconds, the server's peak RSS above its level before, longest /livez. */
async function measure(label: string, work: () => Promise<{ status: number; text: string }[]>) {
  const before = status('VmRSS');
  resetPeak();
  let done = false;
  let longest = 0;
  let seen = before;
  const probe = (async () => {
    while (!done) {
      seen = Math.max(seen, status('VmRSS') || 0);
      const started = performance.now();
      await httpRequest(`${server.url}/livez`).catch(() => undefined);
      longest = Math.max(longest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  let answers: { status: number; text: string }[] = [];
  let failure = '';
  try {
    answers = await work();
  } catch (err) {
    failure = (err as Error).message;
  }
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await probe;
  const peak = status('VmHWM');
  const statuses = new Map<number, number>();
  for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  const gone = Number.isNaN(peak);
  console.log(
    `${label}: ${seconds.toFixed(2)} s; answers ${[...statuses].map(([s, k]) => `${k}× ${s}`).join(', ') || failure}; ` +
      (gone
        ? `server died at ${mb(seen)} RSS or more (${mb(seen - before)} above ${mb(before)}): ${server
            .output()
            .split('\n')
            .filter((l) => /heap|memory|Error/i.test(l))
            .slice(0, 2)
            .join(' | ')}`
        : `peak RSS ${mb(peak)} (${mb(peak - before)} above ${mb(before)})`) +
      `; longest /livez ${longest.toFixed(0)} ms`,
  );
  if (answers[0]) console.log(`  first answer: ${answers[0].text.slice(0, 200)}`);
  return !gone;
}

// Warm up: the reader's modules loaded and one workbook read.
await upload(admin, 'warm.xlsx', workbookOf({ sheet: vehicleSheet, sharedStrings: sharedStringsXml([...HEADER, ...VEHICLE]) }));
let alive = true;

if (alive && only.has('far')) {
  const far = workbookOf({ sheet: sheetXml(rowXml(1, HEADER) + rowXml(2, VEHICLE) + rowXml(500_000_000, VEHICLE)) });
  alive = await measure(`row 500,000,000 (${far.length} bytes)`, async () => [await upload(admin, 'far.xlsx', far)]);
}
if (alive && only.has('bomb')) {
  const bomb = hiddenEntryBomb(Number(values['bomb-mb']), vehicleSheet, [...HEADER, ...VEHICLE]);
  alive = await measure(`hidden ${values['bomb-mb']} MB sharedStrings.xml (${mb(bomb.length)} upload)`, async () => [await upload(admin, 'bomb.xlsx', bomb)]);
}
if (alive && only.has('flood')) {
  const flood = sharedStringsFlood(230, vehicleSheet);
  alive = await measure(`10 parallel 230 MB shared strings (${Math.round(flood.length / 1024)} KB upload)`, () =>
    Promise.all(Array.from({ length: 10 }, (_, i) => upload(i % 2 ? second : admin, 'flood.xlsx', flood))),
  );
}
if (alive && only.has('worst')) {
  const worst = worstAllowedWorkbook();
  alive = await measure(`worst allowed workbook ×4 at once (${mb(worst.length)} upload)`, () =>
    Promise.all([admin, admin, second, second].map((client) => upload(client, 'worst.xlsx', worst))),
  );
}

server.child.kill('SIGTERM');
await server.exited;
await rm(dataDir, { recursive: true, force: true });
