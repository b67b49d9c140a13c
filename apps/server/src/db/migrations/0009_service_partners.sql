-- On-road service partners (spec 001 §2.3): towing, tyre and repair partners, where they are and how good.
CREATE TABLE service_partners (
  id text PRIMARY KEY,
  partner_name text NOT NULL,
  service_types text[] NOT NULL DEFAULT '{}',
  contact_info text NOT NULL,
  availability text NOT NULL DEFAULT '24/7',
  geo_location text NOT NULL DEFAULT '',
  rating double precision,
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  -- Search by id, name, contact and notes.
  search_text text GENERATED ALWAYS AS (lower(id || E'\n' || partner_name || E'\n' || contact_info || E'\n' || notes)) STORED
);
CREATE INDEX service_partners_search ON service_partners USING gin (search_text gin_trgm_ops);
CREATE INDEX service_partners_newest ON service_partners (created_at DESC, id DESC);
-- The service-type filter: partners holding a type.
CREATE INDEX service_partners_types ON service_partners USING gin (service_types);
CREATE INDEX service_partners_name_sort ON service_partners (partner_name, id);
CREATE INDEX service_partners_contact_sort ON service_partners (contact_info, id);
CREATE INDEX service_partners_availability_sort ON service_partners (availability, id);
CREATE INDEX service_partners_rating_sort ON service_partners (rating, id);
ALTER TABLE service_partners ALTER COLUMN search_text SET STATISTICS 1000;
SELECT announce_changes_of('service_partners');
