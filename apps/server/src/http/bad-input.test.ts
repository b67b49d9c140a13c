import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { driverBody, startTestServer, tripBody, vehicleBody, type ApiResponse, type TestClient, type TestServer } from '../testing/test-server';

/**
 * Every malformed request gets a 4xx with {title, message} in words, never a 500, and writes nothing.
 */

const invalid = (message: string) => ({ title: 'Invalid Request', message });
const TOO_LARGE = { title: 'Request Too Large', message: 'The request body is too large.' };
const NOT_JSON = { title: 'Unsupported Media Type', message: 'Send the request body as application/json.' };

let server: TestServer;
let client: TestClient;
/** An existing vehicle, for updates. */
let existing: { id: string; version: number };
let snapshot: unknown[];

const vehicleRows = () => server.database.query('SELECT * FROM vehicles ORDER BY id');

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  const res = await client.post('/api/vehicles', vehicleBody());
  existing = res.body;
  snapshot = await vehicleRows();
});
afterAll(() => server?.close());
// Nothing in this file may change a vehicle.
afterEach(async () => {
  expect(await vehicleRows()).toEqual(snapshot);
});

function expectProblem(res: ApiResponse, status: number, body?: { title: string; message: string }) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(res.body).sort()).toEqual(['message', 'title']);
  expect(typeof res.body.title).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(5);
  if (body) expect(res.body).toEqual(body);
}

