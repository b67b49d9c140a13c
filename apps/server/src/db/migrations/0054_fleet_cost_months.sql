-- The cost per km report's figures kept per vehicle-month and per month (issue 20, decision 0057), so that a
-- period of whole months reads its totals and chart from one row per month and its page from fifty vehicle-months,
-- instead of grouping every vehicle-month of the fleet on each request (6 s at 100,000 vehicles over 12 months).
--
-- vehicle_cost_months: each vehicle-month that rollup_vehicle_cost has rows for (0044), with its cost (all kinds)
-- and its km = the odometer mark of the next month − its own (vehicle_km_by_month, 0041; NULL without both or going
-- backwards), exactly the row the report computed per request. Kept from the rollup's rows and the month marks.
-- fleet_cost_months: per month, the sums over those rows — vehicle-months, cost, the cost of the vehicle-months
-- with a km, km, and the vehicle-months without one. fleet_cost_kinds: per month and kind, the cost.
-- All three are kept by statement triggers in the writing transaction, as the rollups are; fleet_cost_differences()
-- recomputes them from the rollup and the marks (the tests find no difference).

CREATE TABLE vehicle_cost_months (
  vehicle_id text NOT NULL,
  month date NOT NULL,
  total numeric(20, 2) NOT NULL,
  records bigint NOT NULL,
  km numeric(12, 1),
  PRIMARY KEY (vehicle_id, month)
);
CREATE INDEX vehicle_cost_months_emptied ON vehicle_cost_months (vehicle_id) WHERE records = 0;
CREATE INDEX vehicle_cost_months_by_month ON vehicle_cost_months (month);

CREATE TABLE fleet_cost_months (
  month date PRIMARY KEY,
  vehicle_months bigint NOT NULL,
  total numeric(20, 2) NOT NULL,
  counted numeric(20, 2) NOT NULL,
  km numeric(20, 1) NOT NULL,
  without_km bigint NOT NULL
);

CREATE TABLE fleet_cost_kinds (
  month date NOT NULL,
  kind text NOT NULL,
  amount numeric(20, 2) NOT NULL,
  records bigint NOT NULL,
  PRIMARY KEY (month, kind)
);

-- The three tables recomputed from the rollup and the marks (same columns as the tables).
CREATE VIEW vehicle_cost_months_recomputed AS
  SELECT c.vehicle_id, c.month, sum(c.amount)::numeric(20, 2) AS total, sum(c.records)::bigint AS records, k.km
    FROM rollup_vehicle_cost c LEFT JOIN vehicle_km_by_month k ON k.vehicle_id = c.vehicle_id AND k.month = c.month
   GROUP BY c.vehicle_id, c.month, k.km;
