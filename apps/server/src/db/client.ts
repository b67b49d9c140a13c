import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { durablePgliteOptions } from './durable-nodefs';
import { applyMigrations } from './migrate';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs raw SQL (several statements allowed); used by migrations and seeding. */
  exec(sql: string): Promise<void>;
  /** Runs raw SQL in one transaction on one connection; rolled back when any statement fails. */
  execInTransaction(sql: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs `work` in one transaction on a connection nothing else uses meanwhile (on PGlite, whose one
   * connection the server shares, other statements wait for it); rolled back when `work` throws.
   */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T>;
  /** Follows a notification channel until close(); see ChannelListener. */
  listen(channel: string, listener: ChannelListener): void;
  close(): Promise<void>;
}

/**
 * What a listener hears on a channel. Between lost() and the next live() notifications can be missed,
 * so whoever relies on them must assume anything changed meanwhile.
 */
export interface ChannelListener {
  /** Listening has started, or started again after a loss. */
  live(): void;
  notify(payload: string): void;
  /** The connection that listens was lost; it is being reopened. */
  lost(): void;
}

export interface DatabaseOptions {
  /** A postgres:// URL; when absent the embedded database is used. */
  url?: string;
  /** PGlite data directory; undefined means in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** false: open the database as it is, without applying migrations (to list what stops one). */
  migrate?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url ? await openPostgres(options.url, options.poolSize ?? 10) : await openPglite(options.dataDir);
  if (options.migrate === false) return database;
  try {
    await applyMigrations(database);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  return database;
}

/** The PostgreSQL extensions the embedded database loads (the migrations create pg_trgm). */
export const PGLITE_EXTENSIONS = { pg_trgm };

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (!dataDir) return pgliteDatabase(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  await mkdir(dataDir, { recursive: true });
  return pgliteDatabase(await PGlite.create({ ...durablePgliteOptions(dataDir), extensions: PGLITE_EXTENSIONS }));
}

/** The Database interface over an open PGlite (tests also use it on a PGlite loaded from a prepared data directory). */
export function pgliteDatabase(client: PGlite): Database {
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    exec: async (sql) => {
      await client.exec(sql);
    },
    execInTransaction: async (sql) => {
      await client.transaction(async (tx) => {
        await tx.exec(sql);
      });
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    transaction: (work) => client.transaction((tx) => work(pgliteTransaction(tx))),
    // In-process: notifications arrive with the result of the statement that committed them, and never stop.
    listen: (channel, listener) => {
      client
        .listen(channel, (payload) => listener.notify(payload))
        .then(
          () => listener.live(),
          () => listener.lost(), // closed before it could listen
        );
    },
    close: () => client.close(),
  };
}

/** A Database inside a PGlite transaction (what it runs is part of the transaction). */
function pgliteTransaction(tx: Transaction): Database {
  return {
    kind: 'pglite',
    db: drizzlePglite(tx as unknown as PGlite, { schema }) as unknown as Db,
    exec: async (sql) => {
      await tx.exec(sql);
    },
    execInTransaction: async (sql) => {
      await tx.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
    transaction: () => Promise.reject(new Error('Already in a transaction.')),
    listen: () => {
      throw new Error('Listen on the database, not inside a transaction.');
    },
    close: () => Promise.reject(new Error('Close the database, not a transaction.')),
  };
}

/** A Database inside a transaction on one pooled PostgreSQL connection. */
function postgresTransaction(connection: pg.PoolClient): Database {
  return {
    kind: 'postgres',
    db: drizzlePg(connection, { schema }) as unknown as Db,
    exec: async (sql) => {
      await connection.query(sql);
    },
    execInTransaction: async (sql) => {
      await connection.query(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await connection.query(sql, params)).rows as T[],
    transaction: () => Promise.reject(new Error('Already in a transaction.')),
    listen: () => {
      throw new Error('Listen on the database, not inside a transaction.');
    },
    close: () => Promise.reject(new Error('Close the database, not a transaction.')),
  };
}

/**
 * Lets the event loop read requests and run timers: PGlite answers within microtasks, so work that runs statement
 * after statement on it would otherwise hold the whole server (setImmediate runs after I/O is polled).
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The database as a command sees it: once `signal` aborts (its client went away, the server stops),
 * its next statement fails, so a long command such as the seed rolls back instead of running on.
 */
export function abortableDatabase(database: Database, signal: AbortSignal): Database {
  // PGlite answers within microtasks, so a long command would never let the event loop see its client
  // hang up: each statement first yields to it (setImmediate runs after I/O is polled).
  const check = async () => {
    await yieldToEventLoop();
    signal.throwIfAborted();
  };
  return {
    ...database,
    exec: async (sql) => {
      await check();
      await database.exec(sql);
    },
    execInTransaction: async (sql) => {
      await check();
      await database.execInTransaction(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => {
      await check();
      return database.query<T>(sql, params);
    },
    transaction: async (work) => {
      await check();
      return database.transaction((tx) => work(abortableDatabase(tx, signal)));
    },
    close: () => Promise.reject(new Error('A command does not close the database it was given.')),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Dates stay strings (YYYY-MM-DD) as the API shows them, not JS Dates shifted by the server's zone.
  // Lists run as prepared statements; custom plans keep a rare and a common search term from sharing one plan.
  // No JIT (decision 0057): our statements are short or one-off reports, where compiling them cost more than it
  // saved (1.8 s of a 4.4 s cost-per-km report at 100,000 vehicles).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: { getTypeParser: pgTypeParser },
    options: '-c plan_cache_mode=force_custom_plan -c jit=off',
  });
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  await pool.query('select 1');
  const listeners = new Set<ReturnType<typeof listenOnPostgres>>();
  const transaction: Database['transaction'] = async (work) => {
    const connection = await pool.connect();
    try {
      await connection.query('BEGIN');
      const result = await work(postgresTransaction(connection));
      await connection.query('COMMIT');
      return result;
    } catch (err) {
      await connection.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      connection.release();
    }
  };
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    exec: async (sql) => {
      await pool.query(sql);
    },
    execInTransaction: (sql) => transaction((tx) => tx.exec(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
    transaction,
    listen: (channel, listener) => {
      listeners.add(listenOnPostgres(url, channel, listener));
    },
    close: async () => {
      await Promise.all([...listeners].map((l) => l.stop()));
      await pool.end();
    },
  };
}

/** Closes a client whose events no longer matter (an error while it closes is expected, not news). */
function discard(client: pg.Client) {
  client.removeAllListeners();
  client.on('error', () => undefined);
  return client.end().catch(() => undefined);
}

/** LISTEN on a connection of its own (a pooled one would drop it), reopened with back-off when lost. */
function listenOnPostgres(url: string, channel: string, listener: ChannelListener) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delayMs = 250;

  const connect = async () => {
    const current = new pg.Client({ connectionString: url });
    client = current;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      void discard(current);
      if (stopped) return;
      listener.lost();
      retry = setTimeout(() => void connect(), delayMs);
      retry.unref();
      delayMs = Math.min(delayMs * 2, 10_000);
    };
    current.on('notification', (message) => {
      if (message.channel === channel) listener.notify(message.payload ?? '');
    });
    current.on('error', onLost);
    current.on('end', onLost);
    try {
      await current.connect();
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped || lost) return;
      delayMs = 250;
      listener.live();
    } catch {
      onLost();
    }
  };
  void connect();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      if (client) await discard(client);
    },
  };
}

const DATE_OID = 1082;
function pgTypeParser(oid: number, format?: unknown) {
  if (oid === DATE_OID) return (value: string) => value;
  return pg.types.getTypeParser(oid, format as 'text');
}
