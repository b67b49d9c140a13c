import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  coldChainArea,
  complianceArea,
  inventoryArea,
  insuranceArea,
  leadsArea,
  ordersArea,
  quotationsArea,
  REPORT_KEYS,
  todayIn,
} from '@raahi/domain';
import { declaredBody } from '../testing/declared-body';
import { pdfText } from '../testing/pdf-text';
import { driverBody, startTestServer, TestClient, tripBody, vehicleBody, type TestServer } from '../testing/test-server';

let server: TestServer;
let admin: TestClient;
const today = todayIn('Asia/Kolkata');
const ids: Record<string, string> = {};
const PASSWORD = 'Reports-Password-2026';

async function create(path: string, body: Record<string, unknown>): Promise<string> {
  const res = await admin.post(path, body);
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}
const signedInAs = async (username: string) => {
  const client = new TestClient(server.url);
  expect((await client.login(username, PASSWORD)).status).toBe(200);
  return client;
};
const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn();
  for (const role of ['workshop', 'dispatcher', 'accounts']) await server.createUser({ username: `${role}1`, password: PASSWORD, role });
  ids.v1 = await create('/api/vehicles', vehicleBody({ licensePlate: 'MH12RP0001' }));
  ids.v2 = await create('/api/vehicles', vehicleBody({ licensePlate: 'MH12RP0002' }));
  ids.d1 = await create('/api/drivers', driverBody({ name: 'Suresh Patil' }));
  ids.t1 = await create('/api/trips', tripBody(ids.v1, ids.d1, { origin: 'Pune', destination: 'Nashik' }));
  ids.t2 = await create('/api/trips', tripBody(ids.v2, ids.d1, { origin: 'Mumbai', destination: 'Surat' }));
  const doc = (name: string, documentType: string, entityId: string, days: number) =>
    create(
      '/api/compliance',
      declaredBody(complianceArea.fields, {}, { documentName: name, documentType, entityId, issueDate: null, expiryDate: addDays(today, days) }),
    );
  ids.doc1 = await doc('RC MH12RP0001', 'Vehicle Registration', ids.v1, 10);
  ids.doc2 = await doc('Insurance MH12RP0001', 'Insurance Policy', ids.v1, -3);
  ids.doc3 = await doc('DL Suresh', 'Driver License', ids.d1, 100);
  ids.doc5 = await doc('EWB Pune-Nashik', 'e-Way Bill', ids.t1, 1);
  ids.doc6 = await doc('PUC MH12RP0002', 'Pollution Under Control (PUC) Certificate', ids.v2, 40);
  const policy = (tripId: string, policyNumber: string, days: number, status: string) =>
    create(
      '/api/trip-insurance',
      declaredBody(
        insuranceArea.fields,
        { trips: tripId },
        { policyNumber, providerName: 'ICICI Lombard', startDate: addDays(today, -300), endDate: addDays(today, days), status },
      ),
    );
  ids.p1 = await policy(ids.t1, 'POL-1', -1, 'Active');
  ids.p2 = await policy(ids.t2, 'POL-2', 200, 'Active');
  ids.p3 = await policy(ids.t1, 'POL-3', -5, 'Claim Filed');
});
afterAll(() => server?.close());

