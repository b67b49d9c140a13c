import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, lockDataDir } from '../db/data-dir-lock';
import { runScript, startServer, waitFor, type RunningProcess } from '../testing/server-process';
import { prepareEmbeddedDataDir, temporaryPostgresDatabase, TestClient, testDatabaseUrl } from '../testing/test-server';

/**
 * One process at a time on an embedded data directory (db/data-dir-lock.ts), with real processes:
 * a second server is refused, the seed and user tools run inside a running server, and the lock dies
 * with its process. (The data directory starts from the migrated test template: initdb alone would
 * take most of the time.)
 */

const PASSWORD = 'lock-test-password';
const SEED = 'apps/server/src/cli/run-seed-demo.ts';
const USER = 'apps/server/src/cli/run-user.ts';
const SMALL_SEED = [
  '--vehicles',
  '5',
  '--drivers',
  '3',
  '--trips',
  '5',
  '--training',
  '0',
  '--health',
  '0',
  '--insurance',
  '0',
  '--maintenance',
  '0',
  '--incidents',
  '0',
  '--cold-chain',
  '0',
  '--service-partners',
  '0',
  '--expenses',
  '0',
  '--challans',
  '0',
  '--inventory',
  '0',
  '--compliance',
  '0',
  '--sales',
  '0',
  '--fuel-stations',
  '0',
  '--refueling-logs',
  '0',
  '--station-invoices',
  '0',
  '--seed',
  '5',
];

const started: RunningProcess[] = [];
const dataDirs: string[] = [];
let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'raahi-lock-'));
  dataDirs.push(dataDir);
  await prepareEmbeddedDataDir(join(dataDir, 'db'));
});
afterEach(() => {
  for (const running of started.splice(0)) if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
});
afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function server(wait = true, env: NodeJS.ProcessEnv = {}) {
  const running = await startServer(dataDir, { RAAHI_ADMIN_PASSWORD: PASSWORD, ...env }, wait);
  started.push(running);
  return running;
}

async function tool(script: string, args: string[], input?: string, env: NodeJS.ProcessEnv = {}) {
  const running = runScript(script, args, dataDir, { RAAHI_ADMIN_PASSWORD: PASSWORD, ...env }, input);
  started.push(running);
  const { code } = await running.exited;
  return { code, output: running.output() };
}

async function signIn(url: string, username = 'admin', password = PASSWORD) {
  const client = new TestClient(url);
  const res = await client.login(username, password);
  expect(res.status, res.text).toBe(200);
  return client;
}

async function vehicleTotal(client: TestClient): Promise<number> {
  const res = await client.get('/api/vehicles/total');
  expect(res.status).toBe(200);
  return res.body.total;
}

