import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverBody, multipartBody, startTestServer, vehicleBody, type Json, type TestClient, type TestServer } from '../testing/test-server';

/**
 * Import end to end, on a real server and database (PGlite, or PostgreSQL with DATABASE_URL): templates,
 * the preview's mapping, dry runs that name every bad row's row and column, commits all-or-none or valid
 * only, one batch in the Activity Log, undo and its refusal, update mode from the export, rights and limits.
 */
let server: TestServer;
let admin: TestClient;
const PASSWORD = 'import-test-password-1';

beforeAll(async () => {
  server = await startTestServer({ webhooksAllowPrivate: true });
  admin = await server.signedIn();
}, 60_000);
afterAll(() => server?.close());

type Options = { mode?: 'dry-run' | 'commit'; validOnly?: boolean; update?: boolean; mapping?: unknown; async?: boolean };

/** POST /api/<area>/import with the file as a browser's form sends it. */
function importFile(client: TestClient, area: string, name: string, data: Buffer | string, options: Options = {}) {
  const parts: { name: string; filename?: string; data: Buffer | string }[] = [{ name: 'file', filename: name, data }];
  if (options.mode) parts.push({ name: 'mode', data: options.mode });
  if (options.validOnly) parts.push({ name: 'validOnly', data: 'true' });
  if (options.update) parts.push({ name: 'update', data: 'true' });
  if (options.mapping) parts.push({ name: 'mapping', data: JSON.stringify(options.mapping) });
  if (options.async) parts.push({ name: 'async', data: '1' });
  const form = multipartBody(parts);
  return client.request('POST', `/api/${area}/import`, { body: form.body, headers: { 'content-type': form.contentType } });
}

async function signedInAs(role: string): Promise<TestClient> {
  const username = `imp_${role}_${Math.random().toString(36).slice(2, 8)}`;
  await server.createUser({ username, password: PASSWORD, role } as Parameters<TestServer['createUser']>[0]);
  const client = server.client();
  expect((await client.login(username, PASSWORD)).status).toBe(200);
  return client;
}

const HEADER = 'Make;Model;Year;Gaadi No;Chassis No;Type;Status;Current Mileage;Purchase Date';
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * 1,000 vehicle rows (semicolons, DD/MM/YYYY, aliased headers) of which exactly 37 are bad, in six ways; the
 * bad rows' file row numbers and columns are returned as the dry run must report them.
 */
function fleetFile(tag: string, takenPlate: string) {
  const lines = [HEADER];
  const bad: { row: number; column: string }[] = [];
  for (let i = 0; i < 1000; i++) {
    const row = i + 2;
    const cells = ['Tata', 'Prima 4028.S', '2022', `KA${tag}IM${pad(i, 4)}`, `MAT4480${tag}${pad(i, 6)}`, 'Truck', 'Active', '84,500', '15/03/2022'];
    if (i % 27 === 13 && bad.length < 37) {
      const kind = bad.length % 6;
      const column = ['Year', 'Purchase Date', 'Type', 'Make', 'Gaadi No', 'Gaadi No'][kind];
      if (kind === 0) cells[2] = 'twenty';
      if (kind === 1) cells[8] = '31/02/2024';
      if (kind === 2) cells[5] = 'Spaceship';
      if (kind === 3) cells[0] = '';
      if (kind === 4) cells[3] = `KA${tag}IM${pad(i - 1, 4)}`; // the row above's plate, written again
      if (kind === 5) cells[3] = takenPlate.toLowerCase(); // a plate already on a stored vehicle
      bad.push({ row, column });
    }
    lines.push(cells.join(';'));
  }
  return { text: lines.join('\r\n') + '\r\n', bad };
}

const count = async (sql: string, params: unknown[] = []) => Number((await server.database.query<{ n: number }>(sql, params))[0].n);

