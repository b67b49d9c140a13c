import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequest, multipartBody, startTestServer, type ApiResponse, type TestClient, type TestServer } from '../testing/test-server';
import { hiddenEntryBomb, rowXml, sharedStringsFlood, sheetXml, workbookOf } from '../testing/workbooks';

/**
 * Issue 32, "Spreadsheets cannot exhaust memory, time or disk": each hostile file is generated here and sent to
 * the real HTTP server (in this process, so its memory is this process's), on PGlite or on PostgreSQL.
 */
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn();
  await server.createUser({ username: 'hostile_other', password: 'another-password-1', role: 'administrator' } as Parameters<TestServer['createUser']>[0]);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

function upload(
  client: TestClient,
  name: string,
  data: Buffer | string,
  fields: Record<string, string> = { mode: 'dry-run' },
  path = '/api/vehicles/import',
): Promise<ApiResponse> {
  const form = multipartBody([{ name: 'file', filename: name, data }, ...Object.entries(fields).map(([field, value]) => ({ name: field, data: value }))]);
  return client.request('POST', path, { body: form.body, headers: { 'content-type': form.contentType } });
}

/** The most this process's resident memory grew above its start while `work` ran, sampled every 10 ms. */
async function rssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - start) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

/** /livez asked every 50 ms while `work` runs: the longest wait for its answer. */
async function livezWhile<T>(work: Promise<T>): Promise<{ result: T; longestMs: number }> {
  let done = false;
  let longestMs = 0;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await httpRequest(`${server.url}/livez`);
      expect(res.status).toBe(200);
      longestMs = Math.max(longestMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const result = await work.finally(() => (done = true));
  await probe;
  return { result, longestMs };
}

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

describe('spreadsheets cannot exhaust memory, time or disk', () => {
  it('a hidden 3,000 MB xl/sharedStrings.xml is never inflated: the real row is checked, memory grows by less than 300 MB', async () => {
    const bomb = hiddenEntryBomb(3000, vehicleSheet, [...HEADER, ...VEHICLE]);
    const { result, growthMb } = await rssGrowth(() => upload(admin, 'fleet.xlsx', bomb));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ status: 'done', rows: 1, checked: 1, valid: 1, errorCount: 0, written: 0 });
    expect(growthMb).toBeLessThan(300);
  }, 60_000);

  it('ten parallel dry runs of a 230 MB shared-strings workbook: each refused at 32 MB or admitted no more than two at once (429, Retry-After), memory grows by less than 300 MB', async () => {
    const flood = sharedStringsFlood(230, vehicleSheet);
    expect(flood.length).toBeLessThan(1024 * 1024);
    const { result: answers, growthMb } = await rssGrowth(() => Promise.all(Array.from({ length: 10 }, () => upload(admin, 'flood.xlsx', flood))));
    for (const answer of answers) {
      if (answer.status === 429) {
        expect(answer.headers.get('retry-after')).toBe('10');
        expect(answer.body).toEqual({ title: 'Too Many Requests', message: 'You already have 2 imports running, the most at once. Try again when one ends.' });
      } else {
        expect(answer.status).toBe(422);
        expect(answer.body).toEqual({
          title: 'Workbook Too Large',
          message:
            "The workbook's texts come to more than 32 MB, the most an import reads. Split it into smaller files, or save it as CSV, and upload it again.",
        });
      }
    }
    expect(answers.filter((a) => a.status === 422).length).toBeGreaterThanOrEqual(1);
    expect(growthMb).toBeLessThan(300);
  }, 120_000);

  it('row 500,000,000 in a 2 KB workbook is refused within a second while /livez answers within 200 ms', async () => {
    const far = workbookOf({ sheet: sheetXml(rowXml(1, HEADER) + rowXml(2, VEHICLE) + rowXml(500_000_000, VEHICLE)) });
    expect(far.length).toBeLessThan(2048);
    const started = performance.now();
    const { result, longestMs } = await livezWhile(upload(admin, 'far.xlsx', far));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.status).toBe(422);
    expect(result.body).toEqual({
      title: 'Too Many Rows',
      message: 'Row 50,00,00,000 is past row 10,48,576, the last row of an Excel sheet: the file is damaged. Save it again from Excel and upload it again.',
    });
    expect(longestMs).toBeLessThan(200);
    // A long read (32 MB of shared strings) lets /livez in too.
    const flood = await livezWhile(upload(admin, 'flood.xlsx', sharedStringsFlood(230, vehicleSheet)));
    expect(flood.result.status).toBe(422);
    expect(flood.longestMs).toBeLessThan(200);
  }, 60_000);

  it('no copy is left behind: an Excel-ordered workbook (sheet before shared strings) is imported and previewed without a file in the temp or data directory', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Fleet');
    sheet.addRow(HEADER);
    for (let i = 0; i < 2000; i++)
      sheet.addRow([
        'Tata',
        `Prima ${i}`,
        2022,
        `MH12TF${String(i).padStart(4, '0')}`,
        `MAT448123NKT${String(i).padStart(5, '0')}`,
        'Truck',
        'Active',
        84500 + i,
        '15/03/2022',
      ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const temp = await mkdtemp(join(tmpdir(), 'raahi-hostile-tmp-'));
    const before = await readdir(server.dataDir, { recursive: true });
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = temp;
    try {
      const preview = await upload(admin, 'fleet.xlsx', bytes, {}, '/api/vehicles/import/preview');
      expect(preview.status).toBe(200);
      expect(preview.body.sample[0]).toEqual(['Tata', 'Prima 0', '2022', 'MH12TF0000', 'MAT448123NKT00000', 'Truck', 'Active', '84500', '15/03/2022']);
      const run = await upload(admin, 'fleet.xlsx', bytes);
      expect(run.body).toMatchObject({ status: 'done', rows: 2000, valid: 2000 });
      expect(await readdir(temp)).toEqual([]);
      expect(await readdir(server.dataDir, { recursive: true })).toEqual(before);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      await rm(temp, { recursive: true, force: true });
    }
  }, 60_000);

  it('at most two imports of one user at once: a third answers 429 with Retry-After until one ends, then is taken', async () => {
    const csv = `${HEADER.join(',')}\r\n${Array.from({ length: 3000 }, (_, i) => `Tata,Ace ${i},2022,KA01AC${String(i).padStart(4, '0')},MAT448123NKA${String(i).padStart(5, '0')},Truck,Active,1000,15/03/2022`).join('\r\n')}\r\n`;
    const first = await upload(admin, 'a.csv', csv, { mode: 'dry-run', async: '1' });
    const second = await upload(admin, 'b.csv', csv, { mode: 'dry-run', async: '1' });
    expect([first.status, second.status]).toEqual([202, 202]);
    const third = await upload(admin, 'c.csv', csv, {}, '/api/vehicles/import/preview');
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('10');
    expect(third.body).toEqual({ title: 'Too Many Requests', message: 'You already have 2 imports running, the most at once. Try again when one ends.' });
    // Another user is not held up by this one's imports.
    const other = server.client();
    await other.login('hostile_other', 'another-password-1');
    expect((await upload(other, 'c.csv', csv, {}, '/api/vehicles/import/preview')).status).toBe(200);
    for (const run of [first, second]) {
      for (let i = 0; i < 300; i++) {
        const state = await admin.get(`/api/imports/${run.body.id}`);
        if (state.body.status !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    // The slots are given back when an async run ends (and after a refusal: the preview's 429 took none).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await upload(admin, 'c.csv', csv, {}, '/api/vehicles/import/preview')).status).toBe(200);
    expect((await upload(admin, 'bad.xlsx', 'not a zip')).status).toBe(422);
    expect((await upload(admin, 'bad.xlsx', 'not a zip')).status).toBe(422);
    expect((await upload(admin, 'c.csv', csv, {}, '/api/vehicles/import/preview')).status).toBe(200);
  }, 120_000);

  it('RAAHI_IMPORTS_AT_ONCE bounds the server: with 1, another user waits for the running import (429), then is taken', async () => {
    const one = await server.listen({ importsAtOnce: 1 });
    const first = one.client();
    const other = one.client();
    expect((await first.login()).status).toBe(200);
    expect((await other.login('hostile_other', 'another-password-1')).status).toBe(200);
    const csv = `${HEADER.join(',')}\r\n${Array.from({ length: 3000 }, (_, i) => `Tata,Ace ${i},2022,KA02AC${String(i).padStart(4, '0')},MAT448123NKB${String(i).padStart(5, '0')},Truck,Active,1000,15/03/2022`).join('\r\n')}\r\n`;
    const running = await upload(first, 'a.csv', csv, { mode: 'dry-run', async: '1' });
    expect(running.status).toBe(202);
    const refused = await upload(other, 'b.csv', csv, {}, '/api/vehicles/import/preview');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(refused.body).toEqual({
      title: 'Too Many Requests',
      message: 'The server is already running 1 imports, the most at once. Try again in 10 seconds.',
    });
    for (let i = 0; i < 300 && (await first.get(`/api/imports/${running.body.id}`)).body.status === 'running'; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await upload(other, 'b.csv', csv, {}, '/api/vehicles/import/preview')).status).toBe(200);
  }, 120_000);
});
