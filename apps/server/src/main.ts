import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { createApp } from './app';
import { deleteExpiredSessions } from './auth/sessions';
import { deleteOldGuesses } from './auth/throttle';
import { ensureAdmin } from './auth/users';
import { changeLogCommand } from './cli/change-log';
import { checkDuplicatesCommand } from './cli/check-duplicates';
import { commandHandlers } from './cli/command';
import { filesCommand } from './cli/files';
import { seedDemoCommand } from './cli/seed-demo';
import { userCommand } from './cli/user';
import { loadConfig } from './config';
import { changeLogGuardLine, openDatabases } from './db/change-log-role';
import { ensureChangeLogPartitions, purgeChangeLog } from './db/change-log-upkeep';
import { DataDirBusyError, lockDataDir, type DataDirLock } from './db/data-dir-lock';
import { DuplicateRecordsError } from './db/duplicates';
import { analyzeChangedTables } from './db/maintenance';
import { deleteOrphanFiles, fileColumns, sweepUnnamedObjects } from './files/orphans';
import { gracefulStop } from './http/graceful-stop';
import { takeBackInterruptedImports } from './imports/write';
import { storageFor } from './files/storage';
import { resources } from './resources';
import { startReminderRunner } from './reminders/runner';
import { scheduleDailyDigest } from './notifications/digest';
import { startWebhookWorker } from './webhooks/deliveries';

// A setting in error (a mistyped zone, half an object store's settings) stops the start with its message, not a stack trace.
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    console.error(`Cannot start: ${(err as Error).message}`);
    process.exit(1);
  }
})();
// PostgreSQL serves many clients; the embedded database is one process's (db/data-dir-lock.ts).
let lock: DataDirLock | undefined;
if (!config.databaseUrl) {
  try {
    lock = await lockDataDir(config.dataDir, { holder: 'server' });
  } catch (err) {
    console.error(err instanceof DataDirBusyError ? err.message : `Cannot lock the data directory ${config.dataDir}: ${(err as Error).message}`);
    process.exit(1);
  }
}
// With RAAHI_OWNER_DATABASE_URL, the owner migrates and keeps the change log; requests use DATABASE_URL (decision 0063).
const databases = await openDatabases({ url: config.databaseUrl, ownerUrl: config.ownerDatabaseUrl, dataDir: join(config.dataDir, 'db') }).catch(
  async (err) => {
    // Records that must be unique and are not: a list to resolve, not a stack trace; the database is as it was.
    if (!(err instanceof DuplicateRecordsError)) throw err;
    console.error(err.message);
    await lock?.release();
    process.exit(1);
  },
);
const { database, owner } = databases;
const guardLine = changeLogGuardLine(databases.guard);
if (guardLine) console.log(guardLine);
const admin = await ensureAdmin(database, config.adminPassword);
// An import the embedded database's last server was writing when it stopped is taken back (decision 0056).
if (!config.databaseUrl) {
  const interrupted = await takeBackInterruptedImports(database, resources);
  if (interrupted > 0) console.log(`Took back ${interrupted} import${interrupted === 1 ? '' : 's'} left half written when the server last stopped.`);
}
lock?.serve(commandHandlers([seedDemoCommand, userCommand, checkDuplicatesCommand, changeLogCommand, filesCommand], database, config));

const storage = storageFor(config);
const app = createApp(database, config, storage);
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${join(config.dataDir, 'db')}`;
  const files = config.storage.kind === 's3' ? `bucket ${config.storage.bucket}` : join(config.dataDir, 'files');
  const shown = !config.host || config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  lock?.describe({ url: `http://${shown}:${info.port}` });
  const signIn = admin.generatedPassword
    ? `\nFirst start: created the user "admin" with this password (shown once, change it under My Account):\n\n    ${admin.generatedPassword}\n`
    : admin.created
      ? 'First start: created the user "admin" with the password from RAAHI_ADMIN_PASSWORD.'
      : 'Sign in with your account. Add users or reset a password with: npm run user -- help';
  // One write, so that whoever reads the output sees the address and how to sign in together.
  console.log(`Raahi is running at http://${shown}:${info.port} (database: ${where}; files: ${files})\n${signIn}`);
});

// Housekeeping: expired sessions, old sign-in failures, uploads no record names, planner statistics.
const storedFileColumns = fileColumns(resources);
const housekeeping = setInterval(() => {
  Promise.all([
    deleteExpiredSessions(database),
    deleteOldGuesses(database, config.loginWindowMs),
    deleteOrphanFiles(database, storage, storedFileColumns),
    // Objects no row names (a delete whose second step failed): one server at a time, every 6 hours.
    sweepUnnamedObjects(database, storage),
  ])
    .then(() => analyzeChangedTables(database))
    .catch((err) => console.error('Housekeeping failed:', err.message));
}, 10 * 60_000);
housekeeping.unref();

// The change log's months: this one and the next two made ahead, those past the retention dropped; now and daily.
// Both need the tables' owner: the server's own role may only append to the log when RAAHI_OWNER_DATABASE_URL is set.
const changeLogUpkeep = () =>
  ensureChangeLogPartitions(owner)
    .then(() => purgeChangeLog(owner, config.changeLogMonths))
    .then((dropped) => dropped.length && console.log(`Change log: dropped ${dropped.join(', ')} (older than ${config.changeLogMonths} months).`))
    .catch((err) => console.error('Change log upkeep failed:', err.message));
void changeLogUpkeep();
const dailyUpkeep = setInterval(changeLogUpkeep, 24 * 3_600_000);
dailyUpkeep.unref();

// Reminders: a run on start, every few minutes for the passing of days, and right after each write (reminders/runner.ts).
const reminders = startReminderRunner(database, { intervalMs: config.reminderIntervalMs });
// The daily e-mail digest at 07:00 in the company's zone (and at a start after 07:00 if no server sent it); only with RAAHI_SMTP_URL.
const stopDigest = scheduleDailyDigest(database, config.mail);
// Webhook deliveries: every server claims due ones from the outbox (webhooks/deliveries.ts, decision 0054).
const webhooks = startWebhookWorker(database, { allowPrivate: config.webhooksAllowPrivate, retryForMs: config.webhooksRetryMs });

const stopper = gracefulStop(server as Server);
async function shutdown(signal: string) {
  if (stopper.stopping) return;
  console.log(`${signal} received: finishing in-flight requests, then closing the database.`);
  clearInterval(housekeeping);
  clearInterval(dailyUpkeep);
  // A digest being sent stops after its current e-mail (another server, or the next start, finishes the day).
  const digestStopped = stopDigest();
  // No new claims; the deliveries under way finish (each is cut at its timeout) and are recorded.
  const webhooksStopped = webhooks.stop();
  await stopper.stop(30_000);
  try {
    await digestStopped;
    await webhooksStopped;
    await reminders.stop();
    await lock?.stopCommands();
    await databases.close();
    await lock?.release();
    console.log('Stopped cleanly.');
    process.exit(0);
  } catch (err) {
    console.error('Closing the database failed:', err);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
