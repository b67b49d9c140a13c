import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { csvStream, fieldColumn } from './csv-export';
import { startTestServer, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';

let server: TestServer;
let client: TestClient;

/** The ids of every vehicle the list API returns for `query`, page by page, in its order. */
async function listedIds(query: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await client.get(`/api/vehicles?${query}&pageSize=200&page=${page}`);
    expect(res.status).toBe(200);
    ids.push(...res.body.items.map((v: { id: string }) => v.id));
    if (res.body.items.length < 200) return ids;
  }
}

/** An exported file's lines after the header, split into cells (no quoted commas in these rows). */
function exportedRows(text: string): string[][] {
  return text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1).map((line) => line.split(','));
}

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  // 2,500 vehicles in one statement (same created_at: the id breaks ties), every tenth without mileage.
  await server.database.query(`
    INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status, current_mileage)
    SELECT 'VEX' || lpad(i::text, 6, '0'), CASE WHEN i % 3 = 0 THEN 'Tata' ELSE 'Eicher' END, 'Pro ' || i, 2000 + i % 20, 'VIN' || i, 'MH12' || i,
           CASE WHEN i % 4 = 0 THEN 'Van' ELSE 'Truck' END, 'Active', CASE WHEN i % 10 = 0 THEN NULL ELSE (i * 37) % 1000 END
    FROM generate_series(1, 2500) AS i`);
}, 60_000);
afterAll(() => server?.close());

describe('Export CSV', () => {
  it('streams every row of the list in its order, across batches, with NULLs where PostgreSQL sorts them', { timeout: 60_000 }, async () => {
    for (const query of ['sort=currentMileage&order=asc', 'sort=currentMileage&order=desc', 'sort=createdAt&order=desc', 'sort=id&order=asc', 'q=tata&type=Van&sort=year&order=desc']) {
      const res = await client.get(`/api/vehicles/export?${query}`);
      expect(res.status, query).toBe(200);
      const rows = exportedRows(res.text);
      const expected = await listedIds(query);
      expect(rows.map((cells) => cells[0]), query).toEqual(expected);
    }
    const all = await client.get('/api/vehicles/export');
    expect(exportedRows(all.text)).toHaveLength(2500);
  });

  it('answers a file named after the area and the day, with a byte order mark, the table headers and spreadsheet-ready values', async () => {
    const res = await client.get('/api/vehicles/export?q=VEX000010&tz=Asia/Kolkata');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="vehicles-${today}.csv"`);
    expect(res.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, row] = res.text.slice(1).split('\r\n');
    expect(header).toBe('ID,Make & Model,Year,License Plate,Type,Mileage (km),Status');
    // Numbers without grouping; an empty mileage stays empty.
    expect(row).toBe('VEX000010,Eicher Pro 10,2010,MH1210,Truck,,Active');
  });

  it('quotes what must be quoted and never lets a cell run as a formula', async () => {
    const created = await client.post('/api/vehicles', vehicleBody({ make: '=HYPERLINK("http://x")', model: 'Prima, "Heavy"', vin: 'FORMULA0001' }));
    expect(created.status).toBe(201);
    const res = await client.get(`/api/vehicles/export?q=${created.body.id}`);
    const [, row] = res.text.slice(1).split('\r\n');
    expect(row.startsWith(`${created.body.id},"'=HYPERLINK(""http://x"") Prima, ""Heavy"""`)).toBe(true);
  });

  it('refuses parameters it does not know, and a time zone that does not exist', async () => {
    expect((await client.get('/api/vehicles/export?page=2')).body).toEqual({ title: 'Invalid Request', message: 'Unknown parameter: page.' });
    const zone = await client.get('/api/vehicles/export?tz=Mars/Olympus');
    expect(zone.status).toBe(400);
    expect(zone.body.message).toBe('Time zone must be a time zone such as Asia/Kolkata.');
    expect((await server.client().get('/api/vehicles/export')).status).toBe(401);
  });

  it('answers a search or filter the database cannot take (a NUL) with the list\'s 400, before any of the file, and logs no search text', async () => {
    // With the request log on, as in production.
    const logging = await (await server.listen({ logRequests: true })).signedIn();
    const spies = (['log', 'info', 'warn', 'error'] as const).map((method) => vi.spyOn(console, method).mockImplementation(() => {}));
    try {
      // An open filter (any value present) is text like the search.
      const cases = ['vehicles', 'trips', 'drivers', 'sales-orders', 'challans'].flatMap((area) => ['q=secret%00search', 'q=%00'].map((query) => [area, query]));
      for (const [area, query] of [...cases, ['driver-training', 'trainingType=secret%00search']]) {
        const list = await logging.get(`/api/${area}?${query}`);
        const file = await logging.get(`/api/${area}/export?${query}`);
        expect(list.status, `${area} list ${query}`).toBe(400);
        expect({ status: file.status, body: file.body, type: file.headers.get('content-type') }, `${area} export ${query}`).toEqual({
          status: 400,
          body: list.body,
          type: 'application/json',
        });
        expect(file.body).toEqual({ title: 'Invalid Request', message: 'A value is not valid for its field.' });
      }
      const logged = spies.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(' ')));
      expect(logged).toEqual(expect.arrayContaining([expect.stringMatching(/^GET \/api\/vehicles\/export 400 /)]));
      expect(logged.filter((line) => line.includes('secret') || line.includes('\u0000') || line.includes('?'))).toEqual([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('logs a batch that fails mid-file by its statement, never its parameters (the search text)', async () => {
    const failing = (async function* (): AsyncGenerator<Record<string, unknown>[]> {
      yield [{ id: 'VEH1' }];
      throw Object.assign(new Error('Failed query: select ... where search_text like $1\nparams: %secret search%'), {
        query: 'select ... where search_text like $1',
        cause: { code: '57014', message: 'canceling statement due to statement timeout' },
      });
    })();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const reader = csvStream([fieldColumn('ID', 'id')], failing, 'Asia/Kolkata', 'vehicles', '2026-01-01').getReader();
      await reader.read();
      await reader.read();
      await expect(reader.read()).rejects.toThrow();
      const logged = errors.mock.calls.map((args) => args.map(String).join(' '));
      expect(logged).toEqual([expect.stringContaining('Export of vehicles failed: Failed query (57014 canceling statement due to statement timeout): select ... where search_text like $1 [parameters withheld]')]);
      expect(logged.join('\n')).not.toContain('secret');
    } finally {
      errors.mockRestore();
    }
  });
});
