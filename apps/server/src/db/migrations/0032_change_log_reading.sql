-- Reading the change log (decision 0032). The Activity Log filtered by area, newest first: without this an
-- area with few entries (users, driver health) would walk change_log_newest through every other area's.
-- A user's filter has change_log_actor, a date range change_log_newest, a record change_log_record.
CREATE INDEX change_log_area ON change_log (area, at DESC, id DESC);
-- A batch (an import, a bulk action) shown as one entry counts its entries; most entries have no batch.
CREATE INDEX change_log_batch ON change_log (batch_id) WHERE batch_id IS NOT NULL;
-- The Activity Log filtered by an operation that is rare (an export, a role change): only those entries, so the
-- index costs the writes of records nothing. Creates, updates and deletes are common enough for change_log_newest.
CREATE INDEX change_log_rare_operation ON change_log (operation, at DESC, id DESC) WHERE operation NOT IN ('create', 'update', 'delete');
