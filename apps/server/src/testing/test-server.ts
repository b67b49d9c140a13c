import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { serve, type ServerType } from '@hono/node-server';
import pg from 'pg';
import { createApp } from '../app';
import { createUser, ensureAdmin, type NewUser } from '../auth/users';
import { loadConfig, type Config } from '../config';
import { openDatabases } from '../db/change-log-role';
import { openDatabase, pgliteDatabase, PGLITE_EXTENSIONS, type Database } from '../db/client';
import { applyMigrations } from '../db/migrate';

/**
 * API tests run against a real HTTP server (cookies, client addresses and body limits behave as in
 * production) and a real, fresh database per server: PGlite in memory by default, or a temporary
 * database on the PostgreSQL server named by TEST_DATABASE_URL / DATABASE_URL.
 */

export const ADMIN_PASSWORD = 'test-admin-password';

/** Response bodies are JSON of many shapes; tests assert on them directly. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or null when the body is empty or not JSON. */
  body: Json;
  text: string;
  /** The raw body (downloads). */
  bytes: Buffer;
}

export interface RequestOptions {
  /** Sent as JSON unless it is already a string or a Buffer (then sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the X-CSRF-Token header even when the client has a token. */
  noCsrf?: boolean;
}

/** A small HTTP client that keeps the session cookie and the CSRF token, as the web app does. */
export class TestClient {
  cookie: string | undefined;
  csrfToken: string | undefined;

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = `raahi_session=${this.cookie}`;
    if (this.csrfToken && !options.noCsrf && !['GET', 'HEAD'].includes(method)) headers['x-csrf-token'] = this.csrfToken;
    Object.assign(headers, options.headers);
    const body =
      options.body === undefined ? undefined : typeof options.body === 'string' || Buffer.isBuffer(options.body) ? options.body : JSON.stringify(options.body);
    const res = await httpRequest(this.baseUrl + path, { method, headers, body });
    this.keepCookie(res.headers);
    const text = res.text;
    let parsed: Json = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, headers: res.headers, body: parsed, text, bytes: res.bytes };
  }

  get = (path: string, options?: RequestOptions) => this.request('GET', path, options);
  post = (path: string, body?: unknown, options?: RequestOptions) => this.request('POST', path, { ...options, body });
  put = (path: string, body?: unknown, options?: RequestOptions) => this.request('PUT', path, { ...options, body });
  patch = (path: string, body?: unknown, options?: RequestOptions) => this.request('PATCH', path, { ...options, body });
  del = (path: string, options?: RequestOptions) => this.request('DELETE', path, options);

  /** Uploads one file to POST /api/files as a browser's form does (multipart, field "file"). */
  upload(name: string, data: Buffer | string, options: RequestOptions & { field?: string; contentType?: string } = {}) {
    const form = multipartBody([{ name: options.field ?? 'file', filename: name, contentType: options.contentType ?? 'application/octet-stream', data }]);
    return this.request('POST', '/api/files', { ...options, body: form.body, headers: { 'content-type': form.contentType, ...options.headers } });
  }

  /** Signs in; on success keeps the cookie and CSRF token. */
  async login(username = 'admin', password = ADMIN_PASSWORD, headers?: Record<string, string>): Promise<ApiResponse & { csrfToken: string }> {
    const res = await this.post('/api/auth/login', { username, password }, { headers });
    if (res.status === 200) this.csrfToken = res.body.csrfToken;
    return { ...res, csrfToken: res.body?.csrfToken };
  }

  private keepCookie(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      if (pair.slice(0, eq) !== 'raahi_session') continue;
      const value = pair.slice(eq + 1);
      const removed = attributes.some((a) => /^max-age=0$/i.test(a)) || value === '';
      this.cookie = removed ? undefined : value;
    }
  }
}

/**
 * One request on its own connection (node:http, no keep-alive pool): a connection the server drops
 * after refusing a large body cannot then fail the next test's request.
 */
