-- A registration plate, a VIN and a driving licence number each name one record, however they are typed:
-- 'MH 12 AB-1234' is the plate MH12AB1234. The server refuses to apply this migration while a database
-- holds duplicates (db/duplicates.ts lists them), so it never fails half-way on old data.
CREATE FUNCTION record_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT upper(regexp_replace(value, '[[:space:]-]', '', 'g')) $$;

-- A record without the value (a plate cleared behind the API's back) holds nothing to duplicate.
CREATE UNIQUE INDEX vehicles_plate_unique ON vehicles (record_key(license_plate)) WHERE record_key(license_plate) <> '';
CREATE UNIQUE INDEX vehicles_vin_unique ON vehicles (record_key(vin)) WHERE record_key(vin) <> '';
CREATE UNIQUE INDEX drivers_license_unique ON drivers (record_key(license)) WHERE record_key(license) <> '';
