import { bigint, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  searchText: text('search_text'),
};

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
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  csrfToken: text('csrf_token').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const loginFailures = pgTable('login_failures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  address: text('address').notNull(),
  username: text('username').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const vehicles = pgTable('vehicles', {
  ...recordColumns,
  make: text('make').notNull(),
  model: text('model').notNull(),
  year: integer('year').notNull(),
  vin: text('vin').notNull(),
  licensePlate: text('license_plate').notNull(),
  type: text('type').notNull(),
  status: text('status').notNull(),
  currentMileage: integer('current_mileage'),
  purchaseDate: date('purchase_date', { mode: 'string' }),
});
