import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryArea } from '@raahi/domain';
import { areaTestKit, q, sorted } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, type TestClient, type TestServer } from '../testing/test-server';

const PATH = '/api/inventory';
const NEGATIVE = { title: 'Invalid Values', message: 'Quantity, Reorder Level, and Cost cannot be negative.' };

let server: TestServer;
let client: TestClient;
const { create, expectNothingWritten, search } = areaTestKit({ path: PATH, tables: ['inventory_items'], reach: () => ({ server, client }) });
const item = (overrides: Record<string, unknown>) =>
  create(PATH, declaredBody(inventoryArea.fields, {}, { name: 'Brake Pad Set', partNumber: 'BP-1613', ...overrides }));

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
});
afterAll(() => server?.close());

describe('inventory', () => {
  it('stores the defaults: quantity 0, reorder level 10, cost ₹0.00', async () => {
    expect(inventoryArea.defaults()).toMatchObject({ quantity: 0, reorderLevel: 10, costPerUnit: 0 });
    const saved = await item({ costPerUnit: 1234567.89 });
    expect(saved).toMatchObject({ id: expect.stringMatching(/^INV\d{4}[A-Z0-9]{3}$/), quantity: 0, reorderLevel: 10, costPerUnit: 1234567.89 });
  });

  it.each([
    ['quantity', -1],
    ['reorderLevel', -1],
    ['costPerUnit', -0.01],
  ])('refuses a negative %s with the specified text', async (field, value) => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, declaredBody(inventoryArea.fields, {}, { name: 'X', partNumber: 'Y', [field]: value }));
      expect([res.status, res.body]).toEqual([422, NEGATIVE]);
    });
  });

  it('refuses fractions of a unit and of a paisa (400, nothing written)', async () => {
    await expectNothingWritten(async () => {
      for (const overrides of [{ quantity: 1.5 }, { reorderLevel: 2.5 }, { costPerUnit: 10.001 }]) {
        const res = await client.post(PATH, declaredBody(inventoryArea.fields, {}, { name: 'X', partNumber: 'Y', ...overrides }));
        expect(res.status, JSON.stringify(overrides)).toBe(400);
      }
    });
  });

  it('filters by stock level on the server, at the edges: at the reorder level, 5 above, 6 above', async () => {
    const at = await item({ name: 'Stockedge At', quantity: 10, reorderLevel: 10 });
    const below = await item({ name: 'Stockedge Below', quantity: 0, reorderLevel: 10 });
    const fiveAbove = await item({ name: 'Stockedge Five', quantity: 15, reorderLevel: 10 });
    const oneAbove = await item({ name: 'Stockedge One', quantity: 11, reorderLevel: 10 });
    await item({ name: 'Stockedge Six', quantity: 16, reorderLevel: 10 });
    expect(await search(`${q('stockedge')}&stock=${encodeURIComponent('Reorder Needed')}`)).toEqual(sorted(at.id, below.id));
    expect(await search(`${q('stockedge')}&stock=${encodeURIComponent('Low Stock')}`)).toEqual(sorted(fiveAbove.id, oneAbove.id));
    const res = await client.get(`${PATH}/total?${q('stockedge')}&stock=${encodeURIComponent('Low Stock')}`);
    expect(res.body).toEqual({ total: 2, totalIsEstimate: false });
    expect((await client.get(`${PATH}?stock=Healthy`)).status).toBe(400);
  });

  it('searches id, name, part number, supplier and location', async () => {
    const saved = await item({ name: 'Clutch Plate', partNumber: 'CP-ASHOK-77', supplier: 'Valeo India', location: 'Rack Q9, Nagpur' });
    for (const term of [saved.id.toLowerCase(), 'clutch pl', 'ashok-77', 'VALEO', 'q9, nag']) expect(await search(q(term))).toContain(saved.id);
  });
});

describe('inventory: values as stored', () => {
  it('refuses a quantity or cost of 1e-9 (stored, it would be 0) with its message, and control characters in a name', async () => {
    await expectNothingWritten(async () => {
      for (const [overrides, message] of [
        [{ quantity: 1e-9 }, 'Quantity must be a whole number.'],
        [{ costPerUnit: 1e-9 }, 'Cost Per Unit (₹) must have at most 2 decimals (paise).'],
        [{ costPerUnit: 99.999999999 }, 'Cost Per Unit (₹) must have at most 2 decimals (paise).'],
        [{ name: 'Brake\u0000Pad' }, 'Name must not contain control characters.'],
        [{ location: 'Rack\u009bA3' }, 'Location must not contain control characters.'],
      ] as const) {
        const res = await client.post(PATH, declaredBody(inventoryArea.fields, {}, { name: 'X', partNumber: 'Y', ...overrides }));
        expect([res.status, res.body], JSON.stringify(overrides)).toEqual([400, { title: 'Invalid Request', message }]);
      }
    });
  });
});
