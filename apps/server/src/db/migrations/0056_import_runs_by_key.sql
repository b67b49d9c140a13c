-- Keys within their creator's role (issue 32, decision 0062): an import run started by an API key is that key's.
-- A key acts as its creator's user row, so user_id alone would make its runs its creator's and its creator's its
-- own. api_key_id names the key that started a run (null: a signed-in person did); a key reads only its own runs,
-- and a person's own runs are those they started themselves. Runs made before this migration have none.
ALTER TABLE import_runs ADD COLUMN api_key_id text REFERENCES api_keys (id);
