-- Operations areas (spec 001) name vehicles, drivers and trips too, and search by their labels. Instead of
-- each area rewriting the label-change triggers, an area's migration registers its columns here.

CREATE FUNCTION trip_label(id text, origin text, destination text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT id || ' (' || origin || ' → ' || destination || ')' $$;

-- Which column of which table names a record of source_table and keeps its label in search_text.
CREATE TABLE label_dependents (
  source_table text NOT NULL,
  table_name text NOT NULL,
  column_name text NOT NULL,
  PRIMARY KEY (source_table, table_name, column_name)
);
INSERT INTO label_dependents VALUES
  ('vehicles', 'trips', 'vehicle_id'),
  ('drivers', 'trips', 'driver_id'),
  ('drivers', 'driver_training_records', 'driver_id'),
  ('drivers', 'driver_health_reports', 'driver_id');

-- When a record's label changes, the records that show it are searched by the new one (their search
-- trigger recomputes search_text on the update).
CREATE FUNCTION label_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE dependent record;
BEGIN
  FOR dependent IN SELECT table_name, column_name FROM label_dependents WHERE source_table = TG_TABLE_NAME LOOP
    EXECUTE format('UPDATE %I SET search_text = '''' WHERE %I = $1', dependent.table_name, dependent.column_name) USING NEW.id;
  END LOOP;
  RETURN NULL;
END $$;

DROP TRIGGER vehicle_label_changed ON vehicles;
DROP FUNCTION vehicle_label_changed();
DROP TRIGGER driver_label_changed ON drivers;
DROP FUNCTION driver_label_changed();
CREATE TRIGGER vehicle_label_changed AFTER UPDATE OF make, model, license_plate ON vehicles FOR EACH ROW
  WHEN (OLD.make IS DISTINCT FROM NEW.make OR OLD.model IS DISTINCT FROM NEW.model OR OLD.license_plate IS DISTINCT FROM NEW.license_plate)
  EXECUTE FUNCTION label_changed();
CREATE TRIGGER driver_label_changed AFTER UPDATE OF name ON drivers FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION label_changed();
CREATE TRIGGER trip_label_changed AFTER UPDATE OF origin, destination ON trips FOR EACH ROW
  WHEN (OLD.origin IS DISTINCT FROM NEW.origin OR OLD.destination IS DISTINCT FROM NEW.destination)
  EXECUTE FUNCTION label_changed();
