import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtp } from '../testing/smtp';
import { startTestServer, type TestServer } from '../testing/test-server';
import { digestDayAt, runDailyDigest, scheduleDailyDigest } from './digest';
import type { MailConfig } from './mail';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let mail: MailConfig;
const ids: Record<string, string> = {};

/** 07:30 in Asia/Kolkata (the default company zone) on the given day. */
const at0730 = (day: string) => new Date(`${day}T02:00:00Z`);

async function notify(user: string, title: string, options: { read?: boolean; kind?: string; createdAt?: string } = {}) {
  await server.database.query(
    `INSERT INTO notifications (user_id, kind, area, record_id, state, type, title, message, href, created_at, read_at)
     VALUES ($1, $2, 'compliance', 'CMP0001ABC', 'due_soon', 'warning', $3, $4, $5, COALESCE($6::timestamptz, now()), $7)`,
    [
      ids[user],
      options.kind ?? 'documents',
      title,
      `${title}: renew before it expires.`,
      `/compliance?edit=${encodeURIComponent(title)}`,
      options.createdAt ?? null,
      options.read ? new Date() : null,
    ],
  );
}

async function choose(user: string, dailyDigest: boolean, mutedKinds: string[] = []) {
  await server.database.query(`INSERT INTO notification_preferences (user_id, muted_kinds, daily_digest) VALUES ($1, $2, $3)`, [
    ids[user],
    mutedKinds,
    dailyDigest,
  ]);
}

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer();
  mail = { smtpUrl: `smtp://raahi:secret@127.0.0.1:${smtp.port}`, from: 'Raahi <raahi@example.in>', publicUrl: 'https://raahi.example.in' };
  const password = 'Digest-Password-2026';
  ids.asha = (await server.createUser({ username: 'asha', name: 'Asha Patil', password, email: 'asha@example.in', role: 'fleet_manager' })).id;
  ids.noemail = (await server.createUser({ username: 'noemail', password, role: 'fleet_manager' })).id;
  ids.optedout = (await server.createUser({ username: 'optedout', password, email: 'optedout@example.in', role: 'fleet_manager' })).id;
  ids.quiet = (await server.createUser({ username: 'quiet', password, email: 'quiet@example.in', role: 'fleet_manager' })).id;
  ids.gone = (await server.createUser({ username: 'gone', password, email: 'gone@example.in', role: 'fleet_manager' })).id;
  await server.database.query(`UPDATE users SET active = false WHERE id = $1`, [ids.gone]);
  await choose('asha', true, ['trips']);
  await choose('noemail', true);
  await choose('optedout', false);
  await choose('quiet', true);
  await choose('gone', true);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
afterEach(() => vi.restoreAllMocks());

