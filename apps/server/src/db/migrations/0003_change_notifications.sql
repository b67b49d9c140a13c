-- Every change to the records lists show is announced on the channel raahi_records, with the table's
-- name, when its transaction commits. Each server listens and drops the list pages and totals it
-- keeps in memory, so a change made through another server (or the seed command) shows at once.
-- One notification per statement, not per row: a bulk insert of a million trips sends one.
CREATE FUNCTION announce_records_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('raahi_records', TG_TABLE_NAME);
  RETURN NULL;
END $$;

-- Every table a list reads from calls this once in its migration (a test checks none is missed).
CREATE FUNCTION announce_changes_of(target regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER records_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %s '
    'FOR EACH STATEMENT EXECUTE FUNCTION announce_records_changed()', target);
END $$;

SELECT announce_changes_of('vehicles');
SELECT announce_changes_of('drivers');
SELECT announce_changes_of('trips');
SELECT announce_changes_of('driver_training_records');
SELECT announce_changes_of('driver_health_reports');
SELECT announce_changes_of('files');
