import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabaseUrl, vehicleBody, type TestServer } from './testing/test-server';

const NOT_SIGNED_IN = { title: 'Not Signed In', message: 'Your session has ended. Please sign in again.' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('without a session', () => {
  const routes: [method: string, path: string][] = [
    ['GET', '/api/vehicles'],
    ['GET', '/api/vehicles?q=tata&page=2'],
    ['POST', '/api/vehicles'],
    ['GET', '/api/vehicles/VEH1234AB'],
    ['PUT', '/api/vehicles/VEH1234AB'],
    ['DELETE', '/api/vehicles/VEH1234AB'],
    ['GET', '/api/openapi.json'],
    ['GET', '/api/docs'],
    ['GET', '/api/trips/TRP1234AB/history'],
    ['GET', '/api/activity'],
    ['GET', '/api/activity/recent'],
    ['GET', '/api/activity/export'],
    ['GET', '/api/activity/actors'],
    ['GET', '/api/auth/me'],
    ['POST', '/api/auth/logout'],
    ['POST', '/api/auth/password'],
    ['GET', '/api/auth/unknown'],
    ['GET', '/api/x'],
    ['POST', '/api/x'],
    ['PATCH', '/api/vehicles/VEH1234AB'],
    ['GET', '/api'],
    ['GET', '/api/'],
  ];

  it.each(routes)('%s %s answers 401', async (method, path) => {
    const body = ['POST', 'PUT', 'PATCH'].includes(method) ? vehicleBody({ version: 1 }) : undefined;
    const res = await server.client().request(method, path, { body });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_SIGNED_IN);
  });

  it('answers 401 to a made-up, an oversized and an ended session cookie', async () => {
    const client = server.client();
    for (const cookie of ['made-up', 'x'.repeat(5000), '']) {
      client.cookie = cookie;
      expect((await client.get('/api/vehicles')).status).toBe(401);
    }
  });

  it('writes nothing for a create without a session', async () => {
    await server.client().post('/api/vehicles', vehicleBody());
    expect(await server.count('vehicles')).toBe(0);
  });

  it('answers /livez and /readyz', async () => {
    const live = await server.client().get('/livez');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await server.client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });
});

describe('with a session', () => {
  it('serves the OpenAPI document and the docs page', async () => {
    const client = await server.signedIn();
    const doc = await client.get('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/me',
        '/api/auth/logout',
        '/api/auth/password',
        '/api/vehicles',
        '/api/vehicles/{id}',
        '/api/vehicles/{id}/summary',
        '/api/drivers/{id}/summary',
        '/api/trips/at',
      ]),
    );
    expect(Object.keys(doc.body.paths['/api/vehicles/{id}']).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    // A record's schema names the values computed from linked records that every response carries.
    const trip = doc.body.paths['/api/trips/{id}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(trip.properties)).toEqual(expect.arrayContaining(['vehicleLabel', 'driverLabel', 'version']));
    const docs = await client.get('/api/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    expect(docs.text).toContain('/api/openapi.json');
  });

  it('answers 404 in words for an unknown API path', async () => {
    const client = await server.signedIn();
    for (const path of ['/api/x', '/api/vehicles/VEH1234AB/extra', '/api/auth/unknown']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ title: 'Not Found', message: 'There is no such API endpoint.' });
    }
  });

  it('sends security headers', async () => {
    const client = await server.signedIn();
    const res = await client.get('/api/vehicles');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('when the database goes away', () => {
  it('/readyz answers 503 and /livez still 200', async () => {
    const doomed = await startTestServer();
    try {
      expect((await doomed.client().get('/readyz')).status).toBe(200);
      const signedIn = doomed.client();
      await signedIn.login();
      await doomed.database.close();
      const ready = await doomed.client().get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable' });
      expect((await doomed.client().get('/livez')).status).toBe(200);
      const api = await signedIn.get('/api/vehicles');
      expect(api.status).toBe(503);
      expect(api.body).toEqual({ title: 'Service Unavailable', message: 'The database is not answering. Please try again in a moment.' });
    } finally {
      await doomed.close();
    }
  });
});

describe('the test harness', () => {
  it('gives each test server its own fresh database and drops a temporary PostgreSQL database on close', async () => {
    const client = await server.signedIn();
    expect((await client.post('/api/vehicles', vehicleBody())).status).toBe(201);
    const other = await startTestServer();
    const [{ name }] = await other.database.query<{ name: string }>('SELECT current_database() AS name');
    try {
      expect(await other.count('vehicles')).toBe(0);
      expect(await other.count('users')).toBe(1);
    } finally {
      await other.close();
    }
    const serverUrl = testDatabaseUrl();
    if (serverUrl) {
      expect(name).toMatch(/^raahi_t_[0-9a-f]{12}$/);
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        expect((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rows).toEqual([]);
      } finally {
        await admin.end();
      }
    } else {
      expect(name).toBe('postgres'); // PGlite's one in-memory database
    }
  });
});
