-- Core fleet records: drivers, trips, driver training and health, and private stored files.

-- Uploaded files. The id is the handle records keep; storage_key (random, server-made) locates the bytes.
CREATE TABLE files (
  id text PRIMARY KEY,
  storage_key text NOT NULL UNIQUE,
  original_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 text NOT NULL,
  uploaded_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_created_at ON files (created_at);

-- How one record names another, as the screens show them. Immutable, so indexes and triggers may use them.
CREATE FUNCTION vehicle_label(make text, model text, license_plate text, id text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT make || ' ' || model || ' (' || coalesce(nullif(license_plate, ''), id) || ')' $$;
CREATE FUNCTION driver_label(name text, id text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT name || ' (' || id || ')' $$;

CREATE TABLE drivers (
  id text PRIMARY KEY,
  name text NOT NULL,
  license text NOT NULL,
  contact text NOT NULL,
  email text NOT NULL,
  status text NOT NULL,
  address text NOT NULL DEFAULT '',
  joining_date date,
  aadhar_card_file text REFERENCES files(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search_text text GENERATED ALWAYS AS (lower(id || E'\n' || name || E'\n' || license || E'\n' || contact || E'\n' || email)) STORED
);
CREATE INDEX drivers_search ON drivers USING gin (search_text gin_trgm_ops);
CREATE INDEX drivers_newest ON drivers (created_at DESC, id DESC);
CREATE INDEX drivers_status_newest ON drivers (status, created_at DESC);
CREATE INDEX drivers_name ON drivers (name, id);

-- Records that search through linked labels keep search_text up to date with triggers (below).
CREATE TABLE trips (
  id text PRIMARY KEY,
  origin text NOT NULL,
  destination text NOT NULL,
  vehicle_id text NOT NULL REFERENCES vehicles(id) ON DELETE RESTRICT,
  driver_id text NOT NULL REFERENCES drivers(id) ON DELETE RESTRICT,
  status text NOT NULL,
  eta timestamptz,
  start_date timestamptz,
  end_date timestamptz,
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search_text text NOT NULL DEFAULT ''
);
CREATE INDEX trips_search ON trips USING gin (search_text gin_trgm_ops);
CREATE INDEX trips_newest ON trips (created_at DESC, id DESC);
CREATE INDEX trips_status_newest ON trips (status, created_at DESC);
CREATE INDEX trips_vehicle ON trips (vehicle_id);
CREATE INDEX trips_driver ON trips (driver_id);

CREATE TABLE driver_training_records (
  id text PRIMARY KEY,
  driver_id text NOT NULL REFERENCES drivers(id) ON DELETE RESTRICT,
  training_type text NOT NULL,
  schedule_date date,
  status text NOT NULL,
  certification_file text REFERENCES files(id) ON DELETE SET NULL,
  validity_period text NOT NULL DEFAULT '',
  trainer_name text NOT NULL DEFAULT '',
  assessment_score double precision,
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search_text text NOT NULL DEFAULT ''
);
CREATE INDEX training_search ON driver_training_records USING gin (search_text gin_trgm_ops);
CREATE INDEX training_newest ON driver_training_records (created_at DESC, id DESC);
CREATE INDEX training_status_newest ON driver_training_records (status, created_at DESC);
CREATE INDEX training_type ON driver_training_records (training_type);
CREATE INDEX training_driver ON driver_training_records (driver_id);

CREATE TABLE driver_health_reports (
  id text PRIMARY KEY,
  driver_id text NOT NULL REFERENCES drivers(id) ON DELETE RESTRICT,
  test_type text NOT NULL,
  test_date date,
  result text NOT NULL,
  next_due_date date,
  report_file text REFERENCES files(id) ON DELETE SET NULL,
  clinic_info text NOT NULL DEFAULT '',
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search_text text NOT NULL DEFAULT ''
);
CREATE INDEX health_search ON driver_health_reports USING gin (search_text gin_trgm_ops);
CREATE INDEX health_newest ON driver_health_reports (created_at DESC, id DESC);
CREATE INDEX health_result_newest ON driver_health_reports (result, created_at DESC);
CREATE INDEX health_test_type ON driver_health_reports (test_type);
CREATE INDEX health_driver ON driver_health_reports (driver_id);

-- Trip search: id, origin, destination, the vehicle's label and the driver's label.
CREATE FUNCTION trips_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', NEW.id, NEW.origin, NEW.destination,
    (SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) FROM vehicles v WHERE v.id = NEW.vehicle_id),
    (SELECT driver_label(d.name, d.id) FROM drivers d WHERE d.id = NEW.driver_id)));
  RETURN NEW;
END $$;
CREATE TRIGGER trips_search_text BEFORE INSERT OR UPDATE ON trips FOR EACH ROW EXECUTE FUNCTION trips_search_text();

-- Training search: the driver's name (and id), the training type and the trainer.
CREATE FUNCTION training_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', (SELECT driver_label(d.name, d.id) FROM drivers d WHERE d.id = NEW.driver_id),
    NEW.training_type, NEW.trainer_name));
  RETURN NEW;
