-- Maintenance & Workshop (spec 001 §2.2): job cards of the vehicles; searched by the vehicle's label too.
CREATE TABLE maintenance_jobs (
  id text PRIMARY KEY,
  vehicle_id text NOT NULL REFERENCES vehicles(id) ON DELETE RESTRICT,
  job_type text NOT NULL,
  description text NOT NULL,
  technician text NOT NULL DEFAULT '',
  parts_used text NOT NULL DEFAULT '',
  scheduled_date date,
  completion_date date,
  status text NOT NULL,
  cost numeric(14,2),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search_text text NOT NULL DEFAULT ''
);
CREATE INDEX maintenance_search ON maintenance_jobs USING gin (search_text gin_trgm_ops);
CREATE INDEX maintenance_newest ON maintenance_jobs (created_at DESC, id DESC);
CREATE INDEX maintenance_status_newest ON maintenance_jobs (status, created_at DESC);
CREATE INDEX maintenance_vehicle ON maintenance_jobs (vehicle_id);
CREATE INDEX maintenance_type_sort ON maintenance_jobs (job_type, id);
CREATE INDEX maintenance_technician_sort ON maintenance_jobs (technician, id);
CREATE INDEX maintenance_scheduled_sort ON maintenance_jobs (scheduled_date, id);
CREATE INDEX maintenance_completion_sort ON maintenance_jobs (completion_date, id);
CREATE INDEX maintenance_status_sort ON maintenance_jobs (status, id);
CREATE INDEX maintenance_cost_sort ON maintenance_jobs (cost, id);

-- Search: id, the vehicle's label (make model (plate)), description and technician.
CREATE FUNCTION maintenance_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', NEW.id,
    (SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) FROM vehicles v WHERE v.id = NEW.vehicle_id),
    NEW.description, NEW.technician));
  RETURN NEW;
END $$;
CREATE TRIGGER maintenance_search_text BEFORE INSERT OR UPDATE ON maintenance_jobs FOR EACH ROW EXECUTE FUNCTION maintenance_search_text();
INSERT INTO label_dependents VALUES ('vehicles', 'maintenance_jobs', 'vehicle_id');

ALTER TABLE maintenance_jobs ALTER COLUMN search_text SET STATISTICS 1000;
SELECT announce_changes_of('maintenance_jobs');
