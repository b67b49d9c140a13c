import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runScript, startServer, waitFor, type RunningProcess } from '../testing/server-process';
import { ADMIN_PASSWORD, temporaryPostgresDatabase, TestClient, testDatabaseUrl, vehicleBody } from '../testing/test-server';
import { openDatabase } from './client';
import { changeLogGuardLine, openDatabases } from './change-log-role';

/**
 * The change log's promise on PostgreSQL (issue 32, decision 0063): with RAAHI_OWNER_DATABASE_URL the server's own
 * role (DATABASE_URL) appends to the change log and reads it, and no statement of that role changes an entry:
 * not the erasure setting, not turning triggers off, not dropping or detaching a month. Each test makes its
 * own owner role, server role and database on the test server, and drops them after.
 */

const serverUrl = testDatabaseUrl();
const skipReason = serverUrl ? null : 'roles need a PostgreSQL server (set TEST_DATABASE_URL or DATABASE_URL); the embedded PGlite has one user';

let temporary: Awaited<ReturnType<typeof temporaryPostgresDatabase>> | undefined;
/** The roles' names: the database's owner, and the server's role, which owns nothing. */
let OWNER = '';
let APP = '';
const urlFor = (role: string) => (role === OWNER ? temporary!.ownerUrl : temporary!.url);

/** Every entry, read as the owner (who may read everything), to prove an attack changed nothing. */
async function entries(): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: urlFor(OWNER) });
  await client.connect();
  try {
    return (await client.query('SELECT * FROM change_log ORDER BY id')).rows;
  } finally {
    await client.end();
  }
}

async function stop(running: RunningProcess) {
  if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGTERM');
  await running.exited;
}

const thisMonth = () => `change_log_${new Date().toISOString().slice(0, 7).replace('-', '_')}`;

