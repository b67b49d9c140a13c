-- Monthly rollups kept on write (issue 20, decision 0048): the reports read sums per month and group from small
-- tables kept current by statement triggers in the writing transaction, instead of scanning every record.
--
-- The machinery is declared once here: rollup_define() creates a rollup's table, rollup_source() makes one of its
-- source tables keep it (a rollup may have several sources, e.g. a vehicle's costs of four areas), and the
-- catalog (rollups, rollup_sources) holds each definition, which rollup_recomputed() reads to recompute a rollup
-- from the records (the tests compare) and the server reads to answer a period's partial months from the records.
--
-- A rollup's table: month (the first day of the record's month, company's day), its keys (text, NOT NULL: a
-- source writes '' for none), its additive measures (numeric, summed exactly) and `records` (rows counted). Only
-- additive measures: a minimum or maximum is read from an index when asked.

-- The company's zone that months of timestamps are taken in (the server keeps it equal to RAAHI_TIME_ZONE and
-- rebuilds the rollups that depend on it when it changes: apps/server/src/rollups/rollups.ts).
CREATE TABLE rollup_settings (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  time_zone text NOT NULL
);
INSERT INTO rollup_settings (time_zone) VALUES ('Asia/Kolkata');
CREATE FUNCTION rollup_time_zone() RETURNS text LANGUAGE sql STABLE AS $$ SELECT time_zone FROM rollup_settings $$;

CREATE TABLE rollups (
  name text PRIMARY KEY,
  keys text[] NOT NULL,
  key_types text[] NOT NULL,
  measures text[] NOT NULL,
  measure_types text[] NOT NULL
);

-- One source of a rollup: the record's day (day_expr, a date; or time_column, a timestamptz taken on the company's
-- day), its keys and measures as expressions over the record `r`, each measure counted only where its condition
-- holds (NULL: always), and the condition for the record to count at all.
CREATE TABLE rollup_sources (
  rollup text NOT NULL REFERENCES rollups(name),
  source text NOT NULL,
  day_expr text,
  time_column text,
  key_exprs text[] NOT NULL,
  measure_exprs text[] NOT NULL,
  measure_conditions text[] NOT NULL,
  condition text NOT NULL DEFAULT 'true',
  PRIMARY KEY (rollup, source),
  CHECK ((day_expr IS NULL) <> (time_column IS NULL))
);

-- A source's day as a date expression over `r`.
CREATE FUNCTION rollup_day_sql(s rollup_sources) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(s.day_expr, format('(r.%I AT TIME ZONE rollup_time_zone())::date', s.time_column))
$$;

-- The rows a source's records add to a rollup, from a relation `rel` (the table, or a trigger's transition table),
-- multiplied by `sign` (1 or -1): month, keys, measures, records.
CREATE FUNCTION rollup_rows_sql(s rollup_sources, rel text, sign integer) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  day text := rollup_day_sql(s);
  cols text[] := ARRAY[format('date_trunc(''month'', %s)::date', day)];
  i integer;
BEGIN
  FOR i IN 1 .. cardinality(s.key_exprs) LOOP cols := cols || s.key_exprs[i]; END LOOP;
  FOR i IN 1 .. cardinality(s.measure_exprs) LOOP
    cols := cols || format('%s * coalesce(%s, 0)', sign,
      CASE WHEN s.measure_conditions[i] IS NULL THEN s.measure_exprs[i] ELSE format('CASE WHEN %s THEN %s END', s.measure_conditions[i], s.measure_exprs[i]) END);
  END LOOP;
  cols := cols || sign::text;
  RETURN format('SELECT %s FROM %s r WHERE (%s) IS NOT NULL AND (%s)', array_to_string(cols, ', '), rel, day, s.condition);
END
$$;

