import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';

let server: TestServer;
let client: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  for (let i = 0; i < 30; i++)
    expect((await client.post('/api/vehicles', vehicleBody({ vin: `COMPRESS${i}`, licensePlate: `MH12CP${1000 + i}` }))).status).toBe(201);
});
afterAll(() => server?.close());

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('JSON answers', () => {
  it('are sent as brotli to a browser, gzip to a client that takes only gzip, as they are otherwise, with their length and Vary', async () => {
    const plain = await client.get('/api/vehicles?pageSize=50', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');
    expect(plain.headers.get('content-length')).toBe(String(plain.bytes.length));
    expect(plain.body.items).toHaveLength(30);
    const br = await client.get('/api/vehicles?pageSize=50', { headers: BROWSER });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toBe('application/json');
    expect(br.headers.get('cache-control')).toBe('no-store');
    expect(br.headers.get('content-length')).toBe(String(br.bytes.length));
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 4);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(plain.text);
    const gz = await client.get('/api/vehicles?pageSize=50', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString()).toBe(plain.text);
    // A record, the API document: JSON of 1 KB or more.
    const doc = await client.get('/api/openapi.json', { headers: BROWSER });
    expect(doc.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(doc.bytes).toString()).openapi).toBe('3.1.0');
  });

  it('under 1 KB are sent as they are', async () => {
    const total = await client.get('/api/vehicles/total', { headers: BROWSER });
    expect(total.headers.get('content-encoding')).toBeNull();
    expect(total.body).toEqual({ total: 30, totalIsEstimate: false });
    expect(total.headers.get('content-length')).toBe(String(total.bytes.length));
  });

  it('that carry the CSRF token are never compressed (BREACH), whatever their size', async () => {
    const fresh = server.client();
    const login = await fresh.login(undefined, undefined, BROWSER);
    expect(login.status).toBe(200);
    const me = await fresh.get('/api/auth/me', { headers: BROWSER });
    for (const res of [login, me]) {
      expect(res.body.csrfToken).toMatch(/^[\w-]{20,}$/);
      expect(res.headers.get('content-encoding')).toBeNull();
      // Vary would show that the compressing step looked at it at all.
      expect(res.headers.get('vary')).toBeNull();
    }
  });

  it('leave CSV exports and stored files as they are', async () => {
    const csv = await client.get('/api/vehicles/export', { headers: BROWSER });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-encoding')).toBeNull();
    expect(csv.text.split('\r\n').length).toBeGreaterThan(30);
    const stored = await client.upload('scan.pdf', Buffer.from(`%PDF-1.4\n${'x'.repeat(4000)}\n%%EOF\n`), { contentType: 'application/pdf' });
    expect(stored.status).toBe(201);
    const file = await client.get(`/api/files/${stored.body.id}`, { headers: BROWSER });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-encoding')).toBeNull();
    expect(file.bytes.length).toBe(stored.body.size);
  });
});