describe('templates', () => {
  it('a CSV and an XLSX template: the form labels as headers and an example row; no file fields', async () => {
    const csv = await admin.get('/api/drivers/import/template?format=csv');
    expect(csv.status).toBe(200);
    const [header, example] = csv.text.replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toBe('Name,License No.,Contact,Email,Status,Joining Date,Address');
    expect(example).toContain('Ramesh Kumar');
    const xlsx = await admin.get('/api/vehicles/import/template?format=xlsx');
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getRow(1).values).toEqual([
      undefined,
      'Make',
      'Model',
      'Year',
      'License Plate',
      'VIN',
      'Type',
      'Status',
      'Current Mileage (km)',
      'Purchase Date',
    ]);
    expect((await admin.get('/api/vehicles/import/template?format=pdf')).status).toBe(400);
  });

  it('the template imports cleanly into its own area', async () => {
    const csv = await admin.get('/api/vehicles/import/template?format=csv');
    const res = await importFile(admin, 'vehicles', 'template.csv', csv.bytes, { mode: 'dry-run' });
    expect(res.body).toMatchObject({ status: 'done', rows: 1, valid: 1, errorCount: 0 });
  });
});

describe('a file of 1,000 vehicles with 37 bad rows', () => {
  let file: ReturnType<typeof fleetFile>;
  let batchId: string;

  beforeAll(async () => {
    const taken = await admin.post('/api/vehicles', vehicleBody({ licensePlate: 'KA99ZZ0001' }));
    expect(taken.status).toBe(201);
    file = fleetFile('01', 'KA 99 ZZ-0001');
  });

  it('the preview matches the aliased headers to their fields', async () => {
    const form = multipartBody([{ name: 'file', filename: 'fleet.csv', data: file.text }]);
    const res = await admin.request('POST', '/api/vehicles/import/preview', { body: form.body, headers: { 'content-type': form.contentType } });
    expect(res.status).toBe(200);
    expect(res.body.columns.map((c: Json) => c.field)).toEqual([
      'make',
      'model',
      'year',
      'licensePlate',
      'vin',
      'type',
      'status',
      'currentMileage',
      'purchaseDate',
    ]);
    expect(res.body.sample[0][3]).toBe('KA01IM0000');
    expect(res.body.fields.map((f: Json) => f.field)).toContain('id');
  });

  it('a dry run reports exactly the 37 bad rows, with row and column, and writes nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM vehicles');
    const res = await importFile(admin, 'vehicles', 'fleet.csv', file.text, { mode: 'dry-run' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'done', mode: 'dry-run', rows: 1000, checked: 1000, valid: 963, errorCount: 37, batchId: null, written: 0 });
    expect(res.body.errors.map((e: Json) => ({ row: e.row, column: e.column }))).toEqual(file.bad);
    const messages = res.body.errors.map((e: Json) => e.message);
    expect(messages[0]).toBe('Year must be a number.');
    expect(messages[1]).toContain('Purchase Date must be a date');
    expect(messages[2]).toContain('Type must be one of Truck, Van');
    expect(messages[3]).toBe('Missing Fields: Make, Model, Year, VIN, and License Plate are required.');
    expect(messages[4]).toContain(`Row ${file.bad[4].row - 1} of this file has the same License Plate`);
    expect(messages[5]).toContain('Duplicate License Plate: The license plate');
    expect(await count('SELECT count(*)::int AS n FROM vehicles')).toBe(before);
    // Every error is in the CSV, through the export's formula guard.
    const csv = await admin.get(`/api/imports/${res.body.id}/errors.csv`);
    expect(csv.status).toBe(200);
    const lines = csv.text.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(38);
    expect(lines[1]).toBe(`${file.bad[0].row},Year,Year must be a number.`);
  });

  it('a commit of all rows writes none while any row is bad', async () => {
    const before = await count('SELECT count(*)::int AS n FROM vehicles');
    const res = await importFile(admin, 'vehicles', 'fleet.csv', file.text, { mode: 'commit' });
    expect(res.body).toMatchObject({ status: 'done', valid: 963, errorCount: 37, written: 0, batchId: null });
    expect(res.body.message).toContain('nothing was imported');
    expect(await count('SELECT count(*)::int AS n FROM vehicles')).toBe(before);
  });

  it('a commit of the valid rows writes the 963, each with its change entry under one batch id: one Activity Log entry', async () => {
    const res = await importFile(admin, 'vehicles', 'fleet.csv', file.text, { mode: 'commit', validOnly: true });
    expect(res.body).toMatchObject({ status: 'done', written: 963, errorCount: 37 });
    batchId = res.body.batchId;
    expect(batchId).toMatch(/^IMB/);
    expect(await count(`SELECT count(*)::int AS n FROM vehicles WHERE license_plate LIKE 'KA01IM%'`)).toBe(963);
    expect(await count(`SELECT count(*)::int AS n FROM change_log WHERE batch_id = $1 AND operation = 'create'`, [batchId])).toBe(963);
    const stored = await admin.get('/api/vehicles?q=KA01IM0001');
    expect(stored.body.items[0]).toMatchObject({ licensePlate: 'KA01IM0001', currentMileage: 84500, purchaseDate: '2022-03-15', version: 1 });
    const recent = await admin.get('/api/activity/recent');
    expect(recent.body.items.filter((item: Json) => item.batchId === batchId)).toEqual([expect.objectContaining({ batchCount: 963 })]);
    // The run is listed among the user's recent runs of the area.
    const runs = await admin.get('/api/imports?area=vehicles');
    expect(runs.body.rows[0]).toMatchObject({ id: res.body.id, batchId, status: 'done' });
  });

  it('undo is refused naming a record changed since, and nothing is undone', async () => {
    const { body: one } = await admin.get('/api/vehicles?q=KA01IM0002');
    const record = one.items[0];
    const { id, version, createdAt: _c, updatedAt: _u, ...fields } = record;
    const body = Object.fromEntries(
      Object.entries(fields).filter(([key]) =>
        ['make', 'model', 'year', 'vin', 'licensePlate', 'type', 'status', 'currentMileage', 'purchaseDate'].includes(key),
      ),
    );
    expect((await admin.put(`/api/vehicles/${id}`, { ...body, currentMileage: 90000, version })).status).toBe(200);
    const refused = await admin.del(`/api/imports/${batchId}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ title: 'Undo Refused', message: `1 of the 963 vehicles of this import changed since it (${id}). Nothing was undone.` });
    expect(await count(`SELECT count(*)::int AS n FROM vehicles WHERE license_plate LIKE 'KA01IM%'`)).toBe(963);
  });

  it('undo deletes exactly the records of a batch none of which changed, writing its own entries; once', async () => {
    const before = await count('SELECT count(*)::int AS n FROM vehicles');
    const csv =
      'Make,Model,Year,License Plate,VIN\nTata,Ace,2023,HR26UN0001,MAT4480UN00000001\nTata,Ace,2023,HR26UN0002,MAT4480UN00000002\nTata,Ace,2023,HR26UN0003,MAT4480UN00000003\n';
    const committed = await importFile(admin, 'vehicles', 'three.csv', csv, { mode: 'commit' });
    expect(committed.body.written).toBe(3);
    const batch = committed.body.batchId;
    expect(await count('SELECT count(*)::int AS n FROM vehicles')).toBe(before + 3);
    const undone = await admin.del(`/api/imports/${batch}`);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body).toEqual({ batchId: batch, undone: 3 });
    expect(await count('SELECT count(*)::int AS n FROM vehicles')).toBe(before);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM change_log WHERE operation = 'delete' AND record_id IN (SELECT record_id FROM change_log WHERE batch_id = $1)`,
        [batch],
      ),
    ).toBe(3);
    expect((await admin.get(`/api/imports/${committed.body.id}`)).body.status).toBe('undone');
    expect((await admin.del(`/api/imports/${batch}`)).status).toBe(404);
  });
});

