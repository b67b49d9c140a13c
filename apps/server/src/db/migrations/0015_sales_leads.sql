-- Sales leads (spec 002 §2.1): prospective customers, their contact and who follows them up.
CREATE TABLE sales_leads (
  id text PRIMARY KEY,
  company_name text NOT NULL,
  contact_person text NOT NULL,
  contact_info text NOT NULL,
  lead_source text NOT NULL,
  assigned_to text NOT NULL DEFAULT '',
  status text NOT NULL,
  industry text NOT NULL DEFAULT '',
  region text NOT NULL DEFAULT '',
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  -- Search by company or contact person (and the lead's id).
  search_text text GENERATED ALWAYS AS (lower(id || E'\n' || company_name || E'\n' || contact_person)) STORED
);
CREATE INDEX sales_leads_search ON sales_leads USING gin (search_text gin_trgm_ops);
CREATE INDEX sales_leads_newest ON sales_leads (created_at DESC, id DESC);
CREATE INDEX sales_leads_status_newest ON sales_leads (status, created_at DESC);
CREATE INDEX sales_leads_assigned_newest ON sales_leads (assigned_to, created_at DESC);
CREATE INDEX sales_leads_company_sort ON sales_leads (company_name, id);
CREATE INDEX sales_leads_contact_sort ON sales_leads (contact_person, id);
CREATE INDEX sales_leads_source_sort ON sales_leads (lead_source, id);
CREATE INDEX sales_leads_assigned_sort ON sales_leads (assigned_to, id);
CREATE INDEX sales_leads_status_sort ON sales_leads (status, id);
ALTER TABLE sales_leads ALTER COLUMN search_text SET STATISTICS 1000;
SELECT announce_changes_of('sales_leads');
