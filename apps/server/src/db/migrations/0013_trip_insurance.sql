-- Trip insurance (spec 001 §2.8): policies on trips, with validity and claim; the displayed status
-- (Expired once the end date has passed) is derived, never stored.
CREATE TABLE trip_insurance_policies (
  id text PRIMARY KEY,
  trip_id text NOT NULL REFERENCES trips(id) ON DELETE RESTRICT,
  insurance_type text NOT NULL,
  policy_number text NOT NULL,
  provider_name text NOT NULL,
  start_date date,
  end_date date,
  status text NOT NULL,
  claim_id text NOT NULL DEFAULT '',
  document_file text REFERENCES files(id) ON DELETE SET NULL,
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search_text text NOT NULL DEFAULT ''
);
CREATE INDEX insurance_search ON trip_insurance_policies USING gin (search_text gin_trgm_ops);
CREATE INDEX insurance_newest ON trip_insurance_policies (created_at DESC, id DESC);
CREATE INDEX insurance_trip ON trip_insurance_policies (trip_id);
CREATE INDEX insurance_type_sort ON trip_insurance_policies (insurance_type, id);
CREATE INDEX insurance_policy_sort ON trip_insurance_policies (policy_number, id);
CREATE INDEX insurance_provider_sort ON trip_insurance_policies (provider_name, id);
CREATE INDEX insurance_start_sort ON trip_insurance_policies (start_date, id);
CREATE INDEX insurance_end_sort ON trip_insurance_policies (end_date, id); -- also the Expired filter (end_date < today)
CREATE INDEX insurance_status_newest ON trip_insurance_policies (status, created_at DESC);

-- Search: the policy's id, its trip's label (id, origin → destination), the policy number and the provider.
CREATE FUNCTION insurance_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', NEW.id,
    (SELECT trip_label(t.id, t.origin, t.destination) FROM trips t WHERE t.id = NEW.trip_id),
    NEW.policy_number, NEW.provider_name));
  RETURN NEW;
END $$;
CREATE TRIGGER insurance_search_text BEFORE INSERT OR UPDATE ON trip_insurance_policies FOR EACH ROW EXECUTE FUNCTION insurance_search_text();
INSERT INTO label_dependents VALUES ('trips', 'trip_insurance_policies', 'trip_id');
ALTER TABLE trip_insurance_policies ALTER COLUMN search_text SET STATISTICS 1000;
SELECT announce_changes_of('trip_insurance_policies');