describe('webhooks', () => {
  it('a committed batch is announced once as <area>.imported; its undo announces each record it deletes', async () => {
    // The outbox is read directly: no worker runs in this test server, and nobody listens on the address.
    const webhook = await admin.post('/api/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      secret: 'import-webhook-secret-2026',
      events: ['vehicles.created', 'vehicles.imported', 'vehicles.deleted'],
    });
    expect(webhook.status, webhook.text).toBe(201);
    try {
      const csv = 'Make,Model,Year,License Plate,VIN\nTata,Ace,2023,HR26WH0001,MAT4480WH00000001\nTata,Ace,2023,HR26WH0002,MAT4480WH00000002\n';
      const committed = await importFile(admin, 'vehicles', 'two.csv', csv, { mode: 'commit' });
      expect(committed.body.written, committed.text).toBe(2);
      const batch = committed.body.batchId as string;
      const events = () =>
        server.database.query<{ event: string; subject: string; data: Record<string, unknown> }>(
          `SELECT e.event, e.subject, e.data FROM webhook_events e JOIN webhook_deliveries d ON d.event_id = e.id WHERE d.webhook_id = $1 ORDER BY e.id`,
          [webhook.body.id],
        );
      expect(await events()).toEqual([{ event: 'vehicles.imported', subject: batch, data: { batchId: batch, count: 2, update: false } }]);
      expect((await admin.del(`/api/imports/${batch}`)).status).toBe(200);
      const after = await events();
      expect(
        after
          .slice(1)
          .map((e) => `${e.event} ${String(e.data.licensePlate)}`)
          .sort(),
      ).toEqual(['vehicles.deleted HR26WH0001', 'vehicles.deleted HR26WH0002']);
    } finally {
      await admin.del(`/api/webhooks/${webhook.body.id}`);
    }
  });
});

