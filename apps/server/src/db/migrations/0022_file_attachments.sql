-- A stored file belongs to one record: the record's table, id and column are kept on the file
-- (see docs/decisions/0022-a-file-belongs-to-one-record.md). A file with none is an upload waiting
-- for its form to be saved; only such files are swept when old.
ALTER TABLE files
  ADD COLUMN attached_table text,
  ADD COLUMN attached_record text,
  ADD COLUMN attached_field text,
  ADD CONSTRAINT files_attached_whole CHECK (
    (attached_table IS NULL AND attached_record IS NULL AND attached_field IS NULL)
    OR (attached_table IS NOT NULL AND attached_record IS NOT NULL AND attached_field IS NOT NULL)
  );
-- A record's files, found when it is deleted; the uploads waiting for a form, found by the sweep.
CREATE INDEX files_attached_to ON files (attached_table, attached_record) WHERE attached_table IS NOT NULL;
CREATE INDEX files_unattached_created_at ON files (created_at) WHERE attached_table IS NULL;

-- Files records name today belong to the record that named them first. A file named by several
-- records (possible only through hand-made API calls) stays with that first one and leaves the others,
-- whose version moves on, so that no record keeps a readable handle on another record's file.
WITH named AS (
  SELECT 'drivers' AS t, id AS r, 'aadhar_card_file' AS f, aadhar_card_file AS file, created_at FROM drivers WHERE aadhar_card_file IS NOT NULL
  UNION ALL SELECT 'driver_training_records', id, 'certification_file', certification_file, created_at FROM driver_training_records WHERE certification_file IS NOT NULL
  UNION ALL SELECT 'driver_health_reports', id, 'report_file', report_file, created_at FROM driver_health_reports WHERE report_file IS NOT NULL
  UNION ALL SELECT 'compliance_documents', id, 'document_file', document_file, created_at FROM compliance_documents WHERE document_file IS NOT NULL
  UNION ALL SELECT 'trip_insurance_policies', id, 'document_file', document_file, created_at FROM trip_insurance_policies WHERE document_file IS NOT NULL
  UNION ALL SELECT 'challans', id, 'scanned_copy', scanned_copy, created_at FROM challans WHERE scanned_copy IS NOT NULL
  UNION ALL SELECT 'incidents', id, 'images', unnest(images), created_at FROM incidents
  UNION ALL SELECT 'sales_quotations', id, 'attachments', unnest(attachments), created_at FROM sales_quotations
), first_named AS (
  SELECT DISTINCT ON (file) file, t, r, f FROM named ORDER BY file, created_at, t, r
)
UPDATE files SET attached_table = first_named.t, attached_record = first_named.r, attached_field = first_named.f
  FROM first_named WHERE files.id = first_named.file;

UPDATE drivers d SET aadhar_card_file = NULL, version = version + 1, updated_at = now()
  WHERE aadhar_card_file IS NOT NULL AND NOT EXISTS (SELECT 1 FROM files WHERE id = d.aadhar_card_file AND attached_table = 'drivers' AND attached_record = d.id);
UPDATE driver_training_records d SET certification_file = NULL, version = version + 1, updated_at = now()
  WHERE certification_file IS NOT NULL AND NOT EXISTS (SELECT 1 FROM files WHERE id = d.certification_file AND attached_table = 'driver_training_records' AND attached_record = d.id);
UPDATE driver_health_reports d SET report_file = NULL, version = version + 1, updated_at = now()
  WHERE report_file IS NOT NULL AND NOT EXISTS (SELECT 1 FROM files WHERE id = d.report_file AND attached_table = 'driver_health_reports' AND attached_record = d.id);
UPDATE compliance_documents d SET document_file = NULL, version = version + 1, updated_at = now()
  WHERE document_file IS NOT NULL AND NOT EXISTS (SELECT 1 FROM files WHERE id = d.document_file AND attached_table = 'compliance_documents' AND attached_record = d.id);
UPDATE trip_insurance_policies d SET document_file = NULL, version = version + 1, updated_at = now()
  WHERE document_file IS NOT NULL AND NOT EXISTS (SELECT 1 FROM files WHERE id = d.document_file AND attached_table = 'trip_insurance_policies' AND attached_record = d.id);
UPDATE challans d SET scanned_copy = NULL, version = version + 1, updated_at = now()
  WHERE scanned_copy IS NOT NULL AND NOT EXISTS (SELECT 1 FROM files WHERE id = d.scanned_copy AND attached_table = 'challans' AND attached_record = d.id);
-- Lists of files keep, in order, the ones that are theirs (which also drops ids of files already gone).
UPDATE incidents d
  SET images = ARRAY(SELECT u.id FROM unnest(d.images) WITH ORDINALITY AS u(id, n) JOIN files ON files.id = u.id AND files.attached_table = 'incidents' AND files.attached_record = d.id ORDER BY u.n),
      version = version + 1, updated_at = now()
  WHERE EXISTS (SELECT 1 FROM unnest(d.images) AS u(id) WHERE NOT EXISTS (SELECT 1 FROM files WHERE files.id = u.id AND attached_table = 'incidents' AND attached_record = d.id));
UPDATE sales_quotations d
  SET attachments = ARRAY(SELECT u.id FROM unnest(d.attachments) WITH ORDINALITY AS u(id, n) JOIN files ON files.id = u.id AND files.attached_table = 'sales_quotations' AND files.attached_record = d.id ORDER BY u.n),
      version = version + 1, updated_at = now()
  WHERE EXISTS (SELECT 1 FROM unnest(d.attachments) AS u(id) WHERE NOT EXISTS (SELECT 1 FROM files WHERE files.id = u.id AND attached_table = 'sales_quotations' AND attached_record = d.id));

-- A file a record names can no longer be deleted behind the record's back: ON DELETE SET NULL emptied
-- the record's field without a new version. Now such a delete fails; a record's files are deleted
-- with it, or when its field lets them go, by the save itself.
ALTER TABLE drivers DROP CONSTRAINT drivers_aadhar_card_file_fkey,
  ADD CONSTRAINT drivers_aadhar_card_file_fkey FOREIGN KEY (aadhar_card_file) REFERENCES files(id);
ALTER TABLE driver_training_records DROP CONSTRAINT driver_training_records_certification_file_fkey,
  ADD CONSTRAINT driver_training_records_certification_file_fkey FOREIGN KEY (certification_file) REFERENCES files(id);
ALTER TABLE driver_health_reports DROP CONSTRAINT driver_health_reports_report_file_fkey,
  ADD CONSTRAINT driver_health_reports_report_file_fkey FOREIGN KEY (report_file) REFERENCES files(id);
ALTER TABLE compliance_documents DROP CONSTRAINT compliance_documents_document_file_fkey,
  ADD CONSTRAINT compliance_documents_document_file_fkey FOREIGN KEY (document_file) REFERENCES files(id);
ALTER TABLE trip_insurance_policies DROP CONSTRAINT trip_insurance_policies_document_file_fkey,
  ADD CONSTRAINT trip_insurance_policies_document_file_fkey FOREIGN KEY (document_file) REFERENCES files(id);
ALTER TABLE challans DROP CONSTRAINT challans_scanned_copy_fkey,
  ADD CONSTRAINT challans_scanned_copy_fkey FOREIGN KEY (scanned_copy) REFERENCES files(id);
