-- Sign-in throttling counts guesses per key ('address:<ip>' or 'user:<name>') in a window, one row a key.
-- A guess is reserved by one INSERT ... ON CONFLICT DO UPDATE ... RETURNING before the password is
-- checked, so parallel requests can never all read "under the limit" and all be checked (which the
-- old table of failures, read and written in separate steps, allowed: 500 of 500 parallel guesses).
DROP TABLE login_failures;

CREATE TABLE login_guesses (
  key text PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  guesses integer NOT NULL
);
