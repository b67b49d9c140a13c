-- A day's digest claimed by a server that stopped or died while sending is taken over (decision 0038): the
-- claimer beats its heart after each user; a claim unfinished and silent for DIGEST_TAKEOVER_MINUTES is claimed
-- again, and the new claimer sends only to the users the first did not reach.
ALTER TABLE job_runs ADD COLUMN heartbeat_at timestamptz NOT NULL DEFAULT now();
