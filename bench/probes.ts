/**
 * The hardening findings, probed from outside the way the review did, against a server this script
 * starts from a checkout (default: this one) on a fresh embedded database:
 *   npx tsx bench/probes.ts [--src DIR] [--json FILE]
 * Give --src the directory of an older checkout to measure the same probes "before".
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { driverBody, httpRequest, TestClient, tripBody, vehicleBody } from '../apps/server/src/testing/test-server';

const { values: args } = parseArgs({ options: { src: { type: 'string' }, json: { type: 'string' } } });
const SRC = resolve(args.src ?? fileURLToPath(new URL('..', import.meta.url)));
const PASSWORD = 'probe-admin-passphrase';
const results: Record<string, unknown> = {};
const report = (name: string, value: unknown) => {
  results[name] = value;
  console.log(`${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
};
const from = (address: string) => ({ 'x-forwarded-for': address });
const ms = (start: number) => Math.round(performance.now() - start);

async function freePort() {
  return new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

const dataDir = await mkdtemp(join(tmpdir(), 'raahi-probes-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: SRC,
  env: {
    ...process.env,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    RAAHI_DATA_DIR: dataDir,
    RAAHI_ADMIN_PASSWORD: PASSWORD,
    RAAHI_TRUST_PROXY: '1',
    RAAHI_LOG_REQUESTS: '0',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (c) => (output += c));
child.stderr.on('data', (c) => (output += c));
const rss = async () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
try {
  for (let i = 0; !output.includes('Raahi is running'); i++) {
    if (i > 1200 || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const admin = new TestClient(url);
  if ((await admin.login('admin', PASSWORD, from('10.9.0.1'))).status !== 200) throw new Error('admin sign-in failed');

  // 1. Long e-mail: time to answer, and the slowest /livez answered meanwhile.
  for (const kb of [60, 120]) {
    const email = 'a@' + '.'.repeat(kb * 1000) + ' x';
    let stop = false;
    let slowestLivez = 0;
    const pinger = (async () => {
      while (!stop) {
        const t = performance.now();
        await httpRequest(url + '/livez');
        slowestLivez = Math.max(slowestLivez, ms(t));
      }
    })();
    const t = performance.now();
    const res = await admin.post('/api/drivers', driverBody({ email }));
    const took = ms(t);
    stop = true;
    await pinger;
    report(`e-mail ${kb} KB`, `${res.status} in ${took} ms; slowest /livez meanwhile ${slowestLivez} ms`);
  }

  // 2. Deep page (a small table here: see npm run bench for its cost at 200,000+ trips).
  {
    const t = performance.now();
    const res = await admin.get('/api/trips?page=1000&pageSize=200');
    report('trips page=1000&pageSize=200', `${res.status} in ${ms(t)} ms${res.status >= 400 ? ` "${res.body?.message}"` : ''}`);
  }

  // 3. List cache: 6,000 distinct searches of 200 characters; the server's resident memory before and after.
  {
    await admin.post('/api/vehicles', vehicleBody());
    const before = await rss();
    const t = performance.now();
    for (let i = 0; i < 6000; i += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, j) => admin.get(`/api/vehicles?q=${encodeURIComponent(`${i + j}`.padEnd(200, 'z'))}`)));
    }
    (globalThis.gc as undefined | (() => void))?.();
    report('list cache: 6,000 distinct 200-character searches', `server RSS ${before} MB -> ${await rss()} MB in ${ms(t)} ms`);
  }

  // 7. Change-password as an oracle for a stolen session: 30 wrong current passwords.
  {
    const stolen = new TestClient(url);
    await stolen.login('admin', PASSWORD, from('10.9.0.4'));
    const statuses: number[] = [];
    const t = performance.now();
    for (let i = 0; i < 30; i++)
      statuses.push(
        (await stolen.post('/api/auth/password', { currentPassword: `guess-${i}`, newPassword: 'mango lassi at noon' }, { headers: from('10.9.0.4') })).status,
      );
    report(
      '30 wrong current passwords on change-password',
      `${statuses.filter((s) => s === 422).length} checked, ${statuses.filter((s) => s === 429).length} refused, in ${ms(t)} ms`,
    );
  }

  // 8. Password policy (a fresh session from a clean address per attempt; nothing is changed by a refusal).
  {
    const outcome: Record<string, number> = {};
    for (const [label, password] of [
      ['12345678', '12345678'],
      ['password', 'password'],
      ['8 zero-width spaces', '\u200B'.repeat(8)],
    ]) {
      const c = new TestClient(url);
      await c.login('admin', PASSWORD, from('10.9.1.' + Object.keys(outcome).length));
      const res = await c.post(
        '/api/auth/password',
        { currentPassword: PASSWORD, newPassword: password },
        { headers: from('10.9.1.' + Object.keys(outcome).length) },
      );
      outcome[label] = res.status;
      if (res.status === 200)
        await c.post('/api/auth/password', { currentPassword: password, newPassword: PASSWORD }, { headers: from('10.9.1.' + Object.keys(outcome).length) });
    }
    report('new password accepted? (200 = accepted)', outcome);
    // An accepted change signed the other sessions out: sign in again.
    await admin.login('admin', PASSWORD, from('10.9.0.5'));
  }

  // 4. 500 parallel wrong guesses at one user name from one address; another user's sign-in meanwhile.
  {
    const t = performance.now();
    let done = false;
    const burst = Promise.all(Array.from({ length: 500 }, () => new TestClient(url).login('admin', 'wrong-guess', from('198.51.100.7')))).finally(
      () => (done = true),
    );
    // A signed-in user's list reads meanwhile (the list cache off for them: each asks a new page).
    let slowest = 0;
    for (let i = 0; !done; i++) {
      const r = performance.now();
      await admin.get(`/api/vehicles?q=${i}`);
      slowest = Math.max(slowest, ms(r));
    }
    const statuses = (await burst).map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    report(
      '500 parallel wrong guesses, one address',
      `${checked} checked (401), ${statuses.filter((s) => s === 429).length} refused (429) in ${ms(t)} ms; slowest list read of a signed-in user meanwhile ${slowest} ms`,
    );
  }

  // 5. Strangers' failures lock the owner out?
  {
    const strangers = await Promise.all(Array.from({ length: 12 }, (_, i) => new TestClient(url).login('admin', 'wrong-guess', from(`203.0.113.${i + 1}`))));
    const t = performance.now();
    const owner = await new TestClient(url).login('admin', PASSWORD, from('10.9.0.3'));
    report('owner after 12 strangers guessed from 12 addresses', `${owner.status} in ${ms(t)} ms (strangers: ${strangers.map((r) => r.status).join(',')})`);
  }

  // 6. Forged X-Forwarded-For: each guess claims another left-most address before the proxy's entry.
  {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await new TestClient(url).login(`nobody${i}`, 'wrong-guess', from(`172.16.0.${i}, 192.0.2.50`))).status);
    report(
      '20 guesses with forged left-most X-Forwarded-For',
      `${statuses.filter((s) => s === 401).length} checked, ${statuses.filter((s) => s === 429).length} refused`,
    );
  }

  // 9. Answers that were 500.
  {
    const vehicle = (await admin.get('/api/vehicles')).body.items[0].id;
    const driver = (await admin.post('/api/drivers', driverBody())).body.id;
    report(
      'POST /api/trips with eta 9999-12-31T23:59:59-14:00',
      (await admin.post('/api/trips', tripBody(vehicle, driver, { eta: '9999-12-31T23:59:59-14:00' }))).status,
    );
    report('GET /%ZZ', (await httpRequest(url + '/%ZZ')).status);
    report('GET /assets/missing-123.js', (await httpRequest(url + '/assets/missing-123.js')).status);
    const zwsp = await admin.post('/api/drivers', driverBody({ name: '\u200B' }));
    report('driver named by a lone zero-width space', zwsp.status);
    const bidi = await admin.post('/api/drivers', driverBody({ name: 'report\u202Eexe.pdf' }));
    report('driver name report<RLO>exe.pdf stored as', bidi.status === 201 ? JSON.stringify(bidi.body.name) : bidi.status);
    const keys: Record<string, unknown> = { username: 'admin', password: 'x' };
    for (let i = 0; i < 20_000; i++) keys[`f${i}`] = 1;
    const unknown = await new TestClient(url).post('/api/auth/login', keys, { headers: from('10.9.0.9') });
    report('sign-in with 20,000 unknown keys', `${unknown.status}, answer ${unknown.text.length} bytes`);
  }

  // 10. A 413, then a second request on the same keep-alive connection.
  {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: string) =>
      new Promise<string>((done) => {
        const req = http.request(
          url + path,
          { method, agent, headers: { 'content-type': 'application/json', cookie: `raahi_session=${admin.cookie}`, 'x-csrf-token': admin.csrfToken! } },
          (res) => {
            res.resume();
            res.on('end', () => done(`${res.statusCode}${res.headers.connection ? ` (Connection: ${res.headers.connection})` : ''}`));
          },
        );
        req.on('error', (err) => done(`error ${(err as NodeJS.ErrnoException).code ?? err.message}`));
        req.end(body);
      });
    const first = await send('POST', '/api/vehicles', JSON.stringify(vehicleBody({ model: 'x'.repeat(300 * 1024) })));
    const second = await send('GET', '/livez');
    agent.destroy();
    report('413 then the next request on the same connection', `${first}, then ${second}`);
  }

  // 11. Headers and hosts.
  {
    const res = await httpRequest(url + '/');
    const csp = res.headers.get('content-security-policy') ?? '';
    report('script-src', /script-src ([^;]*)/.exec(csp)?.[1] ?? '(none)');
    report('X-Frame-Options / frame-ancestors', `${res.headers.get('x-frame-options')} / ${/frame-ancestors ([^;]*)/.exec(csp)?.[1]}`);
    report('Permissions-Policy', res.headers.get('permissions-policy') ? 'present' : 'absent');
    report('HSTS over plain HTTP', res.headers.get('strict-transport-security') ?? 'absent');
    report('GET /readyz', (await httpRequest(url + '/readyz')).text);
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
  if (args.json) await writeFile(args.json, JSON.stringify(results, null, 2) + '\n');
}
