-- Signed webhooks (issue 22, decision 0054): the receivers, an outbox of events written in the transaction of
-- the change they announce, and one delivery per receiver and event, claimed by any server's worker.

CREATE TABLE webhooks (
  id text PRIMARY KEY,
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
  -- Kept readable: the server signs with it (HMAC needs the secret itself, a hash would not do). Never answered.
  secret text NOT NULL CHECK (length(secret) <= 200),
  -- While a rotation's window lasts, the old secret signs beside the new one.
  previous_secret text CHECK (length(previous_secret) <= 200),
  previous_secret_until timestamptz,
  events text[] NOT NULL CHECK (cardinality(events) BETWEEN 1 AND 200),
  created_by text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  secret_rotated_at timestamptz,
  -- A deleted webhook stays for its deliveries' log, its secrets wiped.
  deleted_at timestamptz
);
-- No index on events: announce() asks on every write which live webhooks chose an event, and a scan of a
-- table of at most a hundred live rows plans and runs faster than any index would.

-- The outbox: an event is written only when a live webhook chose it, in the transaction of its change.
CREATE TABLE webhook_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- What receivers see as the event's id (stable across retries; unique across databases).
  uid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  event text NOT NULL CHECK (length(event) <= 100),
  -- The record (area/id) or the import batch the event is about: deliveries of one subject keep their order.
  subject text NOT NULL CHECK (length(subject) <= 300),
  occurred_at timestamptz NOT NULL DEFAULT now(),
  actor jsonb NOT NULL,
  data jsonb NOT NULL
);
CREATE INDEX webhook_events_occurred ON webhook_events (occurred_at);

CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  webhook_id text NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_id bigint NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  -- The event's subject, here so that the order per webhook and record is one index probe.
  subject text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Pending: when it is due; finished: null.
  next_attempt_at timestamptz DEFAULT now(),
  last_attempt_at timestamptz,
  -- A worker's claim: until when, and its token (a crashed server's claim is taken over once it lapses).
  lease_until timestamptz,
  leased_by text,
  status_code integer,
  duration_ms integer,
  response text CHECK (length(response) <= 1024),
  error text CHECK (length(error) <= 500)
);
-- The worker's claim: a webhook's due deliveries, and whether an earlier one of the same record is still pending.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (webhook_id, next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_order ON webhook_deliveries (webhook_id, subject, event_id) WHERE status = 'pending';
-- Monitor Sync Status and View Error Logs: newest first, by webhook or status.
CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, id DESC);
CREATE INDEX webhook_deliveries_by_status ON webhook_deliveries (status, id DESC);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
