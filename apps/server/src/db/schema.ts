import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Drizzle's view of the tables the SQL migrations create (db/migrations is the source of truth). */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** Columns every record area has: its id, timestamps, a version for optimistic concurrency, and search text. */
export const recordColumns = {
  id: text('id').primaryKey(),
  ...timestamps,
  version: integer('version').notNull().default(1),
  /** Kept by a trigger where it reaches linked records' labels. */
  searchText: text('search_text').notNull().default(''),
};

/** Record columns of a table whose search text is a generated column over its own fields: the expression is in the migration; Drizzle only needs to know never to write it. */
const generatedSearch = sql`search_text`;
export const recordColumnsSearchingItself = { ...recordColumns, searchText: text('search_text').generatedAlwaysAs(generatedSearch) };

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  username: text('username').notNull(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  passwordHash: text('password_hash').notNull(),
  ...timestamps,
  /** A deactivated user cannot sign in and has no sessions. */
  active: boolean('active').notNull().default(true),
  /** Set by a generated, typed-by-an-administrator or reset password: every route but the password change answers 403. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
  version: integer('version').notNull().default(1),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  csrfToken: text('csrf_token').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** The browser's User-Agent and the client's address at sign-in (the user's list of sessions). */
  userAgent: text('user_agent').notNull().default(''),
  address: text('address').notNull().default(''),
});

/** Sign-in guesses per address or user name in the current window (auth/throttle.ts). */
export const loginGuesses = pgTable('login_guesses', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  guesses: integer('guesses').notNull(),
});

export const files = pgTable('files', {
  id: text('id').primaryKey(),
  storageKey: text('storage_key').notNull(),
  originalName: text('original_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  uploadedBy: text('uploaded_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The record the file belongs to (table, id, column); none while the upload waits for its form to be saved. */
  attachedTable: text('attached_table'),
  attachedRecord: text('attached_record'),
  attachedField: text('attached_field'),
});

/** A record's last judged state under a reminder rule (migration 0035): only a change of it notifies. */
export const reminderStates = pgTable(
  'reminder_states',
  {
    rule: text('rule').notNull(),
    recordId: text('record_id').notNull(),
    state: text('state').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.rule, t.recordId] })],
);

/** One user's notification of one record's change of state. */
export const notifications = pgTable('notifications', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: text('user_id').notNull(),
  kind: text('kind').notNull(),
  area: text('area').notNull(),
  recordId: text('record_id').notNull(),
  state: text('state').notNull(),
  type: text('type').notNull(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  href: text('href').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
});

export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id').primaryKey(),
  mutedKinds: text('muted_kinds')
    .array()
    .notNull()
    .default(sql`'{}'`),
  dailyDigest: boolean('daily_digest').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Migration 0036: the end of the window the user's last sent digest covered (the next one starts there). */
  digestSentUntil: timestamp('digest_sent_until', { withTimezone: true, mode: 'date' }),
});

/** Manage Expiry Alerts: a document type's Due Soon days, where an administrator changed the default. */
export const documentAlertThresholds = pgTable('document_alert_thresholds', {
  documentType: text('document_type').primaryKey(),
  dueSoonDays: integer('due_soon_days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Work one server at a time may do, held until expiresAt. */
export const jobLeases = pgTable('job_leases', {
  job: text('job').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Work done once per key (a day's digest). */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    runKey: text('run_key').notNull(),
    holder: text('holder').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.job, t.runKey] })],
);
