import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, insuranceArea, todayIn } from '@raahi/domain';
import { areaTestKit, q, sorted } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, tripBody, type Json, type TestClient, type TestServer } from '../testing/test-server';

const PATH = '/api/trip-insurance';
const MISSING_FIELDS = { title: 'Missing Fields', message: 'Trip ID, Type, Policy #, Provider, Start Date, and End Date are required.' };
const INVALID_DATES = { title: 'Invalid Dates', message: 'Start Date cannot be after End Date.' };
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

let server: TestServer;
let client: TestClient;
let trip: Json;
const { create, createDriver, createVehicle, expectNothingWritten, search } = areaTestKit({
  path: PATH,
  tables: ['trip_insurance_policies', 'trips'],
  reach: () => ({ server, client }),
});
const body = (overrides: Record<string, unknown> = {}, tripId: string = trip.id) =>
  declaredBody(
    insuranceArea.fields,
    { trips: tripId },
    { policyNumber: 'OG-26-1001', providerName: 'ICICI Lombard', startDate: '2026-01-01', endDate: '2099-12-31', ...overrides },
  );
const policy = (overrides: Record<string, unknown> = {}, tripId?: string) => create(PATH, body(overrides, tripId));
const createTrip = async (overrides: Record<string, unknown> = {}) => {
  const [vehicle, driver] = [await createVehicle(), await createDriver()];
  return create('/api/trips', tripBody(vehicle.id, driver.id, overrides));
};

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  trip = await createTrip({ origin: 'Nhava Sheva', destination: 'Ahmedabad' });
});
afterAll(() => server?.close());

/** The status each edge-case policy of the status test is shown with. */
const SHOWN: Record<string, string> = {
  Today: 'Active',
  Cancelled: 'Cancelled',
  Claim: 'Claim Filed',
  Stored: 'Expired',
  Yesterday: 'Expired',
  Pending: 'Expired',
  Future: 'Pending',
};

