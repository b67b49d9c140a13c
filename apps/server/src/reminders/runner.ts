import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { companyToday } from '../company-time';
import { onRecordChanged } from '../operations/events';
import { runReminders, type ReminderRunCounts } from './engine';
import type { ReminderRule } from './rule';
import { REMINDER_RULES } from './rules';

export const REMINDER_JOB = 'reminders';

/**
 * Takes (or renews) the lease of a job in one statement, on PGlite as on PostgreSQL: the row is inserted, or
 * taken over when the lease expired, or renewed by its holder; a lease another holder keeps makes no row.
 */
export async function takeLease(database: Database, job: string, holder: string, ms: number): Promise<boolean> {
  const rows = await database.query(
    `INSERT INTO job_leases (job, holder, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
     ON CONFLICT (job) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
       WHERE job_leases.expires_at < now() OR job_leases.holder = excluded.holder
     RETURNING holder`,
    [job, holder, ms],
  );
  return rows.length === 1;
}

/** Gives a lease up at once (a server that stops), so that another server takes the work over at its next run. */
export async function releaseLease(database: Database, job: string, holder: string): Promise<void> {
  await database.query(`UPDATE job_leases SET expires_at = now() - interval '1 second' WHERE job = $1 AND holder = $2`, [job, holder]);
}

export interface ReminderRunnerOptions {
  /** Between full runs (the passing of days, a trip's ETA); 0: only the run on start. */
  intervalMs: number;
  /** A full run as soon as the runner starts (default true). */
  runOnStart?: boolean;
  /** Judge the written records right after each committed write (default true). */
  afterWrites?: boolean;
  rules?: readonly ReminderRule[];
  /** The company's today (default company-time.ts companyToday). */
  today?: () => string;
  log?: (message: string) => void;
}

export interface ReminderRunner {
  /** A full run now, under the lease; null when another server holds it. */
  runAll(): Promise<ReminderRunCounts | null>;
  /** Resolves when every run asked for so far has finished (tests). */
  idle(): Promise<void>;
  /** Stops the timer and the write listener, waits for the run under way, gives the lease up. */
  stop(): Promise<void>;
  readonly holder: string;
}

/**
 * The reminder runs of one server (decision 0035 and the README's Reminders): a full run on start and every
 * `intervalMs`, and a run over the written records right after each committed write.
 *
 * Full runs take the lease `reminders` in job_leases and keep it, renewed at each run, for two intervals: so one
 * server does the periodic runs while it lives, and another takes over within two intervals of its end (at once
 * when it stops cleanly). A run right after a write judges only the written records and needs no lease: a change
 * is notified only by the transaction whose upsert wrote the new state (engine.ts), so two servers judging one
 * record at once notify once. A run that fails (the database gone for a moment) loses nothing either: states are
 * compared, not events, so the next run sees the same change.
 */
export function startReminderRunner(database: Database, options: ReminderRunnerOptions): ReminderRunner {
  const rules = options.rules ?? REMINDER_RULES;
  const today = options.today ?? companyToday;
  const log = options.log ?? ((message: string) => console.log(message));
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseMs = Math.max(2 * options.intervalMs, 60_000);
  let stopped = false;
  // One run at a time in this process: full runs and after-write runs queue behind each other.
  let chain: Promise<unknown> = Promise.resolve();
  const queue = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work);
    chain = next.catch(() => undefined);
    return next;
  };

  const runAll = () =>
    queue(async () => {
      if (stopped) return null;
      if (!(await takeLease(database, REMINDER_JOB, holder, leaseMs))) return null;
      const started = performance.now();
      const counts = await runReminders(database, { today: today(), rules });
      if (counts.changed || counts.removed || counts.first) {
        log(
          `Reminders: ${counts.judged} judged, ${counts.first} new, ${counts.changed} changed, ${counts.removed} ended, ${counts.notified} notifications (${Math.round(performance.now() - started)} ms).`,
        );
      }
      // Without periodic runs the lease is not kept: another server's run on start may go ahead.
      if (!options.intervalMs) await releaseLease(database, REMINDER_JOB, holder);
      return counts;
    });
  const failed = (what: string) => (err: unknown) => console.error(`Reminders: ${what} failed:`, (err as Error)?.message ?? err);

  // Written records wait in `written` for the next run after writes, queued at the first of them: the run takes
  // whatever has gathered when it starts (a batch, an import), so that writes arriving meanwhile join it, and writes
  // arriving during it start the next one.
  // Per area, each written record's last operation: a create's first state is a first evaluation, an edit's is
  // news (engine.ts `edited`), a delete ends its states.
  const written = new Map<string, Map<string, 'create' | 'update' | 'delete'>>();
  let queued = false;
  const runWritten = async () => {
    queued = false;
    const batches = [...written];
    written.clear();
    for (const [area, records] of batches) {
      const areaRules = rules.filter((rule) => rule.area === area);
      const having = (operation: string) => [...records].filter(([, op]) => op === operation).map(([id]) => id);
      await runReminders(database, { today: today(), rules: areaRules, ids: [...records.keys()], edited: having('update'), deleted: having('delete') }).catch(
        failed(`the run after a write to ${area}`),
      );
    }
  };
  const areas = new Set(rules.map((rule) => rule.area));
  const unsubscribe =
    options.afterWrites === false
      ? () => undefined
      : onRecordChanged((event) => {
          if (stopped || event.database !== database || !areas.has(event.area)) return;
          let records = written.get(event.area);
          if (!records) written.set(event.area, (records = new Map()));
          // A record created and then edited before the run is still new.
          const operation = event.operation === 'update' && records.get(event.recordId) === 'create' ? 'create' : event.operation;
          if (operation === 'create' || operation === 'update' || operation === 'delete') records.set(event.recordId, operation);
          if (!queued) {
            queued = true;
            void queue(runWritten);
          }
        });

  if (options.runOnStart !== false) void runAll().catch(failed('the run on start'));
  // A tick while the last periodic run still waits or runs adds nothing (a slow database must not grow a queue).
  let periodicPending = false;
  const tick = () => {
    if (periodicPending) return;
    periodicPending = true;
    void runAll()
      .catch(failed('the periodic run'))
      .finally(() => (periodicPending = false));
  };
  const timer = options.intervalMs ? setInterval(tick, options.intervalMs) : undefined;
  timer?.unref();

  return {
    holder,
    runAll,
    idle: async () => {
      for (let seen = undefined as unknown; seen !== chain;) {
        seen = chain;
        await chain;
      }
    },
    stop: async () => {
      unsubscribe();
      if (timer) clearInterval(timer);
      stopped = true;
      await chain;
      await releaseLease(database, REMINDER_JOB, holder).catch(() => undefined);
    },
  };
}
