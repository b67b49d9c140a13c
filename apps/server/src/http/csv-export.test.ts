import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { challansArea, fuelExpensesArea, maintenanceArea, ordersArea, partnerFuelStationsArea, refuelingLogsArea } from '@raahi/domain';
import { declaredBody } from '../testing/declared-body';
import { driverBody, startTestServer, tripBody, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';
import { csvField, csvStream, fieldColumn, spreadsheetPhone, startsLikeFormula } from './csv-export';

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
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(','));
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
    for (const query of [
      'sort=currentMileage&order=asc',
      'sort=currentMileage&order=desc',
      'sort=createdAt&order=desc',
      'sort=id&order=asc',
      'q=tata&type=Van&sort=year&order=desc',
    ]) {
      const res = await client.get(`/api/vehicles/export?${query}`);
      expect(res.status, query).toBe(200);
      const rows = exportedRows(res.text);
      const expected = await listedIds(query);
      expect(
        rows.map((cells) => cells[0]),
        query,
      ).toEqual(expected);
    }
    // Every tenth vehicle has no mileage: the last 250 rows, sorted either way, each by id in the sort's direction.
    for (const order of ['asc', 'desc']) {
      const text = (await client.get(`/api/vehicles/export?sort=currentMileage&order=${order}`)).text;
      const mileageColumn = text
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0]
        .split(',')
        .indexOf('Mileage (km)');
      expect(mileageColumn).toBeGreaterThan(0);
      const rows = exportedRows(text);
      expect(
        rows.slice(-250).every((cells) => cells[mileageColumn] === ''),
        order,
      ).toBe(true);
      expect(
        rows.slice(0, -250).every((cells) => cells[mileageColumn] !== ''),
        order,
      ).toBe(true);
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
    expect(header).toBe('ID,Make & Model,Year,License Plate,VIN,Type,Mileage (km),Status,Purchase Date,Version');
    // Numbers without grouping; an empty mileage and date stay empty.
    expect(row).toBe('VEX000010,Eicher Pro 10,2010,MH1210,VIN10,Truck,,Active,,1');
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

  it("answers a search or filter the database cannot take (a NUL) with the list's 400, before any of the file, and logs no search text", async () => {
    // With the request log on, as in production.
    const logging = await (await server.listen({ logRequests: true })).signedIn();
    const spies = (['log', 'info', 'warn', 'error'] as const).map((method) => vi.spyOn(console, method).mockImplementation(() => {}));
    try {
      // An open filter (any value present) is text like the search.
      const cases = ['vehicles', 'trips', 'drivers', 'sales-orders', 'challans'].flatMap((area) =>
        ['q=secret%00search', 'q=%00'].map((query) => [area, query]),
      );
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
      expect(logged).toEqual([
        expect.stringContaining(
          'Export of vehicles failed: Failed query (57014 canceling statement due to statement timeout): select ... where search_text like $1 [parameters withheld]',
        ),
      ]);
      expect(logged.join('\n')).not.toContain('secret');
    } finally {
      errors.mockRestore();
    }
  });
});

