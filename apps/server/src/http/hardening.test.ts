import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agentRequest, httpRequest, multipartBody, startTestServer, vehicleBody, type TestServer } from '../testing/test-server';

const UNKNOWN_HOST = { title: 'Unknown Host', message: 'This server does not answer to that host name.' };
const INDEX = '<!doctype html><title>Raahi test page</title><div id="root"></div>';

let server: TestServer;
let webDir: string;
beforeAll(async () => {
  // The web app may not be built during `npm test`: serve a small stand-in.
  webDir = await mkdtemp(join(tmpdir(), 'raahi-test-web-'));
  await mkdir(join(webDir, 'assets'));
  await writeFile(join(webDir, 'index.html'), INDEX);
  await writeFile(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  await writeFile(join(webDir, 'theme.js'), '/* theme */');
  server = await startTestServer({ webDir });
});
afterAll(async () => {
  await server?.close();
  if (webDir) await rm(webDir, { recursive: true, force: true });
});

/** The sources a CSP header allows for one directive. */
function directive(csp: string | null, name: string): string[] {
  const found = (csp ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found ? found.slice(1) : [];
}

/** The text of every <script> element without a src attribute. */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  let at = 0;
  for (;;) {
    const open = html.indexOf('<script', at);
    if (open === -1) return scripts;
    const tagEnd = html.indexOf('>', open);
    const close = html.indexOf('</script>', tagEnd);
    if (!/\ssrc=/.test(html.slice(open, tagEnd))) scripts.push(html.slice(tagEnd + 1, close));
    at = close + 1;
  }
}

describe('security headers', () => {
  it('allow no inline script, refuse framing two ways and deny powerful features', async () => {
    for (const path of ['/', '/vehicle-management', '/api/vehicles', '/livez']) {
      const res = await server.client().get(path);
      const csp = res.headers.get('content-security-policy');
      // Only this server's files, and inline scripts by their exact hash (the API docs page's).
      const scripts = directive(csp, 'script-src');
      expect(scripts[0], path).toBe("'self'");
      for (const source of scripts.slice(1)) expect(source).toMatch(/^'sha256-[\w+/]{43}='$/);
      expect(directive(csp, 'default-src')).toEqual(["'self'"]);
      expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
      expect(directive(csp, 'object-src')).toEqual(["'none'"]);
      expect(directive(csp, 'base-uri')).toEqual(["'none'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const permissions = res.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions).toContain(`${feature}=()`);
    }
  });

  it('sends HSTS only when the request came over HTTPS', async () => {
    expect((await server.client().get('/livez')).headers.get('strict-transport-security')).toBeNull();
    // Without a trusted proxy the header is the client's word, not a fact.
    const claimed = await server.client().get('/livez', { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
    const proxied = await server.listen({ trustProxy: true });
    expect((await proxied.client().get('/livez')).headers.get('strict-transport-security')).toBeNull();
    const https = await proxied.client().get('/livez', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
  });

  it('the web app has no inline script (it would need a hash in script-src)', async () => {
    const source = await readFile(fileURLToPath(new URL('../../../web/index.html', import.meta.url)), 'utf8');
    expect(source).toContain('<script');
    expect(inlineScripts(source)).toEqual([]);
  });

  it('the API docs page runs: each inline script is allowed by its hash', async () => {
    const client = await server.signedIn();
    const res = await client.get('/api/docs');
    expect(res.status).toBe(200);
    const scripts = inlineScripts(res.text);
    expect(scripts.length).toBeGreaterThan(0);
    const allowed = directive(res.headers.get('content-security-policy'), 'script-src');
    expect(allowed).not.toContain("'unsafe-inline'");
    for (const script of scripts) expect(allowed).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });
});

describe('/readyz', () => {
  it('tells a stranger only whether the server is ready', async () => {
    const res = await server.client().get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
  });
});

describe('allowed hosts', () => {
  const get = (url: string, path: string, headers: Record<string, string>) => httpRequest(url + path, { headers });

  it('with a list, refuses an unknown Host and closes the connection (by default, in development, any host is answered)', async () => {
    expect((await get(server.url, '/livez', { host: 'rebound.example.com' })).status).toBe(200);
    const listed = await server.listen({ allowedHosts: ['raahi.example.in'] });
    for (const path of ['/livez', '/readyz', '/', '/api/auth/me', '/assets/index-abc123.js']) {
      const res = await get(listed.url, path, { host: `rebound.example.com:${listed.port}` });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.text)).toEqual(UNKNOWN_HOST);
      expect(res.headers.get('connection')).toBe('close');
    }
    const refused = await httpRequest(listed.url + '/api/auth/login', {
      method: 'POST',
      headers: { host: 'raahi.example.in.rebound.example.com', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'x' }),
    });
    expect(refused.status).toBe(400);
    for (const host of ['raahi.example.in@rebound.example.com', 'raahi.example.in/x', '[::1', 'raahi.example.in:x', '::1']) {
      expect((await get(listed.url, '/livez', { host })).status, host).toBe(400);
    }
    // HTTP/1.0 allows a request without Host at all.
    const bare = await new Promise<string>((resolve, reject) => {
      const socket = connect(listed.port, '127.0.0.1', () => socket.end('GET /livez HTTP/1.0\r\n\r\n'));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(bare).toMatch(/^HTTP\/1\.[01] 400 /);
  });

  it('with a list, answers the listed names, any address and localhost (which DNS rebinding cannot reach)', async () => {
    const listed = await server.listen({ allowedHosts: ['raahi.example.in'] });
    const hosts = [
      'raahi.example.in',
      'RAAHI.Example.IN',
      'raahi.example.in:443',
      'raahi.example.in.',
      '127.0.0.1',
      `127.0.0.1:${listed.port}`,
      '[::1]',
      `[::1]:${listed.port}`,
      'localhost:8080',
      '10.0.0.7',
    ];
    for (const host of hosts) expect((await get(listed.url, '/livez', { host })).status, host).toBe(200);
    // An empty list (production without RAAHI_PUBLIC_URL): addresses and localhost only.
    const none = await server.listen({ allowedHosts: [] });
    expect((await get(none.url, '/livez', { host: 'raahi.example.in' })).status).toBe(400);
    expect((await get(none.url, '/livez', { host: `localhost:${none.port}` })).status).toBe(200);
  });

  it('behind a trusted proxy checks X-Forwarded-Host, the name sameOriginOnly compares Origin with', async () => {
    const proxied = await server.listen({ allowedHosts: ['raahi.example.in'], trustProxy: true });
    expect((await get(proxied.url, '/livez', { host: 'raahi-app:3000', 'x-forwarded-host': 'raahi.example.in' })).status).toBe(200);
    expect((await get(proxied.url, '/livez', { host: 'raahi.example.in', 'x-forwarded-host': 'rebound.example.com' })).status).toBe(400);
    expect((await get(proxied.url, '/livez', { host: 'raahi.example.in' })).status).toBe(200);
    // Not behind a trusted proxy, X-Forwarded-Host is anyone's word and plays no part.
    const direct = await server.listen({ allowedHosts: ['raahi.example.in'] });
    expect((await get(direct.url, '/livez', { host: 'rebound.example.com', 'x-forwarded-host': 'raahi.example.in' })).status).toBe(400);
    expect((await get(direct.url, '/livez', { host: 'raahi.example.in', 'x-forwarded-host': 'rebound.example.com' })).status).toBe(200);
  });
});

describe('malformed URLs', () => {
  it('answer 4xx, never 500, and log nothing', async () => {
    const errors = vi.spyOn(console, 'error');
    try {
      for (const path of ['/%ZZ', '/%', '/vehicle-management/%E0%A4', '/assets/%ZZ.js']) {
        const res = await server.client().get(path);
        expect(res.status, path).toBe(400);
      }
      expect((await server.client().get('/?q=%ZZ')).status).toBe(200);
      expect((await server.client().get('/api/%ZZ')).status).toBe(401);
      const client = await server.signedIn();
      expect((await client.get('/api/%ZZ')).status).toBe(404);
      const search = await client.get('/api/vehicles?q=%ZZ');
      expect(search.status).toBeLessThan(500);
      expect((await client.get('/api/vehicles/%ZZ')).status).toBe(404);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

describe('a request refused as too large', () => {
  /** Sends a too-large request and then /livez on one kept-alive connection: 413 with Connection: close, then 200. */
  async function expectRefusedThenServed(origin: string, path: string, init: Parameters<typeof agentRequest>[2]) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const res = await agentRequest(agent, origin + path, init);
      const next = await agentRequest(agent, origin + '/livez');
      expect(res.status).toBe(413);
      expect(next.status).toBe(200);
      expect(res.headers.connection).toBe('close');
    } finally {
      agent.destroy();
    }
  }

  it('says Connection: close, and the next request on the same agent succeeds (JSON body limit)', async () => {
    const body = JSON.stringify(vehicleBody({ model: 'x'.repeat(300 * 1024) }));
    await expectRefusedThenServed(server.url, '/api/vehicles', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  });

  it('says Connection: close, and the next request on the same agent succeeds (upload limit)', async () => {
    const small = await server.listen({ uploadMaxBytes: 1024 });
    const signedIn = await small.signedIn();
    const form = multipartBody([{ name: 'file', filename: 'big.pdf', contentType: 'application/pdf', data: Buffer.alloc(300 * 1024, 0x41) }]);
    const headers = { 'content-type': form.contentType, cookie: `raahi_session=${signedIn.cookie}`, 'x-csrf-token': signedIn.csrfToken! };
    await expectRefusedThenServed(small.url, '/api/files', { method: 'POST', headers, body: form.body });
  });
});

describe('a request refused before its body is read', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  async function until(done: () => boolean, ms: number) {
    for (const end = Date.now() + ms; !done() && Date.now() < end;) await sleep(10);
  }

  /**
   * Sends a request with a body of `bodySize` bytes on a raw keep-alive socket as a slow link does (the first
   * 64 KiB, then the rest only after the answer has come and longer than any drain the server may try), then
   * GET /livez on the same socket. Returns what came back and whether the socket was closed.
   */
  async function refusedThenNext(port: number, head: string, bodySize: number) {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    let closed = false;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => (closed = true));
    socket.on('error', () => {}); // a reset after the server closed is expected then
    const first = Math.min(bodySize, 64 * 1024);
    socket.write(`${head}Host: 127.0.0.1:${port}\r\nConnection: keep-alive\r\nContent-Length: ${bodySize}\r\n\r\n`);
    socket.write(Buffer.alloc(first, 0x61));
    await until(() => received.includes('\r\n\r\n') || closed, 5000);
    if (bodySize > first) await sleep(700);
    if (!socket.destroyed) {
      socket.write(Buffer.alloc(bodySize - first, 0x61));
      socket.write(`GET /livez HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    }
    await until(() => closed || received.includes('{"status":"ok"}'), 3000);
    socket.destroy();
    const [firstHead] = received.split('\r\n\r\n');
    return {
      status: Number(firstHead.split(' ')[1]),
      saysClose: /^connection: close$/im.test(firstHead),
      nextAnswered: /HTTP\/1\.1 200 OK[^]*"status":"ok"/.test(received.slice(firstHead.length)),
      closed,
    };
  }

  /** Either the answer says the connection closes and it does, or the next request on it is answered. */
  function expectHonest(result: Awaited<ReturnType<typeof refusedThenNext>>, status: number) {
    expect(result.status).toBe(status);
    if (result.saysClose) expect(result.closed).toBe(true);
    else expect(result.nextAnswered).toBe(true);
  }

  it('says Connection: close when it answers 401, 403, 404 or 415 with a large body unread', async () => {
    const signedIn = await server.signedIn();
    const session = `Cookie: raahi_session=${signedIn.cookie}\r\nX-CSRF-Token: ${signedIn.csrfToken}\r\n`;
    const MB = 1024 * 1024;
    const cases: [string, number, string, number][] = [
      ['no session', 401, 'POST /api/files HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=x\r\n', MB],
      ['no session, JSON', 401, 'POST /api/vehicles HTTP/1.1\r\nContent-Type: application/json\r\n', 200 * 1024],
      ['cross-site', 403, 'POST /api/files HTTP/1.1\r\nOrigin: http://evil.example\r\nContent-Type: multipart/form-data; boundary=x\r\n', MB],
      ['no CSRF token', 403, `POST /api/files HTTP/1.1\r\nCookie: raahi_session=${signedIn.cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\n`, MB],
      ['unknown path', 404, 'POST /no/such/path HTTP/1.1\r\nContent-Type: application/octet-stream\r\n', MB],
      ['unknown API path', 404, `POST /api/no-such-area HTTP/1.1\r\n${session}Content-Type: application/json\r\n`, 200 * 1024],
      ['wrong content type', 415, `POST /api/files HTTP/1.1\r\n${session}Content-Type: text/plain\r\n`, MB],
    ];
    for (const [name, status, head, size] of cases) {
      const result = await refusedThenNext(server.port, head, size);
      expect(result, name).toEqual(expect.objectContaining({ status }));
      expectHonest(result, status);
      expect(result.saysClose, name).toBe(true);
    }
  });

  it('keeps the connection for the next request when the small body refused had all arrived', async () => {
    const result = await refusedThenNext(server.port, 'POST /api/vehicles HTTP/1.1\r\nContent-Type: application/json\r\n', 200);
    expectHonest(result, 401);
    expect(result).toEqual({ status: 401, saysClose: false, nextAnswered: true, closed: false });
  });
});

describe('the web app files', () => {
  it('serves files, index.html for client-side routes, and 404 for a missing file', async () => {
    const asset = await server.client().get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    for (const path of ['/', '/vehicle-management', '/no/such/screen', '/assets']) {
      const res = await server.client().get(path);
      expect(res.status, path).toBe(200);
      expect(res.text).toBe(INDEX);
    }
    for (const path of ['/assets/index-old999.js', '/assets/nested/missing', '/favicon.ico', '/robots.txt', '/vehicle-management/app.js.map']) {
      const res = await server.client().get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('<div id="root">');
    }
  });
});
