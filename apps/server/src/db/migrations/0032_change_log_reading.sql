-- Reading the change log (decision 0032). The Activity Log filtered by area, newest first: without this an
-- area with few entries (users, driver health) would walk change_log_newest through every other area's.
-- A user's filter has change_log_actor, a date range change_log_newest, a record change_log_record.
CREATE INDEX change_log_area ON change_log (area, at DESC, id DESC);
-- A batch (an import, a bulk action) shown as one entry counts its entries; most entries have no batch.
CREATE INDEX change_log_batch ON change_log (batch_id) WHERE batch_id IS NOT NULL;