describe('update mode', () => {
  it('the export imported back changes 0 records; a changed cell changes that record alone, and undo puts it back', async () => {
    for (let i = 0; i < 3; i++) expect((await admin.post('/api/vehicles', vehicleBody({ make: 'Eicher', licensePlate: `GJ05UP000${i}` }))).status).toBe(201);
    const exported = await admin.get('/api/vehicles/export?q=GJ05UP');
    expect(exported.status).toBe(200);
    const same = await importFile(admin, 'vehicles', 'vehicles.csv', exported.bytes, { mode: 'commit', update: true });
    expect(same.body, same.text).toMatchObject({ status: 'done', rows: 3, valid: 0, unchanged: 3, written: 0, errorCount: 0, batchId: null });
    const lines = exported.text.split('\r\n');
    const changed = [lines[0], lines[1].replace(',2022,', ',2021,'), lines[2], lines[3]].join('\r\n');
    const header = lines[0].replace('\uFEFF', '').split(',');
    expect(header[0]).toBe('ID');
    const res = await importFile(admin, 'vehicles', 'vehicles.csv', changed, { mode: 'commit', update: true });
    expect(res.body, res.text).toMatchObject({ status: 'done', written: 1, unchanged: 2 });
    const id = lines[1].split(',')[0];
    const record = (await admin.get(`/api/vehicles/${id}`)).body;
    expect(record).toMatchObject({ year: 2021, version: 2 });
    const [entry] = await server.database.query<{ changes: Json }>(`SELECT changes FROM change_log WHERE batch_id = $1`, [res.body.batchId]);
    expect(entry.changes).toEqual([{ field: 'year', label: 'Year', before: 2022, after: 2021 }]);
    const undone = await admin.del(`/api/imports/${res.body.batchId}`);
    expect(undone.body).toEqual({ batchId: res.body.batchId, undone: 1 });
    expect((await admin.get(`/api/vehicles/${id}`)).body).toMatchObject({ year: 2022, version: 3 });
  });
});

describe("an area's own checks on other records", () => {
  it("the dry run reports a schedule's Last Done At above its vehicle's odometer as that row's error; the valid rows import alone", async () => {
    const vehicle = await admin.post('/api/vehicles', vehicleBody({ licensePlate: 'GJ05HK4417', currentMileage: 80000 }));
    expect(vehicle.status, vehicle.text).toBe(201);
    const csv = [
      'Vehicle,Task,Every (km),Every (months),Last Done,Last Done At (km)',
      'GJ05HK4417,Oil & Filter Change,20000,6,01/10/2026,78000',
      'GJ05HK4417,Brake Inspection,40000,12,01/10/2026,95000',
    ].join('\r\n');
    const dry = await importFile(admin, 'service-schedules', 'schedules.csv', csv);
    expect(dry.status, dry.text).toBe(200);
    expect([dry.body.valid, dry.body.errors]).toEqual([
      1,
      [
        {
          row: 3,
          column: 'Last Done At (km)',
          message: "Invalid Odometer: Last Done At (95,000 km) cannot be above the vehicle's current odometer (80,000 km).",
        },
      ],
    ]);
    expect(await count(`SELECT count(*)::int AS n FROM service_schedules WHERE vehicle_id = $1`, [vehicle.body.id])).toBe(0);
    const committed = await importFile(admin, 'service-schedules', 'schedules.csv', csv, { mode: 'commit', validOnly: true });
    expect([committed.body.written, committed.body.errorCount], committed.text).toEqual([1, 1]);
    expect(await count(`SELECT count(*)::int AS n FROM service_schedules WHERE vehicle_id = $1`, [vehicle.body.id])).toBe(1);
  });
});

