-- Fuel & expenses (spec 001 §2.6): every expense type in one table; the fuel columns are blank unless type is Fuel.
CREATE TABLE fuel_expenses (
  id text PRIMARY KEY,
  type text NOT NULL, date date,
  vehicle_id text REFERENCES vehicles(id) ON DELETE RESTRICT,
  trip_id text REFERENCES trips(id) ON DELETE RESTRICT,
  fuel_type text NOT NULL DEFAULT '', quantity double precision, price_per_unit double precision,
  amount numeric(14,2), odometer integer,
  vendor text NOT NULL DEFAULT '', gps_location text NOT NULL DEFAULT '', description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(), version integer NOT NULL DEFAULT 1,
  search_text text NOT NULL DEFAULT ''
);
CREATE INDEX fuel_expenses_search ON fuel_expenses USING gin (search_text gin_trgm_ops);
CREATE INDEX fuel_expenses_newest ON fuel_expenses (created_at DESC, id DESC);
CREATE INDEX fuel_expenses_type_newest ON fuel_expenses (type, created_at DESC);
CREATE INDEX fuel_expenses_vehicle ON fuel_expenses (vehicle_id);
CREATE INDEX fuel_expenses_trip ON fuel_expenses (trip_id);
CREATE INDEX fuel_expenses_date_sort ON fuel_expenses (date, id);
CREATE INDEX fuel_expenses_amount_sort ON fuel_expenses (amount, id);
CREATE INDEX fuel_expenses_vendor_sort ON fuel_expenses (vendor, id);
-- Search: id, type (as shown: Meal Allowance), vendor, description, the vehicle's label (its plate) and the trip id.
CREATE FUNCTION fuel_expenses_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', NEW.id, CASE NEW.type WHEN 'Meal' THEN 'Meal Allowance' ELSE NEW.type END, NEW.vendor, NEW.description,
    (SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) FROM vehicles v WHERE v.id = NEW.vehicle_id), NEW.trip_id));
  RETURN NEW;
END $$;
CREATE TRIGGER fuel_expenses_search_text BEFORE INSERT OR UPDATE ON fuel_expenses FOR EACH ROW EXECUTE FUNCTION fuel_expenses_search_text();
INSERT INTO label_dependents VALUES ('vehicles', 'fuel_expenses', 'vehicle_id');
ALTER TABLE fuel_expenses ALTER COLUMN search_text SET STATISTICS 1000;
SELECT announce_changes_of('fuel_expenses');