export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: Headers; text: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
        }
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers, text: bytes.toString('utf8'), bytes });
      });
    });
    // The server may answer (413) and close before a large body is fully sent; the answer still arrives.
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * A multipart/form-data body written byte by byte, so that tests control exactly what a file part's
 * name says (paths, control characters, UTF-8), as a hand-made request could.
 */
/** One request on the given agent (a keep-alive connection a test reuses), with the raw headers (fetch hides Connection). */
export function agentRequest(agent: http.Agent, url: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export function multipartBody(parts: { name: string; filename?: string; contentType?: string; data: Buffer | string }[]): {
  body: Buffer;
  contentType: string;
} {
  const boundary = `----raahi-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(head + '\r\n', 'utf8'), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface TestListener {
  url: string;
  port: number;
  config: Config;
  /** A signed-out client. */
  client(): TestClient;
  /** A client signed in as admin. */
  signedIn(): Promise<TestClient>;
  close(): Promise<void>;
}

export interface TestServer extends TestListener {
  database: Database;
  /** This server's own temporary data directory (uploads go to its files/ folder); removed on close. */
  dataDir: string;
  /** Another HTTP listener on the same database with a different configuration (e.g. trustProxy). */
  listen(overrides: Partial<Config>): Promise<TestListener>;
  createUser(input: NewUser): ReturnType<typeof createUser>;
  /** Number of rows in a table, read straight from the database. */
  count(table: string): Promise<number>;
  /** Every row of the given tables, in id order, read straight from the database (to prove nothing was written). */
  snapshot(...tables: string[]): Promise<Record<string, unknown[]>>;
}

/** The PostgreSQL server tests should use, if any. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/** A fresh database: PGlite in memory, or a new temporary database on the configured server. */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const database = await openPgliteFromTemplate();
    return { database, drop: () => closeQuietly(database) };
  }
  // TEST_DATABASE_ROLES=1: as production with RAAHI_OWNER_DATABASE_URL, the owner migrates and the server's database
  // is a role granted only what migration 0057 grants (decision 0063), so a test proves the server needs no more. A test
  // that changes the schema or seeds in bulk (DDL, TRUNCATE, triggers off) fails here, as it would on that role.
  const roles = process.env.TEST_DATABASE_ROLES === '1';
  const temporary = await temporaryPostgresDatabase(serverUrl, { roles });
  let database: Database;
  let close: () => Promise<void>;
  try {
    if (roles) {
      const opened = await openDatabases({ url: temporary.url, ownerUrl: temporary.ownerUrl, poolSize: 5 });
      ({ database } = opened);
      close = () => opened.close().catch(() => undefined);
    } else {
      database = await openDatabase({ url: temporary.url, poolSize: 5 });
      close = () => closeQuietly(database);
    }
  } catch (err) {
    await temporary.drop();
    throw err;
  }
  return {
    database,
    drop: async () => {
      await close();
      await temporary.drop();
    },
  };
}

/**
 * A new, empty database on the PostgreSQL server at `serverUrl`, and how to drop it (whoever is still connected).
 * With `roles`, two new roles as well, dropped with it: the database's owner (`ownerUrl`) and a role that owns
 * nothing and has no rights until granted (`url`), as `RAAHI_OWNER_DATABASE_URL` and `DATABASE_URL` (decision 0063).
 */
export async function temporaryPostgresDatabase(
  serverUrl: string,
  options: { roles?: boolean } = {},
): Promise<{ url: string; ownerUrl: string; drop(): Promise<void> }> {
  const name = `raahi_t_${randomBytes(6).toString('hex')}`;
  const [owner, app] = [`${name}_owner`, `${name}_app`];
  const urlAs = (role: string | undefined) => {
    const url = new URL(serverUrl);
    url.pathname = '/' + name;
    if (role) [url.username, url.password] = [role, ''];
    return url.toString();
  };
  if (!options.roles) {
    await withAdminConnection(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
    const url = urlAs(undefined);
    return {
      url,
      ownerUrl: url,
      drop: () => withAdminConnection(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
    };
  }
  await withAdminConnection(serverUrl, async (admin) => {
    await admin.query(`CREATE ROLE ${owner} LOGIN`);
    await admin.query(`CREATE ROLE ${app} LOGIN`);
    await admin.query(`CREATE DATABASE ${name} OWNER ${owner}`);
  });
  return {
    url: urlAs(app),
    ownerUrl: urlAs(owner),
    drop: () =>
      withAdminConnection(serverUrl, async (admin) => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.query(`DROP ROLE IF EXISTS ${app}`);
        await admin.query(`DROP ROLE IF EXISTS ${owner}`);
      }),
  };
}

/**
 * A fresh in-memory PGlite loaded from a migrated data directory. Creating a PostgreSQL cluster
 * (initdb) takes seconds in WASM; loading a prepared one takes a fraction of that. The template is
 * made once per set of migrations and PGlite version, through the same adapter and migrations.
 */
let template: Promise<Blob> | undefined;

async function openPgliteFromTemplate(): Promise<Database> {
  template ??= loadOrMakeTemplate();
  const client = await PGlite.create({ loadDataDir: await template, extensions: PGLITE_EXTENSIONS });
  const database = pgliteDatabase(client);
  await applyMigrations(database); // nothing to do unless the template is older than the migrations
  return database;
}

/**
 * Fills an empty directory with a migrated embedded database, as a server's first start would
 * (initdb on disk takes ten seconds or more in WASM; unpacking the template takes one or two).
 */
export async function prepareEmbeddedDataDir(dir: string): Promise<void> {
  template ??= loadOrMakeTemplate();
  const client = await PGlite.create(dir, { loadDataDir: await template, extensions: PGLITE_EXTENSIONS });
  await client.close();
}

async function loadOrMakeTemplate(): Promise<Blob> {
  const migrations = fileURLToPath(new URL('../db/migrations/', import.meta.url));
  const hash = createHash('sha256');
  hash.update(await pgliteVersion());
  for (const name of (await readdir(migrations)).sort()) hash.update(name).update(await readFile(join(migrations, name)));
  const file = join(tmpdir(), `raahi-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await applyMigrations(pgliteDatabase(client));
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Written aside and renamed, so a test file running in parallel never reads half a template.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    // Templates of earlier migrations are of no further use.
    for (const name of await readdir(tmpdir())) {
      if (/^raahi-test-pglite-[0-9a-f]{16}\.tar$/.test(name) && join(tmpdir(), name) !== file) await rm(join(tmpdir(), name), { force: true });
    }
    return dump;
  }
}