-- The grouped sum of some rows of a rollup's shape (`rows_sql`), without the groups that come to nothing.
CREATE FUNCTION rollup_grouped_sql(def rollups, rows_sql text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  names text[] := ARRAY['month'] || def.keys;
  sums text[] := '{}';
  nonzero text[] := ARRAY['sum(records) <> 0'];
  m text;
BEGIN
  FOREACH m IN ARRAY def.measures LOOP
    sums := sums || format('sum(%I)::%s AS %I', m, def.measure_types[array_position(def.measures, m)], m);
    nonzero := nonzero || format('sum(%I) <> 0', m);
  END LOOP;
  RETURN format('SELECT %s, %s, sum(records)::bigint AS records FROM (%s) AS x(%s) GROUP BY %s HAVING %s',
    (SELECT string_agg(quote_ident(n), ', ') FROM unnest(names) n), array_to_string(sums, ', '), rows_sql,
    (SELECT string_agg(quote_ident(n), ', ') FROM unnest(names || def.measures || ARRAY['records']) n),
    (SELECT string_agg(quote_ident(n), ', ') FROM unnest(names) n), array_to_string(nonzero, ' OR '));
END
$$;

-- A rollup recomputed from all its sources' records (same columns as its table).
CREATE FUNCTION rollup_recomputed_sql(name text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  def rollups;
  parts text[] := '{}';
  s rollup_sources;
BEGIN
  SELECT * INTO STRICT def FROM rollups WHERE rollups.name = rollup_recomputed_sql.name;
  FOR s IN SELECT * FROM rollup_sources WHERE rollup = def.name ORDER BY source LOOP
    parts := parts || rollup_rows_sql(s, quote_ident(s.source), 1);
  END LOOP;
  RETURN rollup_grouped_sql(def, array_to_string(parts, ' UNION ALL '));
END
$$;

-- The rows where a rollup's table and its recomputation differ (none when it is right): as text, each marked
-- 'stored' or 'recomputed'. For the tests and a check by hand.
CREATE FUNCTION rollup_differences(name text) RETURNS TABLE (side text, row_text text) LANGUAGE plpgsql AS $$
DECLARE
  sql text := rollup_recomputed_sql(name);
BEGIN
  RETURN QUERY EXECUTE format(
    'WITH s AS (SELECT * FROM %1$I), c AS (%2$s)
     SELECT ''stored'', s::text FROM (SELECT * FROM s EXCEPT ALL SELECT * FROM c) s
     UNION ALL SELECT ''recomputed'', c::text FROM (SELECT * FROM c EXCEPT ALL SELECT * FROM s) c', name, sql);
END
$$;

-- A rollup made again from its records (a source emptied, the zone changed): alone against its writers.
CREATE FUNCTION rollup_rebuild(name text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', name);
  EXECUTE format('DELETE FROM %I', name);
  EXECUTE format('INSERT INTO %I %s', name, rollup_recomputed_sql(name));
END
$$;

-- Creates a rollup's table and records its definition.
CREATE FUNCTION rollup_define(name text, keys text[], key_types text[], measures text[], measure_types text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cols text[] := ARRAY['month date NOT NULL'];
  i integer;
BEGIN
  INSERT INTO rollups VALUES (name, keys, key_types, measures, measure_types);
  FOR i IN 1 .. cardinality(keys) LOOP cols := cols || format('%I %s NOT NULL', keys[i], key_types[i]); END LOOP;
  FOR i IN 1 .. cardinality(measures) LOOP cols := cols || format('%I %s NOT NULL DEFAULT 0', measures[i], measure_types[i]); END LOOP;
  cols := cols || 'records bigint NOT NULL'::text;
  cols := cols || format('PRIMARY KEY (month, %s)', (SELECT string_agg(quote_ident(k), ', ') FROM unnest(keys) k));
  EXECUTE format('CREATE TABLE %I (%s)', name, array_to_string(cols, ', '));
  -- The groups that came to nothing, found at once to be dropped.
  EXECUTE format('CREATE INDEX %I ON %I (month) WHERE records = 0', name || '_emptied', name);
END
$$;

-- Makes a source table keep a rollup: after each statement that writes it, the rows it wrote are added and those it
-- replaced or deleted subtracted (transition tables), grouped, upserted in key order (two writers lock the groups
-- in the same order and never wait on each other in a cycle), and the groups left with no records dropped.
-- Emptied (TRUNCATE), the rollup is made again from its other sources.
CREATE FUNCTION rollup_source(rollup text, source text, day_expr text, time_column text, key_exprs text[], measure_exprs text[], measure_conditions text[], condition text DEFAULT 'true')
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  def rollups;
  s rollup_sources;
  fn text := rollup || '__' || source;
  names text;
  updates text;
  upsert text;
BEGIN
  INSERT INTO rollup_sources VALUES (rollup, source, day_expr, time_column, key_exprs, measure_exprs, measure_conditions, condition) RETURNING * INTO s;
  SELECT * INTO STRICT def FROM rollups WHERE name = rollup;
  names := (SELECT string_agg(quote_ident(n), ', ') FROM unnest(ARRAY['month'] || def.keys) n);
  updates := (SELECT string_agg(format('%1$I = t.%1$I + excluded.%1$I', m), ', ') FROM unnest(def.measures || ARRAY['records']) m);
  upsert := format('INSERT INTO %1$I AS t SELECT * FROM (%%s) d ORDER BY %2$s ON CONFLICT (%2$s) DO UPDATE SET %3$s;
    DELETE FROM %1$I WHERE records = 0;', rollup, names, updates);
  EXECUTE format($f$CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP = 'INSERT' THEN
    %s
  ELSIF TG_OP = 'UPDATE' THEN
    %s
  ELSE
    %s
  END IF;
  RETURN NULL;
END
$body$
$f$, fn,
    format(upsert, rollup_grouped_sql(def, rollup_rows_sql(s, 'written', 1))),
    format(upsert, rollup_grouped_sql(def, rollup_rows_sql(s, 'written', 1) || ' UNION ALL ' || rollup_rows_sql(s, 'unwritten', -1))),
    format(upsert, rollup_grouped_sql(def, rollup_rows_sql(s, 'unwritten', -1))));
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION %I()', fn || '_i', source, fn);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS unwritten NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION %I()', fn || '_u', source, fn);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS unwritten FOR EACH STATEMENT EXECUTE FUNCTION %I()', fn || '_d', source, fn);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION rollup_emptied(%L)', fn || '_t', source, rollup);
  EXECUTE format('INSERT INTO %I AS t SELECT * FROM (%s) d ORDER BY %s ON CONFLICT (%s) DO UPDATE SET %s', rollup,
    rollup_grouped_sql(def, rollup_rows_sql(s, quote_ident(source), 1)), names, names, updates);
END
$$;

CREATE FUNCTION rollup_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_rebuild(TG_ARGV[0]);
  RETURN NULL;
END
$$;

-- (a) A vehicle's cost by month and kind, dated as vehicleCost dates it (decision 0042): each fuel & expense type
-- on its Date; 'Refuelling' on the Timestamp's company day; 'Job Cards' (detail: the job type) on the Completion
-- Date, else the Scheduled Date, not Cancelled ones; 'Challans' on its Date. A record without an amount counts nothing.
SELECT rollup_define('rollup_vehicle_cost', ARRAY['vehicle_id', 'kind', 'detail'], ARRAY['text', 'text', 'text'], ARRAY['amount'], ARRAY['numeric(20,2)']);
SELECT rollup_source('rollup_vehicle_cost', 'fuel_expenses', 'r.date', NULL, ARRAY['r.vehicle_id', 'r.type', ''''''], ARRAY['r.amount'], ARRAY[NULL], 'r.vehicle_id IS NOT NULL AND r.amount IS NOT NULL');
SELECT rollup_source('rollup_vehicle_cost', 'refueling_logs', NULL, 'timestamp', ARRAY['r.vehicle_id', '''Refuelling''', ''''''], ARRAY['r.total_cost'], ARRAY[NULL], 'r.total_cost IS NOT NULL');
SELECT rollup_source('rollup_vehicle_cost', 'maintenance_jobs', 'coalesce(r.completion_date, r.scheduled_date)', NULL, ARRAY['r.vehicle_id', '''Job Cards''', 'r.job_type'], ARRAY['r.cost'], ARRAY[NULL],
  'r.cost IS NOT NULL AND r.status <> ''Cancelled''');
SELECT rollup_source('rollup_vehicle_cost', 'challans', 'r.date', NULL, ARRAY['r.vehicle_id', '''Challans''', ''''''], ARRAY['r.amount'], ARRAY[NULL], 'r.amount IS NOT NULL');
CREATE INDEX rollup_vehicle_cost_kind ON rollup_vehicle_cost (kind, month);
CREATE INDEX rollup_vehicle_cost_vehicle ON rollup_vehicle_cost (vehicle_id, month);

-- (b) Trips by month of their Start Date (company's day: the trip list's period), sales order (its customer),
-- route, driver and vehicle: trips, freight, cost, margin and distance. Margin and `priced` count only the trips
-- with a freight (a trip without one has no margin, as on the trip list).
SELECT rollup_define('rollup_trips', ARRAY['sales_order_id', 'origin', 'destination', 'driver_id', 'vehicle_id'], ARRAY['text', 'text', 'text', 'text', 'text'],
  ARRAY['freight', 'cost', 'margin', 'priced', 'distance'], ARRAY['numeric(20,2)', 'numeric(20,2)', 'numeric(20,2)', 'bigint', 'numeric(20,1)']);
SELECT rollup_source('rollup_trips', 'trips', NULL, 'start_date', ARRAY['coalesce(r.sales_order_id, '''')', 'r.origin', 'r.destination', 'r.driver_id', 'r.vehicle_id'],
  ARRAY['r.freight', 'r.cost', 'r.freight - r.cost', '1', 'round(r.distance_km::numeric, 1)'], ARRAY[NULL, NULL, 'r.freight IS NOT NULL', 'r.freight IS NOT NULL', NULL]);

-- (c) Challans by month of their Date, driver ('' for none) and vehicle: the challans not Cancelled, their amount,
-- and those unpaid (Pending Payment, Overdue, Disputed) with theirs.
SELECT rollup_define('rollup_challans', ARRAY['driver_id', 'vehicle_id'], ARRAY['text', 'text'], ARRAY['challans', 'amount', 'unpaid_challans', 'unpaid'],
  ARRAY['bigint', 'numeric(20,2)', 'bigint', 'numeric(20,2)']);
SELECT rollup_source('rollup_challans', 'challans', 'r.date', NULL, ARRAY['coalesce(r.driver_id, '''')', 'r.vehicle_id'], ARRAY['1', 'r.amount', '1', 'r.amount'],
  ARRAY['r.status <> ''Cancelled''', 'r.status <> ''Cancelled''', 'r.status IN (''Pending Payment'', ''Overdue'', ''Disputed'')', 'r.status IN (''Pending Payment'', ''Overdue'', ''Disputed'')']);
-- The oldest unpaid challan of a driver or vehicle in a period, read at query time.
CREATE INDEX challans_unpaid_driver_date ON challans (driver_id, date) WHERE status IN ('Pending Payment', 'Overdue', 'Disputed');
CREATE INDEX challans_unpaid_vehicle_date ON challans (vehicle_id, date) WHERE status IN ('Pending Payment', 'Overdue', 'Disputed');
CREATE INDEX challans_date_covering ON challans (date) INCLUDE (driver_id, vehicle_id, amount, status);

-- (d) Partner station invoices by station and month of Generated On: the invoices not Cancelled, invoiced (Amount),
-- paid (the Paid Amount of a Paid or Partially Paid one) and outstanding (invoiced − paid).
SELECT rollup_define('rollup_station_invoices', ARRAY['station_id'], ARRAY['text'], ARRAY['invoices', 'invoiced', 'paid', 'outstanding'],
  ARRAY['bigint', 'numeric(20,2)', 'numeric(20,2)', 'numeric(20,2)']);
SELECT rollup_source('rollup_station_invoices', 'fuel_station_invoices', 'r.generated_on', NULL, ARRAY['r.station_id'],
  ARRAY['1', 'r.amount', 'r.paid_amount', 'r.amount - CASE WHEN r.payment_status IN (''Paid'', ''Partially Paid'') THEN coalesce(r.paid_amount, 0) ELSE 0 END'],
  ARRAY[NULL, NULL, 'r.payment_status IN (''Paid'', ''Partially Paid'')', NULL], 'r.payment_status <> ''Cancelled''');

-- The partial months at a period's ends read from the records by day (fleet-wide; one vehicle's through 0038's).
CREATE INDEX maintenance_jobs_day ON maintenance_jobs ((coalesce(completion_date, scheduled_date))) INCLUDE (vehicle_id, job_type, cost, status);
CREATE INDEX trips_start_date ON trips (start_date);
