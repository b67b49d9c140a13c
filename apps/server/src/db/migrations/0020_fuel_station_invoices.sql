-- Invoices and settlements of partner fuel stations (spec 002 §2.2), newest generated first.
CREATE TABLE fuel_station_invoices (
  id text PRIMARY KEY,
  station_id text NOT NULL REFERENCES partner_fuel_stations(id) ON DELETE RESTRICT,
  amount numeric(14,2),
  date_range_start date,
  date_range_end date,
  payment_status text NOT NULL,
  generated_on date,
  paid_on date,
  paid_amount numeric(14,2),
  balance_amount numeric(14,2),
  approved_by text NOT NULL DEFAULT '',
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search_text text NOT NULL DEFAULT ''
);
CREATE INDEX fuel_station_invoices_search ON fuel_station_invoices USING gin (search_text gin_trgm_ops);
CREATE INDEX fuel_station_invoices_newest ON fuel_station_invoices (created_at DESC, id DESC);
CREATE INDEX fuel_station_invoices_generated_sort ON fuel_station_invoices (generated_on, id);
CREATE INDEX fuel_station_invoices_station ON fuel_station_invoices (station_id);
CREATE INDEX fuel_station_invoices_amount_sort ON fuel_station_invoices (amount, id);
CREATE INDEX fuel_station_invoices_start_sort ON fuel_station_invoices (date_range_start, id);
CREATE INDEX fuel_station_invoices_status_sort ON fuel_station_invoices (payment_status, id);
-- Search: id, the station's name and the payment status.
CREATE FUNCTION fuel_station_invoices_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', NEW.id,
    (SELECT s.station_name FROM partner_fuel_stations s WHERE s.id = NEW.station_id),
    NEW.payment_status));
  RETURN NEW;
END $$;
CREATE TRIGGER fuel_station_invoices_search_text BEFORE INSERT OR UPDATE ON fuel_station_invoices FOR EACH ROW EXECUTE FUNCTION fuel_station_invoices_search_text();
INSERT INTO label_dependents VALUES ('partner_fuel_stations', 'fuel_station_invoices', 'station_id');
ALTER TABLE fuel_station_invoices ALTER COLUMN search_text SET STATISTICS 1000;
SELECT announce_changes_of('fuel_station_invoices');
