-- Counts kept as records are written (decision 0046): how many records of an area hold each key, a key being
-- the values of a few columns (a vehicle's status; an incident's status and severity; a trip's status and, when
-- Delivered, its end day and whether it was on time). A list total whose filters the key answers (the dashboard's
-- big cards among them) is then a sum over a few rows here, exact at any size, instead of a count capped at
-- 50,000 index entries. Declared once per count (record_counts_declare below), kept by one generic set of
-- statement triggers.
CREATE TABLE record_counts (
  counted text NOT NULL,
  -- A representative record of the key: the counted columns by their SQL names, as text (an instant in UTC, so
  -- that one key is one text whatever a session's TimeZone). The server reads it back as the table's own columns
  -- and runs the list's own filter SQL over it (apps/server/src/http/kept-counts.ts).
  key jsonb NOT NULL,
  n bigint NOT NULL,
  -- Sums of the records' values beside their number, where a count declares them (exact: numeric).
  sums numeric[],
  PRIMARY KEY (counted, key)
);

-- What each count counts: its table, its key as an SQL expression over a row of it ($1: the zone below), and
-- the values it sums beside the number (SQL expressions over a row, summed as numeric), if any.
CREATE TABLE record_counts_declared (
  counted text PRIMARY KEY,
  counted_table regclass NOT NULL,
  key_sql text NOT NULL,
  sums_sql text[] NOT NULL DEFAULT '{}'
);

-- The company's zone the keys' days are in (RAAHI_TIME_ZONE). A server whose zone differs does not read the
-- counts (it counts rows) and keeps them in its zone again (record_counts_rezone).
CREATE TABLE record_counts_zone (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  time_zone text NOT NULL
);
INSERT INTO record_counts_zone (time_zone) VALUES ('Asia/Kolkata');

-- An instant as a key holds it.
CREATE FUNCTION record_counts_instant(at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;

-- A count's rows grouped by key: SELECT key, n, sums (NULL without sums), from `rows_sql` (a table, a transition
-- table) each weighing `weight` (1, or -1 for rows gone); keys whose change is nothing left out.
CREATE FUNCTION record_counts_grouped(declared record_counts_declared, parts text[]) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT format('SELECT key, sum(d) AS n, %s AS sums FROM (%s) AS keyed WHERE key IS NOT NULL GROUP BY key HAVING sum(d) <> 0%s',
    CASE WHEN cardinality(declared.sums_sql) = 0 THEN 'NULL::numeric[]'
         ELSE 'ARRAY[' || (SELECT string_agg(format('coalesce(sum(d * s[%s]), 0)', i), ', ') FROM generate_series(1, cardinality(declared.sums_sql)) i) || ']' END,
    (SELECT string_agg(format('SELECT %s AS key, %s AS d, ARRAY[%s]::numeric[] AS s FROM %s', declared.key_sql, split_part(part, ' ', 2),
                              coalesce(nullif(array_to_string(declared.sums_sql, ', '), ''), 'NULL'), split_part(part, ' ', 1)), ' UNION ALL ')
       FROM unnest(parts) AS part),
    (SELECT string_agg(format(' OR coalesce(sum(d * s[%s]), 0) <> 0', i), '') FROM generate_series(1, cardinality(declared.sums_sql)) i))
$$;

-- The keys of a statement's rows (new +1, old -1) added to the counts. Keys in order, so that two writers of the
-- same keys take their rows' locks in one order and never wait for each other; an additive upsert, so that
-- concurrent writers each add their own change (the second waits for the first's row, then adds to what it
-- committed). An update that leaves a record's key (and sums) as they were changes nothing here.
CREATE FUNCTION record_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  declared record_counts_declared;
BEGIN
  SELECT * INTO declared FROM record_counts_declared WHERE counted = TG_ARGV[0];
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM record_counts WHERE counted = declared.counted;
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    INSERT INTO record_counts AS c (counted, key, n, sums)
    SELECT %L, key, n, sums FROM (%s) AS changed ORDER BY key
    ON CONFLICT (counted, key) DO UPDATE SET n = c.n + excluded.n,
      sums = CASE WHEN c.sums IS NOT NULL THEN ARRAY(SELECT a + b FROM unnest(c.sums, excluded.sums) WITH ORDINALITY AS u(a, b, i) ORDER BY i) END
  $sql$, declared.counted, record_counts_grouped(declared, CASE TG_OP
    WHEN 'INSERT' THEN ARRAY['new_rows 1']
    WHEN 'DELETE' THEN ARRAY['old_rows -1']
    ELSE ARRAY['new_rows 1', 'old_rows -1'] END)) USING (SELECT time_zone FROM record_counts_zone);
  RETURN NULL;
END
$fn$;

