-- The history of every record: one entry per create, update and delete (and per sign-in, user change and
-- export), written in the transaction of the change it records. Append-only in the database itself: a trigger
-- refuses UPDATE and TRUNCATE always, and DELETE unless the session has set raahi.change_log_erasure = 'on'
-- (which only the erasure command does; no route can). Partitioned by month, so that the retention purge
-- drops whole months (change_log_purge) instead of deleting rows.
CREATE SEQUENCE change_log_id_seq;

CREATE TABLE change_log (
  id bigint NOT NULL DEFAULT nextval('change_log_id_seq'),
  at timestamptz NOT NULL DEFAULT now(),
  -- Who: a user, an API key, or the system (a named job: the reminder run, an import).
  actor_type text NOT NULL CHECK (actor_type IN ('user', 'api_key', 'system')),
  actor_id text NOT NULL,
  actor_name text NOT NULL,
  -- What: an area's key ('trips'), or 'users', 'auth'; the record's id ('' when the entry names none).
  area text NOT NULL,
  record_id text NOT NULL DEFAULT '',
  -- 'create', 'update', 'delete', 'sign_in', 'export', 'password_change', ...
  operation text NOT NULL,
  -- An import or a bulk action: its entries share one id.
  batch_id text,
  -- An update: [{ field, before, after }] for each changed field (files by name; secrets as "changed" only).
  changes jsonb,
  -- A create: the record as saved; a delete: the record as it was, so that it stays readable here.
  snapshot jsonb,
  -- Anything else the entry needs (an export's filters and row count).
  details jsonb
) PARTITION BY RANGE (at);

-- A record's history, newest first; the newest entries; one user's entries.
CREATE INDEX change_log_record ON change_log (area, record_id, at DESC, id DESC);
CREATE INDEX change_log_newest ON change_log (at DESC, id DESC);
CREATE INDEX change_log_actor ON change_log (actor_id, at DESC, id DESC);

CREATE FUNCTION change_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('raahi.change_log_erasure', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'The change log is append-only: % is not allowed.', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER change_log_append_only BEFORE UPDATE OR DELETE ON change_log FOR EACH ROW EXECUTE FUNCTION change_log_append_only();
CREATE TRIGGER change_log_no_truncate BEFORE TRUNCATE ON change_log FOR EACH STATEMENT EXECUTE FUNCTION change_log_append_only();

-- The month partition holding `day`, made if missing (with its own TRUNCATE guard: a partition can be truncated alone).
CREATE FUNCTION change_log_partition_for(day date) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', day)::date;
  name text := 'change_log_' || to_char(first_day, 'YYYY_MM');
BEGIN
  IF to_regclass(name) IS NULL THEN
    EXECUTE format('CREATE TABLE %I PARTITION OF change_log FOR VALUES FROM (%L) TO (%L)', name, first_day, (first_day + interval '1 month')::date);
    EXECUTE format('CREATE TRIGGER change_log_no_truncate BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION change_log_append_only()', name);
  END IF;
  RETURN name;
END;
$$;

-- Entries outside the months made ahead (a clock far off) still land, here.
CREATE TABLE change_log_default PARTITION OF change_log DEFAULT;
CREATE TRIGGER change_log_no_truncate BEFORE TRUNCATE ON change_log_default FOR EACH STATEMENT EXECUTE FUNCTION change_log_append_only();

SELECT change_log_partition_for((now() + make_interval(months => m))::date) FROM generate_series(-1, 2) AS m;
