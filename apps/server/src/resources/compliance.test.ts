import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, complianceArea, todayIn } from '@raahi/domain';
import { areaTestKit, q, sorted } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, type TestClient, type TestServer } from '../testing/test-server';

const PATH = '/api/compliance';
const MISSING = { title: 'Missing Fields', message: 'Document Name, Type, and Expiry Date are required.' };
const BAD_DATES = { title: 'Invalid Dates', message: 'Issue Date cannot be after Expiry Date.' };

let server: TestServer;
let client: TestClient;
const { create, expectNothingWritten, search } = areaTestKit({ path: PATH, tables: ['compliance_documents'], reach: () => ({ server, client }) });
const body = (overrides: Record<string, unknown> = {}) => declaredBody(complianceArea.fields, {}, { documentName: 'RC MH12AB1234', issueDate: null, expiryDate: '2030-01-01', ...overrides });
// A user in India and the server agree on today for these tests; the edges are judged by the date sent.
const today = todayIn('Asia/Kolkata');

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
});
afterAll(() => server?.close());

describe('compliance documents', () => {
  it('creates a DOC id of 4 digits and 2 capitals, with Vehicle Registration by default', async () => {
    const saved = await create(PATH, body());
    expect(saved).toMatchObject({ id: expect.stringMatching(/^DOC\d{4}[A-Z0-9]{2}$/), documentType: 'Vehicle Registration', documentFile: null, documentFileName: null });
  });

  it.each([['documentName', ''], ['documentType', ''], ['expiryDate', null]])('refuses a blank %s with Missing Fields', async (field, value) => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ [field]: value }));
      expect([res.status, res.body]).toEqual([422, MISSING]);
    });
  });

  it('refuses an issue date after the expiry date, and takes the same day', async () => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ issueDate: '2030-01-02', expiryDate: '2030-01-01' }));
      expect([res.status, res.body]).toEqual([422, BAD_DATES]);
    });
    expect((await create(PATH, body({ issueDate: '2030-01-01', expiryDate: '2030-01-01' }))).issueDate).toBe('2030-01-01');
  });

  it('filters Expired and Expires Soon at the edges: yesterday, today, today + 30, today + 31', async () => {
    const doc = (name: string, days: number) => create(PATH, body({ documentName: `Edgecase ${name}`, expiryDate: addDays(today, days) }));
    const yesterday = await doc('yesterday', -1);
    const onToday = await doc('today', 0);
    const in30 = await doc('in30', 30);
    await doc('in31', 31);
    const at = `today=${today}&${q('edgecase')}`;
    expect(await search(`${at}&expiry=Expired`)).toEqual(sorted(yesterday.id));
    expect(await search(`${at}&expiry=${encodeURIComponent('Expires Soon')}`)).toEqual(sorted(onToday.id, in30.id));
    // A day later for the user (tomorrow in their zone): today's document has expired.
    const tomorrow = addDays(today, 1);
    if (tomorrow <= addDays(todayIn('UTC'), 1)) expect(await search(`today=${tomorrow}&${q('edgecase')}&expiry=Expired`)).toEqual(sorted(yesterday.id, onToday.id));
    const total = await client.get(`${PATH}/total?${at}&expiry=${encodeURIComponent('Expires Soon')}`);
    expect(total.body).toEqual({ total: 2, totalIsEstimate: false });
  });

  it('refuses a today that is no date or far from the real one', async () => {
    for (const bad of ['2020-01-01', 'tomorrow', '2026-02-30', 'x'.repeat(5000)]) {
      const res = await client.get(`${PATH}?today=${encodeURIComponent(bad)}&expiry=Expired`);
      expect(res.status, bad.slice(0, 20)).toBe(400);
    }
  });

  it('keeps a private file with the document and returns its name', async () => {
    const stored = await client.upload('rc-scan.pdf', Buffer.from('%PDF-1.4\n%test\n%%EOF\n'));
    expect(stored.status, stored.text).toBe(201);
    const saved = await create(PATH, body({ documentFile: stored.body.id }));
    expect(saved).toMatchObject({ documentFile: stored.body.id, documentFileName: 'rc-scan.pdf' });
    const missing = await client.post(PATH, body({ documentFile: 'FIL0000000000000' }));
    expect(missing.status).toBe(409);
  });

  it('searches id, name, entity id, document number and issuer', async () => {
    const saved = await create(PATH, body({ documentName: 'National Permit', entityId: 'VEH7777QQ', documentNumber: 'NP/KA/2026/0042', issuer: 'RTO Bengaluru Central' }));
    for (const term of [saved.id, 'national perm', 'veh7777', 'ka/2026/00', 'bengaluru cen']) expect(await search(q(term))).toContain(saved.id);
  });
});