describe('create and update bodies', () => {
  it.each([
    ['an unknown field', { colour: 'red' }, 'Unknown field: colour.'],
    ['several unknown fields, including id', { colour: 'red', id: 'VEH0000AA' }, 'Unknown fields: colour, id.'],
    ['a year as text', { year: '2020' }, 'Year must be a number.'],
    ['a year with a fraction', { year: 2020.5 }, 'Year must be a whole number.'],
    ['a year as true', { year: true }, 'Year must be a number.'],
    ['a make as a number', { make: 42 }, 'Make must be text.'],
    ['a make as an object', { make: { $ne: '' } }, 'Make must be text.'],
    ['mileage as text', { currentMileage: '5000' }, 'Current Mileage (km) must be a number.'],
    ['an unknown type', { type: 'Rocket' }, 'Type must be one of Truck, Van, Trailer, Car, Bus, Motorcycle, Other.'],
    ['a type in the wrong case', { type: 'truck' }, 'Type must be one of Truck, Van, Trailer, Car, Bus, Motorcycle, Other.'],
    ['an unknown status', { status: 'Parked' }, 'Status must be one of Active, In Maintenance, Out of Service, Sold.'],
    ['a make of 10,000 characters', { make: 'x'.repeat(10_000) }, 'Make must be at most 100 characters.'],
    ['a model of 101 characters', { model: 'x'.repeat(101) }, 'Model must be at most 100 characters.'],
    ['a VIN of 51 characters', { vin: 'x'.repeat(51) }, 'VIN must be at most 50 characters.'],
    ['a license plate of 21 characters', { licensePlate: 'x'.repeat(21) }, 'License Plate must be at most 20 characters.'],
    ['a year of 10000', { year: 10_000 }, 'Year must be at most 9999.'],
    ['a negative year', { year: -1 }, 'Year must be at least 0.'],
    ['a year of 1e300', { year: 1e300 }, 'Year must be a whole number. Year must be at most 9999.'],
    ['mileage of 100 million', { currentMileage: 100_000_000 }, 'Current Mileage (km) must be at most 99999999.'],
    ['mileage of -100 million', { currentMileage: -100_000_000 }, 'Current Mileage (km) must be at least -99999999.'],
    ['31 February', { purchaseDate: '2026-02-30' }, 'Purchase Date must be a real calendar date.'],
    ['29 February in a common year', { purchaseDate: '2023-02-29' }, 'Purchase Date must be a real calendar date.'],
    ['month 13', { purchaseDate: '2026-13-01' }, 'Purchase Date must be a real calendar date.'],
    ['a date before 1900', { purchaseDate: '1899-12-31' }, 'Purchase Date must be in the years 1900 to 2200.'],
    ['a date after 2200', { purchaseDate: '9999-12-31' }, 'Purchase Date must be in the years 1900 to 2200.'],
    ['a date with a time', { purchaseDate: '2026-02-01T10:00:00Z' }, 'Purchase Date must be a date as YYYY-MM-DD.'],
    ['a date in Indian order', { purchaseDate: '15/04/2022' }, 'Purchase Date must be a date as YYYY-MM-DD.'],
    ['a date as a number', { purchaseDate: 20220415 }, 'Purchase Date must be text.'],
    ['a missing field', { make: undefined }, 'Make is required.'],
    ['a missing number field', { year: undefined }, 'Year is required.'],
    ['a make of null', { make: null }, 'Make is required.'],
    ['a license plate of null', { licensePlate: null }, 'License Plate is required.'],
  ])('refuses %s with 400', async (_label, change, message) => {
    const body = vehicleBody(change);
    const created = await client.post('/api/vehicles', body);
    expectProblem(created, 400, invalid(message));
    const updated = await client.put(`/api/vehicles/${existing.id}`, { ...body, version: existing.version });
    expectProblem(updated, 400, invalid(message));
  });

  it('names at most five problems at once', async () => {
    const res = await client.post('/api/vehicles', { make: 1, model: 2, year: 'x', vin: 3, licensePlate: 4, type: 5, status: 6 });
    expectProblem(res, 400, invalid('Make must be text. Model must be text. Year must be a number. License Plate must be text. VIN must be text.'));
  });

  it('accepts the limits themselves', async () => {
    // A create would change the table; validate the edge values on a copy that is deleted again.
    const res = await client.post(
      '/api/vehicles',
      vehicleBody({ make: 'm'.repeat(100), vin: 'v'.repeat(50), licensePlate: 'p'.repeat(20), currentMileage: 99_999_999, purchaseDate: '2024-02-29' }),
    );
    expect(res.status).toBe(201);
    expect((await client.del(`/api/vehicles/${res.body.id}`)).status).toBe(204);
  });

  it.each([
    ['a list', []],
    ['null', null],
    ['a string', 'text'],
    ['a number', 42],
  ])('refuses %s as the body', async (_label, body) => {
    const res = await client.post('/api/vehicles', JSON.stringify(body));
    expectProblem(res, 400, invalid('The request body must be a JSON object.'));
  });

  it.each([
    ['cut short', '{"make":'],
    ['with a trailing comma', '{"make":"Tata",}'],
    ['empty', ''],
    ['single-quoted', "{'make':'Tata'}"],
  ])('refuses malformed JSON (%s)', async (_label, raw) => {
    const res = await client.post('/api/vehicles', raw);
    expectProblem(res, 400, invalid('The request body is not valid JSON.'));
  });

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['multipart/form-data; boundary=x'], ['']])(
    'refuses the content type %j with 415',
    async (type) => {
      const res = await client.post('/api/vehicles', JSON.stringify(vehicleBody()), { headers: { 'content-type': type } });
      expectProblem(res, 415, NOT_JSON);
    },
  );

  it('accepts application/json with a charset', async () => {
    const res = await client.put(`/api/vehicles/${existing.id}`, vehicleBody({ version: 99 }), {
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expectProblem(res, 409); // parsed, then refused as stale: the charset was not the problem
  });

  it('refuses a body over 256 KiB with 413', async () => {
    const res = await client.post('/api/vehicles', JSON.stringify(vehicleBody({ vin: 'x'.repeat(300 * 1024) })));
    expectProblem(res, 413, TOO_LARGE);
  });

  it('refuses a body over 256 KiB sent in chunks without a length', async () => {
    const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/vehicles`, {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          cookie: `raahi_session=${client.cookie}`,
          'x-csrf-token': client.csrfToken!,
          'transfer-encoding': 'chunked',
        },
      });
      req.on('response', (r) => {
        let text = '';
        r.on('data', (d) => (text += d));
        r.on('end', () => resolve({ status: r.statusCode!, text }));
      });
      req.on('error', reject);
      const chunk = 'x'.repeat(32 * 1024);
      req.write('{"vin":"');
      for (let i = 0; i < 10; i++) req.write(chunk);
      req.end('"}');
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual(TOO_LARGE);
  });

  it('takes a body just under the limit and judges its content', async () => {
    const res = await client.post('/api/vehicles', JSON.stringify(vehicleBody({ make: 'x'.repeat(250 * 1024) })));
    expectProblem(res, 400, invalid('Make must be at most 100 characters.'));
  });

  it('refuses a NUL character, which PostgreSQL cannot store, with 400 naming the field', async () => {
    expectProblem(await client.post('/api/vehicles', vehicleBody({ make: 'Ta\u0000ta' })), 400, invalid('Make must not contain control characters.'));
  });

  it('refuses a bad version on an update', async () => {
    const body = vehicleBody();
    expectProblem(await client.put(`/api/vehicles/${existing.id}`, body), 400, invalid('Version is required.'));
    expectProblem(await client.put(`/api/vehicles/${existing.id}`, { ...body, version: '1' }), 400, invalid('Version must be a number.'));
    expectProblem(await client.put(`/api/vehicles/${existing.id}`, { ...body, version: 0 }), 400, invalid('Version must be at least 1.'));
    expectProblem(await client.put(`/api/vehicles/${existing.id}`, { ...body, version: 1.5 }), 400, invalid('Version must be a whole number.'));
  });
});

describe('list query parameters', () => {
  it.each([
    ['an unknown parameter', 'colour=red', 'Unknown parameter: colour.'],
    ['page 0', 'page=0', 'Page must be at least 1.'],
    ['a negative page', 'page=-1', 'Page must be at least 1.'],
    ['a page that is not a number', 'page=abc', 'Page must be a number.'],
    ['a fractional page', 'page=1.5', 'Page must be a whole number.'],
    ['a page beyond any list', 'page=1000001', 'Page must be at most 1000000.'],
    ['a page size over 200', 'pageSize=201', 'Page size must be at most 200.'],
    ['a page size of 0', 'pageSize=0', 'Page size must be at least 1.'],
    ['an unknown sort', 'sort=searchText', 'Sort must be one of createdAt, id, make, year, licensePlate, type, status, currentMileage, fleet, added.'],
    ['a sort by a column not offered', 'sort=vin', 'Sort must be one of createdAt, id, make, year, licensePlate, type, status, currentMileage, fleet, added.'],
    ['an unknown order', 'order=sideways', 'Order must be one of asc, desc.'],
    ['an unknown type', 'type=Rocket', 'Type must be one of Truck, Van, Trailer, Car, Bus, Motorcycle, Other.'],
    ['an unknown status', 'status=active', 'Status must be one of Active, In Maintenance, Out of Service, Sold.'],
    ['a search of 201 characters', `q=${'x'.repeat(201)}`, 'Search must be at most 200 characters.'],
    ['a NUL in the search', 'q=ab%00cd', 'A value is not valid for its field.'],
  ])('refuses %s with 400', async (_label, query, message) => {
    expectProblem(await client.get(`/api/vehicles?${query}`), 400, invalid(message));
  });

  it('accepts the largest page size and a search of 200 characters', async () => {
    expect((await client.get('/api/vehicles?pageSize=200')).status).toBe(200);
    expect((await client.get(`/api/vehicles/total?q=${'x'.repeat(200)}`)).body.total).toBe(0);
  });
});

describe('record paths', () => {
  it('answers 404 for an id longer than any id', async () => {
    expectProblem(await client.get(`/api/vehicles/${'A'.repeat(65)}`), 404, { title: 'Not Found', message: 'No such record.' });
    expectProblem(await client.del(`/api/vehicles/${'A'.repeat(65)}`), 404);
  });

  it('answers 404 for ids with odd characters, and 400 for a NUL', async () => {
    for (const id of ["VEH1234AB'--", '%25', '..%2F..%2Fetc', '%E0%A4%A', 'veh%20space']) {
      expectProblem(await client.get(`/api/vehicles/${id}`), 404);
    }
    expectProblem(await client.get('/api/vehicles/%00'), 400, invalid('A value is not valid for its field.'));
  });
});

describe('sign-in bodies', () => {
  it.each([
    ['nothing', {}, 'Username is required. Password is required.'],
    ['empty values', { username: '', password: '' }, 'Username is required. Password is required.'],
    ['a blank user name', { username: '   ', password: 'x' }, 'Username is required.'],
    ['numbers', { username: 1, password: 2 }, 'Username must be text. Password must be text.'],
    ['an unknown field', { username: 'admin', password: 'x', remember: true }, 'Unknown field: remember.'],
    ['a user name of 101 characters', { username: 'u'.repeat(101), password: 'x' }, 'Username must be at most 100 characters.'],
    ['a password of 1001 characters', { username: 'admin', password: 'p'.repeat(1001) }, 'Password must be at most 1000 characters.'],
  ])('refuses %s with 400 and counts no password guess', async (_label, body, message) => {
    expectProblem(await server.client().post('/api/auth/login', body), 400, invalid(message));
    const [{ guesses }] = await server.database.query<{ guesses: number }>('SELECT coalesce(sum(guesses), 0)::int AS guesses FROM login_guesses');
    expect(guesses).toBe(0);
  });

  it('names a few of 20,000 unknown fields and says how many more, in a short answer', async () => {
    const body: Record<string, unknown> = { username: 'admin', password: 'x' };
    for (let i = 0; i < 20_000; i++) body[`f${i}`] = 1;
    body['k'.repeat(5000)] = 1;
    const res = await server.client().post('/api/auth/login', body);
    expectProblem(res, 400, invalid('Unknown fields: f0, f1, f2, f3, f4 and 19,996 more.'));
    expect(res.text.length).toBeLessThan(300);
  });

  it('refuses malformed JSON and other content types', async () => {
    expectProblem(await server.client().post('/api/auth/login', '{"username":'), 400, invalid('The request body is not valid JSON.'));
    expectProblem(
      await server.client().post('/api/auth/login', 'username=admin', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      415,
      NOT_JSON,
    );
  });

  it('refuses a bad password-change body', async () => {
    expectProblem(await client.post('/api/auth/password', { currentPassword: 'x' }), 400, invalid('New password is required.'));
    expectProblem(
      await client.post('/api/auth/password', { currentPassword: 1, newPassword: 2 }),
      400,
      invalid('Current password must be text. New password must be text.'),
    );
  });
});

describe('never a 500', () => {
  const full = JSON.stringify(vehicleBody());
  const junk: unknown[] = [
    {},
    { make: null, model: null, year: null, vin: null, licensePlate: null, type: null, status: null, currentMileage: null, purchaseDate: null },
    vehicleBody({ year: Number.MAX_SAFE_INTEGER }),
    vehicleBody({ currentMileage: 2 ** 31 }),
    vehicleBody({ year: [2020] }),
    vehicleBody({ purchaseDate: '0000-00-00' }),
    vehicleBody({ purchaseDate: '' }),
    vehicleBody({ purchaseDate: '2026-1-5' }),
    vehicleBody({ type: ['Truck'] }),
    vehicleBody({ constructor: { prototype: {} } }),
    full.replace('{', '{"__proto__": {"polluted": true},'),
    full.replace('"year":2022', '"year":1e309'),
    full.replace('"year":2022', '"year":-1e309'),
    full.replace('"Tata"', '"Ta\\u0000ta"'),
    full + 'trailing',
    '['.repeat(5000) + ']'.repeat(5000),
    '"' + 'x'.repeat(1000) + '"',
  ];

  it.each(junk.map((body, i) => [i, body]))('answers junk body #%i with a 4xx in words', async (_i, body) => {
    const sent = typeof body === 'string' ? body : JSON.stringify(body);
    for (const res of [await client.post('/api/vehicles', sent), await client.put(`/api/vehicles/${existing.id}`, sent)]) {
      expect(res.status, `${res.status} ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectProblem(res, res.status);
    }
  });
});