/** The installed PGlite's version (its package.json is not exported, so look beside its entry file). */
async function pgliteVersion(): Promise<string> {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (dir !== dirname(dir)) {
    const manifest = await readFile(join(dir, 'package.json'), 'utf8').catch(() => null);
    if (manifest && JSON.parse(manifest).name === '@electric-sql/pglite') return JSON.parse(manifest).version;
    dir = dirname(dir);
  }
  throw new Error('Cannot find the version of @electric-sql/pglite');
}

/** Connects to the URL's own database, or to 'postgres' when that database does not exist. */
async function withAdminConnection<T>(serverUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  let client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err;
    const fallback = new URL(serverUrl);
    fallback.pathname = '/postgres';
    client = new pg.Client({ connectionString: fallback.toString() });
    await client.connect();
  }
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function closeQuietly(database: Database) {
  try {
    await database.close();
  } catch {
    /* already closed by the test */
  }
}

/** Test configuration: no request log, the production defaults otherwise, overridable per test file. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Tests write rows behind the API's back, so list totals are always counted unless a test asks otherwise.
  return { ...loadConfig({}), logRequests: false, adminPassword: ADMIN_PASSWORD, listCacheMs: 0, ...overrides };
}

async function listen(database: Database, config: Config): Promise<TestListener> {
  const app = createApp(database, config);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    config,
    client: () => new TestClient(url),
    signedIn: async () => {
      const client = new TestClient(url);
      const res = await client.login();
      if (res.status !== 200) throw new Error(`Sign-in failed in test setup: ${res.status} ${res.text}`);
      return client;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

/** A real HTTP server on a free port with a fresh database holding the user 'admin' (password ADMIN_PASSWORD). */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  // Each server stores files in a directory of its own, never in the project's ./data.
  const ownDataDir = overrides.dataDir ? undefined : await mkdtemp(join(tmpdir(), 'raahi-test-data-'));
  const config = testConfig({ ...overrides, dataDir: overrides.dataDir ?? ownDataDir! });
  const { database, drop } = await openTestDatabase();
  await ensureAdmin(database, config.adminPassword);
  const main = await listen(database, config);
  const others: TestListener[] = [];
  return {
    ...main,
    database,
    dataDir: config.dataDir,
    listen: async (more) => {
      const listener = await listen(database, { ...config, ...more });
      others.push(listener);
      return listener;
    },
    createUser: (input) => createUser(database, input),
    count: async (table) => {
      if (!/^[a-z_]+$/.test(table)) throw new Error(`Not a table name: ${table}`);
      const [row] = await database.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
      return row.count;
    },
    snapshot: async (...tables) => {
      const result: Record<string, unknown[]> = {};
      for (const table of tables) {
        if (!/^[a-z_]+$/.test(table)) throw new Error(`Not a table name: ${table}`);
        result[table] = await database.query(`SELECT * FROM ${table} ORDER BY id`);
      }
      return result;
    },
    close: async () => {
      await Promise.all([main, ...others].map((l) => l.close()));
      await drop();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}

// Plates, VINs and licence numbers are unique: each body has its own unless the test gives one.
let bodies = 0;

/** A complete, valid vehicle body (the first MH12AB1234, then MH12AB1235 ...); override any field. */
export function vehicleBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = bodies++;
  return {
    make: 'Tata',
    model: 'Prima 4028.S',
    year: 2022,
    vin: `MAT448123NKL${String(n + 1).padStart(5, '0')}`,
    licensePlate: `MH12AB${1234 + n}`,
    type: 'Truck',
    status: 'Active',
    currentMileage: 125000,
    purchaseDate: '2022-04-15',
    ...overrides,
  };
}