describe('links by natural keys', () => {
  it('trips name their vehicle by plate and their driver by licence or unique name; unknown and ambiguous ones are errors on their cells', async () => {
    await admin.post('/api/vehicles', vehicleBody({ licensePlate: 'RJ14TR0001' }));
    await admin.post('/api/drivers', driverBody({ name: 'Suresh Yadav', license: 'RJ1420200001111' }));
    await admin.post('/api/drivers', driverBody({ name: 'Mohan Lal', license: 'RJ1420200002222' }));
    await admin.post('/api/drivers', driverBody({ name: 'Mohan Lal', license: 'RJ1420200003333' }));
    const csv = [
      'From,To,Vehicle No,Driver,Status,ETA,Freight',
      'Jaipur,Delhi,rj 14 tr-0001,Suresh Yadav,Scheduled,26/11/2026 18:00,"₹33,500.00"',
      'Jaipur,Agra,RJ14TR0001,RJ1420200002222,Delivered,27/11/2026 09:30,"₹1,23,456.50"',
      'Jaipur,Kota,RJ14TR9999,Mohan Lal,Scheduled,27/11/2026,12000',
    ].join('\n');
    const res = await importFile(admin, 'trips', 'trips.csv', csv, { mode: 'commit', validOnly: true });
    expect(res.body, res.text).toMatchObject({ status: 'done', rows: 3, valid: 2, written: 2 });
    expect(res.body.errors).toEqual([
      { row: 4, column: 'Vehicle No', message: expect.stringContaining('"RJ14TR9999" matches no vehicle') },
      { row: 4, column: 'Driver', message: expect.stringContaining('"Mohan Lal" matches 2 drivers') },
    ]);
    const trips = (await admin.get('/api/trips?q=Jaipur')).body.items;
    expect(trips.map((t: Json) => [t.destination, t.freight, t.eta]).sort()).toEqual([
      ['Agra', 123456.5, '2026-11-27T04:00:00.000Z'],
      ['Delhi', 33500, '2026-11-26T12:30:00.000Z'],
    ]);
  });
});

