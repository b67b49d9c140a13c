import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMPORT_DEFAULT_MAX_MB, IMPORT_DEFAULT_MAX_ROWS } from '@raahi/domain';
import { checkedTimeZone } from './company-time';
import { storageConfigFrom, type StorageConfig } from './files/storage-config';
import { mailConfigFrom, type MailConfig } from './notifications/mail';

export interface Config {
  port: number;
  /** Interface to listen on; undefined means Node's default (every interface, IPv4 and IPv6). */
  host: string | undefined;
  /** Where the embedded database and stored files live. */
  dataDir: string;
  /** A PostgreSQL server to use instead of the embedded database. */
  databaseUrl: string | undefined;
  /**
   * RAAHI_OWNER_DATABASE_URL: the same database as the tables' owner, for migrations, the change log's upkeep and the
   * command-line tools; DATABASE_URL is then a role that may only append to the change log (decision 0063).
   */
  ownerDatabaseUrl: string | undefined;
  adminPassword: string | undefined;
  sessionIdleMs: number;
  /** A session ends this long after sign-in however busy it is (absolute lifetime). */
  sessionMaxMs: number;
  loginMaxFailures: number;
  loginWindowMs: number;
  /** Take the client's address and scheme from X-Forwarded-* (only behind a trusted proxy). */
  trustProxy: boolean;
  /**
   * How many trusted proxies append to X-Forwarded-For: the client's address is the entry that many
   * places from the right (the left-most entries are whatever the client sent).
   */
  proxyHops: number;
  /**
   * Host names (lower case, without port) this server answers to; any other Host header is refused,
   * which closes DNS rebinding. 'any' answers every host (development default).
   */
  allowedHosts: string[] | 'any';
  /** The built web app served at /. */
  webDir: string;
  logRequests: boolean;
  /** Largest accepted upload. */
  uploadMaxBytes: number;
  /**
   * How long a list page or total may be reused while no record changes (0: never; every request
   * queries). Changes through any server or tool drop it at once.
   */
  listCacheMs: number;
  /** How many months the change log keeps (RAAHI_CHANGE_LOG_MONTHS, default 24): older month partitions are dropped. */
  changeLogMonths: number;
  /** Between the reminder runs for the passing of days (RAAHI_REMINDER_MINUTES, default 5; 0: only the run on start). */
  reminderIntervalMs: number;
  /** The SMTP server and sender of e-mails (RAAHI_SMTP_URL, RAAHI_MAIL_FROM); undefined: no e-mail is sent (notifications/mail.ts). */
  mail: MailConfig | undefined;
  /** Requests an API key may make a minute (RAAHI_API_KEY_RATE_PER_MINUTE, default 600), counted across servers. */
  apiKeyRatePerMinute: number;
  /** Where files are kept: the local disk under dataDir (default) or an S3-compatible bucket (RAAHI_S3_*, files/storage-config.ts). */
  storage: StorageConfig;
  /**
   * RAAHI_WEBHOOKS_ALLOW_PRIVATE=1: webhooks may be sent to private, loopback and link-local addresses (tests, a
   * closed network). Off by default, so that a webhook cannot be used to reach inside the network (decision 0054).
   */
  webhooksAllowPrivate: boolean;
  /** How long a failing delivery is retried before it is marked failed (RAAHI_WEBHOOKS_RETRY_HOURS, default 24). */
  webhooksRetryMs: number;
  /** The largest file an import takes (RAAHI_IMPORT_MAX_MB, default 20), refused before it is read. */
  importMaxBytes: number;
  /** The most records one import file holds (RAAHI_IMPORT_MAX_ROWS, default 200,000): reading stops at the first over. */
  importMaxRows: number;
  /**
   * Imports read and checked at once (RAAHI_IMPORTS_AT_ONCE, default 4, per server; at most 2 of them one user's
   * or key's): one more answers 429 with Retry-After, so that the worst allowed file's memory times this is
   * bounded (decision 0059).
   */
  importsAtOnce: number;
}

function number(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
}

/**
 * RAAHI_ALLOWED_HOSTS ('raahi.example.in,ops.example.in', or '*'). Unset: any host in development;
 * in production (NODE_ENV=production) the host of RAAHI_PUBLIC_URL, and otherwise only addresses
 * and localhost (see http/hosts.ts), which no DNS rebinding can reach.
 */