describe('the report catalogue and its checks', () => {
  it('lists the reports whose every area the role may view', async () => {
    const all = await admin.get('/api/reports');
    expect(all.status).toBe(200);
    const keys = all.body.items.map((item: { key: string }) => item.key);
    expect(keys).toEqual(expect.arrayContaining(['compliance-register', 'inventory-valuation', 'sales-pipeline', 'cold-chain']));
    expect(keys.every((key: string) => (REPORT_KEYS as readonly string[]).includes(key))).toBe(true);
    const workshop = await signedInAs('workshop1');
    const theirs = (await workshop.get('/api/reports')).body.items.map((item: { key: string }) => item.key);
    expect(theirs).toContain('inventory-valuation');
    expect(theirs).not.toContain('compliance-register'); // no trip insurance
    expect(theirs).not.toContain('sales-pipeline');
  });

  it('refuses a role that may not view every area (403), and a file to one that may not export them', async () => {
    const workshop = await signedInAs('workshop1');
    const refused = await workshop.get('/api/reports/sales-pipeline');
    expect(refused.status).toBe(403);
    expect(refused.body.title).toBe('Not Allowed');
    expect(refused.body.message).toContain('Workshop');
    const dispatcher = await signedInAs('dispatcher1');
    expect((await dispatcher.get('/api/reports/compliance-register')).status).toBe(200);
    expect((await dispatcher.get('/api/reports/compliance-register?format=csv')).status).toBe(403);
    expect((await new TestClient(server.url).get('/api/reports')).status).toBe(401);
  });

  it.each([
    ['/api/reports/no-such-report', 404],
    ['/api/reports/kpi-x', 404],
    ['/api/reports/' + 'x'.repeat(5000), 404],
    ['/api/reports/compliance-register?colour=red', 400],
    ['/api/reports/compliance-register?driver=DRV1', 400],
    ['/api/reports/compliance-register?from=2026-01-01&to=2026-01-31', 400],
    ['/api/reports/compliance-register?vehicle=a&vehicle=b', 400],
    ['/api/reports/compliance-register?vehicle=' + 'V'.repeat(65), 400],
    ['/api/reports/compliance-register?vehicle=VEH-NOPE', 404],
    ['/api/reports/compliance-register?pageSize=201', 400],
    ['/api/reports/compliance-register?pageSize=0', 400],
    ['/api/reports/compliance-register?page=' + '9'.repeat(40), 400],
    ['/api/reports/compliance-register?page=201&pageSize=50', 400],
    ['/api/reports/compliance-register?format=xlsx', 400],
    ['/api/reports/sales-pipeline?from=2026-02-01&to=2026-01-01', 422],
    ['/api/reports/sales-pipeline?from=2020-01-01&to=2026-01-01', 422],
    ['/api/reports/sales-pipeline?from=1899-12-31&to=1900-01-31', 422],
    ['/api/reports/sales-pipeline?from=2026-02-30&to=2026-03-01', 422],
    ['/api/reports/sales-pipeline?from=2026-01-01', 422],
    ['/api/reports/sales-pipeline?from=' + '2'.repeat(3000) + '&to=2026-01-01', 422],
    ['/api/reports/sales-pipeline?customer=' + 'c'.repeat(201), 400],
    ['/api/reports/sales-pipeline?vehicle=x', 400],
  ])('%s → %i with the usual error shape', async (path, status) => {
    const res = await admin.get(path);
    expect(res.status, res.text).toBe(status);
    expect(res.body).toEqual({ title: expect.any(String), message: expect.any(String) });
  });

  it('is in the API document', async () => {
    const doc = await admin.get('/api/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/reports', '/api/reports/{key}']));
  });

  it('names the missing record of a filter', async () => {
    const res = await admin.get('/api/reports/cold-chain?vehicle=VEH-NOPE');
    expect(res.body.message).toBe('There is no vehicle VEH-NOPE.');
  });
});

