-- The change log's promise beyond its triggers (decision 0063). With RAAHI_OWNER_DATABASE_URL set, the tables'
-- owner migrates and keeps the change log (partitions, retention, erasure), and the server's own role
-- (DATABASE_URL) gets exactly what it needs: read and write on every other table, and INSERT and SELECT on
-- change_log alone. UPDATE, DELETE, TRUNCATE, DROP, DETACH PARTITION, DISABLE TRIGGER and replacing the trigger's
-- function need the owner (or a privilege never granted), so neither the erasure setting
-- (raahi.change_log_erasure) nor any other statement of that role can change an entry.
--
-- Which role that is, only the server knows (the user of its DATABASE_URL): it calls this function as the
-- owner at every start, after the migrations, so the tables later migrations add are granted too. No default
-- privileges: they would grant each new month's partition to the role as well.
CREATE FUNCTION change_log_grant_app_role(app name) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  log regclass := 'change_log'::regclass;
  schema_oid oid := (SELECT relnamespace FROM pg_class WHERE oid = 'change_log'::regclass);
  rel regclass;
BEGIN
  IF app IS NULL OR NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = app) THEN
    RAISE EXCEPTION 'No role named %.', app;
  END IF;
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', schema_oid::regnamespace, app);
  -- Every table and view but the change log and its partitions: read and write (never TRUNCATE, REFERENCES, TRIGGER).
  FOR rel IN
    SELECT c.oid::regclass FROM pg_class c
    WHERE c.relnamespace = schema_oid AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
      AND c.oid <> log AND c.oid NOT IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = log)
      AND c.relname <> 'schema_migrations'
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO %I', rel, app);
  END LOOP;
  EXECUTE format('GRANT SELECT ON schema_migrations TO %I', app);
  -- The change log: append and read, nothing else, on the table; nothing on its partitions (a write through the
  -- table is checked against the table's privileges alone). Whatever was granted before, to the role or to all, goes.
  EXECUTE format('REVOKE ALL ON change_log FROM PUBLIC, %I', app);
  EXECUTE format('GRANT SELECT, INSERT ON change_log TO %I', app);
  FOR rel IN SELECT inhrelid::regclass FROM pg_inherits WHERE inhparent = log LOOP
    EXECUTE format('REVOKE ALL ON %s FROM PUBLIC, %I', rel, app);
  END LOOP;
  -- Sequences: next values (and reading them), never setval; the change log's ids only next values.
  FOR rel IN SELECT c.oid::regclass FROM pg_class c WHERE c.relnamespace = schema_oid AND c.relkind = 'S' AND c.relname <> 'change_log_id_seq' LOOP
    EXECUTE format('GRANT USAGE, SELECT ON SEQUENCE %s TO %I', rel, app);
  END LOOP;
  EXECUTE format('REVOKE ALL ON SEQUENCE change_log_id_seq FROM PUBLIC, %I', app);
  EXECUTE format('GRANT USAGE ON SEQUENCE change_log_id_seq TO %I', app);
  -- Functions keep PostgreSQL's default (EXECUTE for all); those that make or drop partitions fail for anyone but the owner.
END;
$$;
-- Granting is the owner's: nobody else runs it (it would fail on tables they do not own anyway).
REVOKE EXECUTE ON FUNCTION change_log_grant_app_role(name) FROM PUBLIC;