describe('one process per embedded data directory', () => {
  it('refuses a second server at once, saying what runs and what to do, and the first keeps serving', { timeout: 120_000 }, async () => {
    const first = await server();
    const pid = first.child.pid;
    const started = performance.now();
    const second = await server(false);
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(performance.now() - started).toBeLessThan(15_000); // refused before opening the database
    expect(second.output().trim()).toBe(
      `Raahi is already running on the data directory ${dataDir} (process ${pid}, ${first.url}). Stop it first (Ctrl-C where it runs), or start this one with another RAAHI_DATA_DIR.`,
    );
    const client = await signIn(first.url);
    expect((await client.get('/readyz')).status).toBe(200);
    expect(await vehicleTotal(client)).toBe(0);
  });

  it(
    'seeds through the running server: its lists show the records at once, and after a clean stop it starts again with them',
    { timeout: 150_000 },
    async () => {
      const first = await server();
      const client = await signIn(first.url);
      expect(await vehicleTotal(client)).toBe(0); // now in the server's list cache
      expect((await client.get('/api/vehicles')).body.items).toEqual([]);

      const seeded = await tool(SEED, SMALL_SEED);
      expect(seeded.code, seeded.output).toBe(0);

      expect(await vehicleTotal(client)).toBe(5);
      const listed = (await client.get('/api/vehicles')).body.items;
      expect(listed).toHaveLength(5);
      expect((await client.get('/api/trips/total')).body.total).toBe(5);

      first.child.kill('SIGTERM');
      expect((await first.exited).code).toBe(0);
      expect(first.output()).toContain('Stopped cleanly.');
      expect(await readdir(dataDir)).not.toContain('raahi.sock');

      const again = await server();
      expect(again.output()).not.toContain('Aborted');
      const after = await signIn(again.url);
      expect(await vehicleTotal(after)).toBe(5);
      expect((await after.get('/api/vehicles')).body.items.map((v: { id: string }) => v.id)).toEqual(listed.map((v: { id: string }) => v.id));

      // It said where it ran.
      expect(seeded.output).toContain(`Raahi is running on ${dataDir} (process ${first.child.pid}, ${first.url}): the command runs in it.\n`);
      expect(seeded.output).toContain(`Seeding embedded PostgreSQL in ${join(dataDir, 'db')}: 5 vehicles, 3 drivers, 5 trips,`);
      expect(seeded.output).toContain('The database now holds 5 vehicles, 3 drivers, 5 trips,');
      expect(first.output()).toContain('Ran "npm run seed:demo" for the command line (exit 0, ');
    },
  );

  it('rolls the seed back when its command line is interrupted, and the server serves on', { timeout: 150_000 }, async () => {
    const first = await server();
    const big = ['--vehicles', '200000', '--drivers', '0', '--trips', '0', ...SMALL_SEED.slice(6)];
    const seeding = runScript(SEED, big, dataDir, { RAAHI_ADMIN_PASSWORD: PASSWORD });
    started.push(seeding);
    await waitFor(
      () => seeding.output().includes('Seeding embedded PostgreSQL'),
      seeding.exited,
      () => `the seed did not start:\n${seeding.output()}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    seeding.child.kill('SIGINT');
    await seeding.exited;
    await waitFor(
      () => /Ran "npm run seed:demo" for the command line \(exit 1, [\d.]+ s\)\. The command-line client went away\./.test(first.output()),
      first.exited,
      () => `the server did not end the seed:\n${first.output()}`,
    );
    const client = await signIn(first.url);
    expect(await vehicleTotal(client)).toBe(0);
    expect((await client.get('/readyz')).status).toBe(200);
  });

  it('lets a new server start after the one holding the directory was killed with SIGKILL', { timeout: 120_000 }, async () => {
    const first = await server();
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect((await stat(join(dataDir, 'raahi.sock'))).isSocket()).toBe(true); // left behind, answered by nobody

    const second = await server();
    const client = await signIn(second.url);
    expect((await client.get('/readyz')).status).toBe(200);
  });

  it('creates a user through the running server, who can then sign in', { timeout: 120_000 }, async () => {
    const first = await server();
    const created = await tool(USER, ['create', 'priya', '--name', 'Priya Sharma', '--role', 'dispatcher', '--password', '-'], 'Kesari-Chai-2026\n');
    expect(created.code, created.output).toBe(0);
    expect(created.output).toBe(
      `Raahi is running on ${dataDir} (process ${first.child.pid}, ${first.url}): the command runs in it.\nCreated user "priya" (Dispatcher).\n`,
    );
    const priya = await signIn(first.url, 'priya', 'Kesari-Chai-2026');
    expect((await priya.get('/api/auth/me')).body.user).toMatchObject({ name: 'Priya Sharma', role: 'dispatcher' });

    // Without --role, an Administrator; a role that does not exist is refused with the list of roles.
    const owner = await tool(USER, ['create', 'kavya', '--password', 'Masala-Dosa-2026']);
    expect(owner.output).toContain('Created user "kavya" (Administrator).\n');
    const unknown = await tool(USER, ['create', 'arjun', '--role', 'superuser']);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain(
      'Error: There is no role "superuser". A role is one of: administrator, fleet_manager, dispatcher, workshop, accounts, viewer.\n',
    );

    const missing = await tool(USER, ['reset-password', 'nobody']);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('Error: There is no user named "nobody".\n');
  });

  it('refuses a server while a command-line tool holds the directory', { timeout: 60_000 }, async () => {
    const lock = await lockDataDir(dataDir, { holder: 'npm run seed:demo' });
    try {
      const refused = await server(false);
      expect((await refused.exited).code).toBe(1);
      expect(refused.output().trim()).toBe(
        `npm run seed:demo (process ${process.pid}) is using the data directory ${dataDir}. Wait until it finishes, or use another RAAHI_DATA_DIR.`,
      );
      await expect(lockDataDir(dataDir, { holder: 'server' })).rejects.toThrow(DataDirBusyError);
    } finally {
      await lock.release();
    }
    const again = await lockDataDir(dataDir, { holder: 'server' });
    await again.release();
  });

  it('says when the data directory is too deep for its lock socket', async () => {
    const deep = join(dataDir, 'x'.repeat(120));
    await expect(lockDataDir(deep, { holder: 'server' })).rejects.toThrow(
      /^The data directory's path is too long for its lock socket \(.* bytes, at most 107\)\. Use a shorter RAAHI_DATA_DIR, or start from a folder closer to it\.$/,
    );
  });
});

// PostgreSQL serves many clients: with DATABASE_URL nothing is locked, and the tools connect themselves.
describe.runIf(testDatabaseUrl())('with DATABASE_URL (PostgreSQL)', () => {
  it('runs two servers on one data directory, and seeds from its own process into what both list', { timeout: 150_000 }, async () => {
    const postgres = await temporaryPostgresDatabase(testDatabaseUrl()!);
    try {
      const env = { DATABASE_URL: postgres.url };
      const first = await server(true, env);
      const second = await server(true, env);
      const clients = [await signIn(first.url), await signIn(second.url)];
      for (const client of clients) expect(await vehicleTotal(client)).toBe(0);

      const seeded = await tool(SEED, SMALL_SEED, undefined, env);
      expect(seeded.code, seeded.output).toBe(0);
      expect(seeded.output).not.toContain('the command runs in it');
      expect(seeded.output).toContain('Seeding PostgreSQL (DATABASE_URL): 5 vehicles, 3 drivers, 5 trips,');
      for (const client of clients) expect(await vehicleTotal(client)).toBe(5);
      for (const running of [first, second]) {
        running.child.kill('SIGTERM');
        expect((await running.exited).code).toBe(0);
      }
    } finally {
      await postgres.drop();
    }
  });
});
