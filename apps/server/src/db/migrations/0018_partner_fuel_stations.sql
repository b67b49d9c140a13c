-- Partner fuel stations (spec 002 §2.2): the directory of stations the fleet refuels at on credit.
CREATE TABLE partner_fuel_stations (
  id text PRIMARY KEY,
  station_name text NOT NULL,
  address text NOT NULL,
  gps_location text NOT NULL DEFAULT '',
  contact_person text NOT NULL DEFAULT '',
  phone text NOT NULL,
  email text NOT NULL,
  status text NOT NULL,
  payment_mode text NOT NULL,
  credit_limit numeric(14,2),
  fuel_types text[] NOT NULL DEFAULT '{}',
  partner_since date,
  contract_start_date date,
  contract_end_date date,
  pricing_structure text NOT NULL DEFAULT '',
  settlement_cycle text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  -- Search by id, name, address and contact person.
  search_text text GENERATED ALWAYS AS (lower(id || E'\n' || station_name || E'\n' || address || E'\n' || contact_person)) STORED
);
CREATE INDEX partner_fuel_stations_search ON partner_fuel_stations USING gin (search_text gin_trgm_ops);
CREATE INDEX partner_fuel_stations_newest ON partner_fuel_stations (created_at DESC, id DESC);
CREATE INDEX partner_fuel_stations_status_newest ON partner_fuel_stations (status, created_at DESC);
CREATE INDEX partner_fuel_stations_name_sort ON partner_fuel_stations (station_name, id);
CREATE INDEX partner_fuel_stations_address_sort ON partner_fuel_stations (address, id);
CREATE INDEX partner_fuel_stations_contact_sort ON partner_fuel_stations (contact_person, id);
CREATE INDEX partner_fuel_stations_status_sort ON partner_fuel_stations (status, id);
ALTER TABLE partner_fuel_stations ALTER COLUMN search_text SET STATISTICS 1000;
-- Logs and invoices search by a station's name: a renamed station re-indexes them (label_dependents).
CREATE TRIGGER partner_fuel_station_label_changed AFTER UPDATE OF station_name ON partner_fuel_stations FOR EACH ROW
  WHEN (OLD.station_name IS DISTINCT FROM NEW.station_name)
  EXECUTE FUNCTION label_changed();
SELECT announce_changes_of('partner_fuel_stations');
