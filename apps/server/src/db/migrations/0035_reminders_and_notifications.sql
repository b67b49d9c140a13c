-- Reminders and notifications (issue 18, decision 0035). The state of each record under each reminder rule
-- is stored, so that only a change of state makes a notification, however often the rules run and on
-- however many servers.
CREATE TABLE reminder_states (
  -- A reminder kind (packages/domain/src/reminders.ts REMINDER_KINDS).
  rule text NOT NULL,
  record_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('ok', 'due_soon', 'overdue')),
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rule, record_id)
);

-- One user's notification about one record's change of state. Deleting the user deletes theirs.
CREATE TABLE notifications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  area text NOT NULL,
  record_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('ok', 'due_soon', 'overdue')),
  type text NOT NULL CHECK (type IN ('critical', 'warning', 'info', 'success')),
  title text NOT NULL CHECK (length(title) <= 200),
  message text NOT NULL CHECK (length(message) <= 1000),
  href text NOT NULL CHECK (length(href) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
-- The bell: a user's unread, newest first (the badge counts at most 100 of them: "99+").
CREATE INDEX notifications_unread ON notifications (user_id, id DESC) WHERE read_at IS NULL;
-- The notifications screen: a user's all, newest first.
CREATE INDEX notifications_latest ON notifications (user_id, id DESC);
-- A deleted record's unread notifications go with it.
CREATE INDEX notifications_record ON notifications (area, record_id);

-- What each user receives: every kind but the muted ones; the daily e-mail digest when chosen.
CREATE TABLE notification_preferences (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  muted_kinds text[] NOT NULL DEFAULT '{}',
  daily_digest boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Days before expiry a compliance document type is reminded (Manage Expiry Alerts); a type not listed
-- takes its default (domain DOCUMENT_DUE_SOON_DAYS).
CREATE TABLE document_alert_thresholds (
  document_type text PRIMARY KEY CHECK (length(document_type) <= 100),
  due_soon_days integer NOT NULL CHECK (due_soon_days BETWEEN 1 AND 365),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Work that one server at a time may do (the reminder run): held until expires_at, taken over after it.
-- Taking it is one statement (INSERT … ON CONFLICT DO UPDATE … WHERE expired), on PGlite as on PostgreSQL.
CREATE TABLE job_leases (
  job text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Work that must happen once per key (the digest of one day): the first server to insert the row does it.
CREATE TABLE job_runs (
  job text NOT NULL,
  run_key text NOT NULL,
  holder text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (job, run_key)
);