CREATE FUNCTION fleet_cost_months_sql(vehicle_months text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT month, count(*)::bigint, sum(total)::numeric(20, 2), coalesce(sum(total) FILTER (WHERE km IS NOT NULL), 0)::numeric(20, 2),
                        coalesce(sum(km), 0)::numeric(20, 1), count(*) FILTER (WHERE km IS NULL)::bigint
                   FROM %s GROUP BY month', vehicle_months)
$$;
CREATE VIEW fleet_cost_kinds_recomputed AS
  SELECT month, kind, sum(amount)::numeric(20, 2) AS amount, sum(records)::bigint AS records FROM rollup_vehicle_cost GROUP BY month, kind;

-- The rows where a kept table and its recomputation differ (none when they are right), marked 'stored' or 'recomputed'.
CREATE FUNCTION fleet_cost_differences() RETURNS TABLE (kept text, side text, row_text text) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
    WITH s AS (SELECT * FROM vehicle_cost_months), c AS (SELECT * FROM vehicle_cost_months_recomputed)
    SELECT 'vehicle_cost_months', 'stored', x::text FROM (SELECT * FROM s EXCEPT ALL SELECT * FROM c) x
    UNION ALL SELECT 'vehicle_cost_months', 'recomputed', x::text FROM (SELECT * FROM c EXCEPT ALL SELECT * FROM s) x;
  RETURN QUERY EXECUTE format(
    'WITH s AS (SELECT * FROM fleet_cost_months), c AS (%s)
     SELECT ''fleet_cost_months'', ''stored'', x::text FROM (SELECT * FROM s EXCEPT ALL SELECT * FROM c) x
     UNION ALL SELECT ''fleet_cost_months'', ''recomputed'', x::text FROM (SELECT * FROM c EXCEPT ALL SELECT * FROM s) x',
    fleet_cost_months_sql('vehicle_cost_months_recomputed'));
  RETURN QUERY
    WITH s AS (SELECT * FROM fleet_cost_kinds), c AS (SELECT * FROM fleet_cost_kinds_recomputed)
    SELECT 'fleet_cost_kinds', 'stored', x::text FROM (SELECT * FROM s EXCEPT ALL SELECT * FROM c) x
    UNION ALL SELECT 'fleet_cost_kinds', 'recomputed', x::text FROM (SELECT * FROM c EXCEPT ALL SELECT * FROM s) x;
END
$$;

-- What is stored already.
INSERT INTO vehicle_cost_months SELECT * FROM vehicle_cost_months_recomputed;
DO $$ BEGIN EXECUTE 'INSERT INTO fleet_cost_months ' || fleet_cost_months_sql('vehicle_cost_months'); END $$;
INSERT INTO fleet_cost_kinds SELECT * FROM fleet_cost_kinds_recomputed;

-- A vehicle-month's km reads the month marks, which another transaction may be changing: a writer of the cost
-- takes the odometer writers' lock on its vehicles first (vehicle_odometers_refresh, 0041: an advisory lock per
-- vehicle in order for a few, the table for many), so one of the two goes after the other has committed and sees
-- its rows — the cost's new vehicle-month the marks' km, or the marks the cost's new vehicle-month.
CREATE FUNCTION vehicle_odometers_lock(vehicles text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(vehicles), 0) = 0 THEN RETURN; END IF;
  IF cardinality(vehicles) > 64 THEN
    LOCK TABLE vehicle_odometers IN SHARE ROW EXCLUSIVE MODE;
  ELSE
    -- The mode a few readings' rebuild holds (it writes the table): a bulk writer's lock waits for it.
    LOCK TABLE vehicle_odometers IN ROW EXCLUSIVE MODE;
    PERFORM pg_advisory_xact_lock(hashtextextended('vehicle_odometers ' || v, 0)) FROM (SELECT DISTINCT v FROM unnest(vehicles) AS r(v) ORDER BY v) AS ordered;
  END IF;
END
$$;

-- The odometer writers take the same lock through it (0041 wrote it inline).
CREATE OR REPLACE FUNCTION vehicle_odometers_refresh(vehicles text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(vehicles), 0) = 0 THEN RETURN; END IF;
  PERFORM vehicle_odometers_lock(vehicles);
  PERFORM vehicle_odometers_rebuild(vehicles);
END
$$;

-- After each statement that writes rollup_vehicle_cost: its net change per vehicle-month into vehicle_cost_months
-- (a new one with its km from the marks; none left with no records) and per month and kind into fleet_cost_kinds,
-- upserted in key order (two writers never wait on each other in a cycle within a statement).
CREATE FUNCTION vehicle_cost_months_from_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := format('SELECT vehicle_id, month, kind, sum(amount) AS amount, sum(records) AS records FROM (%s) d(vehicle_id, month, kind, amount, records)
                         GROUP BY 1, 2, 3 HAVING sum(amount) <> 0 OR sum(records) <> 0',
    CASE TG_OP WHEN 'INSERT' THEN 'SELECT vehicle_id, month, kind, amount, records FROM written'
      WHEN 'UPDATE' THEN 'SELECT vehicle_id, month, kind, amount, records FROM written UNION ALL SELECT vehicle_id, month, kind, -amount, -records FROM unwritten'
      ELSE 'SELECT vehicle_id, month, kind, -amount, -records FROM unwritten' END);
  touched text[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT vehicle_id) FROM (%s) d', delta) INTO touched;
  IF touched IS NULL THEN RETURN NULL; END IF;
  PERFORM vehicle_odometers_lock(touched);
  EXECUTE format($q$
    INSERT INTO vehicle_cost_months AS t (vehicle_id, month, total, records, km)
    SELECT d.vehicle_id, d.month, d.total, d.records, k.km FROM (
      SELECT vehicle_id, month, sum(amount) AS total, sum(records) AS records FROM (%s) x GROUP BY 1, 2) d
      LEFT JOIN vehicle_km_by_month k ON k.vehicle_id = d.vehicle_id AND k.month = d.month
     ORDER BY 1, 2
    ON CONFLICT (vehicle_id, month) DO UPDATE SET total = t.total + excluded.total, records = t.records + excluded.records$q$, delta);
  DELETE FROM vehicle_cost_months WHERE records = 0 AND vehicle_id = ANY(touched);
  EXECUTE format($q$
    INSERT INTO fleet_cost_kinds AS t (month, kind, amount, records)
    SELECT month, kind, sum(amount), sum(records) FROM (%s) x GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (month, kind) DO UPDATE SET amount = t.amount + excluded.amount, records = t.records + excluded.records$q$, delta);
  DELETE FROM fleet_cost_kinds WHERE records = 0;
  RETURN NULL;