describe('mapping', () => {
  it('a mapping given by the user wins and is remembered; one naming no field, or a file field, is refused in words', async () => {
    const csv = 'Naam,Licence,Phone,Mail\nKiran Rao,KA0120210004444,+91 98450 11111,kiran@example.in\n';
    const mapping = [
      { header: 'Naam', field: 'name' },
      { header: 'Licence', field: 'license' },
      { header: 'Phone', field: 'contact' },
      { header: 'Mail', field: 'email' },
    ];
    const res = await importFile(admin, 'drivers', 'drivers.csv', csv, { mode: 'dry-run', mapping });
    expect(res.body).toMatchObject({ valid: 1, errorCount: 0 });
    const form = multipartBody([{ name: 'file', filename: 'drivers.csv', data: csv }]);
    const preview = await admin.request('POST', '/api/drivers/import/preview', { body: form.body, headers: { 'content-type': form.contentType } });
    expect(preview.body).toMatchObject({ columns: mapping, remembered: true });
    const unknown = await importFile(admin, 'drivers', 'drivers.csv', csv, {
      mode: 'dry-run',
      mapping: [...mapping.slice(0, 3), { header: 'Mail', field: 'favouriteColour' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('mapped to "favouriteColour", which is not a field of drivers');
    const file = await importFile(admin, 'drivers', 'drivers.csv', csv, {
      mode: 'dry-run',
      mapping: [...mapping.slice(0, 3), { header: 'Mail', field: 'aadharCardFile' }],
    });
    expect(file.status).toBe(400);
    expect(file.body.message).toContain('a file field');
  });

  it('a header echoed in the errors CSV cannot run as a formula', async () => {
    const csv = '=HYPERLINK("http://evil.example"),Model,Year,License Plate,VIN\n,Prima,2022,MH43FG0001,MAT448012N3A99999\n';
    const mapping = ['make', 'model', 'year', 'licensePlate', 'vin'].map((field, i) => ({ header: csv.split('\n')[0].split(',')[i], field }));
    mapping[0].header = '=HYPERLINK("http://evil.example")';
    const res = await importFile(admin, 'vehicles', 'v.csv', csv, { mode: 'dry-run', mapping });
    expect(res.body.errors).toEqual([{ row: 2, column: '=HYPERLINK("http://evil.example")', message: expect.stringContaining('Missing Fields') }]);
    const errors = await admin.get(`/api/imports/${res.body.id}/errors.csv`);
    expect(errors.text).toContain(`2,"'=HYPERLINK(""http://evil.example"")","Missing Fields:`);
  });
});

describe('runs', () => {
  it('async=1 answers 202 with the run, whose progress is read until done; another user cannot read it', async () => {
    const lines = ['Make,Model,Year,License Plate,VIN'];
    for (let i = 0; i < 300; i++) lines.push(`Tata,Ace,2023,UP32AS${pad(i, 4)},MAT4480AS${pad(i, 8)}`);
    const res = await importFile(admin, 'vehicles', 'async.csv', lines.join('\n'), { mode: 'commit', async: true });
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('running');
    let run: Json = res.body;
    for (let i = 0; i < 200 && run.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = (await admin.get(`/api/imports/${res.body.id}`)).body;
    }
    expect(run).toMatchObject({ status: 'done', rows: 300, checked: 300, written: 300 });
    const other = await signedInAs('fleet_manager');
    expect((await other.get(`/api/imports/${res.body.id}`)).status).toBe(404);
    expect((await other.get('/api/imports?area=vehicles')).body.rows).toEqual([]);
  });

  it('a run whose server stopped (its heartbeat old) reads as failed', async () => {
    const res = await importFile(admin, 'vehicles', 'v.csv', 'Make\nTata\n', { mode: 'dry-run' });
    await server.database.query(`UPDATE import_runs SET status = 'running', heartbeat_at = now() - interval '20 minutes' WHERE id = $1`, [res.body.id]);
    expect((await admin.get(`/api/imports/${res.body.id}`)).body).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('stopped before it finished'),
    });
  });
});

describe('rights and limits', () => {
  it('a viewer may not import; a dispatcher may not import vehicles (but may trips); update mode needs edit, undo delete', async () => {
    const viewer = await signedInAs('viewer');
    const refused = await importFile(viewer, 'vehicles', 'v.csv', 'Make\nTata\n', { mode: 'dry-run' });
    expect(refused.status).toBe(403);
    expect((await viewer.get('/api/vehicles/import/template')).status).toBe(403);
    const dispatcher = await signedInAs('dispatcher');
    expect((await importFile(dispatcher, 'vehicles', 'v.csv', 'Make\nTata\n', { mode: 'commit' })).status).toBe(403);
    expect((await importFile(dispatcher, 'trips', 't.csv', 'Origin\nPune\n', { mode: 'dry-run' })).status).toBe(200);
    const committed = await importFile(admin, 'vehicles', 'v.csv', 'Make,Model,Year,License Plate,VIN\nTata,Ace,2023,DL01RT0001,MAT4480RT00000001\n', {
      mode: 'commit',
    });
    expect(committed.body.written).toBe(1);
    const undo = await dispatcher.del(`/api/imports/${committed.body.batchId}`);
    expect(undo.status).toBe(403);
    expect(undo.body.message).toContain('delete vehicles');
  });

  it('a file over RAAHI_IMPORT_MAX_MB is refused before it is read; reading stops at the first row over RAAHI_IMPORT_MAX_ROWS', async () => {
    const small = await server.listen({ importMaxBytes: 2048, importMaxRows: 5 });
    const client = small.client();
    await client.login();
    const big = await importFile(client, 'vehicles', 'big.csv', `Make\n${'Tata\n'.repeat(1000)}`, { mode: 'dry-run' });
    expect(big.status).toBe(413);
    expect(big.body.title).toBe('File Too Large');
    const many = await importFile(client, 'vehicles', 'many.csv', `Make\n${'Tata\n'.repeat(6)}`, { mode: 'dry-run' });
    expect(many.status).toBe(422);
    expect(many.body).toEqual({ title: 'Too Many Rows', message: expect.stringContaining('(row 7 is one too many)') });
    await small.close();
  });

  it('bad files answer in words and write nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM vehicles');
    expect((await importFile(admin, 'vehicles', 'empty.csv', '', { mode: 'commit' })).body.title).toBe('Empty File');
    expect((await importFile(admin, 'vehicles', 'h.csv', 'Make,Model\n', { mode: 'commit' })).body.title).toBe('No Records');
    expect((await importFile(admin, 'vehicles', 'x.xlsx', 'Make,Model\nTata,Ace\n', { mode: 'commit' })).status).toBe(422);
    expect((await importFile(admin, 'vehicles', 'c.csv', 'Colour,Wheels\nred,6\n', { mode: 'commit' })).body.message).toContain(
      'No column of the file matches',
    );
    expect((await importFile(admin, 'vehicles', 'c.csv', 'Make\nTata\n', { mode: 'commit', update: true })).body.message).toContain('needs an ID column');
    expect(await count('SELECT count(*)::int AS n FROM vehicles')).toBe(before);
  });
});

