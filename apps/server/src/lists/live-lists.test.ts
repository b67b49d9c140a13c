import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidentsArea, inventoryArea, todayIn } from '@raahi/domain';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, TestClient, vehicleBody, type TestServer } from '../testing/test-server';
import { suggestedOrderQuantity } from './live-lists';

let server: TestServer;
let admin: TestClient;

async function create(path: string, body: Record<string, unknown>) {
  const res = await admin.post(path, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const item = (name: string, quantity: number, reorderLevel: number, supplier = 'Bosch Ltd') =>
  create('/api/inventory', declaredBody(inventoryArea.fields, {}, { name, partNumber: `P-${name}`, quantity, reorderLevel, supplier }));

/** An instant `days` days before now, at noon in Asia/Kolkata (so its company date is exactly that many days ago). */
function daysAgo(days: number): string {
  const today = todayIn('Asia/Kolkata');
  const date = new Date(`${today}T06:30:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString();
}
const incident = (status: string, days: number, location: string) =>
  create(
    '/api/incidents',
    declaredBody(incidentsArea.fields, {}, { status, dateTime: daysAgo(days), location, description: 'Test', vehicleId: null, driverId: null, images: [] }),
  );

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn();
  await server.createUser({ username: 'accounts1', password: 'Digest-Password-2026', role: 'accounts' });
  await server.createUser({ username: 'viewer1', password: 'Digest-Password-2026', role: 'viewer' });
});
afterAll(() => server?.close());

describe('View Reorder Suggestions', () => {
  it('suggests 2 × reorder level − quantity', () => {
    expect(suggestedOrderQuantity(0, 10)).toBe(20);
    expect(suggestedOrderQuantity(10, 10)).toBe(10);
    expect(suggestedOrderQuantity(3, 4)).toBe(5);
    expect(suggestedOrderQuantity(0, 0)).toBe(0);
  });

  it('lists the items at or below their reorder level, biggest shortfall first, with the suggested quantity and supplier; paged by the server', async () => {
    await item('Brake Pad Set', 2, 10); // shortfall −8 → 18
    await item('Oil Filter', 10, 10); // at the level → 10
    await item('Air Filter', 11, 10); // above: not listed
    await item('Fan Belt', 0, 4, ''); // −4 → 8
    await item('Clutch Plate', 15, 10); // Low Stock, not listed
    const res = await admin.get('/api/inventory/reorder-suggestions');
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: Record<string, unknown>) => [i.name, i.quantity, i.reorderLevel, i.suggestedQuantity, i.supplier])).toEqual([
      ['Brake Pad Set', 2, 10, 18, 'Bosch Ltd'],
      ['Fan Belt', 0, 4, 8, ''],
      ['Oil Filter', 10, 10, 10, 'Bosch Ltd'],
    ]);
    expect(res.body).toMatchObject({ total: 3, totalIsCapped: false, page: 1, pageSize: 50 });
    const second = await admin.get('/api/inventory/reorder-suggestions?page=2&pageSize=2');
    expect(second.body.items.map((i: { name: string }) => i.name)).toEqual(['Oil Filter']);
  });

  it('exports the suggestions as CSV, formulas defused', async () => {
    await item('=HYPERLINK("x")', 1, 1, '+Supplier');
    const res = await admin.get('/api/inventory/reorder-suggestions/export?tz=Asia%2FKolkata');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Item ID,Name,Part No.,Quantity,Reorder Lvl,Suggested Order Qty,Supplier,Location');
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 7).join(','))).toEqual([
      'Brake Pad Set,P-Brake Pad Set,2,10,18,Bosch Ltd',
      'Fan Belt,P-Fan Belt,0,4,8,',
      'Oil Filter,P-Oil Filter,10,10,10,Bosch Ltd',
      `"'=HYPERLINK(""x"")","P-=HYPERLINK(""x"")",1,1,1,'+Supplier`,
    ]);
  });

  it('is for roles that may view inventory (the export for those that may export it); bad paging is a 400', async () => {
    const accounts = new TestClient(server.url);
    await accounts.login('accounts1', 'Digest-Password-2026');
    expect((await accounts.get('/api/inventory/reorder-suggestions')).status).toBe(403);
    expect((await accounts.get('/api/inventory/reorder-suggestions/export')).status).toBe(403);
    const viewer = new TestClient(server.url);
    await viewer.login('viewer1', 'Digest-Password-2026');
    expect((await viewer.get('/api/inventory/reorder-suggestions')).status).toBe(200);
    for (const [query, message] of [
      ['page=0', 'page must be between 1 and 1000000.'],
      ['pageSize=500', 'pageSize must be between 1 and 200.'],
      ['page=abc', 'page must be a whole number.'],
      ['sort=name', 'Unknown parameter: sort. This list takes page and pageSize.'],
    ]) {
      const res = await admin.get(`/api/inventory/reorder-suggestions?${query}`);
      expect([res.status, res.body]).toEqual([400, { title: 'Invalid Request', message }]);
    }
    const deep = await admin.get('/api/inventory/reorder-suggestions?page=300&pageSize=50');
    expect([deep.status, deep.body.title]).toEqual([400, 'Page Out Of Reach']);
    expect((await admin.get('/api/inventory/reorder-suggestions/export?tz=Mars%2FOlympus')).status).toBe(400);
  });
});

