-- Import (issue 22, decision 0051): each run of an import, its errors, the rows it checked and will write, and
-- the mapping each user last used per area.

-- One run: a dry run or a commit, its progress while it runs (a heartbeat a live server keeps fresh; a run whose
-- heartbeat stopped reads as failed), its counts and the first errors. batch_id is the committed batch its
-- change entries carry (null until something was written).
CREATE TABLE import_runs (
  id text PRIMARY KEY,
  batch_id text UNIQUE,
  area text NOT NULL,
  user_id text NOT NULL,
  by_name text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('dry-run', 'commit')),
  update_mode boolean NOT NULL DEFAULT false,
  valid_only boolean NOT NULL DEFAULT false,
  mapping jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL CHECK (status IN ('running', 'done', 'failed', 'undone')),
  rows integer NOT NULL DEFAULT 0,
  checked integer NOT NULL DEFAULT 0,
  valid integer NOT NULL DEFAULT 0,
  written integer NOT NULL DEFAULT 0,
  unchanged integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  first_errors jsonb NOT NULL DEFAULT '[]',
  message text,
  file_name text NOT NULL DEFAULT '',
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_runs_by_user ON import_runs (user_id, area, started_at DESC);

-- Every error of a run, for its errors CSV (the run keeps only the first ones).
CREATE TABLE import_errors (
  run_id text NOT NULL REFERENCES import_runs (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  row_no integer NOT NULL,
  column_name text NOT NULL,
  message text NOT NULL,
  PRIMARY KEY (run_id, seq)
);

-- The rows a commit checked and will write (the input as the operation prepared it; update mode: the record's id
-- and version too), kept between the check, which runs outside any transaction, and the short write. Emptied when
-- the run ends.
CREATE TABLE import_staged_rows (
  run_id text NOT NULL REFERENCES import_runs (id) ON DELETE CASCADE,
  row_no integer NOT NULL,
  record_id text,
  version integer,
  input jsonb NOT NULL,
  PRIMARY KEY (run_id, row_no)
);

-- The mapping a user last used for an area's import (header → field), offered again next time.
CREATE TABLE import_mappings (
  user_id text NOT NULL,
  area text NOT NULL,
  mapping jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, area)
);
