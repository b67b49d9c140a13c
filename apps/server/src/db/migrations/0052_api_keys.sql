-- API keys (issue 22, decision 0053): a key acts with a role (never administrator) on behalf of the
-- administrator who made it. Only the key's SHA-256 is kept; the key is found by its prefix (the part before
-- the secret, unique), then compared by hash. A user's deactivation revokes their keys.
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  role text NOT NULL CHECK (role IN ('fleet_manager', 'dispatcher', 'workshop', 'accounts', 'viewer')),
  prefix text NOT NULL UNIQUE,
  key_hash text NOT NULL,
  created_by text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  revoked_at timestamptz,
  last_used_at timestamptz
);
-- The list (newest first) and a creator's keys (revoked with them).
CREATE INDEX api_keys_created ON api_keys (created_at DESC, id DESC);
CREATE INDEX api_keys_creator ON api_keys (created_by) WHERE revoked_at IS NULL;

-- Requests per key per minute: one INSERT ... ON CONFLICT DO UPDATE ... RETURNING counts a request and answers
-- the count, so the limit holds under parallel requests on any number of servers. A key's past minutes are
-- dropped when its last use is written (at most once a minute).
CREATE TABLE api_key_requests (
  key_id text NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  minute timestamptz NOT NULL,
  requests integer NOT NULL,
  PRIMARY KEY (key_id, minute)
);
