import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
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
    // In-process: notifications arrive with the result of the statement that committed them, and never stop.
    listen: (channel, listener) => {
      client.listen(channel, (payload) => listener.notify(payload)).then(
        () => listener.live(),
        () => listener.lost(), // closed before it could listen
      );
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Dates stay strings (YYYY-MM-DD) as the API shows them, not JS Dates shifted by the server's zone.
  // Lists run as prepared statements; custom plans keep a rare and a common search term from sharing one plan.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: { getTypeParser: pgTypeParser }, options: '-c plan_cache_mode=force_custom_plan' });
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  await pool.query('select 1');
  const listeners = new Set<ReturnType<typeof listenOnPostgres>>();
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    exec: async (sql) => {
      await pool.query(sql);
    },
    execInTransaction: async (sql) => {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        await connection.query(sql);
        await connection.query('COMMIT');
      } catch (err) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        connection.release();
      }
    },
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
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