END
$$;

-- After each statement that writes the month marks: the km of the vehicle-months whose marks (their own month's or
-- the next's) it changed, made again.
CREATE FUNCTION vehicle_cost_months_from_marks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marks text := CASE TG_OP WHEN 'INSERT' THEN 'SELECT vehicle_id, month FROM written'
    WHEN 'UPDATE' THEN 'SELECT vehicle_id, month FROM written UNION SELECT vehicle_id, month FROM unwritten'
    ELSE 'SELECT vehicle_id, month FROM unwritten' END;
BEGIN
  EXECUTE format($q$
    WITH m AS (SELECT vehicle_id, month FROM (%s) x(vehicle_id, month)),
    touched AS (SELECT vehicle_id, month FROM m UNION SELECT vehicle_id, (month - interval '1 month')::date FROM m),
    fresh AS (SELECT c.vehicle_id, c.month, k.km FROM vehicle_cost_months c JOIN touched t ON t.vehicle_id = c.vehicle_id AND t.month = c.month
                LEFT JOIN vehicle_km_by_month k ON k.vehicle_id = c.vehicle_id AND k.month = c.month)
    UPDATE vehicle_cost_months c SET km = fresh.km FROM fresh
     WHERE c.vehicle_id = fresh.vehicle_id AND c.month = fresh.month AND c.km IS DISTINCT FROM fresh.km$q$, marks);
  RETURN NULL;
END
$$;

-- After each statement that writes vehicle_cost_months: its net change per month into fleet_cost_months.
CREATE FUNCTION fleet_cost_months_from_vehicles() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_sql text := CASE TG_OP WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM written'
    WHEN 'UPDATE' THEN 'SELECT 1 AS sign, * FROM written UNION ALL SELECT -1, * FROM unwritten'
    ELSE 'SELECT -1 AS sign, * FROM unwritten' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO fleet_cost_months AS t (month, vehicle_months, total, counted, km, without_km)
    SELECT month, sum(sign), sum(sign * total), coalesce(sum(sign * total) FILTER (WHERE km IS NOT NULL), 0),
           coalesce(sum(sign * km), 0), coalesce(sum(sign) FILTER (WHERE km IS NULL), 0)
      FROM (%s) d GROUP BY month ORDER BY month
    ON CONFLICT (month) DO UPDATE SET vehicle_months = t.vehicle_months + excluded.vehicle_months, total = t.total + excluded.total,
      counted = t.counted + excluded.counted, km = t.km + excluded.km, without_km = t.without_km + excluded.without_km$q$, rows_sql);
  DELETE FROM fleet_cost_months WHERE vehicle_months = 0;
  RETURN NULL;
END
$$;

-- Each function after INSERT, UPDATE and DELETE of its table, with the statement's rows.
DO $$
DECLARE
  t text[];
BEGIN
  FOREACH t SLICE 1 IN ARRAY ARRAY[
    ['vehicle_cost_months', 'rollup_vehicle_cost', 'vehicle_cost_months_from_rollup'],
    ['vehicle_cost_months_marks', 'vehicle_odometer_months', 'vehicle_cost_months_from_marks'],
    ['fleet_cost_months', 'vehicle_cost_months', 'fleet_cost_months_from_vehicles']] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_i AFTER INSERT ON %2$I REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION %3$I()', t[1], t[2], t[3]);
    EXECUTE format('CREATE TRIGGER %1$s_u AFTER UPDATE ON %2$I REFERENCING OLD TABLE AS unwritten NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION %3$I()', t[1], t[2], t[3]);
    EXECUTE format('CREATE TRIGGER %1$s_d AFTER DELETE ON %2$I REFERENCING OLD TABLE AS unwritten FOR EACH STATEMENT EXECUTE FUNCTION %3$I()', t[1], t[2], t[3]);
  END LOOP;
END
$$;