-- A count made again from its table (its declaration, a changed zone, a repair), alone against its writers.
CREATE FUNCTION record_counts_rebuild(name text) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  declared record_counts_declared;
BEGIN
  SELECT * INTO declared FROM record_counts_declared WHERE counted = name;
  EXECUTE format('LOCK TABLE %s IN SHARE MODE', declared.counted_table);
  DELETE FROM record_counts WHERE counted = name;
  EXECUTE format('INSERT INTO record_counts (counted, key, n, sums) SELECT %L, key, n, sums FROM (%s) AS counted',
    name, record_counts_grouped(declared, ARRAY[declared.counted_table::text || ' 1'])) USING (SELECT time_zone FROM record_counts_zone);
END
$fn$;

-- The keys whose kept count or sums differ from the table now (none, unless something is wrong): for tests and for
-- an operator's check. Keys whose records are all gone may stay with n = 0 (and sums 0): they count as absent.
CREATE FUNCTION record_counts_wrong() RETURNS TABLE (counted text, key jsonb, kept bigint, actual bigint, kept_sums numeric[], actual_sums numeric[]) LANGUAGE plpgsql AS $fn$
DECLARE
  declared record_counts_declared;
BEGIN
  FOR declared IN SELECT * FROM record_counts_declared ORDER BY 1 LOOP
    RETURN QUERY EXECUTE format($sql$
      WITH actual AS (%s),
      kept AS (SELECT key, n, sums FROM record_counts WHERE counted = %L AND n <> 0)
      SELECT %L::text, coalesce(kept.key, actual.key), coalesce(kept.n, 0)::bigint, coalesce(actual.n, 0)::bigint, kept.sums, actual.sums
        FROM kept FULL JOIN actual ON kept.key = actual.key
       WHERE kept.n IS DISTINCT FROM actual.n OR kept.sums IS DISTINCT FROM actual.sums
    $sql$, record_counts_grouped(declared, ARRAY[declared.counted_table::text || ' 1']), declared.counted, declared.counted)
    USING (SELECT time_zone FROM record_counts_zone);
  END LOOP;
END
$fn$;

-- The counts kept in another company zone: every count made again (the zone row's lock makes a second server
-- asking at once wait, then find nothing to do).
CREATE FUNCTION record_counts_rezone(zone text) RETURNS boolean LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE record_counts_zone SET time_zone = zone WHERE time_zone <> zone;
  IF NOT FOUND THEN RETURN false; END IF;
  PERFORM record_counts_rebuild(counted) FROM record_counts_declared ORDER BY counted;
  RETURN true;
END
$fn$;

-- A count declared: its key (and sums), its triggers (after each statement, with its rows before and after), its rows now.
CREATE FUNCTION record_counts_declare(name text, counted_table regclass, key_sql text, sums_sql text[] DEFAULT '{}') RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO record_counts_declared VALUES (name, counted_table, key_sql, sums_sql);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_keep(%L)', name || '_counts_insert', counted_table, name);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_keep(%L)', name || '_counts_update', counted_table, name);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_counts_keep(%L)', name || '_counts_delete', counted_table, name);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION record_counts_keep(%L)', name || '_counts_truncate', counted_table, name);
  PERFORM record_counts_rebuild(name);
END
$fn$;

-- The dashboard's cards (decision 0036) and the lists they open. Keys name the columns by their SQL names.
SELECT record_counts_declare('vehicles', 'vehicles', $$jsonb_build_object('status', status, 'type', type)$$);
SELECT record_counts_declare('drivers', 'drivers', $$jsonb_build_object('status', status)$$);
SELECT record_counts_declare('maintenance', 'maintenance_jobs', $$jsonb_build_object('status', status)$$);
SELECT record_counts_declare('incidents', 'incidents', $$jsonb_build_object('status', status, 'severity', severity)$$);
-- On-time delivery: a Delivered trip by its end day in the company's zone (the day's first instant stands for
-- it) and its ETA: none, or one the end is no later than (the same instant), or one it is later than (an instant
-- before). The filters by the end's day, a blank ETA and end ≤ ETA then judge the key as they judge the trip.
SELECT record_counts_declare('trips', 'trips', $$jsonb_build_object('status', status) || CASE WHEN status = 'Delivered' AND end_date IS NOT NULL THEN
  jsonb_build_object(
    'end_date', record_counts_instant(date_trunc('day', end_date AT TIME ZONE $1) AT TIME ZONE $1),
    'eta', CASE WHEN eta IS NOT NULL THEN record_counts_instant(date_trunc('day', end_date AT TIME ZONE $1) AT TIME ZONE $1
      - CASE WHEN end_date <= eta THEN interval '0' ELSE interval '1 microsecond' END) END)
  ELSE '{}'::jsonb END$$);
-- The dashboard's fuel economy over the fleet (decision 0044): the counted fills' km and litres by the day of their
-- expenses and of their logs (the company's), so a window's figure is a sum over its days' keys: a fill is the
-- window's when either day is.
SELECT record_counts_declare('fuel-fills', 'fuel_fills',
  $$CASE WHEN km IS NOT NULL THEN jsonb_build_object('expense_day', expense_day, 'log_day', (log_at AT TIME ZONE $1)::date) END$$,
  ARRAY['km', 'litres']);
