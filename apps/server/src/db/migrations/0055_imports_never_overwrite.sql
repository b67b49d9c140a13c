-- Imports never overwrite other people's work (issue 32, decision 0061).

-- Update mode's conflicts: rows whose record changed since the export the file came from (its Version column),
-- each { row, id, fields }, the first 1,000 kept on the run (conflict_count counts them all); and whether the
-- run was asked to overwrite them.
ALTER TABLE import_runs
  ADD COLUMN overwrite boolean NOT NULL DEFAULT false,
  ADD COLUMN conflict_count integer NOT NULL DEFAULT 0,
  ADD COLUMN conflicts jsonb NOT NULL DEFAULT '[]';

-- The batches being written (running, holding a batch id: decision 0056's stepwise write), read by every link
-- check and pick-list to refuse their records ("being imported"): few rows, found without reading the runs.
CREATE INDEX import_runs_writing ON import_runs (batch_id) WHERE status = 'running' AND batch_id IS NOT NULL;
