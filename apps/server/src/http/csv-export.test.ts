import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('streams every row of the list in its order, across batches, with NULLs (N/A) last in both directions', { timeout: 60_000 }, async () => {
    for (const query of ['sort=currentMileage&order=asc', 'sort=currentMileage&order=desc', 'sort=createdAt&order=desc', 'sort=id&order=asc', 'q=tata&type=Van&sort=year&order=desc']) {
      const res = await client.get(`/api/vehicles/export?${query}`);
      expect(res.status, query).toBe(200);
      const rows = exportedRows(res.text);
      const expected = await listedIds(query);
      expect(rows.map((cells) => cells[0]), query).toEqual(expected);
    }
    // Every tenth vehicle has no mileage: the last 250 rows, sorted either way, each by id in the sort's direction.
    const mileageColumn = 5;
    for (const order of ['asc', 'desc']) {
      const rows = exportedRows((await client.get(`/api/vehicles/export?sort=currentMileage&order=${order}`)).text);
      expect(rows.slice(-250).every((cells) => cells[mileageColumn] === ''), order).toBe(true);
      expect(rows.slice(0, -250).every((cells) => cells[mileageColumn] !== ''), order).toBe(true);
      const blankIds = rows.slice(-250).map((cells) => cells[0]);
      expect(blankIds).toEqual([...blankIds].sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a))));
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
});
