-- Challan tracking (spec 002 §2.3): traffic fines against vehicles (and optionally drivers), with their
-- payment; the scanned copy is a private stored file. The paid date is kept only for a Paid challan.
CREATE TABLE challans (
  id text PRIMARY KEY,
  date date,
  vehicle_id text NOT NULL REFERENCES vehicles(id) ON DELETE RESTRICT,
  driver_id text REFERENCES drivers(id) ON DELETE RESTRICT,
  offense_type text NOT NULL,
  amount numeric(14,2),
  scanned_copy text REFERENCES files(id) ON DELETE SET NULL,
  status text NOT NULL,
  paid_date date,
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search_text text NOT NULL DEFAULT ''
);
CREATE INDEX challans_search ON challans USING gin (search_text gin_trgm_ops);
CREATE INDEX challans_newest ON challans (created_at DESC, id DESC);
-- The filters, newest first; the offense type's also lists the types present (DISTINCT over its index).
CREATE INDEX challans_status_newest ON challans (status, created_at DESC);
CREATE INDEX challans_offense_newest ON challans (offense_type, created_at DESC);
CREATE INDEX challans_vehicle ON challans (vehicle_id);
CREATE INDEX challans_driver ON challans (driver_id);
CREATE INDEX challans_scanned_copy ON challans (scanned_copy);
CREATE INDEX challans_date_sort ON challans (date, id);
CREATE INDEX challans_offense_sort ON challans (offense_type, id);
CREATE INDEX challans_amount_sort ON challans (amount, id);
CREATE INDEX challans_status_sort ON challans (status, id);

-- Search: id, offense type, the vehicle's label (make, model, plate) and the driver's label (name, id).
CREATE FUNCTION challans_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', NEW.id, NEW.offense_type,
    (SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) FROM vehicles v WHERE v.id = NEW.vehicle_id),
    (SELECT driver_label(d.name, d.id) FROM drivers d WHERE d.id = NEW.driver_id)));
  RETURN NEW;
END $$;
CREATE TRIGGER challans_search_text BEFORE INSERT OR UPDATE ON challans FOR EACH ROW EXECUTE FUNCTION challans_search_text();
INSERT INTO label_dependents VALUES ('vehicles', 'challans', 'vehicle_id'), ('drivers', 'challans', 'driver_id');

ALTER TABLE challans ALTER COLUMN search_text SET STATISTICS 1000;
SELECT announce_changes_of('challans');
