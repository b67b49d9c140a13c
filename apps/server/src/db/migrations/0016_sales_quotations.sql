-- Sales quotations (spec 002 §2.1): price offers, optionally for a lead, with private attachments.
CREATE TABLE sales_quotations (
  id text PRIMARY KEY,
  lead_id text REFERENCES sales_leads(id) ON DELETE RESTRICT,
  customer_name text NOT NULL,
  vehicle_type text NOT NULL DEFAULT '',
  route_or_region text NOT NULL DEFAULT '',
  pricing_per_km numeric(14,2),
  flat_rate numeric(14,2),
  tax double precision,
  discount double precision,
  valid_until date,
  attachments text[] NOT NULL DEFAULT '{}',
  terms_and_conditions text NOT NULL DEFAULT '',
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  -- Search by customer or id.
  search_text text GENERATED ALWAYS AS (lower(id || E'\n' || customer_name)) STORED
);
CREATE INDEX sales_quotations_search ON sales_quotations USING gin (search_text gin_trgm_ops);
CREATE INDEX sales_quotations_newest ON sales_quotations (created_at DESC, id DESC);
CREATE INDEX sales_quotations_status_newest ON sales_quotations (status, created_at DESC);
CREATE INDEX sales_quotations_lead ON sales_quotations (lead_id);
CREATE INDEX sales_quotations_customer_sort ON sales_quotations (customer_name, id);
CREATE INDEX sales_quotations_flat_rate_sort ON sales_quotations (flat_rate, id);
CREATE INDEX sales_quotations_valid_until_sort ON sales_quotations (valid_until, id);
CREATE INDEX sales_quotations_status_sort ON sales_quotations (status, id);
ALTER TABLE sales_quotations ALTER COLUMN search_text SET STATISTICS 1000;
SELECT announce_changes_of('sales_quotations');
