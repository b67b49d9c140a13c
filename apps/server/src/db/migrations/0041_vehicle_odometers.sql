-- Each vehicle's odometer kept as its readings are written (decision 0045), the way fuel_fills is (0039, decision
-- 0044): the outlier rule of odometer_from (0034, packages/domain/src/odometer.ts) applied once per write instead
-- of on every read, with the counted readings one row per day and the odometer at the start of every month they
-- cover (decision 0042's interpolation), for the reminder run, the schedules' list, the vehicle page and the
-- reports of issue 20.

-- The rule's result per vehicle with readings: the anchor (the lower median km, on the first day it was read),
-- the current odometer (the highest counted reading) and the first and last day of its counted readings.
CREATE TABLE vehicle_odometers (
  vehicle_id text PRIMARY KEY REFERENCES vehicles(id) ON DELETE CASCADE,
  km integer NOT NULL,
  anchor_km integer NOT NULL,
  anchor_day date NOT NULL,
  first_day date NOT NULL,
  last_day date NOT NULL
);

-- The counted readings, one row per day: the day's highest (a reading is taken as read when its day begins).
-- "Counted" = km <= anchor_km + 5,000 + 1,500 × greatest(day − anchor_day, 0). No foreign key (a row per reading
-- day, checked against vehicles on every bulk insert for nothing): a vehicle's rows go with its readings.
CREATE TABLE vehicle_odometer_days (
  vehicle_id text NOT NULL,
  day date NOT NULL,
  km integer NOT NULL,
  PRIMARY KEY (vehicle_id, day)
);

-- The odometer at the start (00:00) of each calendar month whose first day lies between the vehicle's first and
-- last counted day, interpolated linearly in time between the nearest counted days (vehicle_odometer_at), to 0.1 km.
CREATE TABLE vehicle_odometer_months (
  vehicle_id text NOT NULL,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  km numeric(12, 1) NOT NULL,
  PRIMARY KEY (vehicle_id, month)
);
CREATE INDEX vehicle_odometer_months_by_month ON vehicle_odometer_months (month) INCLUDE (vehicle_id, km);

-- The kept rows of the vehicles named made again from their readings (odometer_readings of 0034), written as a
-- difference (rows unchanged are not touched). Set-based: one pass for a bulk statement's vehicles, index lookups
-- for a form's one. Planned at each call (EXECUTE) with the array as a constant, as fuel_fills_rebuild_vehicles.
-- A bulk statement's groups and window sorts in memory, not in temporary files (this function only).
CREATE FUNCTION vehicle_odometers_rebuild(vehicles text[]) RETURNS void LANGUAGE plpgsql SET work_mem = '64MB' AS $fn$
BEGIN
  IF coalesce(cardinality(vehicles), 0) = 0 THEN RETURN; END IF;
  EXECUTE $sql$
  WITH r AS MATERIALIZED (
    SELECT vehicle_id, km, read_on FROM odometer_readings WHERE vehicle_id = ANY($1) AND km IS NOT NULL AND read_on IS NOT NULL),
  m AS (SELECT vehicle_id, percentile_disc(0.5) WITHIN GROUP (ORDER BY km) AS mk FROM r GROUP BY vehicle_id),
  a AS (SELECT m.vehicle_id, m.mk, min(r.read_on) AS md FROM r JOIN m ON m.vehicle_id = r.vehicle_id AND r.km = m.mk GROUP BY m.vehicle_id, m.mk),
  c AS MATERIALIZED (
    SELECT r.vehicle_id, r.read_on AS day, max(r.km) AS km FROM r JOIN a ON a.vehicle_id = r.vehicle_id
     WHERE r.km::bigint <= a.mk::bigint + 5000 + 1500::bigint * greatest(r.read_on - a.md, 0)
     GROUP BY r.vehicle_id, r.read_on),
  o AS (SELECT a.vehicle_id, max(c.km) AS km, a.mk, a.md, min(c.day) AS first_day, max(c.day) AS last_day
          FROM a JOIN c ON c.vehicle_id = a.vehicle_id GROUP BY a.vehicle_id, a.mk, a.md),
  gone_o AS (DELETE FROM vehicle_odometers x WHERE x.vehicle_id = ANY($1) AND NOT EXISTS (SELECT 1 FROM o WHERE o.vehicle_id = x.vehicle_id)),
  put_o AS (
    INSERT INTO vehicle_odometers (vehicle_id, km, anchor_km, anchor_day, first_day, last_day) SELECT vehicle_id, km, mk, md, first_day, last_day FROM o
    ON CONFLICT (vehicle_id) DO UPDATE SET km = excluded.km, anchor_km = excluded.anchor_km, anchor_day = excluded.anchor_day, first_day = excluded.first_day, last_day = excluded.last_day
     WHERE (vehicle_odometers.km, vehicle_odometers.anchor_km, vehicle_odometers.anchor_day, vehicle_odometers.first_day, vehicle_odometers.last_day)
           IS DISTINCT FROM (excluded.km, excluded.anchor_km, excluded.anchor_day, excluded.first_day, excluded.last_day)),
  gone_d AS (DELETE FROM vehicle_odometer_days x WHERE x.vehicle_id = ANY($1) AND NOT EXISTS (SELECT 1 FROM c WHERE c.vehicle_id = x.vehicle_id AND c.day = x.day))
  INSERT INTO vehicle_odometer_days (vehicle_id, day, km) SELECT vehicle_id, day, km FROM c
  ON CONFLICT (vehicle_id, day) DO UPDATE SET km = excluded.km WHERE vehicle_odometer_days.km <> excluded.km
  $sql$ USING vehicles;
  -- The month marks from the days just written (a new statement sees them): each month start between the first
  -- and last counted day, with the nearest counted day at or before it and at or after it (window functions over
  -- days and month starts in time order, rather than two index lookups per month).
  EXECUTE $sql$
  WITH d AS MATERIALIZED (SELECT vehicle_id, day, km FROM vehicle_odometer_days WHERE vehicle_id = ANY($1)),
  s AS (SELECT vehicle_id, min(day) AS first_day, max(day) AS last_day FROM d GROUP BY vehicle_id),
  k AS (SELECT s.vehicle_id, g::date AS month
          FROM s, generate_series(date_trunc('month', (s.first_day - 1)::timestamp) + interval '1 month', s.last_day::timestamp, interval '1 month') g),
  p AS (SELECT vehicle_id, day AS at, true AS reading FROM d UNION ALL SELECT vehicle_id, month, false FROM k),
  w AS (SELECT vehicle_id, at, reading,
               max(at) FILTER (WHERE reading) OVER (PARTITION BY vehicle_id ORDER BY at RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS before_day,
               min(at) FILTER (WHERE reading) OVER (PARTITION BY vehicle_id ORDER BY at RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS after_day
          FROM p),
  n AS (SELECT w.vehicle_id, w.at AS month,
               round(CASE WHEN b.day = a.day THEN b.km::numeric ELSE b.km + (a.km - b.km)::numeric * (w.at - b.day) / (a.day - b.day) END, 1) AS km
          FROM w JOIN d b ON b.vehicle_id = w.vehicle_id AND b.day = w.before_day JOIN d a ON a.vehicle_id = w.vehicle_id AND a.day = w.after_day
         WHERE NOT w.reading),
  gone AS (DELETE FROM vehicle_odometer_months x WHERE x.vehicle_id = ANY($1) AND NOT EXISTS (SELECT 1 FROM n WHERE n.vehicle_id = x.vehicle_id AND n.month = x.month))
  INSERT INTO vehicle_odometer_months (vehicle_id, month, km) SELECT vehicle_id, month, km FROM n
  ON CONFLICT (vehicle_id, month) DO UPDATE SET km = excluded.km WHERE vehicle_odometer_months.km <> excluded.km
  $sql$ USING vehicles;
END
$fn$;

-- The vehicles named made again, one writer of a vehicle's odometer at a time: a transaction-scoped advisory lock
-- per vehicle (in vehicle order, so two never wait for each other) for a statement of a few vehicles; the kept
-- table locked against every other writer for a bulk one. The next writer waits, then reads what the first
-- committed — two readings saved at once on one vehicle would otherwise each judge the vehicle without the other.
CREATE FUNCTION vehicle_odometers_refresh(vehicles text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(vehicles), 0) = 0 THEN RETURN; END IF;
  IF cardinality(vehicles) > 64 THEN
    LOCK TABLE vehicle_odometers IN SHARE ROW EXCLUSIVE MODE;
  ELSE
    PERFORM pg_advisory_xact_lock(hashtextextended('vehicle_odometers ' || v, 0)) FROM (SELECT DISTINCT v FROM unnest(vehicles) AS r(v) ORDER BY v) AS ordered;
  END IF;
  PERFORM vehicle_odometers_rebuild(vehicles);
END
$$;

-- After each statement that writes a reading's table: the vehicles whose readings (vehicle, km, day) it changed —
-- those in the rows after and not before, or before and not after — so an edit that leaves the readings alone (a
-- trip linked, a note, a status) costs a comparison of the statement's rows and nothing else.
CREATE FUNCTION vehicle_odometers_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  readings text := CASE TG_TABLE_NAME
    WHEN 'vehicles' THEN $q$SELECT id AS vehicle_id, current_mileage AS km, (updated_at AT TIME ZONE 'Asia/Kolkata')::date AS read_on FROM %I WHERE current_mileage > 0$q$
    WHEN 'fuel_expenses' THEN $q$SELECT vehicle_id, odometer AS km, date AS read_on FROM %I WHERE vehicle_id IS NOT NULL AND odometer IS NOT NULL$q$
    WHEN 'refueling_logs' THEN $q$SELECT vehicle_id, odometer AS km, ("timestamp" AT TIME ZONE 'Asia/Kolkata')::date AS read_on FROM %I WHERE odometer IS NOT NULL$q$
    WHEN 'maintenance_jobs' THEN $q$SELECT vehicle_id, odometer AS km, coalesce(completion_date, scheduled_date) AS read_on FROM %I WHERE odometer IS NOT NULL$q$
  END;
  touched text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT vehicle_id) FROM (%s) r WHERE km IS NOT NULL AND read_on IS NOT NULL', format(readings, 'written')) INTO touched;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT vehicle_id) FROM (%s) r WHERE km IS NOT NULL AND read_on IS NOT NULL', format(readings, 'unwritten')) INTO touched;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT vehicle_id) FROM ((%1$s EXCEPT %2$s) UNION ALL (%2$s EXCEPT %1$s)) r',
                   format(readings, 'written'), format(readings, 'unwritten')) INTO touched;
  END IF;
  PERFORM vehicle_odometers_refresh(touched);
  RETURN NULL;
