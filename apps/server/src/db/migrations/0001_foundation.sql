-- Foundation: accounts, sessions, sign-in throttling and the vehicles area.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id text PRIMARY KEY,
  username text NOT NULL UNIQUE,
  name text NOT NULL,
  role text NOT NULL DEFAULT 'Fleet Manager',
  email text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A session row is keyed by the SHA-256 of the cookie's token, so a leaked table does not leak sessions.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

CREATE TABLE login_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  address text NOT NULL,
  username text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_address ON login_failures (address, at);
CREATE INDEX login_failures_username ON login_failures (username, at);

CREATE TABLE vehicles (
  id text PRIMARY KEY,
  make text NOT NULL,
  model text NOT NULL,
  year integer NOT NULL,
  vin text NOT NULL,
  license_plate text NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  current_mileage integer,
  purchase_date date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  -- Searched fields joined by newlines (which a search box cannot contain), so a term matches within one field.
  search_text text GENERATED ALWAYS AS (lower(id || E'\n' || make || E'\n' || model || E'\n' || vin || E'\n' || license_plate)) STORED
);
CREATE INDEX vehicles_search ON vehicles USING gin (search_text gin_trgm_ops);
CREATE INDEX vehicles_newest ON vehicles (created_at DESC, id DESC);
CREATE INDEX vehicles_status_newest ON vehicles (status, created_at DESC);
CREATE INDEX vehicles_type_newest ON vehicles (type, created_at DESC);
