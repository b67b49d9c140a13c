import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, ensureAdmin } from '../auth/users';
import { openDatabase, type Database } from '../db/client';
import { startSmtp } from '../testing/smtp';
import { startServer, waitFor, type RunningServer } from '../testing/server-process';
import { ADMIN_PASSWORD, temporaryPostgresDatabase, testDatabaseUrl } from '../testing/test-server';
import { twoServersSkipReason } from '../testing/two-servers';
import { clockIn } from './digest';

/**
 * Two app server processes on one PostgreSQL start at once, after 07:00 in the company's zone, on a day no
 * server has sent the digest: between them they send it exactly once (the catch-up at start).
 */
const skipReason = twoServersSkipReason();

/** A zone where it is now about noon (Etc/GMT-N is UTC+N), so that the day's digest is due and not near midnight. */
function zoneAtNoon(): string {
  const offset = 12 - new Date().getUTCHours();
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

describe.skipIf(skipReason !== null)('the daily digest on two servers (PostgreSQL)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let temporary: Awaited<ReturnType<typeof temporaryPostgresDatabase>>;
  let database: Database;
  let dataDir: string;
  const servers: RunningServer[] = [];
  const zone = zoneAtNoon();

  beforeAll(async () => {
    smtp = await startSmtp();
    temporary = await temporaryPostgresDatabase(testDatabaseUrl()!);
    dataDir = await mkdtemp(join(tmpdir(), 'raahi-digest-'));
    database = await openDatabase({ url: temporary.url, poolSize: 2 });
    await ensureAdmin(database, ADMIN_PASSWORD);
    for (const [username, email] of [
      ['asha', 'asha@example.in'],
      ['ravi', 'ravi@example.in'],
    ]) {
      const user = await createUser(database, { username, password: 'Digest-Password-2026', email, role: 'fleet_manager' });
      await database.query(`INSERT INTO notification_preferences (user_id, daily_digest) VALUES ($1, true)`, [user.id]);
      await database.query(
        `INSERT INTO notifications (user_id, kind, area, record_id, state, type, title, message, href)
         VALUES ($1, 'trips', 'trips', 'TRP1', 'overdue', 'critical', $2, 'Past its ETA by 2 hours.', '/fleet-management?edit=TRP1')`,
        [user.id, `Trip TRP1 is late (${username})`],
      );
    }
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await database?.close().catch(() => undefined);
    await temporary?.drop();
    await smtp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('sends one e-mail per user, from one of the two servers', async () => {
    const env = {
      DATABASE_URL: temporary.url,
      RAAHI_ADMIN_PASSWORD: ADMIN_PASSWORD,
      RAAHI_TIME_ZONE: zone,
      RAAHI_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      RAAHI_MAIL_FROM: 'Raahi <raahi@example.in>',
      RAAHI_PUBLIC_URL: 'https://raahi.example.in',
    };
    servers.push(...(await Promise.all([startServer(dataDir, env, false), startServer(dataDir, env, false)])));
    const day = clockIn(zone, new Date()).date;
    const sentLine = `Daily digest of ${day}: 2 e-mails sent.`;
    const output = () => servers.map((s) => s.output()).join('\n---\n');
    await waitFor(
      () => output().includes(sentLine),
      Promise.race(servers.map((s) => s.exited)),
      () => `no digest was sent:\n${output()}`,
      60_000,
    );
    // Both servers have started (each looked at start), and a while for a second sender to show itself.
    await waitFor(() => servers.every((s) => s.output().includes('Raahi is running at')), Promise.race(servers.map((s) => s.exited)), output, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));

    expect(servers.filter((s) => s.output().includes(sentLine))).toHaveLength(1);
    expect(smtp.received.map((r) => r.to[0]).sort()).toEqual(['asha@example.in', 'ravi@example.in']);
    const asha = smtp.received.find((r) => r.to[0] === 'asha@example.in')!;
    expect(asha.subject).toMatch(/: 1 unread notification$/);
    expect(asha.text).toContain('- Trip TRP1 is late (asha)\n  Past its ETA by 2 hours.\n  https://raahi.example.in/fleet-management?edit=TRP1');
    expect(asha.text).not.toContain('(ravi)');
    const runs = await database.query<{ run_key: string; finished: boolean }>(
      `SELECT run_key, finished_at IS NOT NULL AS finished FROM job_runs WHERE job = 'digest'`,
    );
    expect(runs).toEqual([{ run_key: day, finished: true }]);
  }, 120_000);
});