describe('the daily e-mail digest', () => {
  it('is due from 07:00 in the company zone (Asia/Kolkata), not before', () => {
    expect(digestDayAt(new Date('2026-11-24T01:29:00Z'))).toBeNull(); // 06:59 IST
    expect(digestDayAt(new Date('2026-11-24T01:30:00Z'))).toBe('2026-11-24'); // 07:00 IST
    expect(digestDayAt(new Date('2026-11-24T18:29:00Z'))).toBe('2026-11-24'); // 23:59 IST
    expect(digestDayAt(new Date('2026-11-24T18:30:00Z'))).toBeNull(); // 00:00 IST the next day
  });

  it('sends each user who chose it exactly one e-mail per day, across two runs, listing their unread notifications', async () => {
    await notify('asha', 'Insurance of MH12AB1234 expires in 10 days');
    await notify('asha', 'PUC of MH14CD5678 expires in 3 days');
    await notify('asha', 'Already read', { read: true });
    await notify('asha', 'Muted kind', { kind: 'trips' });
    await notify('asha', 'From last week', { createdAt: new Date(Date.now() - 8 * 86_400_000).toISOString() });
    await notify('noemail', 'Not sent: no address');
    await notify('optedout', 'Not sent: no digest chosen');
    await notify('gone', 'Not sent: deactivated');
    vi.spyOn(console, 'log').mockImplementation(() => undefined);

    // Two servers (holders) at 07:30 the same day: one claims the day and sends; the other sends nothing.
    const day = new Date().toISOString().slice(0, 10);
    const [first, second] = await Promise.all([
      runDailyDigest(server.database, mail, { now: at0730(day), holder: 'server-a' }),
      runDailyDigest(server.database, mail, { now: at0730(day), holder: 'server-b' }),
    ]);
    expect([first.claimed, second.claimed].sort()).toEqual([false, true]);
    const again = await runDailyDigest(server.database, mail, { now: new Date(at0730(day).getTime() + 3 * 3_600_000), holder: 'server-a' });
    expect(again).toMatchObject({ claimed: false, sent: 0 });

    expect(smtp.received).toHaveLength(1);
    const [email] = smtp.received;
    expect(email.from).toBe('raahi@example.in');
    expect(email.to).toEqual(['asha@example.in']);
    expect(email.subject).toMatch(/^Raahi daily digest, \d{1,2} [A-Z][a-z]{2} \d{4}: 2 unread notifications$/);
    expect(email.text).toContain('Hello Asha Patil,');
    expect(email.text).toContain('You have 2 unread notifications since your last digest:');
    expect(email.text).toContain(
      '- PUC of MH14CD5678 expires in 3 days\n  PUC of MH14CD5678 expires in 3 days: renew before it expires.\n  https://raahi.example.in/compliance?edit=PUC%20of%20MH14CD5678%20expires%20in%203%20days',
    );
    expect(email.text).toContain('- Insurance of MH12AB1234 expires in 10 days');
    expect(email.text).toContain('All notifications: https://raahi.example.in/notifications');
    for (const absent of ['Already read', 'Muted kind', 'From last week', 'Not sent']) expect(email.text).not.toContain(absent);

    const [run] = await server.database.query<{ holder: string; finished: boolean }>(
      `SELECT holder, finished_at IS NOT NULL AS finished FROM job_runs WHERE job = 'digest' AND run_key = $1`,
      [day],
    );
    expect(run.finished).toBe(true);
  });

  it('sends nothing before 07:00, and the next day lists only what came since the last digest', async () => {
    smtp.received.length = 0;
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await runDailyDigest(server.database, mail, { now: new Date(`${tomorrow}T01:00:00Z`) })).toMatchObject({ day: null, claimed: false });
    await notify('asha', 'Fitness certificate of MH12AB1234 expired');
    const run = await runDailyDigest(server.database, mail, { now: at0730(tomorrow) });
    expect(run).toMatchObject({ claimed: true, sent: 1, failed: 0 });
    expect(smtp.received.map((r) => [r.to, r.subject.replace(/^.*: /, '')])).toEqual([[['asha@example.in'], '1 unread notification']]);
    expect(smtp.received[0].text).toContain('- Fitness certificate of MH12AB1234 expired');
    expect(smtp.received[0].text).not.toContain('PUC of MH14CD5678');
  });

  it('logs a failed send without crashing, does not retry that day, and the next day carries what it missed', async () => {
    smtp.received.length = 0;
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const day3 = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const day4 = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await notify('asha', 'Permit of MH12AB1234 expires in 7 days');
    smtp.state.refuse = true;
    const failed = await runDailyDigest(server.database, mail, { now: at0730(day3) });
    expect(failed).toMatchObject({ claimed: true, sent: 0, failed: 1 });
    expect(errors.mock.calls.flat().join('\n')).toMatch(/Daily digest of \d{4}-\d\d-\d\d to user USR\w+ failed \(EENVELOPE 550\)/);
    expect(errors.mock.calls.flat().join('\n')).not.toContain('asha@example.in');
    smtp.state.refuse = false;
    // The failed day is claimed: a later run that day sends nothing.
    expect(await runDailyDigest(server.database, mail, { now: new Date(at0730(day3).getTime() + 3_600_000) })).toMatchObject({ claimed: false });
    expect(smtp.received).toHaveLength(0);
    await notify('asha', 'Road tax of MH12AB1234 expires in 14 days');
    const next = await runDailyDigest(server.database, mail, { now: at0730(day4) });
    expect(next).toMatchObject({ claimed: true, sent: 1 });
    expect(smtp.received[0].subject).toMatch(/: 2 unread notifications$/);
    expect(smtp.received[0].text).toContain('Permit of MH12AB1234 expires in 7 days');
    expect(smtp.received[0].text).toContain('Road tax of MH12AB1234 expires in 14 days');
  });

  it('an SMTP server that cannot be reached is logged, and the server goes on', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await notify('asha', 'Insurance of MH99ZZ0001 ended');
    const day5 = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    const run = await runDailyDigest(server.database, { ...mail, smtpUrl: 'smtp://127.0.0.1:1' }, { now: at0730(day5) });
    expect(run).toMatchObject({ claimed: true, sent: 0, failed: 1 });
    expect(errors.mock.calls.flat().join('\n')).toMatch(/failed \((ECONNECTION|ESOCKET)/);
  });

  it('a day claimed by a server that died while sending is taken over once its heart stops, and only the users it did not reach get theirs', async () => {
    smtp.received.length = 0;
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const day6 = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await notify('asha', 'Fitness of MH12AB1234 expired');
    await notify('quiet', 'PUC of MH01XY0001 expired');
    // The dead server claimed the day and reached asha, then stopped beating.
    const [{ until }] = await server.database.query<{ until: string }>(
      `INSERT INTO job_runs (job, run_key, holder) VALUES ('digest', $1, 'dead-server') RETURNING started_at::text AS until`,
      [day6],
    );
    await server.database.query(`UPDATE notification_preferences SET digest_sent_until = $2::timestamptz WHERE user_id = $1`, [ids.asha, until]);

    // While its heart still beats, the claim is its own: another server waits (and keeps looking).
    const waiting = await runDailyDigest(server.database, mail, { now: at0730(day6), holder: 'server-b' });
    expect(waiting).toMatchObject({ claimed: false, pendingElsewhere: true, sent: 0 });

    await server.database.query(`UPDATE job_runs SET heartbeat_at = now() - interval '10 minutes' WHERE job = 'digest' AND run_key = $1`, [day6]);
    const takeover = await runDailyDigest(server.database, mail, { now: at0730(day6), holder: 'server-b' });
    expect(takeover).toMatchObject({ claimed: true, sent: 1 });
    expect(smtp.received.map((r) => r.to)).toEqual([['quiet@example.in']]);
    expect(smtp.received[0].text).toContain('PUC of MH01XY0001 expired');
    const [run] = await server.database.query<{ holder: string; finished: boolean }>(
      `SELECT holder, finished_at IS NOT NULL AS finished FROM job_runs WHERE job = 'digest' AND run_key = $1`,
      [day6],
    );
    expect(run).toEqual({ holder: 'server-b', finished: true });
    expect(await runDailyDigest(server.database, mail, { now: at0730(day6), holder: 'server-c' })).toMatchObject({ claimed: false, pendingElsewhere: false });
  });

  it('a server stopping while it sends leaves the day unfinished for another to take over', async () => {
    smtp.received.length = 0;
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const day7 = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
    await notify('asha', 'Permit of MH12AB1234 expired');
    const stopping = new AbortController();
    stopping.abort();
    const run = await runDailyDigest(server.database, mail, { now: at0730(day7), holder: 'stopping-server', signal: stopping.signal });
    expect(run).toMatchObject({ claimed: true, interrupted: true, sent: 0 });
    expect(smtp.received).toHaveLength(0);
    const [row] = await server.database.query<{ finished: boolean }>(
      `SELECT finished_at IS NOT NULL AS finished FROM job_runs WHERE job = 'digest' AND run_key = $1`,
      [day7],
    );
    expect(row.finished).toBe(false);
  });

  it('without an SMTP server nothing is scheduled and nothing is claimed', async () => {
    const before = await server.count('job_runs');
    const stop = scheduleDailyDigest(server.database, undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stop();
    expect(await server.count('job_runs')).toBe(before);
  });
});
