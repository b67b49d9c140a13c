import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequest, startTestServer, type TestServer } from '../testing/test-server';
import { acceptedEncodings } from './static';

/** A script as the build leaves it: the file, and its brotli and gzip copies beside it. */
const SCRIPT = Buffer.from(`export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "Vehicle ${i}" }`).join(', ')}];\n`);
const BROTLI = brotliCompressSync(SCRIPT);
const GZIP = gzipSync(SCRIPT, { level: 9 });
/** A style sheet whose build made no brotli copy (only gzip). */
const STYLES = Buffer.from(`.row { color: #123456; }\n`.repeat(200));
const INDEX = '<!doctype html><title>Raahi test page</title><div id="root"></div>';

let server: TestServer;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'raahi-test-web-'));
  await mkdir(join(webDir, 'assets'));
  await writeFile(join(webDir, 'index.html'), INDEX);
  await writeFile(join(webDir, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(join(webDir, 'assets', 'index-abc123.js.br'), BROTLI);
  await writeFile(join(webDir, 'assets', 'index-abc123.js.gz'), GZIP);
  await writeFile(join(webDir, 'assets', 'index-def456.css'), STYLES);
  await writeFile(join(webDir, 'assets', 'index-def456.css.gz'), gzipSync(STYLES, { level: 9 }));
  server = await startTestServer({ webDir });
});
afterAll(async () => {
  await server?.close();
  if (webDir) await rm(webDir, { recursive: true, force: true });
});

const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  httpRequest(server.url + path, { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the web app files, compressed', () => {
  it('sends the brotli copy to a browser that accepts it, with its length, Vary and lasting caching', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-length')).toBe(String(BROTLI.length));
    expect(res.bytes).toEqual(BROTLI);
    expect(brotliDecompressSync(res.bytes)).toEqual(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted, or weighs less', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'br;q=0.5, gzip;q=0.8', 'x-gzip, GZIP;q=1']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.headers.get('content-encoding'), accept).toBe('gzip');
      expect(res.headers.get('content-length'), accept).toBe(String(GZIP.length));
      expect(res.headers.get('vary'), accept).toBe('Accept-Encoding');
      expect(gunzipSync(res.bytes), accept).toEqual(SCRIPT);
    }
  });

  it('sends the file itself when neither coding is accepted, still with Vary', async () => {
    for (const accept of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0', 'br;q=x']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.headers.get('content-encoding'), String(accept)).toBeNull();
      expect(res.headers.get('content-length'), String(accept)).toBe(String(SCRIPT.length));
      expect(res.headers.get('vary'), String(accept)).toBe('Accept-Encoding');
      expect(res.bytes, String(accept)).toEqual(SCRIPT);
    }
    // '*' accepts any coding not named.
    expect((await get('/assets/index-abc123.js', '*')).headers.get('content-encoding')).toBe('br');
    expect((await get('/assets/index-abc123.js', 'br;q=0, *')).headers.get('content-encoding')).toBe('gzip');
  });

  it('falls back to gzip when the build made no brotli copy', async () => {
    const res = await get('/assets/index-def456.css', 'br, gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(res.bytes)).toEqual(STYLES);
    const plain = await get('/assets/index-def456.css', 'br');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes).toEqual(STYLES);
  });

  it('answers HEAD with the headers GET would send and no body', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const head = await get('/assets/index-abc123.js', accept, 'HEAD');
      const full = await get('/assets/index-abc123.js', accept);
      expect(head.status).toBe(200);
      expect(head.bytes.length).toBe(0);
      for (const name of ['content-encoding', 'content-length', 'content-type', 'vary', 'cache-control'])
        expect(head.headers.get(name), `${accept} ${name}`).toBe(full.headers.get(name));
    }
  });

  it('serves index.html for client-side routes with Vary and no lasting caching', async () => {
    const res = await get('/vehicle-management', 'br, gzip');
    expect(res.text).toBe(INDEX);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-length')).toBe(String(INDEX.length));
    expect((await get('/assets/index-old999.js', 'br')).status).toBe(404);
  });
});

describe('acceptedEncodings', () => {
  it('reads codings and weights, refuses q=0, and reads no further than 1000 characters', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(
      new Map([
        ['br', 1],
        ['gzip', 1],
      ]),
    );
    expect(acceptedEncodings('br;q=0.2, gzip;q=0')).toEqual(new Map([['br', 0.2]]));
    expect(acceptedEncodings(' BR ; Q=0.7 ')).toEqual(new Map([['br', 0.7]]));
    expect(acceptedEncodings(undefined)).toEqual(new Map());
    expect(acceptedEncodings(`${'x'.repeat(1000)}, br`)).toEqual(new Map());
  });
});
