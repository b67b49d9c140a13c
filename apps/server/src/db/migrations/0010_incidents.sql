-- Incident & Emergency (spec 001 §2.5): incidents with their photos (private stored files, in order).
CREATE TABLE incidents (
  id text PRIMARY KEY,
  type text NOT NULL,
  severity text NOT NULL,
  date_time timestamptz,
  location text NOT NULL,
  description text NOT NULL,
  vehicle_id text REFERENCES vehicles(id) ON DELETE RESTRICT,
  driver_id text REFERENCES drivers(id) ON DELETE RESTRICT,
  reported_by text NOT NULL DEFAULT '',
  status text NOT NULL,
  images text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search_text text NOT NULL DEFAULT ''
);
CREATE INDEX incidents_search ON incidents USING gin (search_text gin_trgm_ops);
CREATE INDEX incidents_newest ON incidents (created_at DESC, id DESC);
CREATE INDEX incidents_status_newest ON incidents (status, created_at DESC);
CREATE INDEX incidents_severity_newest ON incidents (severity, created_at DESC);
CREATE INDEX incidents_vehicle ON incidents (vehicle_id);
CREATE INDEX incidents_driver ON incidents (driver_id);
CREATE INDEX incidents_type_sort ON incidents (type, id);
CREATE INDEX incidents_severity_sort ON incidents (severity, id);
CREATE INDEX incidents_date_time_sort ON incidents (date_time, id);
CREATE INDEX incidents_location_sort ON incidents (location, id);
CREATE INDEX incidents_status_sort ON incidents (status, id);

-- Search: id, type, location, description, the vehicle's label and the driver's label.
CREATE FUNCTION incidents_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', NEW.id, NEW.type, NEW.location, NEW.description,
    (SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) FROM vehicles v WHERE v.id = NEW.vehicle_id),
    (SELECT driver_label(d.name, d.id) FROM drivers d WHERE d.id = NEW.driver_id)));
  RETURN NEW;
END $$;
CREATE TRIGGER incidents_search_text BEFORE INSERT OR UPDATE ON incidents FOR EACH ROW EXECUTE FUNCTION incidents_search_text();
INSERT INTO label_dependents VALUES ('vehicles', 'incidents', 'vehicle_id'), ('drivers', 'incidents', 'driver_id');

ALTER TABLE incidents ALTER COLUMN search_text SET STATISTICS 1000;
SELECT announce_changes_of('incidents');