describe('compliance register', () => {
  const order = () => [ids.p3, ids.doc2, ids.p1, ids.doc5, ids.doc1, ids.doc6, ids.doc3, ids.p2];

  it('lists every document and policy with its state and days left, the soonest expiry first, paged', async () => {
    const res = await admin.get('/api/reports/compliance-register?pageSize=3');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ key: 'compliance-register', from: null, to: null, page: 1, pageSize: 3, hasMore: true });
    expect(res.body.rows.map((row: { id: string; state: string; daysLeft: number }) => [row.id, row.state, row.daysLeft])).toEqual([
      [ids.p3, 'Claim Filed', -5],
      [ids.doc2, 'Expired', -3],
      [ids.p1, 'Expired', -1],
    ]);
    expect(res.body.rows[0]).toMatchObject({
      kind: 'Trip Insurance',
      name: 'POL-3',
      type: 'Cargo',
      for: `${ids.t1} (Pune → Nashik)`,
      until: addDays(today, -5),
    });
    expect(res.body.rows[1]).toMatchObject({ kind: 'Document', type: 'Insurance Policy', for: `Tata Prima 4028.S (MH12RP0001)` });
    const last = await admin.get('/api/reports/compliance-register?pageSize=3&page=3');
    expect(last.body.hasMore).toBe(false);
    expect(last.body.rows.map((row: { id: string; state: string; daysLeft: number }) => [row.id, row.state, row.daysLeft])).toEqual([
      [ids.doc3, 'Valid', 100],
      [ids.p2, 'Active', 200],
    ]);
    const whole = await admin.get('/api/reports/compliance-register');
    expect(whole.body.rows.map((row: { id: string }) => row.id)).toEqual(order());
    expect(whole.body.rows.find((row: { id: string }) => row.id === ids.doc5)).toMatchObject({
      state: 'Expires Soon',
      daysLeft: 1,
      for: `${ids.t1} (Pune → Nashik)`,
    });
    expect(whole.body.totals).toEqual({ kind: 'Total', name: '5 documents, 3 policies' });
    expect(whole.body.chart).toMatchObject({ type: 'stacked-bar', x: 'state', series: ['documents', 'policies'] });
    expect(whole.body.chart.points).toEqual(
      expect.arrayContaining([
        { state: 'Expired', documents: 1, policies: 1 },
        { state: 'Expires Soon', documents: 2, policies: 0 },
        { state: 'Valid', documents: 2, policies: 0 },
        { state: 'Claim Filed', documents: 0, policies: 1 },
        { state: 'Active', documents: 0, policies: 1 },
      ]),
    );
    expect(whole.body.chart.points).toHaveLength(5);
  });

  it("filters by vehicle: its documents, its trips' documents and policies", async () => {
    const res = await admin.get(`/api/reports/compliance-register?vehicle=${ids.v1}`);
    expect(res.body.filters).toEqual({ vehicle: ids.v1 });
    expect(res.body.rows.map((row: { id: string }) => row.id)).toEqual([ids.p3, ids.doc2, ids.p1, ids.doc5, ids.doc1]);
    expect(res.body.totals.name).toBe('3 documents, 2 policies');
  });

  it('exports the same rows as CSV (dates plain, days left a number) and PDF', async () => {
    const csv = await admin.get('/api/reports/compliance-register?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="compliance-register-${today}.csv"`);
    const lines = csvLines(csv.text);
    expect(lines[0]).toBe('Kind,ID,Name / Policy Number,Type,For,Expiry / End Date,State,Days Left');
    expect(lines[1]).toBe(`Trip Insurance,${ids.p3},POL-3,Cargo,${ids.t1} (Pune → Nashik),${addDays(today, -5)},Claim Filed,-5`);
    expect(lines).toHaveLength(1 + 8 + 1 + 1 + 3);
    expect(lines[10]).toBe('Total,,"5 documents, 3 policies",,,,,');
    const pdf = await admin.get(`/api/reports/compliance-register?format=pdf&vehicle=${ids.v1}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfText(pdf.bytes)).join('\n');
    expect(text).toContain('Compliance Register');
    expect(text).toContain('Vehicle: Tata Prima 4028.S (MH12RP0001)');
    expect(text).toContain('This PDF holds all 5 rows of the report.');
    expect(text).toContain('3 documents, 2 policies');
  });
});

describe('inventory valuation', () => {
  beforeAll(async () => {
    const item = (name: string, location: string, supplier: string, quantity: number, costPerUnit: number | null, reorderLevel: number) =>
      create(
        '/api/inventory',
        declaredBody(inventoryArea.fields, {}, { name, partNumber: `P-${name}`, location, supplier, quantity, costPerUnit, reorderLevel }),
      );
    ids.i1 = await item('Brake Pad Set', 'Rack A, Pune', 'Bosch Ltd', 4, 1234.5, 5); // 4 938.00, at or below reorder
    ids.i2 = await item('Oil Filter', 'Rack A, Pune', 'Bosch Ltd', 3, 333.33, 1); // 999.99
    ids.i3 = await item('Gearbox', 'Rack B, Chennai', '=cmd|calc', 10, 1234567.89, 10); // 1 23 45 678.90, at the level
    ids.i4 = await item('Wiper', '', '', 2, null, 0); // no cost: N/A
  });

  it('values each item (quantity × cost) by location and supplier, flags those at or below reorder; totals to the paisa', async () => {
    const res = await admin.get('/api/reports/inventory-valuation');
    expect(res.status, res.text).toBe(200);
    expect(
      res.body.rows.map((row: Record<string, unknown>) => [row.location, row.supplier, row.name, row.quantity, row.costPerUnit, row.value, row.reorder]),
    ).toEqual([
      ['Rack A, Pune', 'Bosch Ltd', 'Brake Pad Set', 4, 1234.5, 4938, true],
      ['Rack A, Pune', 'Bosch Ltd', 'Oil Filter', 3, 333.33, 999.99, false],
      ['Rack B, Chennai', '=cmd|calc', 'Gearbox', 10, 1234567.89, 12345678.9, true],
      ['(no location)', null, 'Wiper', 2, null, null, false],
    ]);
    expect(res.body.totals).toEqual({ location: 'Total', name: '4 items', quantity: 19, value: 12351616.89 });
    expect(res.body.chart.points).toEqual([
      { location: 'Rack B, Chennai', value: 12345678.9 },
      { location: 'Rack A, Pune', value: 5937.99 },
      { location: '(no location)', value: null },
    ]);
    expect(res.body.notes).toEqual([
      '2 of 4 items at or below their reorder level (flagged).',
      '1 item without a cost per unit or quantity: value N/A, not in the total.',
    ]);
  });

  it('CSV: money plain with 2 decimals, formulas defused, totals and notes after; PDF: ₹ with Indian grouping', async () => {
    const csv = await admin.get('/api/reports/inventory-valuation?format=csv');
    const lines = csvLines(csv.text);
    expect(lines[0]).toBe('Location,Supplier,Item ID,Name,Part No.,Quantity,Cost/Unit,Value,Reorder Lvl,At/Below Reorder');
    expect(lines[1]).toBe(`"Rack A, Pune",Bosch Ltd,${ids.i1},Brake Pad Set,P-Brake Pad Set,4,1234.50,4938.00,5,Yes`);
    expect(lines[3]).toBe(`"Rack B, Chennai",'=cmd|calc,${ids.i3},Gearbox,P-Gearbox,10,1234567.89,12345678.90,10,Yes`);
    expect(lines[4]).toBe(`(no location),,${ids.i4},Wiper,P-Wiper,2,,,0,No`);
    expect(lines[5]).toBe('');
    expect(lines[6]).toBe('Total,,,4 items,,19,,12351616.89,,');
    expect(lines[7]).toBe('Note: 2 of 4 items at or below their reorder level (flagged).');
    const json = await admin.get('/api/reports/inventory-valuation');
    const pdf = await admin.get('/api/reports/inventory-valuation?format=pdf');
    expect(pdf.status).toBe(200);
    const text = (await pdfText(pdf.bytes)).join('\n');
    expect(text).toContain('₹1,23,45,678.90');
    expect(text).toContain('₹1,23,51,616.89');
    expect(text).toContain('₹12,34,567.89');
    expect(text).toContain('This PDF holds all 4 rows of the report.');
    expect(json.body.totals.value).toBe(12351616.89);
  });
});

