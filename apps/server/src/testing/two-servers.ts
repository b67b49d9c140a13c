import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser, ensureAdmin, type NewUser } from '../auth/users';
import { openDatabase, type Database } from '../db/client';
import { startServer, waitFor, type RunningServer } from './server-process';
import { ADMIN_PASSWORD, TestClient, temporaryPostgresDatabase, testDatabaseUrl } from './test-server';

/**
 * Two app servers on one fresh PostgreSQL database, as production runs several behind a load balancer:
 * for what must hold on every server (a deactivation, a role change) or happen once (a reminder run).
 *
 * Each server is its own process (`node --import tsx apps/server/src/main.ts`), not a second listener in
 * the test's process: then nothing can pass between them but the database (no shared module state, no
 * shared cache, no shared prepared statements), which is exactly what the tests must prove. They share a
 * data directory, as servers behind a balancer share a volume or a bucket for files.
 *
 * The embedded database (PGlite) is one process's by design (decision 0019), so the harness needs a
 * PostgreSQL server: `twoServersSkipReason` says why tests using it are skipped on the PGlite run.
 */

export interface AppServer {
  url: string;
  /** A client with no session. */
  client(): TestClient;
  /** A client signed in as `username` (admin by default). */
  signedIn(username?: string, password?: string): Promise<TestClient>;
  /** What the process printed, for a failing assertion's message. */
  output(): string;
  /** The server's process, to stop it (SIGTERM) while the other keeps answering. */
  process: RunningServer;
}

export interface TwoServers {
  a: AppServer;
  b: AppServer;
  /** The shared database, opened by the test itself (to create users, or to prove what was written). */
  database: Database;
  createUser(input: NewUser): ReturnType<typeof createUser>;
  close(): Promise<void>;
}

/** Why tests on two servers cannot run here, or null when they can. */
export const twoServersSkipReason = (): string | null =>
  testDatabaseUrl()
    ? null
    : 'two app servers need one PostgreSQL database (set TEST_DATABASE_URL or DATABASE_URL); the embedded PGlite serves one process only';

function appServer(process: RunningServer): AppServer {
  return {
    url: process.url,
    client: () => new TestClient(process.url),
    signedIn: async (username = 'admin', password = ADMIN_PASSWORD) => {
      const client = new TestClient(process.url);
      const res = await client.login(username, password);
      if (res.status !== 200) throw new Error(`Sign-in as ${username} failed on ${process.url}: ${res.status} ${res.text}\n${process.output()}`);
      return client;
    },
    output: process.output,
    process,
  };
}

async function stop(process: RunningServer) {
  if (process.child.exitCode === null && process.child.signalCode === null) process.child.kill('SIGTERM');
  const timeout = setTimeout(() => process.child.kill('SIGKILL'), 10_000);
  await process.exited;
  clearTimeout(timeout);
}

/**
 * Starts two servers on a new temporary database of the configured PostgreSQL server, holding the user
 * 'admin' (password ADMIN_PASSWORD, an Administrator). Lists are not cached, so each answer is the database's.
 */
export async function startTwoServers(env: NodeJS.ProcessEnv = {}): Promise<TwoServers> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) throw new Error(twoServersSkipReason()!);
  const temporary = await temporaryPostgresDatabase(serverUrl);
  const dataDir = await mkdtemp(join(tmpdir(), 'raahi-two-servers-'));
  const started: RunningServer[] = [];
  let database: Database | undefined;
  const close = async () => {
    await Promise.all(started.map(stop));
    await database?.close().catch(() => undefined);
    await temporary.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // Migrated and given its admin before either server starts, so neither races the other to do it.
    database = await openDatabase({ url: temporary.url, poolSize: 3 });
    await ensureAdmin(database, ADMIN_PASSWORD);
    const serverEnv = { DATABASE_URL: temporary.url, RAAHI_ADMIN_PASSWORD: ADMIN_PASSWORD, RAAHI_LIST_CACHE_SECONDS: '0', ...env };
    const [a, b] = await Promise.all([startServer(dataDir, serverEnv, false), startServer(dataDir, serverEnv, false)]);
    started.push(a, b);
    await Promise.all([a, b].map((s) => waitUntilListening(s)));
    const shared = database;
    return { a: appServer(a), b: appServer(b), database: shared, createUser: (input) => createUser(shared, input), close };
  } catch (err) {
    await close();
    throw err;
  }
}

async function waitUntilListening(server: RunningServer) {
  await waitFor(
    () => /Raahi is running at[^]*(First start|Sign in with your account)/.test(server.output()),
    server.exited,
    () => `the server did not start:\n${server.output()}`,
  );
}
