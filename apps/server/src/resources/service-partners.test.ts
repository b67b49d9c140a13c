import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGeoLocation, servicePartnersArea } from '@raahi/domain';
import { areaTestKit, q, sorted } from '../testing/area-tests';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, type TestClient, type TestServer } from '../testing/test-server';

const PATH = '/api/service-partners';
const MISSING = { title: 'Missing Fields', message: 'Partner Name, at least one Service Type, and Contact Info are required.' };
const RATING = { title: 'Invalid Rating', message: 'Rating must be between 0 and 5.' };
const LOCATION = { title: 'Invalid Location', message: 'Geo Location must be latitude,longitude in degrees, e.g. 18.5204,73.8567.' };

let server: TestServer;
let client: TestClient;
const { create, expectNothingWritten, search } = areaTestKit({ path: PATH, tables: ['service_partners'], reach: () => ({ server, client }) });
const body = (overrides: Record<string, unknown> = {}) =>
  declaredBody(
    servicePartnersArea.fields,
    {},
    { partnerName: 'Highway Rescue Towing', contactInfo: '+91 98220 12345', serviceTypes: ['Towing'], geoLocation: '', notes: '', ...overrides },
  );
const partner = (overrides: Record<string, unknown> = {}) => create(PATH, body(overrides));

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
});
afterAll(() => server?.close());

describe('service partners', () => {
  it('stores a partner with an SP id, its service types in order and availability 24/7 by default', async () => {
    expect(servicePartnersArea.defaults()).toMatchObject({ availability: '24/7', serviceTypes: [], rating: null });
    const saved = await partner({ serviceTypes: ['Towing', 'Tyres', 'Accident Response'], rating: 4.5, geoLocation: '18.5204,73.8567' });
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^SP\d{5}[A-Z0-9]{3}$/),
      serviceTypes: ['Towing', 'Tyres', 'Accident Response'],
      availability: '24/7',
      rating: 4.5,
      geoLocation: '18.5204,73.8567',
    });
  });

  it.each([
    ['partnerName', ''],
    ['partnerName', ' '],
    ['serviceTypes', []],
    ['contactInfo', ''],
  ])('refuses a blank %s (%j) with the required-fields text and writes nothing', async (field, value) => {
    await expectNothingWritten(async () => {
      const res = await client.post(PATH, body({ [field]: value }));
      expect([res.status, res.body]).toEqual([422, MISSING]);
    });
  });

  it('refuses a rating below 0 or above 5; stores 0 and blank as no rating, 5 as 5', async () => {
    await expectNothingWritten(async () => {
      for (const rating of [-0.1, 5.1, 10]) expect([(await client.post(PATH, body({ rating }))).body]).toEqual([RATING]);
    });
    expect((await partner({ rating: 0 })).rating).toBeNull();
    expect((await partner({ rating: null })).rating).toBeNull();
    expect((await partner({ rating: 5 })).rating).toBe(5);
    const edited = await partner({ rating: 3.5 });
    const res = await client.put(`${PATH}/${edited.id}`, { ...body({ rating: 0 }), version: edited.version });
    expect([res.status, res.body.rating]).toEqual([200, null]);
  });

  it('takes a geo location only as latitude,longitude within range (or none)', async () => {
    await expectNothingWritten(async () => {
      for (const geoLocation of ['Pune', '18.52', '91,73', '18.5,181', '18.5,73.8,1', '1'.repeat(30) + ',' + '2'.repeat(29)]) {
        const res = await client.post(PATH, body({ geoLocation }));
        expect([res.status, res.body], geoLocation).toEqual([422, LOCATION]);
      }
    });
    expect((await partner({ geoLocation: ' -12.9716 , 77.5946 ' })).geoLocation).toBe('-12.9716,77.5946');
    expect((await partner({ geoLocation: '' })).geoLocation).toBe('');
    expect(parseGeoLocation('28.7041,77.1025')).toEqual({ lat: 28.7041, lon: 77.1025 });
  });

  it('answers a very long run of digits at once (the check cannot backtrack)', () => {
    const started = performance.now();
    for (const text of ['1'.repeat(50_000), `${'1.'.repeat(25_000)},`, `-${'9'.repeat(59)}`]) expect(parseGeoLocation(text)).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('searches id, name, contact and notes', async () => {
    const saved = await partner({ partnerName: 'Sahyadri Tyre Care', contactInfo: 'sahyadri.tyres@example.in', notes: 'Night van near Khopoli exit' });
    for (const term of [saved.id.toLowerCase(), 'SAHYADRI TYRE', 'tyres@example', 'khopoli exit']) expect(await search(q(term))).toEqual(sorted(saved.id));
  });

  it('filters by a service type held among several, offering the types present across all partners', async () => {
    const both = await partner({ partnerName: 'Typefilter Both', serviceTypes: ['Battery', 'Fuel Delivery'] });
    const one = await partner({ partnerName: 'Typefilter One', serviceTypes: ['Fuel Delivery'] });
    expect(await search(`${q('typefilter')}&serviceTypes=${encodeURIComponent('Fuel Delivery')}`)).toEqual(sorted(both.id, one.id));
    expect(await search(`${q('typefilter')}&serviceTypes=Battery`)).toEqual([both.id]);
    expect(await search(`${q('typefilter')}&serviceTypes=Engine`)).toEqual([]);
    const values = await client.get(`${PATH}/values/serviceTypes`);
    expect(values.body.values).toEqual(expect.arrayContaining(['Battery', 'Fuel Delivery', 'Towing']));
    expect(values.body.values).not.toContain('Engine');
  });
});
