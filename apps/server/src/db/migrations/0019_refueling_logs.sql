-- Refuelling logs (spec 002 §2.2): a vehicle's fill-up at a partner station; total_cost = quantity × rate.
CREATE TABLE refueling_logs (
  id text PRIMARY KEY,
  vehicle_id text NOT NULL REFERENCES vehicles(id) ON DELETE RESTRICT,
  driver_id text REFERENCES drivers(id) ON DELETE RESTRICT,
  station_id text NOT NULL REFERENCES partner_fuel_stations(id) ON DELETE RESTRICT,
  fuel_type text NOT NULL,
  quantity double precision,
  rate double precision,
  total_cost numeric(14,2),
  "timestamp" timestamptz,
  refuel_method text NOT NULL,
  odometer integer,
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search_text text NOT NULL DEFAULT ''
);
CREATE INDEX refueling_logs_search ON refueling_logs USING gin (search_text gin_trgm_ops);
CREATE INDEX refueling_logs_newest ON refueling_logs (created_at DESC, id DESC);
-- The list's default order: newest refuelling first.
CREATE INDEX refueling_logs_timestamp_sort ON refueling_logs ("timestamp", id);
CREATE INDEX refueling_logs_vehicle ON refueling_logs (vehicle_id);
CREATE INDEX refueling_logs_driver ON refueling_logs (driver_id);
CREATE INDEX refueling_logs_station ON refueling_logs (station_id);
CREATE INDEX refueling_logs_fuel_type_sort ON refueling_logs (fuel_type, id);
CREATE INDEX refueling_logs_quantity_sort ON refueling_logs (quantity, id);
CREATE INDEX refueling_logs_total_cost_sort ON refueling_logs (total_cost, id);
-- Search: id, the vehicle's label (make, model, plate), the station's name and the fuel type.
CREATE FUNCTION refueling_logs_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', NEW.id,
    (SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) FROM vehicles v WHERE v.id = NEW.vehicle_id),
    (SELECT s.station_name FROM partner_fuel_stations s WHERE s.id = NEW.station_id),
    NEW.fuel_type));
  RETURN NEW;
END $$;
CREATE TRIGGER refueling_logs_search_text BEFORE INSERT OR UPDATE ON refueling_logs FOR EACH ROW EXECUTE FUNCTION refueling_logs_search_text();
INSERT INTO label_dependents VALUES ('vehicles', 'refueling_logs', 'vehicle_id'), ('partner_fuel_stations', 'refueling_logs', 'station_id');
ALTER TABLE refueling_logs ALTER COLUMN search_text SET STATISTICS 1000;
SELECT announce_changes_of('refueling_logs');