describe('text and dates that once stalled the server or answered 500', () => {
  it('answers a 60 KB e-mail with 400 at once, while other requests keep being answered', async () => {
    const email = 'a@' + '.'.repeat(60_000) + ' x';
    const started = performance.now();
    let answeredMeanwhile = 0;
    let stopped = false;
    const slow = client.post('/api/drivers', driverBody({ email })).finally(() => (stopped = true));
    // Another user's reads, sent while the long body is being handled: each must be answered.
    while (!stopped) {
      const res = await client.get('/livez');
      expect(res.status).toBe(200);
      answeredMeanwhile++;
    }
    const res = await slow;
    const elapsed = performance.now() - started;
    expectProblem(res, 400, invalid('Email must be at most 200 characters.'));
    expect(elapsed).toBeLessThan(500);
    expect(answeredMeanwhile).toBeGreaterThan(0);
    expect(await server.count('drivers')).toBe(0);
  });

  it('refuses every date-time outside the years 1900 to 2200 with 400, on create and update', async () => {
    const vehicle = existing.id;
    const driver = (await client.post('/api/drivers', driverBody())).body;
    const trip = (await client.post('/api/trips', tripBody(vehicle, driver.id))).body;
    for (const field of ['eta', 'startDate', 'endDate']) {
      const label = { eta: 'ETA', startDate: 'Start Date', endDate: 'End Date' }[field];
      for (const value of ['9999-12-31T23:59:59-14:00', '2200-12-31T23:59:59-01:00', '1899-12-31T23:59:59Z', '+010000-01-01T00:00:00Z']) {
        const message = value.startsWith('+') ? `${label} must be a date-time such as 2026-11-21T10:30:00Z.` : `${label} must be in the years 1900 to 2200.`;
        expectProblem(await client.post('/api/trips', tripBody(vehicle, driver.id, { [field]: value })), 400, invalid(message));
        expectProblem(
          await client.put(`/api/trips/${trip.id}`, { ...tripBody(vehicle, driver.id, { [field]: value }), version: trip.version }),
          400,
          invalid(message),
        );
      }
    }
    expect(await server.count('trips')).toBe(1);
    expect((await client.del(`/api/trips/${trip.id}`)).status).toBe(204);
    expect((await client.del(`/api/drivers/${driver.id}`)).status).toBe(204);
  });

  it('does not count a lone zero-width space as filling a required field', async () => {
    const res = await client.post('/api/drivers', driverBody({ name: '\u200B' }));
    expectProblem(res, 422, { title: 'Missing Fields', message: 'Please fill in all required fields (Name, License, Contact, Email).' });
    expect(await server.count('drivers')).toBe(0);
  });

  it('stores text without bidirectional controls, so a name reads as it is', async () => {
    const res = await client.post('/api/drivers', driverBody({ name: 'Ravi\u202Eexe.pdf', address: '\u2067Pune\u2069' }));
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Raviexe.pdf');
    expect(res.body.address).toBe('Pune');
    expect((await client.del(`/api/drivers/${res.body.id}`)).status).toBe(204);
  });
});
