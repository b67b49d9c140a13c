import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

export const vehicles = pgTable('vehicles', {
  ...recordColumnsSearchingItself,
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

export const drivers = pgTable('drivers', {
  ...recordColumnsSearchingItself,
  name: text('name').notNull(),
  license: text('license').notNull(),
  contact: text('contact').notNull(),
  email: text('email').notNull(),
  status: text('status').notNull(),
  address: text('address').notNull(),
  joiningDate: date('joining_date', { mode: 'string' }),
  aadharCardFile: text('aadhar_card_file'),
});

export const trips = pgTable('trips', {
  ...recordColumns,
  origin: text('origin').notNull(),
  destination: text('destination').notNull(),
  vehicleId: text('vehicle_id').notNull(),
  driverId: text('driver_id').notNull(),
  status: text('status').notNull(),
  eta: timestamp('eta', { withTimezone: true, mode: 'date' }),
  startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }),
  endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
  notes: text('notes').notNull(),
});

export const driverTraining = pgTable('driver_training_records', {
  ...recordColumns,
  driverId: text('driver_id').notNull(),
  trainingType: text('training_type').notNull(),
  scheduleDate: date('schedule_date', { mode: 'string' }),
  status: text('status').notNull(),
  certificationFile: text('certification_file'),
  validityPeriod: text('validity_period').notNull(),
  trainerName: text('trainer_name').notNull(),
  assessmentScore: doublePrecision('assessment_score'),
  notes: text('notes').notNull(),
});

export const driverHealth = pgTable('driver_health_reports', {
  ...recordColumns,
  driverId: text('driver_id').notNull(),
  testType: text('test_type').notNull(),
  testDate: date('test_date', { mode: 'string' }),
  result: text('result').notNull(),
  nextDueDate: date('next_due_date', { mode: 'string' }),
  reportFile: text('report_file'),
  clinicInfo: text('clinic_info').notNull(),
  notes: text('notes').notNull(),
});