describe('Track Pending Actions', () => {
  it('lists incidents neither Resolved nor Closed, oldest first, with their age in days by the company today', async () => {
    await incident('Open', 3, 'Khalapur Toll Plaza');
    await incident('Resolved', 40, 'Resolved one');
    await incident('Action Pending', 12, 'Lonavala Ghat');
    await incident('Closed', 50, 'Closed one');
    await incident('Investigating', 0, 'Pune Depot');
    // One stored without a date-time (older data): last, its age unknown.
    const undated = await incident('Open', 1, 'Undated');
    await server.database.query('UPDATE incidents SET date_time = NULL WHERE id = $1', [undated.id]);
    const res = await admin.get('/api/incidents/pending-actions');
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: Record<string, unknown>) => [i.location, i.status, i.ageDays])).toEqual([
      ['Lonavala Ghat', 'Action Pending', 12],
      ['Khalapur Toll Plaza', 'Open', 3],
      ['Pune Depot', 'Investigating', 0],
      ['Undated', 'Open', null],
    ]);
    expect(res.body.items[3].dateTime).toBeNull();
    expect(res.body).toMatchObject({ total: 4, totalIsCapped: false, today: todayIn('Asia/Kolkata') });
    const paged = await admin.get('/api/incidents/pending-actions?page=2&pageSize=2');
    expect(paged.body.items.map((i: { location: string }) => i.location)).toEqual(['Pune Depot', 'Undated']);
  });

  it('names each incident’s vehicle by id (for the link to its page) and label, null without one', async () => {
    const vehicle = await create('/api/vehicles', vehicleBody());
    const withVehicle = await incident('Open', 2, 'With a vehicle');
    await server.database.query('UPDATE incidents SET vehicle_id = $1 WHERE id = $2', [vehicle.id, withVehicle.id]);
    const items = (await admin.get('/api/incidents/pending-actions?pageSize=200')).body.items as {
      id: string;
      vehicleId: string | null;
      vehicleLabel: string | null;
    }[];
    expect(items.find((i) => i.id === withVehicle.id)).toMatchObject({
      vehicleId: vehicle.id,
      vehicleLabel: `${vehicle.licensePlate} (${vehicle.make} ${vehicle.model})`,
    });
    expect(items.filter((i) => i.id !== withVehicle.id).every((i) => i.vehicleId === null && i.vehicleLabel === null)).toBe(true);
  });

  it('is for roles that may view incidents', async () => {
    const accounts = new TestClient(server.url);
    await accounts.login('accounts1', 'Digest-Password-2026');
    expect((await accounts.get('/api/incidents/pending-actions')).status).toBe(403);
  });
});