describe('trip insurance', () => {
  it('stores a policy with the defaults (Cargo, Pending), an INS id and its trip’s label', async () => {
    expect(insuranceArea.defaults()).toMatchObject({ insuranceType: 'Cargo', status: 'Pending', claimId: '', documentFile: null });
    const saved = await policy();
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^INS\d{5}[A-Z0-9]{3}$/),
      insuranceType: 'Cargo',
      status: 'Pending',
      tripLabel: `${trip.id} (Nhava Sheva → Ahmedabad)`,
      documentFileName: null,
    });
  });

  it.each([
    ['tripId', ''],
    ['insuranceType', ''],
    ['policyNumber', ' '],
    ['providerName', ''],
    ['startDate', null],
    ['endDate', null],
  ])('refuses a blank %s with Missing Fields (422, nothing written)', async (field, value) => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ [field]: value }));
      expect([res.status, res.body]).toEqual([422, MISSING_FIELDS]);
    });
  });

  it('refuses a start after the end with Invalid Dates; the same day is accepted', async () => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ startDate: '2026-05-02', endDate: '2026-05-01' }));
      expect([res.status, res.body]).toEqual([422, INVALID_DATES]);
    });
    expect(await policy({ startDate: '2026-05-01', endDate: '2026-05-01' })).toMatchObject({ startDate: '2026-05-01', endDate: '2026-05-01' });
  });

  it('keeps a Claim ID only while the status is Claim Filed', async () => {
    expect(await policy({ status: 'Claim Filed', claimId: 'CLM-77' })).toMatchObject({ claimId: 'CLM-77' });
    const active = await policy({ status: 'Active', claimId: 'CLM-78' });
    expect(active.claimId).toBe('');
    const res = await client.put(`${PATH}/${active.id}`, { ...body({ status: 'Claim Filed', claimId: 'CLM-79' }), version: active.version });
    expect([res.status, res.body.claimId]).toEqual([200, 'CLM-79']);
  });

  it('filters by the displayed status on the server, at the edges of the end date', async () => {
    const today = todayIn('Asia/Kolkata');
    const yesterday = addDays(today, -1);
    const at = (status: string, endDate: string, providerName: string) => policy({ status, startDate: '2026-01-01', endDate, providerName });
    const endedYesterday = await at('Active', yesterday, 'Edgecase Yesterday');
    const endsToday = await at('Active', today, 'Edgecase Today');
    const claimEnded = await at('Claim Filed', yesterday, 'Edgecase Claim');
    const cancelledEnded = await at('Cancelled', yesterday, 'Edgecase Cancelled');
    const storedExpired = await at('Expired', '2099-01-01', 'Edgecase Stored');
    const pendingEnded = await at('Pending', yesterday, 'Edgecase Pending');
    const pending = await at('Pending', '2099-01-01', 'Edgecase Future');
    const status = async (value: string) => search(`${q('edgecase')}&today=${today}&status=${encodeURIComponent(value)}`);
    expect(await status('Expired')).toEqual(sorted(endedYesterday.id, storedExpired.id, pendingEnded.id));
    expect(await status('Active')).toEqual([endsToday.id]);
    expect(await status('Pending')).toEqual([pending.id]);
    expect(await status('Claim Filed')).toEqual([claimEnded.id]);
    expect(await status('Cancelled')).toEqual([cancelledEnded.id]);
    const total = await client.get(`${PATH}/total?${q('edgecase')}&today=${today}&status=Expired`);
    expect(total.body).toEqual({ total: 3, totalIsEstimate: false });
    expect((await client.get(`${PATH}?status=Lapsed`)).status).toBe(400);

    // Sorted by status, a policy sorts as it is shown: ended yesterday, it sorts among the Expired, in the list and the export.
    const shown = async (order: string) =>
      (await client.get(`${PATH}?${q('edgecase')}&today=${today}&sort=status&order=${order}&pageSize=200`)).body.items.map((p: Json) =>
        p.providerName.replace('Edgecase ', ''),
      );
    expect((await shown('asc')).map((name: string) => SHOWN[name])).toEqual(['Active', 'Cancelled', 'Claim Filed', 'Expired', 'Expired', 'Expired', 'Pending']);
    expect((await shown('desc')).map((name: string) => SHOWN[name])).toEqual([
      'Pending',
      'Expired',
      'Expired',
      'Expired',
      'Claim Filed',
      'Cancelled',
      'Active',
    ]);
    const exported = await client.get(`${PATH}/export?${q('edgecase')}&today=${today}&sort=status&order=desc`);
    expect(exported.status).toBe(200);
    expect(exported.text.indexOf('Edgecase Future')).toBeLessThan(exported.text.indexOf('Edgecase Yesterday'));
    // Written as shown: the policy stored Active that ended yesterday is Expired in the file too.
    const yesterdayLine = exported.text.split('\r\n').find((line: string) => line.includes('Edgecase Yesterday'))!;
    expect(yesterdayLine.split(',')).toContain('Expired');
    expect(yesterdayLine.split(',')).not.toContain('Active');
  });

  it('filters by insurance type', async () => {
    const liability = await policy({ insuranceType: 'Liability', providerName: 'Typefilter Tata AIG' });
    await policy({ insuranceType: 'Vehicle', providerName: 'Typefilter Bajaj Allianz' });
    expect(await search(`${q('typefilter')}&insuranceType=Liability`)).toEqual([liability.id]);
  });

  it('searches the trip’s id and label, the policy number and the provider, and follows a renamed trip', async () => {
    const t = await createTrip({ origin: 'Ludhiana', destination: 'Kandla Port' });
    const saved = await policy({ policyNumber: 'HDFC-GIT-55821', providerName: 'HDFC ERGO General' }, t.id);
    for (const term of [t.id.toLowerCase(), 'ludhiana → kandla', 'git-5582', 'hdfc ergo', saved.id]) expect(await search(q(term)), term).toContain(saved.id);
    expect(await search(q('nothing-like-this'))).toEqual([]);
    const renamed = await client.put(`/api/trips/${t.id}`, {
      ...t,
      origin: 'Jalandhar',
      id: undefined,
      createdAt: undefined,
      updatedAt: undefined,
      vehicleLabel: undefined,
      vehiclePlate: undefined,
      driverLabel: undefined,
      cost: undefined,
      margin: undefined,
      costPerKm: undefined,
      revenuePerKm: undefined,
      salesOrderLabel: undefined,
      customerName: undefined,
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await search(q('jalandhar'))).toEqual([saved.id]);
    expect(await search(q('ludhiana'))).toEqual([]);
  });

  it('stores the policy document as a private uploaded file and returns its name', async () => {
    const upload = await client.upload('policy-schedule.pdf', PDF, { contentType: 'application/pdf' });
    expect(upload.status, upload.text).toBe(201);
    const saved = await policy({ documentFile: upload.body.id });
    expect(saved).toMatchObject({ documentFile: upload.body.id, documentFileName: 'policy-schedule.pdf' });
    await expectNothingWritten(async () => {
      expect((await client.post(PATH, body({ documentFile: 'policy.pdf' }))).status).toBe(400);
    });
  });

  it('refuses to delete a trip its policies use, until they are gone', async () => {
    const t = await createTrip();
    const first = await policy({}, t.id);
    await expectNothingWritten(async () => {
      const res = await client.del(`/api/trips/${t.id}`);
      expect([res.status, res.body]).toEqual([409, { title: 'Delete Failed', message: 'This trip cannot be deleted because 1 insurance policy uses it.' }]);
    });
    expect((await client.del(`${PATH}/${first.id}`)).status).toBe(204);
    expect((await client.del(`/api/trips/${t.id}`)).status).toBe(204);
  });
});