describe('the formula guard', () => {
  it('catches =, +, - and @ first, after invisible characters, and in full width; tab and carriage return first', () => {
    for (const formula of [
      '=1+1',
      '+1',
      '-1',
      '@SUM(A1)',
      '\u0000=1+1',
      '\u001b=1',
      '\u200B=HYPERLINK("x")',
      '\uFEFF+1',
      '\u2060@x',
      '\u202E=1',
      ' =1',
      '\u00A0-1',
      '\u00AD=1',
      '\uFF1D1+1',
      '\uFF0B1',
      '\uFF0D1',
      '\uFF20x',
      '\u200B\uFF1D1',
      '\tx',
      '\rx',
    ]) {
      expect(startsLikeFormula(formula), JSON.stringify(formula)).toBe(true);
      expect(csvField(formula).replace(/^"/, '').startsWith("'"), JSON.stringify(formula)).toBe(true);
    }
    for (const plain of ['Tata', '1+1', 'a=b', 'x\u200B=1', '', '\u200B', 'रवि']) expect(startsLikeFormula(plain), JSON.stringify(plain)).toBe(false);
    expect(csvField('\u200B=1')).toBe("'\u200B=1");
  });

  it('writes a phone number without its +, grouped when written without spaces, and never as a formula', () => {
    expect(spreadsheetPhone('+91 98765 43210')).toBe('91 98765 43210');
    expect(spreadsheetPhone('+919876543210')).toBe('91 98765 43210');
    expect(spreadsheetPhone('\u200B+91-98765-43210')).toBe('91-98765-43210');
    expect(spreadsheetPhone('09876543210')).toBe('0 98765 43210');
    expect(spreadsheetPhone('020 2612 3456')).toBe('020 2612 3456');
    expect(spreadsheetPhone('\uFF0B91 98765 43210')).toBe('91 98765 43210');
    for (const other of ['+=1+1', '+91 98765 43210 =1', 'ravi@example.in', '+', '=91 98765 43210', '+1', '+12 34'])
      expect(spreadsheetPhone(other), other).toBeNull();
    // In any text column: a phone loses its +, other formulas get the apostrophe.
    expect(csvField('+91 98765 43210')).toBe('91 98765 43210');
    expect(csvField('+5 bonus')).toBe("'+5 bonus");
    expect(csvField('+=1+1')).toBe("'+=1+1");
  });
});

/** Every line of an exported file, split into cells (for rows without quoted commas or line breaks). */
const exportedLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

describe('the exports of the areas', () => {
  it('name a vehicle by its plate in a column of its own, write a phone without + or apostrophe, and keep the job description', async () => {
    const vehicle = (
      await client.post(
        '/api/vehicles',
        vehicleBody({
          make: 'Ashok Leyland',
          model: 'Ecomet 1615',
          licensePlate: 'KA01XP0001',
          vin: 'MB1PBEFC5NPXP0001',
          purchaseDate: '2023-01-20',
          currentMileage: 42000,
        }),
      )
    ).body;
    const driver = (await client.post('/api/drivers', driverBody({ name: 'Suresh Export', contact: '+91 98765 43210' }))).body;
    const vehicles = exportedLines((await client.get(`/api/vehicles/export?q=${vehicle.id}`)).text);
    expect(vehicles).toEqual([
      ['ID', 'Make & Model', 'Year', 'License Plate', 'VIN', 'Type', 'Mileage (km)', 'Status', 'Purchase Date', 'Version'],
      [vehicle.id, 'Ashok Leyland Ecomet 1615', '2022', 'KA01XP0001', 'MB1PBEFC5NPXP0001', 'Truck', '42000', 'Active', '2023-01-20', '1'],
    ]);
    const drivers = exportedLines((await client.get(`/api/drivers/export?q=${driver.id}`)).text);
    expect(drivers[0]).toEqual(['Driver ID', 'Name', 'License No.', 'Contact', 'Email', 'Joining Date', 'Status', 'Version']);
    expect(drivers[1]).toEqual([driver.id, 'Suresh Export', driver.license, '91 98765 43210', 'ramesh.kumar@example.in', '2021-06-01', 'Active', '1']);

    const trip = (
      await client.post(
        '/api/trips',
        tripBody(vehicle.id, driver.id, { startDate: '2026-11-21T04:00:00.000Z', endDate: '2026-11-21T09:15:00.000Z', status: 'Delivered' }),
      )
    ).body;
    const trips = exportedLines((await client.get(`/api/trips/export?q=${trip.id}&tz=Asia/Kolkata`)).text);
    expect(trips).toEqual([
      ['Trip ID', 'Origin', 'Destination', 'Vehicle', 'License Plate', 'Driver', 'Status', 'ETA', 'Start Date', 'End Date', 'Version'],
      [
        trip.id,
        'Mumbai',
        'Pune',
        'Ashok Leyland Ecomet 1615 (KA01XP0001)',
        'KA01XP0001',
        `Suresh Export (${driver.id})`,
        'Delivered',
        '2026-11-21 16:00',
        '2026-11-21 09:30',
        '2026-11-21 14:45',
        '1',
      ],
    ]);

    const job = (
      await client.post(
        '/api/maintenance',
        declaredBody(
          maintenanceArea.fields,
          { vehicles: vehicle.id },
          {
            description: 'Replace front brake pads',
            technician: 'Ramesh Patil',
            partsUsed: 'Brake pads',
            scheduledDate: '2026-03-10',
            completionDate: null,
            cost: 4500.5,
            scheduleId: null,
            odometer: 184250,
          },
        ),
      )
    ).body;
    const jobs = exportedLines((await client.get(`/api/maintenance/export?q=${job.id}`)).text);
    expect(jobs).toEqual([
      [
        'Job ID',
        'Vehicle',
        'License Plate',
        'Job Type',
        'Job Description',
        'Technician',
        'Parts Used',
        'Scheduled Date',
        'Completion Date',
        'Status',
        'Cost (₹)',
        'Schedule',
        'Odometer (km)',
        'Version',
      ],
      [
        job.id,
        'Ashok Leyland Ecomet 1615 (KA01XP0001)',
        'KA01XP0001',
        'Preventive',
        'Replace front brake pads',
        'Ramesh Patil',
        'Brake pads',
        '2026-03-10',
        '',
        'Scheduled',
        '4500.5',
        '',
        '184250',
        '1',
      ],
    ]);

    const expense = (
      await client.post(
        '/api/fuel-expenses',
        declaredBody(
          fuelExpensesArea.fields,
          { vehicles: vehicle.id },
          { type: 'Toll', amount: 350, date: '2026-03-10', vendor: 'FASTag', odometer: null, gpsLocation: '', description: 'Mumbai–Pune Expressway' },
        ),
      )
    ).body;
    expect(exportedLines((await client.get(`/api/fuel-expenses/export?q=${expense.id}`)).text)).toEqual([
      [
        'Expense ID',
        'Type',
        'Date',
        'Vehicle',
        'License Plate',
        'Trip',
        'Fuel Type',
        'Quantity',
        'Price Per Unit (₹)',
        'Amount (₹)',
        'Odometer (km)',
        'Partial Fill',
        'Vendor',
        'GPS Location',
        'Description',
        'Version',
      ],
      [
        expense.id,
        'Toll',
        '2026-03-10',
        'Ashok Leyland Ecomet 1615 (KA01XP0001)',
        'KA01XP0001',
        '',
        '',
        '',
        '',
        '350',
        '',
        'No',
        'FASTag',
        '',
        'Mumbai–Pune Expressway',
        '1',
      ],
    ]);

    const challan = (
      await client.post(
        '/api/challans',
        declaredBody(challansArea.fields, { vehicles: vehicle.id, drivers: driver.id }, { date: '2026-03-09', amount: 2000, paidDate: null, notes: '' }),
      )
    ).body;
    expect(exportedLines((await client.get(`/api/challans/export?q=${challan.id}`)).text)).toEqual([
      [
        'Challan ID',
        'Date',
        'Vehicle',
        'License Plate',
        'Driver',
        'Trip',
        'Offense Type',
        'Amount (₹)',
        'Scanned Copy',
        'Status',
        'Paid Date',
        'Notes',
        'Version',
      ],
      [
        challan.id,
        '2026-03-09',
        'Ashok Leyland Ecomet 1615 (KA01XP0001)',
        'KA01XP0001',
        `Suresh Export (${driver.id})`,
        '',
        'Speeding',
        '2000',
        '',
        'Pending Payment',
        '',
        '',
        '1',
      ],
    ]);

    const station = (
      await client.post(
        '/api/partner-fuel-stations',
        declaredBody(
          partnerFuelStationsArea.fields,
          {},
          { stationName: 'HPCL Export Test', address: 'NH48 Vashi', phone: '+919820011223', email: 'vashi@hpcl-partner.in', gpsLocation: '' },
        ),
      )
    ).body;
    const stations = exportedLines((await client.get(`/api/partner-fuel-stations/export?q=${encodeURIComponent('HPCL Export Test')}`)).text);
    expect(stations[1].slice(0, 7)).toEqual([station.id, 'HPCL Export Test', 'NH48 Vashi', '', 'Contact Person', '91 98200 11223', 'vashi@hpcl-partner.in']);

    const log = (
      await client.post(
        '/api/refueling-logs',
        declaredBody(
          refuelingLogsArea.fields,
          { vehicles: vehicle.id, drivers: driver.id, 'partner-fuel-stations': station.id },
          { quantity: 120.5, rate: 90.455, timestamp: '2026-03-14T08:30:00.000Z', odometer: 184250, notes: 'Full tank' },
        ),
      )
    ).body;
    expect(exportedLines((await client.get(`/api/refueling-logs/export?q=${log.id}&tz=Asia/Kolkata`)).text)).toEqual([
      [
        'Log ID',
        'Vehicle',
        'License Plate',
        'Driver',
        'Trip',
        'Station',
        'Fuel Type',
        'Quantity',
        'Rate (₹)',
        'Total Cost (₹)',
        'Timestamp',
        'Refuel Method',
        'Odometer (km)',
        'Partial Fill',
        'Notes',
        'Version',
      ],
      [
        log.id,
        'Ashok Leyland Ecomet 1615 (KA01XP0001)',
        'KA01XP0001',
        `Suresh Export (${driver.id})`,
        '',
        'HPCL Export Test',
        'Diesel',
        '120.5',
        '90.455',
        '10899.83',
        '2026-03-14 14:00',
        'Card',
        '184250',
        'No',
        'Full tank',
        '1',
      ],
    ]);
  });

  it('keeps a long text with its line breaks, quoted, and a vehicle list with its plates', async () => {
    const vehicle = (await client.post('/api/vehicles', vehicleBody({ licensePlate: 'GJ05ZZ0042', vin: 'MAT448123NKL00042' }))).body;
    const job = (
      await client.post(
        '/api/maintenance',
        declaredBody(maintenanceArea.fields, { vehicles: vehicle.id }, { description: 'Replace pads, "front"\nBleed lines', completionDate: null }),
      )
    ).body;
    const text = (await client.get(`/api/maintenance/export?q=${job.id}`)).text;
    expect(text).toContain(',"Replace pads, ""front""\nBleed lines",');
    const order = (
      await client.post(
        '/api/sales-orders',
        declaredBody(ordersArea.fields, { vehicles: vehicle.id }, { customerName: 'Reliance Retail Ltd.', finalAmount: 10000 }),
      )
    ).body;
    const orders = exportedLines((await client.get(`/api/sales-orders/export?q=${order.id}`)).text);
    const plates = orders[0].indexOf('License Plates');
    expect([orders[0][plates - 1], orders[1][plates - 1], orders[1][plates]]).toEqual(['Assigned Vehicles', 'Tata Prima 4028.S (GJ05ZZ0042)', 'GJ05ZZ0042']);
  });
});
