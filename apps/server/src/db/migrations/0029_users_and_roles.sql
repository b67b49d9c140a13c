-- Users get a role (a key of packages/domain/src/roles.ts), can be deactivated, can be made to change their
-- password at the next sign-in, and carry a version (optimistic concurrency, as records do). Sessions keep
-- the browser and address they were started from, for the user's own list of sessions.

-- Upgrade: roles held the label 'Fleet Manager'. A label that names a role becomes its key; anything else
-- becomes Fleet Manager; then the account named 'admin' (or, without one, the oldest) becomes Administrator,
-- so that someone can manage users after the upgrade.
UPDATE users SET role = CASE role
  WHEN 'Administrator' THEN 'administrator'
  WHEN 'Fleet Manager' THEN 'fleet_manager'
  WHEN 'Dispatcher' THEN 'dispatcher'
  WHEN 'Workshop' THEN 'workshop'
  WHEN 'Accounts' THEN 'accounts'
  WHEN 'Viewer' THEN 'viewer'
  ELSE 'fleet_manager'
END
WHERE role NOT IN ('administrator', 'fleet_manager', 'dispatcher', 'workshop', 'accounts', 'viewer');

UPDATE users SET role = 'administrator'
WHERE NOT EXISTS (SELECT 1 FROM users WHERE role = 'administrator')
  AND id = (SELECT id FROM users ORDER BY (username = 'admin') DESC, created_at, id LIMIT 1);

-- No default: whoever creates an account names its role. (A test holds this list to ROLE_KEYS.)
ALTER TABLE users ALTER COLUMN role DROP DEFAULT;
ALTER TABLE users ADD CONSTRAINT users_role_known CHECK (role IN ('administrator', 'fleet_manager', 'dispatcher', 'workshop', 'accounts', 'viewer'));

ALTER TABLE users
  ADD COLUMN active boolean NOT NULL DEFAULT true,
  ADD COLUMN must_change_password boolean NOT NULL DEFAULT false,
  ADD COLUMN last_sign_in_at timestamptz,
  ADD COLUMN version integer NOT NULL DEFAULT 1;

-- The last active administrator is found (and locked) among these.
CREATE INDEX users_active_administrators ON users (id) WHERE role = 'administrator' AND active;

ALTER TABLE sessions
  ADD COLUMN user_agent text NOT NULL DEFAULT '',
  ADD COLUMN address text NOT NULL DEFAULT '';

-- Sign-in guesses were counted under 'user:<the name typed>', which kept names that belong to nobody (a
-- mistyped password in the name field, say). They are now counted under a keyed hash of the name (HMAC-SHA-256
-- with this database's own secret, shared by every server on it), so the table names no one.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO server_secrets (name, value) VALUES ('login_guesses', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
DELETE FROM login_guesses WHERE key LIKE 'user:%';