function allowedHosts(env: NodeJS.ProcessEnv): string[] | 'any' {
  const listed = (env.RAAHI_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (listed.includes('*')) return 'any';
  if (env.RAAHI_PUBLIC_URL) {
    try {
      listed.push(new URL(env.RAAHI_PUBLIC_URL).hostname.toLowerCase());
    } catch {
      throw new Error(`RAAHI_PUBLIC_URL must be a URL such as https://raahi.example.in (got "${env.RAAHI_PUBLIC_URL}")`);
    }
  }
  if (listed.length > 0) return listed;
  return env.NODE_ENV === 'production' ? [] : 'any';
}

/** RAAHI_REMINDER_MINUTES: 0 (only the run on start) or 0.01–1440 (a timer beyond Node's 24.8 days fires at once, again and again; tests run every 0.6 s). */
function reminderMinutes(env: NodeJS.ProcessEnv): number {
  if (env.RAAHI_REMINDER_MINUTES === '0') return 0;
  const minutes = number(env, 'RAAHI_REMINDER_MINUTES', 5);
  if (minutes < 0.01 || minutes > 1440)
    throw new Error(`RAAHI_REMINDER_MINUTES must be 0 (only on start) or from 0.01 to 1440 minutes (got "${env.RAAHI_REMINDER_MINUTES}")`);
  return minutes;
}

const flag = (value: string | undefined) => value === '1' || value === 'true' || value === 'yes';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A mistyped zone stops the server at start rather than judging every date by another day.
  checkedTimeZone(env.RAAHI_TIME_ZONE);
  if (env.RAAHI_OWNER_DATABASE_URL && !env.DATABASE_URL) {
    throw new Error('RAAHI_OWNER_DATABASE_URL is the owner of the database DATABASE_URL names: set DATABASE_URL too (README: The change log)');
  }
  return {
    port: number(env, 'PORT', 3000),
    host: env.HOST || undefined,
    dataDir: resolve(env.RAAHI_DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    ownerDatabaseUrl: env.RAAHI_OWNER_DATABASE_URL || undefined,
    adminPassword: env.RAAHI_ADMIN_PASSWORD || undefined,
    sessionIdleMs: number(env, 'RAAHI_SESSION_IDLE_HOURS', 12) * 3_600_000,
    sessionMaxMs: number(env, 'RAAHI_SESSION_MAX_DAYS', 7) * 86_400_000,
    loginMaxFailures: number(env, 'RAAHI_LOGIN_MAX_FAILURES', 10),
    loginWindowMs: number(env, 'RAAHI_LOGIN_WINDOW_MINUTES', 15) * 60_000,
    trustProxy: flag(env.RAAHI_TRUST_PROXY) || /^[1-9]$/.test(env.RAAHI_TRUST_PROXY ?? ''),
    proxyHops: /^[1-9]$/.test(env.RAAHI_TRUST_PROXY ?? '') ? Number(env.RAAHI_TRUST_PROXY) : 1,
    allowedHosts: allowedHosts(env),
    webDir: resolve(env.RAAHI_WEB_DIR || fileURLToPath(new URL('../../web/dist/', import.meta.url))),
    logRequests: env.RAAHI_LOG_REQUESTS !== '0',
    uploadMaxBytes: Math.round(number(env, 'RAAHI_UPLOAD_MAX_MB', 10) * 1024 * 1024),
    listCacheMs: env.RAAHI_LIST_CACHE_SECONDS === '0' ? 0 : number(env, 'RAAHI_LIST_CACHE_SECONDS', 60) * 1000,
    changeLogMonths: Math.round(number(env, 'RAAHI_CHANGE_LOG_MONTHS', 24)),
    reminderIntervalMs: reminderMinutes(env) * 60_000,
    mail: mailConfigFrom(env),
    storage: storageConfigFrom(env),
    apiKeyRatePerMinute: Math.round(number(env, 'RAAHI_API_KEY_RATE_PER_MINUTE', 600)),
    webhooksAllowPrivate: flag(env.RAAHI_WEBHOOKS_ALLOW_PRIVATE),
    webhooksRetryMs: Math.round(Math.min(number(env, 'RAAHI_WEBHOOKS_RETRY_HOURS', 24), 24 * 30) * 3_600_000),
    importMaxBytes: Math.round(number(env, 'RAAHI_IMPORT_MAX_MB', IMPORT_DEFAULT_MAX_MB) * 1024 * 1024),
    importMaxRows: Math.round(number(env, 'RAAHI_IMPORT_MAX_ROWS', IMPORT_DEFAULT_MAX_ROWS)),
    importsAtOnce: Math.max(1, Math.round(number(env, 'RAAHI_IMPORTS_AT_ONCE', 4))),
  };
}

/** The session lifetimes of a configuration (auth/sessions.ts). */
export const sessionLifetime = (config: Config) => ({ idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs });
