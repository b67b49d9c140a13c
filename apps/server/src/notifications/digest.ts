import { hostname } from 'node:os';
import nodemailer from 'nodemailer';
import { can, isReminderKind, REMINDER_KIND_INFO } from '@raahi/domain';
import { companyTimeZone } from '../company-time';
import type { Database } from '../db/client';
import type { MailConfig } from './mail';

/**
 * The daily e-mail digest (decision 0038): at 07:00 in the company's zone, each active user who chose it and
 * has an e-mail address gets one e-mail listing their unread notifications made since their last digest;
 * nothing to say, no e-mail. Sent once per day however many servers run: the server whose INSERT of
 * ('digest', <day>) into job_runs succeeds sends it. A server that starts after 07:00 on a day no server sent
 * sends it then (the catch-up). A claim left unfinished (the server stopped or died while sending) and silent
 * for DIGEST_TAKEOVER_MINUTES is taken over by the next server that looks, which sends to the users not yet
 * reached (each user's digest_sent_until says whether they were). Without an SMTP server nothing is scheduled.
 */

export const DIGEST_JOB = 'digest';
/** The hour (in the company's zone) from which a day's digest is due. */
export const DIGEST_HOUR = 7;
/** Notifications listed in one e-mail; more are counted ("and 12 more"). */
export const DIGEST_MAX_ITEMS = 50;
/** How long an unfinished claim may go without a heartbeat (one after each user) before another server takes it over. */
export const DIGEST_TAKEOVER_MINUTES = 5;
/** How often a running server looks whether the day's digest is due (and unclaimed). */
const CHECK_EVERY_MS = 60_000;

/** The date (YYYY-MM-DD) and the minutes since midnight of an instant in a zone. */
export function clockIn(zone: string, at: Date): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The day whose digest is due at `at`, or null before 07:00 in the company's zone. */
export function digestDayAt(at: Date, zone = companyTimeZone()): string | null {
  const clock = clockIn(zone, at);
  return clock.minutes >= DIGEST_HOUR * 60 ? clock.date : null;
}

export interface DigestItem {
  title: string;
  message: string;
  href: string;
}

export interface DigestEmail {
  subject: string;
  text: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "24 Nov 2026" of a YYYY-MM-DD. */
function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** A line of an e-mail's text: one line, however the record's text was written. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/** The link of a notification: the public address when RAAHI_PUBLIC_URL is set, else the path. */
export const linkOf = (href: string, publicUrl: string | undefined) => (publicUrl && href.startsWith('/') ? `${publicUrl}${href}` : href);

/** One user's digest e-mail (plain text). */
export function digestEmail(input: { name: string; day: string; items: DigestItem[]; total: number; publicUrl: string | undefined }): DigestEmail {
  const { name, day, items, total, publicUrl } = input;
  const subject = `Raahi daily digest, ${dayLabel(day)}: ${plural(total, 'unread notification')}`;
  const lines = [`Hello ${oneLine(name) || 'there'},`, '', `You have ${plural(total, 'unread notification')} since your last digest:`, ''];
  for (const item of items) {
    lines.push(`- ${oneLine(item.title)}`, `  ${oneLine(item.message)}`, `  ${linkOf(item.href, publicUrl)}`, '');
  }
  if (total > items.length) lines.push(`… and ${total - items.length} more.`, '');
  lines.push(`All notifications: ${linkOf('/notifications', publicUrl)}`, '');
  lines.push('You receive this e-mail because you chose the daily e-mail digest in Raahi (Settings → Notifications).');
  return { subject, text: lines.join('\n') };
}

export interface DigestRun {
  day: string | null;
  /** Whether this call claimed the day (and so sent its e-mails), or took over a claim left unfinished. */
  claimed: boolean;
  /** Not claimed because another server's claim of the day is unfinished and still beating: look again later. */
  pendingElsewhere?: boolean;
  /** The run stopped before every user was reached (the server is stopping): another takes over later. */
  interrupted?: boolean;
  sent: number;
  failed: number;
  /** Users who chose the digest but had nothing unread since their last one. */
  nothingToSay: number;
}

interface Recipient {
  id: string;
  name: string;
  email: string;
  role: string;
  muted_kinds: string[];
  since: string;
}

/** Something that sends one e-mail (nodemailer's transport; a test may pass its own). */
export interface MailSender {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
  close?(): void;
}

/**
 * Sends the digest of the day due at `now`, if this server is the first to claim it; otherwise does nothing.
 * A user's failed e-mail is logged (without the address) and leaves their window as it was: the day is not
 * retried, and the next day's digest lists what this one would have (if still unread).
 */
export async function runDailyDigest(
  database: Database,
  mail: MailConfig,
  options: { now?: Date; holder?: string; sender?: MailSender; signal?: AbortSignal } = {},
): Promise<DigestRun> {
  const day = digestDayAt(options.now ?? new Date());
  const run: DigestRun = { day, claimed: false, sent: 0, failed: 0, nothingToSay: 0 };
  if (!day) return run;
  // The claim: one statement; the server whose row goes in (or that takes over a silent unfinished claim) sends
  // the day's e-mails. The window's end stays the first claim's start, so a takeover lists the same notifications.
  const [claim] = await database.query<{ until: string }>(
    `INSERT INTO job_runs (job, run_key, holder) VALUES ($1, $2, $3)
       ON CONFLICT (job, run_key) DO UPDATE SET holder = excluded.holder, heartbeat_at = now()
         WHERE job_runs.finished_at IS NULL AND job_runs.heartbeat_at < now() - make_interval(mins => $4)
       RETURNING started_at::text AS until`,
    [DIGEST_JOB, day, (options.holder ?? `${hostname()}:${process.pid}`).slice(0, 200), DIGEST_TAKEOVER_MINUTES],
  );
  if (!claim) {
    const [row] = await database.query<{ finished: boolean }>(`SELECT finished_at IS NOT NULL AS finished FROM job_runs WHERE job = $1 AND run_key = $2`, [
      DIGEST_JOB,
      day,
    ]);
    run.pendingElsewhere = row !== undefined && !row.finished;
    return run;
  }
  run.claimed = true;
  const until = claim.until;
  const recipients = await database.query<Recipient>(
    `SELECT u.id, u.name, u.email, u.role, p.muted_kinds,
            COALESCE(p.digest_sent_until, $1::timestamptz - interval '1 day')::text AS since
       FROM notification_preferences p JOIN users u ON u.id = p.user_id
      WHERE p.daily_digest AND u.active AND btrim(u.email) <> ''
        -- Not the users an earlier claimer of this day already reached (a takeover).
        AND (p.digest_sent_until IS NULL OR p.digest_sent_until < $1::timestamptz)
      ORDER BY u.id`,
    [until],
  );
  const sender = options.sender ?? nodemailer.createTransport(mail.smtpUrl);
  try {
    for (const user of recipients) {
      if (options.signal?.aborted) {
        run.interrupted = true;
        break;
      }
      // Only kinds the user still receives, of areas their role may still view.
      const kinds = Object.entries(REMINDER_KIND_INFO)
        .filter(([kind, info]) => isReminderKind(kind) && !user.muted_kinds.includes(kind) && can(user.role, info.area, 'view'))
        .map(([kind]) => kind);
      const where = `user_id = $1 AND read_at IS NULL AND created_at > $2::timestamptz AND created_at <= $3::timestamptz AND kind = ANY($4::text[])`;
      const params = [user.id, user.since, until, kinds];
      const [items, [{ total }]] = kinds.length
        ? await Promise.all([
            database.query<DigestItem>(`SELECT title, message, href FROM notifications WHERE ${where} ORDER BY id DESC LIMIT ${DIGEST_MAX_ITEMS}`, params),
            database.query<{ total: number }>(`SELECT count(*)::int AS total FROM notifications WHERE ${where}`, params),
          ])
        : [[], [{ total: 0 }]];
      if (total > 0) {
        const email = digestEmail({ name: user.name, day, items, total, publicUrl: mail.publicUrl });
        try {
          await sender.sendMail({ from: mail.from, to: user.email.trim(), subject: email.subject, text: email.text });
          run.sent++;
        } catch (err) {
          run.failed++;
          // Not the address or the server's whole answer (it may repeat the address): the code says enough.
          const { code, responseCode } = err as { code?: string; responseCode?: number };
          console.error(
            `Daily digest of ${day} to user ${user.id} failed (${[code, responseCode].filter(Boolean).join(' ') || 'no code'}); the next digest will list these notifications.`,
          );
          continue;
        }
      } else {
        run.nothingToSay++;
      }
      await database.query(`UPDATE notification_preferences SET digest_sent_until = $2::timestamptz WHERE user_id = $1`, [user.id, until]);
      await database.query(`UPDATE job_runs SET heartbeat_at = now() WHERE job = $1 AND run_key = $2`, [DIGEST_JOB, day]);
    }
  } finally {
    sender.close?.();
    // An interrupted run stays unfinished, so that another server takes it over once its heart stops.
    if (!run.interrupted) await database.query(`UPDATE job_runs SET finished_at = now() WHERE job = $1 AND run_key = $2`, [DIGEST_JOB, day]);
  }
  console.log(
    `Daily digest of ${day}: ${plural(run.sent, 'e-mail')} sent${run.failed ? `, ${run.failed} failed` : ''}${run.interrupted ? '; stopped before the last user, another server will finish it' : ''}.`,
  );
  return run;
}

/**
 * Runs the digest when due: now (the catch-up after a start past 07:00), then every minute. Without an SMTP
 * server nothing is scheduled. A failure is logged; the server goes on. Returns the stop function, which stops
 * a digest being sent after its current e-mail and resolves when it has.
 */
export function scheduleDailyDigest(database: Database, mail: MailConfig | undefined, holder?: string): () => Promise<void> {
  if (!mail) return async () => undefined;
  let checkedDay: string | null = null;
  let running: Promise<void> | null = null;
  const stopping = new AbortController();
  const check = async () => {
    const day = digestDayAt(new Date());
    if (!day || day === checkedDay || running || stopping.signal.aborted) return;
    let done!: () => void;
    running = new Promise<void>((resolve) => (done = resolve));
    try {
      const run = await runDailyDigest(database, mail, { holder, signal: stopping.signal });
      // Another server's unfinished claim may yet be abandoned: keep looking until the day is done.
      if (!run.pendingElsewhere && !run.interrupted) checkedDay = day;
    } catch (err) {
      // The claim may not have gone in (database down): look again at the next check.
      console.error(`Daily digest failed: ${(err as Error).message}`);
    } finally {
      running = null;
      done();
    }
  };
  void check();
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  };
}