END $$;
CREATE TRIGGER training_search_text BEFORE INSERT OR UPDATE ON driver_training_records FOR EACH ROW EXECUTE FUNCTION training_search_text();

-- Health search: the driver's name (and id), the test type and the clinic.
CREATE FUNCTION health_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', (SELECT driver_label(d.name, d.id) FROM drivers d WHERE d.id = NEW.driver_id),
    NEW.test_type, NEW.clinic_info));
  RETURN NEW;
END $$;
CREATE TRIGGER health_search_text BEFORE INSERT OR UPDATE ON driver_health_reports FOR EACH ROW EXECUTE FUNCTION health_search_text();

-- When a label changes, the records that show it are searched by the new one.
CREATE FUNCTION vehicle_label_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trips SET search_text = '' WHERE vehicle_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER vehicle_label_changed AFTER UPDATE OF make, model, license_plate ON vehicles FOR EACH ROW
  WHEN (OLD.make IS DISTINCT FROM NEW.make OR OLD.model IS DISTINCT FROM NEW.model OR OLD.license_plate IS DISTINCT FROM NEW.license_plate)
  EXECUTE FUNCTION vehicle_label_changed();

CREATE FUNCTION driver_label_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trips SET search_text = '' WHERE driver_id = NEW.id;
  UPDATE driver_training_records SET search_text = '' WHERE driver_id = NEW.id;
  UPDATE driver_health_reports SET search_text = '' WHERE driver_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER driver_label_changed AFTER UPDATE OF name ON drivers FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION driver_label_changed();

-- Every sortable list column has an index ending in id (the tie-breaker), so a sorted page reads its
-- 50 rows in order (either direction) instead of sorting every match.
CREATE INDEX vehicles_make_sort ON vehicles (make, id);
CREATE INDEX vehicles_year_sort ON vehicles (year, id);
CREATE INDEX vehicles_plate_sort ON vehicles (license_plate, id);
CREATE INDEX vehicles_type_sort ON vehicles (type, id);
CREATE INDEX vehicles_mileage_sort ON vehicles (current_mileage, id);
CREATE INDEX vehicles_status_sort ON vehicles (status, id);
CREATE INDEX drivers_license_sort ON drivers (license, id);
CREATE INDEX drivers_joining_sort ON drivers (joining_date, id);
CREATE INDEX drivers_status_sort ON drivers (status, id);
CREATE INDEX trips_origin_sort ON trips (origin, id);
CREATE INDEX trips_destination_sort ON trips (destination, id);
CREATE INDEX trips_status_sort ON trips (status, id);
CREATE INDEX trips_eta_sort ON trips (eta, id);
CREATE INDEX training_type_sort ON driver_training_records (training_type, id);
CREATE INDEX training_date_sort ON driver_training_records (schedule_date, id);
CREATE INDEX training_trainer_sort ON driver_training_records (trainer_name, id);
CREATE INDEX training_score_sort ON driver_training_records (assessment_score, id);
CREATE INDEX training_status_sort ON driver_training_records (status, id);
CREATE INDEX health_type_sort ON driver_health_reports (test_type, id);
CREATE INDEX health_date_sort ON driver_health_reports (test_date, id);
CREATE INDEX health_result_sort ON driver_health_reports (result, id);
CREATE INDEX health_due_sort ON driver_health_reports (next_due_date, id);
CREATE INDEX health_clinic_sort ON driver_health_reports (clinic_info, id);

-- A finer sample of the search texts lets the planner tell a common term (walk the newest-first index and
-- stop after 50 matches) from a rare one (use the trigram index); the default sample misjudges both.
ALTER TABLE vehicles ALTER COLUMN search_text SET STATISTICS 1000;
ALTER TABLE drivers ALTER COLUMN search_text SET STATISTICS 1000;
ALTER TABLE trips ALTER COLUMN search_text SET STATISTICS 1000;
ALTER TABLE driver_training_records ALTER COLUMN search_text SET STATISTICS 1000;
ALTER TABLE driver_health_reports ALTER COLUMN search_text SET STATISTICS 1000;