describe('sales pipeline', () => {
  const from = addDays(today, -1);
  beforeAll(async () => {
    const lead = (companyName: string, status: string) => create('/api/sales-leads', declaredBody(leadsArea.fields, {}, { companyName, status }));
    await lead('Tata Steel', 'New');
    await lead('Asian Paints', 'Won');
    await lead('Tata Motors', 'New');
    const quotation = (customerName: string, flatRate: number | null, tax: number, discount: number, status: string, pricingPerKm: number | null = null) =>
      create('/api/sales-quotations', declaredBody(quotationsArea.fields, {}, { leadId: null, customerName, flatRate, tax, discount, status, pricingPerKm }));
    await quotation('Tata Steel', 10000, 18, 5, 'Approved'); // 11 300.00
    await quotation('Asian Paints', null, 5, 0, 'Sent', 45); // per km only: no value
    await quotation('Tata Motors', 999.99, 5, 0, 'Draft'); // 1 049.9895 → 1 049.99
    const order = (customerName: string, date: string, finalAmount: number, paymentStatus: string, paidAmount: number | null, status: string) =>
      create(
        '/api/sales-orders',
        declaredBody(ordersArea.fields, {}, { quotationId: null, assignedVehicles: [], customerName, date, finalAmount, paymentStatus, paidAmount, status }),
      );
    await order('Tata Steel', today, 11300, 'Paid', null, 'Delivered');
    await order('Tata Motors', today, 5000.5, 'Partially Paid', 2000.25, 'Processing'); // 3 000.25 receivable
    await order('Asian Paints', today, 700, 'Pending', null, 'Cancelled'); // owed nothing
    await order('Tata Steel', addDays(from, -10), 99999, 'Pending', null, 'New'); // before the period
  });

  const pick = (rows: Record<string, unknown>[], stage: string, status: string) => rows.find((row) => row.stage === stage && row.status === status);

  it('leads by status, quotation value by status, orders with paid and receivable, in the period', async () => {
    const res = await admin.get(`/api/reports/sales-pipeline?from=${from}&to=${today}`);
    expect(res.status, res.text).toBe(200);
    const rows = res.body.rows;
    expect(rows).toHaveLength(18);
    expect(pick(rows, 'Leads', 'New')).toEqual({ stage: 'Leads', status: 'New', count: 2, value: null, paid: null, receivable: null });
    expect(pick(rows, 'Leads', 'Won')).toMatchObject({ count: 1 });
    expect(pick(rows, 'Leads', 'Lost')).toMatchObject({ count: 0 });
    expect(pick(rows, 'Quotations', 'Approved')).toEqual({ stage: 'Quotations', status: 'Approved', count: 1, value: 11300, paid: null, receivable: null });
    expect(pick(rows, 'Quotations', 'Sent')).toMatchObject({ count: 1, value: 0 });
    expect(pick(rows, 'Quotations', 'Draft')).toMatchObject({ count: 1, value: 1049.99 });
    expect(pick(rows, 'Orders', 'Delivered')).toEqual({ stage: 'Orders', status: 'Delivered', count: 1, value: 11300, paid: 11300, receivable: 0 });
    expect(pick(rows, 'Orders', 'Processing')).toEqual({ stage: 'Orders', status: 'Processing', count: 1, value: 5000.5, paid: 2000.25, receivable: 3000.25 });
    expect(pick(rows, 'Orders', 'Cancelled')).toEqual({ stage: 'Orders', status: 'Cancelled', count: 1, value: 700, paid: 0, receivable: null });
    expect(pick(rows, 'Orders', 'New')).toMatchObject({ count: 0, value: 0 });
    expect(res.body.totals).toEqual({ stage: 'Total', paid: 13300.25, receivable: 3000.25 });
    expect(res.body.notes).toContain('1 quotation priced per km only (no flat rate): no value, not in Value.');
    const wider = await admin.get(`/api/reports/sales-pipeline?from=${addDays(from, -10)}&to=${today}`);
    expect(pick(wider.body.rows, 'Orders', 'New')).toMatchObject({ count: 1, value: 99999, receivable: 99999 });
  });

  it('filters by a part of the customer name, any case; pages its rows', async () => {
    const res = await admin.get(`/api/reports/sales-pipeline?from=${from}&to=${today}&customer=TATA`);
    const rows = res.body.rows;
    expect(pick(rows, 'Leads', 'New')).toMatchObject({ count: 2 });
    expect(pick(rows, 'Leads', 'Won')).toMatchObject({ count: 0 });
    expect(pick(rows, 'Quotations', 'Sent')).toMatchObject({ count: 0 });
    expect(pick(rows, 'Orders', 'Cancelled')).toMatchObject({ count: 0 });
    expect(res.body.totals).toEqual({ stage: 'Total', paid: 13300.25, receivable: 3000.25 });
    const page = await admin.get(`/api/reports/sales-pipeline?from=${from}&to=${today}&pageSize=5&page=4`);
    expect(page.body.rows.map((row: { stage: string; status: string }) => `${row.stage} ${row.status}`)).toEqual(
      ['Orders', 'Orders', 'Orders'].map((s, i) => `${s} ${['Dispatched', 'Delivered', 'Cancelled'][i]}`),
    );
    expect(page.body.hasMore).toBe(false);
    const csv = await admin.get(`/api/reports/sales-pipeline?from=${from}&to=${today}&format=csv`);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="sales-pipeline-${from}-${today}.csv"`);
    expect(csvLines(csv.text)).toContain('Orders,Processing,1,5000.50,2000.25,3000.25');
    expect(csvLines(csv.text)).toContain('Total,,,,13300.25,3000.25');
  });
});

describe('cold chain units', () => {
  beforeAll(async () => {
    const unit = (name: string, tripId: string, minTemp: number, maxTemp: number, currentTemp: number | null, status: string) =>
      create('/api/cold-chain', declaredBody(coldChainArea.fields, { trips: tripId }, { name, minTemp, maxTemp, currentTemp, currentHumidity: 65, status }));
    ids.u1 = await unit('Reefer Z', ids.t1, 2, 8, 9.5, 'Warning');
    ids.u2 = await unit('Reefer A', ids.t2, -20, -15, -18, 'Optimal');
    ids.u3 = await unit('Reefer M', ids.t1, 2, 8, null, 'Offline');
  });

  it('lists units with range and readings, out of range first; filters by vehicle; CSV and PDF agree', async () => {
    const res = await admin.get('/api/reports/cold-chain');
    expect(res.status, res.text).toBe(200);
    expect(
      res.body.rows.map((row: Record<string, unknown>) => [row.id, row.minTemp, row.maxTemp, row.currentTemp, row.humidity, row.status, row.outOfRange]),
    ).toEqual([
      [ids.u1, 2, 8, 9.5, 65, 'Warning', true],
      [ids.u2, -20, -15, -18, 65, 'Optimal', false],
      [ids.u3, 2, 8, null, 65, 'Offline', false],
    ]);
    expect(res.body.rows[0]).toMatchObject({ trip: `${ids.t1} (Pune → Nashik)`, vehicle: 'Tata Prima 4028.S (MH12RP0001)', updated: today });
    expect(res.body.chart.points).toEqual([
      { status: 'Optimal', unitsInRange: 1, unitsOutOfRange: 0 },
      { status: 'Warning', unitsInRange: 0, unitsOutOfRange: 1 },
      { status: 'Offline', unitsInRange: 1, unitsOutOfRange: 0 },
    ]);
    const mine = await admin.get(`/api/reports/cold-chain?vehicle=${ids.v1}`);
    expect(mine.body.rows.map((row: { id: string }) => row.id)).toEqual([ids.u1, ids.u3]);
    const csv = csvLines((await admin.get('/api/reports/cold-chain?format=csv')).text);
    expect(csv[1]).toBe(`${ids.u1},Reefer Z,${ids.t1} (Pune → Nashik),Tata Prima 4028.S (MH12RP0001),2.0,8.0,9.5,65.0,Warning,Yes,${today}`);
    expect(csv[2]).toContain(',-20.0,-15.0,-18.0,65.0,Optimal,No,');
    const text = (await pdfText((await admin.get('/api/reports/cold-chain?format=pdf')).bytes)).join('\n');
    expect(text).toContain('9.5 °C');
    expect(text).toContain('-18.0 °C');
  });
});

describe('caps', () => {
  it('a PDF stops at 2,000 rows and says so on the first page and after the last row, with how many more exist; the CSV holds them all', async () => {
    await server.database.query(
      `INSERT INTO inventory_items (id, name, part_number, quantity, reorder_level, cost_per_unit, supplier, location)
       SELECT 'INVBULK' || lpad(n::text, 5, '0'), 'Bulk ' || n, 'B-' || n, 1, 0, 1.25, 'Bulk Supplier', 'Zone Bulk' FROM generate_series(1, 2100) AS n`,
    );
    const pdf = await admin.get('/api/reports/inventory-valuation?format=pdf');
    expect(pdf.status).toBe(200);
    const pages = await pdfText(pdf.bytes);
    const stop = 'This PDF holds the first 2,000 rows and stops there (the PDF limit of 2,000 rows): 104 more rows exist.';
    expect(pages[0]).toContain(stop);
    expect(pages.at(-1)).toContain(stop);
    expect(pages.at(-1)).toMatch(/page \d+ of \d+/);
    const csv = csvLines((await admin.get('/api/reports/inventory-valuation?format=csv')).text);
    expect(csv.filter((line) => line.startsWith('Zone Bulk') || line.startsWith('"Rack') || line.startsWith('(no'))).toHaveLength(2104);
    expect(csv.at(-1)).not.toContain('stops at');
    expect(csv).toContain('Total,,,"2,104 items",,2119,,12354241.89,,');
  }, 60_000);
});

describe('every registered report (this lane’s and the others’) keeps the contract', () => {
  it('answers its declared columns as cells, pages stably, its CSV holds the same rows, its PDF is made', async () => {
    const { items } = (await admin.get('/api/reports')).body as {
      items: { key: string; title: string; period: boolean; columns: { key: string }[]; chart: { x: string } }[];
    };
    for (const item of items) {
      const base = `/api/reports/${item.key}${item.period ? `?from=${addDays(today, -40)}&to=${today}&` : '?'}`;
      const two = await admin.get(`${base}pageSize=2`);
      expect(two.status, `${item.key}: ${two.text}`).toBe(200);
      const keys = item.columns.map((column) => column.key);
      // A row may carry more (an id for a link); what the table, CSV and PDF show is its declared columns, each a cell.
      const isCell = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
      for (const row of [...two.body.rows, ...(two.body.totals ? [two.body.totals] : [])]) {
        expect(
          keys.filter((key) => key in row && !isCell(row[key])),
          item.key,
        ).toEqual([]);
        expect(
          keys.some((key) => key in row),
          item.key,
        ).toBe(true);
      }
      for (const point of two.body.chart.points) expect(point, item.key).toHaveProperty(item.chart.x);
      const [first, second] = await Promise.all([admin.get(`${base}pageSize=1&page=1`), admin.get(`${base}pageSize=1&page=2`)]);
      expect([...first.body.rows, ...second.body.rows], item.key).toEqual(two.body.rows);
      expect(first.body.hasMore, item.key).toBe(two.body.rows.length > 1);
      const csv = csvLines((await admin.get(`${base}format=csv`)).text);
      const json = await admin.get(`${base}pageSize=200`);
      // The rows end at the blank line before the totals, or at the first note.
      const end = csv.findIndex((line, i) => i > 0 && (line === '' || /^"?Note: /.test(line)));
      if (!json.body.hasMore) expect((end === -1 ? csv.length : end) - 1, item.key).toBe(json.body.rows.length);
      const pdf = await admin.get(`${base}format=pdf`);
      expect(pdf.status, item.key).toBe(200);
      expect((await pdfText(pdf.bytes))[0], item.key).toContain(item.title);
    }
  }, 60_000);
});
