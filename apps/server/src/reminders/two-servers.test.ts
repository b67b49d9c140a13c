import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@raahi/domain';
import { companyToday } from '../company-time';
import { openDatabase, type Database } from '../db/client';
import { openTestDatabase, testDatabaseUrl } from '../testing/test-server';
import { startTwoServers, twoServersSkipReason, type TwoServers } from '../testing/two-servers';
import { runReminders } from './engine';
import { documentsRule } from './rules/documents';

const skipReason = twoServersSkipReason();
const PASSWORD = 'a-long-enough-password-1';
const today = companyToday();
const docBody = (overrides: Record<string, unknown>) => ({
  documentNumber: '',
  issuer: '',
  issueDate: null,
  notes: '',
  documentFile: null,
  entityId: '',
  ...overrides,
});

async function until(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const countOf = async (database: Database, sql: string, params: unknown[] = []) => Number((await database.query<{ n: string }>(sql, params))[0].n);

// Two real server processes on one PostgreSQL database, each running reminders (on start, every 0.6 s, after writes).
describe.skipIf(skipReason !== null)(`reminders on two app servers${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let servers: TwoServers;
  beforeAll(async () => {
    servers = await startTwoServers({ RAAHI_REMINDER_MINUTES: '0.01' });
  }, 120_000);
  afterAll(() => servers?.close(), 30_000);

  it('both servers judging the same records at once make one set of notifications: one per change of state and user who may view it', async () => {
    const { database } = servers;
    await servers.createUser({ username: 'manager', password: PASSWORD, role: 'fleet_manager' });
    await servers.createUser({ username: 'accounts', password: PASSWORD, role: 'accounts' });
    // 200 company documents far from expiry: judged OK on their first evaluation, nobody notified.
    await database.query(
      `INSERT INTO compliance_documents (id, document_name, document_type, expiry_date) SELECT 'DOC-T' || lpad(g::text, 4, '0'), 'Document ' || g, 'Other', $1::date FROM generate_series(1, 200) g`,
      [addDays(today, 100)],
    );
    await until('the first evaluation', async () => (await countOf(database, `SELECT count(*) AS n FROM reminder_states WHERE rule = 'documents'`)) === 200);
    expect(await countOf(database, `SELECT count(*) AS n FROM notifications`)).toBe(0);

    // 180 come within their threshold (as days passing would do it) while both servers change the other 20 through the
    // API at once — each server's run after its writes racing the periodic run of whichever server holds the lease.
    await database.query(`UPDATE compliance_documents SET expiry_date = $1 WHERE id > 'DOC-T0020'`, [addDays(today, 5)]);
    const [onA, onB] = await Promise.all([servers.a.signedIn(), servers.b.signedIn()]);
    const expire = async (client: typeof onA, n: number) => {
      const id = `DOC-T${String(n).padStart(4, '0')}`;
      const res = await client.put(
        `/api/compliance/${id}`,
        docBody({ documentName: `Document ${n}`, documentType: 'Other', expiryDate: addDays(today, -1), version: 1 }),
      );
      expect(res.status, res.text).toBe(200);
    };
    await Promise.all(Array.from({ length: 20 }, (_, i) => expire(i % 2 === 0 ? onA : onB, i + 1)));
    await until(
      'every change judged',
      async () => (await countOf(database, `SELECT count(*) AS n FROM reminder_states WHERE rule = 'documents' AND state <> 'ok'`)) === 200,
    );
    // Runs keep happening on both servers; nothing more may come of them.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const users = await database.query<{ id: string; username: string }>(`SELECT id, username FROM users`);
    const perUser = async (username: string) =>
      database.query<{ state: string; n: string }>(
        `SELECT n.state, count(*) AS n FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.username = $1 GROUP BY n.state ORDER BY n.state`,
        [username],
      );
    for (const username of ['admin', 'manager'])
      expect(await perUser(username)).toEqual([
        { state: 'due_soon', n: '180' },
        { state: 'overdue', n: '20' },
      ]);
    expect(await perUser('accounts')).toEqual([]);
    expect(users).toHaveLength(3);
    expect(
      await countOf(database, `SELECT count(*) AS n FROM (SELECT user_id, record_id, state FROM notifications GROUP BY 1, 2, 3 HAVING count(*) > 1) twice`),
    ).toBe(0);

    // Both servers answer the same count (capped at 100 for the badge).
    for (const server of [servers.a, servers.b]) {
      const manager = await server.signedIn('manager', PASSWORD);
      expect((await manager.get('/api/notifications/unread-count')).body).toEqual({ count: 100, capped: true });
    }
    // One server holds the lease of the periodic runs.
    expect(await database.query(`SELECT job FROM job_leases WHERE expires_at > now()`)).toEqual([{ job: 'reminders' }]);
  }, 90_000);
});

// Without the lease: two connections running the same full run at the very same time still notify each change once
// (the upsert that writes a state is the one that notifies; the other waits for its row lock and finds nothing changed).
describe.skipIf(!testDatabaseUrl())('two runs at once on PostgreSQL, no lease', () => {
  let database: Database;
  let other: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await drop?.();
  });

  it('exactly one notification per change and user', async () => {
    const [{ db }] = await database.query<{ db: string }>(`SELECT current_database() AS db`);
    const base = new URL(testDatabaseUrl()!);
    base.pathname = `/${db}`;
    other = await openDatabase({ url: base.toString(), poolSize: 2, migrate: false });
    await database.exec(
      `INSERT INTO users (id, username, name, role, email, phone, address, password_hash) VALUES ('U1', 'one', 'One', 'fleet_manager', '', '', '', 'x'), ('U2', 'two', 'Two', 'viewer', '', '', '', 'x')`,
    );
    await database.query(
      `INSERT INTO compliance_documents (id, document_name, document_type, expiry_date) SELECT 'DOC-' || g, 'Document ' || g, 'Other', $1::date FROM generate_series(1, 2000) g`,
      [addDays(today, 100)],
    );
    await runReminders(database, { today, rules: [documentsRule] });
    const later = addDays(today, 75);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([
        runReminders(database, { today: addDays(later, round * 30), rules: [documentsRule] }),
        runReminders(other, { today: addDays(later, round * 30), rules: [documentsRule] }),
      ]);
      expect(results[0].changed + results[1].changed).toBe(round < 2 ? 2000 : 0);
    }
    expect(await countOf(database, `SELECT count(*) AS n FROM notifications`)).toBe(2 * 2 * 2000);
    expect(
      await countOf(database, `SELECT count(*) AS n FROM (SELECT user_id, record_id, state FROM notifications GROUP BY 1, 2, 3 HAVING count(*) > 1) twice`),
    ).toBe(0);
  }, 60_000);
});