describe.skipIf(skipReason !== null)(`the change log's own role on PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let dataDir: string;

  beforeAll(async () => {
    // The owner owns the database (and so may create pg_trgm, a trusted extension); the server's role owns nothing.
    temporary = await temporaryPostgresDatabase(serverUrl!, { roles: true });
    [OWNER, APP] = [new URL(temporary.ownerUrl).username, new URL(temporary.url).username];
    dataDir = await mkdtemp(join(tmpdir(), 'raahi-roles-'));
    // Migrated by the owner, the server's role granted its rights, as a server's start does.
    const opened = await openDatabases({ url: urlFor(APP), ownerUrl: urlFor(OWNER), poolSize: 1 });
    try {
      expect(opened.guard).toEqual({ kind: 'role', role: APP, owner: OWNER });
      // An entry of an old month, which the server's retention at start must drop (only the owner may).
      await opened.owner.query(`SELECT change_log_partition_for('2020-03-01')`);
      await opened.owner.query(
        `INSERT INTO change_log (at, actor_type, actor_id, actor_name, area, operation) VALUES ('2020-03-10T08:00:00Z', 'system', 'test', 'Test', 'trips', 'create')`,
      );
    } finally {
      await opened.close();
    }
  }, 60_000);

  afterAll(async () => {
    await temporary?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('the server migrates and keeps the log as the owner, writes and reads entries as its own role, and says so at start', async () => {
    const server = await startServer(dataDir, { DATABASE_URL: urlFor(APP), RAAHI_OWNER_DATABASE_URL: urlFor(OWNER), RAAHI_ADMIN_PASSWORD: ADMIN_PASSWORD });
    try {
      expect(server.output()).toContain(
        `The change log is append-only for the server's role ${APP}: changing or dropping entries needs the owner ${OWNER} (RAAHI_OWNER_DATABASE_URL).`,
      );
      await waitFor(
        () => server.output().includes('Change log: dropped change_log_2020_03'),
        server.exited,
        () => `no purge at start:\n${server.output()}`,
        30_000,
      );
      expect(server.output()).not.toMatch(/upkeep failed|permission denied/i);

      // The write path (the record, its change entry, its outbox) and the history, as DATABASE_URL's role.
      const client = new TestClient(server.url);
      expect((await client.login('admin', ADMIN_PASSWORD)).status).toBe(200);
      const created = await client.post('/api/vehicles', vehicleBody());
      expect(created.status).toBe(201);
      const { id, vin, licensePlate } = created.body;
      expect((await client.put(`/api/vehicles/${id}`, { ...vehicleBody({ vin, licensePlate }), status: 'In Maintenance', version: 1 })).status).toBe(200);
      expect((await client.del(`/api/vehicles/${id}`)).status).toBe(204);
      const history = await client.get(`/api/vehicles/${id}/history`);
      expect(history.status).toBe(200);
      expect(history.body.items.map((e: { operation: string }) => e.operation)).toEqual(['delete', 'update', 'create']);
      expect(history.body.items[0].actor).toMatchObject({ type: 'user', name: 'Admin' });
    } finally {
      await stop(server);
    }
  }, 120_000);

  describe('the attack', () => {
    // Entries in this month's partition and in the default one, written as the server writes them.
    beforeEach(async () => {
      const client = new pg.Client({ connectionString: urlFor(APP) });
      await client.connect();
      try {
        await client.query(
          `INSERT INTO change_log (actor_type, actor_id, actor_name, area, record_id, operation) VALUES ('user', 'USR-1', 'Priya', 'trips', 'TRP-1', 'update')`,
        );
        await client.query(
          `INSERT INTO change_log (at, actor_type, actor_id, actor_name, area, record_id, operation) VALUES ('1999-01-01', 'user', 'USR-1', 'Priya', 'trips', 'TRP-1', 'update')`,
        );
      } finally {
        await client.end();
      }
    });

    // The statements of the attack, each as DATABASE_URL's role on a connection of its own (a setting stays for the session).
    it.each([
      ['UPDATE', [`UPDATE change_log SET actor_name = 'Someone else'`]],
      ['DELETE', ['DELETE FROM change_log']],
      ['DELETE with the erasure setting on (the session setting)', [`SET raahi.change_log_erasure = 'on'`, 'DELETE FROM change_log']],
      ['DELETE from a month with the erasure setting on', [`SET raahi.change_log_erasure = 'on'`, () => `DELETE FROM ${thisMonth()}`]],
      [
        'UPDATE with triggers off for replication (session_replication_role)',
        ['SET session_replication_role = replica', `UPDATE change_log SET actor_name = 'x'`],
      ],
      ['TRUNCATE of the table', ['TRUNCATE change_log']],
      ['TRUNCATE of a month', [() => `TRUNCATE ${thisMonth()}`]],
      ['TRUNCATE of the default partition', ['TRUNCATE change_log_default']],
      ['DISABLE TRIGGER on the table', ['ALTER TABLE change_log DISABLE TRIGGER change_log_append_only', 'DELETE FROM change_log']],
      ['DISABLE TRIGGER ALL on a month', [() => `ALTER TABLE ${thisMonth()} DISABLE TRIGGER ALL`, () => `DELETE FROM ${thisMonth()}`]],
      ['DROP TRIGGER', ['DROP TRIGGER change_log_append_only ON change_log', 'DELETE FROM change_log']],
      [
        'replacing the trigger’s function',
        [`CREATE OR REPLACE FUNCTION change_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$`, 'DELETE FROM change_log'],
      ],
      ['DROP of a month', [() => `DROP TABLE ${thisMonth()}`]],
      ['DETACH PARTITION of a month', [() => `ALTER TABLE change_log DETACH PARTITION ${thisMonth()}`, () => `DROP TABLE ${thisMonth()}`]],
      ['granting itself again', ['SELECT change_log_grant_app_role(current_user)']],
      ['DROP of the table', ['DROP TABLE change_log CASCADE']],
    ])('DATABASE_URL’s role cannot change an entry: %s', async (_attack, statements) => {
      const before = await entries();
      expect(before.length).toBeGreaterThanOrEqual(2);
      const client = new pg.Client({ connectionString: urlFor(APP) });
      await client.connect();
      try {
        let refused: { code?: string; message: string } | undefined;
        for (const statement of statements) {
          try {
            await client.query(typeof statement === 'string' ? statement : statement());
          } catch (err) {
            refused = err as { code?: string; message: string };
            break;
          }
        }
        // insufficient_privilege: a right the role lacks (or, for a plain UPDATE, DELETE or TRUNCATE, the trigger too).
        expect(refused?.code).toBe('42501');
      } finally {
        await client.end();
      }
      expect(await entries()).toEqual(before);
    });
  });

  it('npm run change-log erases as the owner; DATABASE_URL’s role alone may not', async () => {
    const owner = await openDatabase({ url: urlFor(OWNER), poolSize: 1 });
    try {
      await owner.query(
        `INSERT INTO change_log (actor_type, actor_id, actor_name, area, record_id, operation) VALUES ('user', 'USR-ERASE', 'Priya', 'drivers', 'DRV-1', 'update')`,
      );
    } finally {
      await owner.close();
    }
    const alone = runScript('apps/server/src/cli/run-change-log.ts', ['erase', '--actor', 'USR-ERASE'], dataDir, { DATABASE_URL: urlFor(APP) });
    expect((await alone.exited).code).toBe(1);
    expect(alone.output()).toMatch(/permission denied/);
    const both = runScript('apps/server/src/cli/run-change-log.ts', ['erase', '--actor', 'USR-ERASE'], dataDir, {
      DATABASE_URL: urlFor(APP),
      RAAHI_OWNER_DATABASE_URL: urlFor(OWNER),
    });
    expect(await both.exited).toMatchObject({ code: 0 });
    expect(both.output()).toContain('Erased 1 entry made by USR-ERASE.');
  }, 60_000);

  it('with DATABASE_URL alone everything works and the server says the change log is protected by triggers only', async () => {
    const server = await startServer(dataDir, { DATABASE_URL: urlFor(OWNER), RAAHI_ADMIN_PASSWORD: ADMIN_PASSWORD });
    try {
      expect(server.output()).toContain(
        "The change log is protected by triggers only (RAAHI_OWNER_DATABASE_URL is not set): set RAAHI_OWNER_DATABASE_URL to the tables' owner",
      );
      const client = new TestClient(server.url);
      expect((await client.login('admin', ADMIN_PASSWORD)).status).toBe(200);
      expect((await client.post('/api/vehicles', vehicleBody())).status).toBe(201);
    } finally {
      await stop(server);
    }
  }, 120_000);

  it('refuses two URLs that name different databases, before migrating either', async () => {
    await expect(openDatabases({ url: temporary!.url, ownerUrl: serverUrl!, poolSize: 1 })).rejects.toThrow(
      /^RAAHI_OWNER_DATABASE_URL names the database \w+ and DATABASE_URL raahi_t_\w+: both must name the same database\.$/,
    );
  });

  it('a DATABASE_URL role that is a superuser gets no grants and the server says the triggers alone hold', async () => {
    const superuser = new URL(serverUrl!);
    superuser.pathname = new URL(temporary!.url).pathname;
    const opened = await openDatabases({ url: superuser.toString(), ownerUrl: urlFor(OWNER), poolSize: 1 });
    try {
      expect(opened.guard).toMatchObject({ kind: 'triggers', reason: expect.stringMatching(/is a superuser$/) });
      expect(changeLogGuardLine(opened.guard)).toMatch(/^The change log is protected by triggers only \(DATABASE_URL's role \w+ is a superuser\)/);
    } finally {
      await opened.close();
    }
  }, 60_000);
});
