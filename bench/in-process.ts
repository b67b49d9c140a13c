/**
 * What the in-process benches share (dashboard, history, reminders, margin, record pages): a temporary database of
 * their own, and the real app served on a free port with the bench's administrator signed in.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { createApp } from '../apps/server/src/app';
import { loadConfig, type Config } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';

/**
 * A fresh database for one bench run: with a server URL a temporary database on that PostgreSQL server
 * (`raahi_bench_<name>_…`, dropped by `drop`), else a temporary PGlite directory (removed by `drop`).
 */
export async function temporaryDatabase(
  serverUrl: string | undefined,
  name: string,
  poolSize = 10,
): Promise<{ database: Database; label: string; drop(): Promise<void> }> {
  if (!serverUrl) {
    const dir = await mkdtemp(join(os.tmpdir(), `raahi-bench-${name}-`));
    const database = await openDatabase({ dataDir: join(dir, 'db') });
    return { database, label: `PGlite ${dir}`, drop: async () => (await database.close(), await rm(dir, { recursive: true, force: true })) };
  }
  const database_ = `raahi_bench_${name.replace(/-/g, '_')}_${randomBytes(4).toString('hex')}`;
  const maintenance = new URL(serverUrl);
  maintenance.pathname = '/postgres';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${database_}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database_}`;
  const database = await openDatabase({ url: url.toString(), poolSize });
  return {
    database,
    label: `PostgreSQL ${url.host}/${database_}`,
    drop: async () => (await database.close(), await admin(`DROP DATABASE IF EXISTS ${database_} WITH (FORCE)`)),
  };
}

const KEPT_NAME = /^raahi_bench_[a-z0-9_]{1,40}$/;
/** A bench database kept between runs (created when missing; its migrations run on open), so a slow seed is paid once. */
export async function keptDatabase(serverUrl: string | undefined, name: string): Promise<{ database: Database; label: string; drop(): Promise<void> }> {
  if (!serverUrl) throw new Error('--keep needs DATABASE_URL (a PostgreSQL server).');
  if (name.length > 52 || !KEPT_NAME.test(name)) throw new Error(`--keep names a database raahi_bench_<a-z 0-9 _> (got "${name.slice(0, 60)}").`);
  const maintenance = new URL(serverUrl);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  return { database, label: `PostgreSQL ${url.host}/${name} (kept)`, drop: () => database.close() };
}

/**
 * The real app on the database, uncached (the list cache off: every request runs its statements), served on a
 * free port of 127.0.0.1 with `admin` signed in by `password`. `close` stops it and removes its files directory.
 */
export async function servedSignedIn(
  database: Database,
  name: string,
  password: string,
  overrides: Partial<Config> = {},
): Promise<{ origin: string; cookie: string; csrfToken: string; close(): Promise<void> }> {
  const dataDir = await mkdtemp(join(os.tmpdir(), `raahi-bench-${name}-files-`));
  const app = createApp(database, { ...loadConfig({}), logRequests: false, dataDir, listCacheMs: 0, ...overrides });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!login.ok) {
    const text = await login.text();
    await close();
    throw new Error(`Sign-in failed: ${login.status} ${text}`);
  }
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('raahi_session='))!
    .split(';')[0];
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  return { origin, cookie, csrfToken, close };
}
