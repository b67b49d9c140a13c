import { openDatabase, type Database } from './client';
import { applyMigrations, MIGRATION_LOCK } from './migrate';

/**
 * Who may change the change log (decision 0063). With RAAHI_OWNER_DATABASE_URL, the tables' owner migrates and
 * keeps the log (partitions, retention, erasure) on a connection of its own, and the server answers requests
 * on DATABASE_URL, a role granted INSERT and SELECT on change_log and nothing more there (migration 0057). With
 * DATABASE_URL alone, or the embedded database, one role does everything and the triggers of migration 0027
 * are the only guard.
 */
export type ChangeLogGuard =
  /** DATABASE_URL's role may only append to the change log and read it. */
  | { kind: 'role'; role: string; owner: string }
  /** One role for everything (or a role that can act as the owner): the triggers alone. */
  | { kind: 'triggers'; reason: string }
  /** The embedded database: one user, the triggers alone (README: The change log). */
  | { kind: 'embedded' };

export interface OpenedDatabases {
  /** What the server's requests, jobs and reminders use (DATABASE_URL, or the embedded database). */
  database: Database;
  /** What migrations and the change log's upkeep use: the owner's connection, or `database` itself. */
  owner: Database;
  guard: ChangeLogGuard;
  /** Closes both (once when they are one). */
  close(): Promise<void>;
}

export interface OpenDatabasesOptions {
  url?: string;
  ownerUrl?: string;
  dataDir?: string;
  poolSize?: number;
}

/** Opens the server's database and, when given, the owner's: the owner migrates and grants the server's role its rights. */
export async function openDatabases(options: OpenDatabasesOptions): Promise<OpenedDatabases> {
  if (!options.ownerUrl) {
    const database = await openDatabase({ url: options.url, dataDir: options.dataDir, poolSize: options.poolSize });
    const guard: ChangeLogGuard = options.url ? { kind: 'triggers', reason: 'RAAHI_OWNER_DATABASE_URL is not set' } : { kind: 'embedded' };
    return { database, owner: database, guard, close: () => database.close() };
  }
  if (!options.url) throw new Error('RAAHI_OWNER_DATABASE_URL needs DATABASE_URL, the role the server answers requests with.');
  // Migrations, partitions and the daily purge: a statement at a time, so two connections are plenty.
  const owner = await openDatabase({ url: options.ownerUrl, poolSize: 2, migrate: false });
  let database: Database | undefined;
  try {
    database = await openDatabase({ url: options.url, poolSize: options.poolSize, migrate: false });
    // Two URLs for two databases would migrate one and serve the other: refused before anything is written.
    const [[{ name: ownerDb }], [{ name: serverDb }]] = await Promise.all(
      [owner, database].map((d) => d.query<{ name: string }>('SELECT current_database() AS name')),
    );
    if (ownerDb !== serverDb)
      throw new Error(`RAAHI_OWNER_DATABASE_URL names the database ${ownerDb} and DATABASE_URL ${serverDb}: both must name the same database.`);
    await applyMigrations(owner);
    const guard = await grantAppRole(owner, database);
    const opened = database;
    return { database, owner, guard, close: async () => void (await Promise.all([opened.close(), owner.close()])) };
  } catch (err) {
    await database?.close().catch(() => undefined);
    await owner.close().catch(() => undefined);
    throw err;
  }
}

/**
 * Grants DATABASE_URL's role its rights as the owner (migration 0057's function; again at every start, so that
 * tables of later migrations are granted), unless that role is the owner's, a superuser or a member of the
 * owner's role: then nothing would hold but the triggers, and the guard says so.
 */
export async function grantAppRole(owner: Database, database: Database): Promise<ChangeLogGuard> {
  const [app] = await database.query<{ role: string; superuser: boolean; owns: boolean }>(
    `SELECT current_user AS role, r.rolsuper AS superuser,
            pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = 'change_log'::regclass), 'MEMBER') AS owns
     FROM pg_roles r WHERE r.rolname = current_user`,
  );
  const [{ role: ownerRole }] = await owner.query<{ role: string }>('SELECT current_user AS role');
  if (app.superuser) return { kind: 'triggers', reason: `DATABASE_URL's role ${app.role} is a superuser` };
  if (app.owns) return { kind: 'triggers', reason: `DATABASE_URL's role ${app.role} owns the change log (or may act as its owner)` };
  // Under the migrations' lock: two servers granting at once would otherwise collide ("tuple concurrently updated").
  await owner.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.query('SELECT change_log_grant_app_role($1)', [app.role]);
  });
  return { kind: 'role', role: app.role, owner: ownerRole };
}

/** The server's line at start on how the change log is protected (none for the embedded database: README). */
export function changeLogGuardLine(guard: ChangeLogGuard): string | undefined {
  if (guard.kind === 'embedded') return undefined;
  if (guard.kind === 'role') {
    return `The change log is append-only for the server's role ${guard.role}: changing or dropping entries needs the owner ${guard.owner} (RAAHI_OWNER_DATABASE_URL).`;
  }
  return `The change log is protected by triggers only (${guard.reason}): set RAAHI_OWNER_DATABASE_URL to the tables' owner and DATABASE_URL to a role without those rights (README: The change log).`;
}
