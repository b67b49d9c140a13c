-- Compliance documents (spec 001 §2.7): the expiry state is derived from expiry_date and the user's today.
CREATE TABLE compliance_documents (
  id text PRIMARY KEY,
  document_name text NOT NULL,
  document_type text NOT NULL,
  entity_id text NOT NULL DEFAULT '',
  document_number text NOT NULL DEFAULT '',
  issuer text NOT NULL DEFAULT '',
  issue_date date,
  expiry_date date,
  notes text NOT NULL DEFAULT '',
  document_file text REFERENCES files(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search_text text GENERATED ALWAYS AS (lower(id || E'\n' || document_name || E'\n' || entity_id || E'\n' || document_number || E'\n' || issuer)) STORED
);
CREATE INDEX compliance_search ON compliance_documents USING gin (search_text gin_trgm_ops);
CREATE INDEX compliance_newest ON compliance_documents (created_at DESC, id DESC);
CREATE INDEX compliance_type_newest ON compliance_documents (document_type, created_at DESC);
-- Expired and Expires Soon are ranges of expiry_date around today.
CREATE INDEX compliance_expiry_sort ON compliance_documents (expiry_date, id);
CREATE INDEX compliance_name_sort ON compliance_documents (document_name, id);
CREATE INDEX compliance_type_sort ON compliance_documents (document_type, id);
CREATE INDEX compliance_entity_sort ON compliance_documents (entity_id, id);
CREATE INDEX compliance_issuer_sort ON compliance_documents (issuer, id);
ALTER TABLE compliance_documents ALTER COLUMN search_text SET STATISTICS 1000;
SELECT announce_changes_of('compliance_documents');