END
$$;

-- Emptied (a seed's reset, a test): everything made again from what is left.
CREATE FUNCTION vehicle_odometers_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE vehicle_odometers IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM vehicle_odometer_months;
  DELETE FROM vehicle_odometer_days;
  DELETE FROM vehicle_odometers;
  PERFORM vehicle_odometers_rebuild(array_agg(id)) FROM vehicles;
  RETURN NULL;
END
$$;

-- On each reading table: after INSERT, UPDATE and DELETE (with the statement's rows), and after TRUNCATE.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['vehicles', 'fuel_expenses', 'refueling_logs', 'maintenance_jobs'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_odometers_inserted AFTER INSERT ON %1$I REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION vehicle_odometers_written()', t);
    EXECUTE format('CREATE TRIGGER %1$s_odometers_updated AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS unwritten NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION vehicle_odometers_written()', t);
    EXECUTE format('CREATE TRIGGER %1$s_odometers_deleted AFTER DELETE ON %1$I REFERENCING OLD TABLE AS unwritten FOR EACH STATEMENT EXECUTE FUNCTION vehicle_odometers_written()', t);
    EXECUTE format('CREATE TRIGGER %1$s_odometers_emptied AFTER TRUNCATE ON %1$I FOR EACH STATEMENT EXECUTE FUNCTION vehicle_odometers_emptied()', t);
  END LOOP;
END
$$;

-- One vehicle's current odometer (NULL without readings): now a read of the kept row (0034 computed it each call).
CREATE OR REPLACE FUNCTION vehicle_odometer(vid text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT km FROM vehicle_odometers WHERE vehicle_id = vid
$$;

-- The odometer at the start (00:00) of `on_day`: linear in time between the nearest counted day at or before it and
-- the nearest at or after it (a reading on that day itself is the answer), unrounded. NULL without both. The km over
-- the days [from, to] is vehicle_odometer_at(v, to + 1) − vehicle_odometer_at(v, from) (N/A when negative).
CREATE FUNCTION vehicle_odometer_at(vid text, on_day date) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN b.day = a.day THEN b.km::numeric ELSE b.km + (a.km - b.km)::numeric * (on_day - b.day) / (a.day - b.day) END
    FROM (SELECT d.day, d.km FROM vehicle_odometer_days d WHERE d.vehicle_id = vid AND d.day <= on_day ORDER BY d.day DESC LIMIT 1) b,
         (SELECT d.day, d.km FROM vehicle_odometer_days d WHERE d.vehicle_id = vid AND d.day >= on_day ORDER BY d.day LIMIT 1) a
$$;

-- The km of each month (its first day in `month`) = the mark of the next month − its own, to 0.1 km; NULL when
-- the next month has no mark (the vehicle's last covered month) or the readings go backwards (negative). Months
-- add up: the km of several months is the sum of theirs. A filter on vehicle_id and month reads the PK ranges.
CREATE VIEW vehicle_km_by_month AS
  SELECT m.vehicle_id, m.month, CASE WHEN n.km >= m.km THEN n.km - m.km END AS km
    FROM vehicle_odometer_months m
    LEFT JOIN vehicle_odometer_months n ON n.vehicle_id = m.vehicle_id AND n.month = (m.month + interval '1 month')::date;

-- The fuel-economy report (issue 20, report 2) groups a period's counted fills by vehicle: by day ranges, the
-- vehicle in the index (0039's fleet indexes leave it out), so it never visits the table.
CREATE INDEX fuel_fills_vehicles_by_expense_day ON fuel_fills (expense_day) INCLUDE (vehicle_id, log_at, km, litres) WHERE km IS NOT NULL;
CREATE INDEX fuel_fills_vehicles_by_log_at ON fuel_fills (log_at) INCLUDE (vehicle_id, expense_day, km, litres) WHERE km IS NOT NULL;

-- The odometers of what is already stored.
SELECT vehicle_odometers_rebuild(array_agg(id)) FROM vehicles;
