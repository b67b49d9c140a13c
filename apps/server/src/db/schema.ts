import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