describe('the README examples', () => {
  it('docs/examples/vehicles.csv and then fuel-bills.csv import cleanly (their plates use a series the demo seed never makes)', async () => {
    const root = new URL('../../../../docs/examples/', import.meta.url);
    const vehicles = await importFile(admin, 'vehicles', 'vehicles.csv', await readFile(new URL('vehicles.csv', root)), { mode: 'commit' });
    expect(vehicles.body, vehicles.text).toMatchObject({ status: 'done', rows: 6, written: 6, errorCount: 0 });
    const bills = await importFile(admin, 'fuel-expenses', 'fuel-bills.csv', await readFile(new URL('fuel-bills.csv', root)), { mode: 'commit' });
    expect(bills.body, bills.text).toMatchObject({ status: 'done', rows: 6, written: 6, errorCount: 0 });
    const meal = (await admin.get('/api/fuel-expenses?q=dhaba')).body.items[0];
    expect(meal).toMatchObject({ type: 'Meal', amount: 450, date: '2026-11-06' });
    const fuel = (await admin.get('/api/fuel-expenses?q=khopoli')).body.items[0];
    expect(fuel).toMatchObject({ quantity: 180, pricePerUnit: 94.27, amount: 16968.6, odometer: 142900 });
  });
});

describe('bad input to the import routes', () => {
  it('malformed options and mappings answer 400 in words; a NUL in a cell never reaches the database as text', async () => {
    const csv = 'Make,Model,Year,License Plate,VIN\nTata,Ace,2023,MH01NU0001,MAT4480NU00000001\n';
    expect((await importFile(admin, 'vehicles', 'v.csv', csv, { mode: 'dry-run', mapping: [null, 7, 'make'] })).status).toBe(400);
    expect((await importFile(admin, 'vehicles', 'v.csv', csv, { mode: 'dry-run', mapping: { make: 'make' } })).status).toBe(400);
    const form = multipartBody([
      { name: 'file', filename: 'v.csv', data: csv },
      { name: 'mode', data: 'sometimes' },
    ]);
    const mode = await admin.request('POST', '/api/vehicles/import', { body: form.body, headers: { 'content-type': form.contentType } });
    expect(mode.status).toBe(400);
    expect(mode.body.message).toContain('Mode must be one of');
    expect((await admin.request('POST', '/api/vehicles/import', { body: 'x', headers: { 'content-type': 'multipart/form-data' } })).status).toBe(400);
    expect((await admin.request('POST', '/api/vehicles/import', { body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(415);
    // A NUL past the first 8 KB (where the binary check looks): an error on its cell, kept without it.
    const padding = 'x'.repeat(9000);
    const trips = await importFile(admin, 'trips', 't.csv', `Origin,Destination,Vehicle,Notes\nPune,Mumbai,,${padding}\nPune,Mumbai,MH12\u0000X,\n`, {
      mode: 'dry-run',
    });
    expect(trips.status, trips.text).toBe(200);
    expect(trips.body.status).toBe('done');
    const nulError = trips.body.errors.find((e: Json) => e.row === 3 && e.column === 'Vehicle');
    expect(nulError.message).toBe('Vehicle: must not contain control characters.');
    expect((await importFile(admin, 'trips', 't.csv', 'Origin\nPune\u0000\n', { mode: 'dry-run' })).body.message).toContain('not a CSV');
    expect((await admin.get('/api/imports/' + 'x'.repeat(100))).status).toBe(404);
    expect((await admin.del('/api/imports/IMBnothing')).status).toBe(404);
    expect((await admin.get('/api/imports?area=' + 'y'.repeat(300))).status).toBe(400);
  });
});
