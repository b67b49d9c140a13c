-- Cold chain units (spec 001 §2.1): refrigerated units on trips, their temperature range and readings.
CREATE TABLE cold_chain_units (
  id text PRIMARY KEY,
  name text NOT NULL,
  trip_id text NOT NULL REFERENCES trips(id) ON DELETE RESTRICT,
  min_temp double precision,
  max_temp double precision,
  current_temp double precision,
  current_humidity double precision,
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search_text text NOT NULL DEFAULT ''
);

-- Search: the unit's id and name, and its trip as shown (id, origin → destination).
CREATE FUNCTION cold_chain_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', NEW.id, NEW.name,
    (SELECT trip_label(t.id, t.origin, t.destination) FROM trips t WHERE t.id = NEW.trip_id)));
  RETURN NEW;
END $$;
CREATE TRIGGER cold_chain_search_text BEFORE INSERT OR UPDATE ON cold_chain_units FOR EACH ROW EXECUTE FUNCTION cold_chain_search_text();
INSERT INTO label_dependents VALUES ('trips', 'cold_chain_units', 'trip_id');

CREATE INDEX cold_chain_search ON cold_chain_units USING gin (search_text gin_trgm_ops);
CREATE INDEX cold_chain_newest ON cold_chain_units (created_at DESC, id DESC);
CREATE INDEX cold_chain_status_newest ON cold_chain_units (status, created_at DESC);
CREATE INDEX cold_chain_trip ON cold_chain_units (trip_id);
CREATE INDEX cold_chain_name_sort ON cold_chain_units (name, id);
CREATE INDEX cold_chain_min_sort ON cold_chain_units (min_temp, id);
CREATE INDEX cold_chain_max_sort ON cold_chain_units (max_temp, id);
CREATE INDEX cold_chain_current_sort ON cold_chain_units (current_temp, id);
CREATE INDEX cold_chain_humidity_sort ON cold_chain_units (current_humidity, id);
CREATE INDEX cold_chain_status_sort ON cold_chain_units (status, id);
ALTER TABLE cold_chain_units ALTER COLUMN search_text SET STATISTICS 1000;
SELECT announce_changes_of('cold_chain_units');