/** A complete, valid driver body (each with its own license number); override any field. */
export function driverBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ramesh Kumar',
    license: `MH12201100${12345 + bodies++}`,
    contact: '+91 98200 12345',
    email: 'ramesh.kumar@example.in',
    status: 'Active',
    address: '12 MG Road, Pune 411001',
    joiningDate: '2021-06-01',
    aadharCardFile: null,
    ...overrides,
  };
}

/** A complete, valid trip body for the given vehicle and driver; override any field. */
export function tripBody(vehicleId: string, driverId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    origin: 'Mumbai',
    destination: 'Pune',
    vehicleId,
    driverId,
    status: 'Scheduled',
    eta: '2026-11-21T10:30:00.000Z',
    startDate: '2026-11-21T04:00:00.000Z',
    endDate: null,
    notes: '',
    ...overrides,
  };
}

/** A complete, valid training record body for the given driver; override any field. */
export function trainingBody(driverId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    driverId,
    trainingType: 'Defensive Driving',
    scheduleDate: '2026-03-10',
    status: 'Scheduled',
    certificationFile: null,
    validityPeriod: '1 year',
    trainerName: 'Anil Deshmukh',
    assessmentScore: 85,
    notes: '',
    ...overrides,
  };
}

/** A complete, valid health report body for the given driver; override any field. */
export function healthBody(driverId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    driverId,
    testType: 'Vision Test',
    testDate: '2026-02-01',
    result: 'Fit',
    nextDueDate: '2027-02-01',
    reportFile: null,
    clinicInfo: 'Sahyadri Clinic, Pune',
    notes: '',
    ...overrides,
  };
}
