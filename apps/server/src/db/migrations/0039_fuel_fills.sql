-- Fuel fills kept as the records are written (decision 0044): one row per vehicle and odometer reading of its
-- litre-fuel expenses and refuelling logs (packages/domain/src/fuel-economy.ts countFills), with what the fill
-- counts. Fuel economy over a period is then a sum over the period's counted fills, read through an index:
-- the dashboard no longer groups a month of a fleet's fills on every request.
CREATE TABLE fuel_fills (
  vehicle_id text NOT NULL,
  odometer integer NOT NULL,
  -- Litres of each source at this reading (an expense and a log of one purchase are one fill: the larger counts).
  expense_litres double precision NOT NULL,
  log_litres double precision NOT NULL,
  -- Partial only when every record of it says so.
  partial boolean NOT NULL,
  -- The earliest date of its expenses, the earliest timestamp of its logs: the days it belongs to.
  expense_day date,
  log_at timestamptz,
  -- A full fill after another fill: the km since the last full fill (or the vehicle's first fill) and the litres
  -- since, its own included. NULL: it counts nothing (the first fill, a partial fill).
  km integer,
  litres double precision,
  PRIMARY KEY (vehicle_id, odometer)
);
CREATE INDEX fuel_fills_counted_by_expense_day ON fuel_fills (expense_day) INCLUDE (km, litres) WHERE km IS NOT NULL;
CREATE INDEX fuel_fills_counted_by_log_at ON fuel_fills (log_at) INCLUDE (expense_day, km, litres) WHERE km IS NOT NULL;
-- One vehicle's over a period (its page's km/L over 90 days).
CREATE INDEX fuel_fills_vehicle_counted_by_expense_day ON fuel_fills (vehicle_id, expense_day) INCLUDE (km, litres) WHERE km IS NOT NULL;
CREATE INDEX fuel_fills_vehicle_counted_by_log_at ON fuel_fills (vehicle_id, log_at) INCLUDE (expense_day, km, litres) WHERE km IS NOT NULL;

-- A reading's records, found by vehicle and odometer.
CREATE INDEX fuel_expenses_fill_reading ON fuel_expenses (vehicle_id, odometer) WHERE odometer IS NOT NULL;
CREATE INDEX refueling_logs_fill_reading ON refueling_logs (vehicle_id, odometer) WHERE odometer IS NOT NULL;

-- The readings named (vehicle, odometer pairs) made again from their records: deleted, then those still recorded
-- inserted (their counts are then made by fuel_fills_recount). For a few readings: index lookups.
CREATE FUNCTION fuel_fills_refresh_readings(vehicles text[], odometers integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM fuel_fills f USING (SELECT DISTINCT v, o FROM unnest(vehicles, odometers) AS r(v, o)) r
   WHERE f.vehicle_id = r.v AND f.odometer = r.o;
  WITH readings AS (
    SELECT DISTINCT v, o FROM unnest(vehicles, odometers) AS r(v, o) WHERE v IS NOT NULL AND o IS NOT NULL),
  records AS (
    SELECT e.vehicle_id, e.odometer, e.quantity, true AS expense, e.partial_fill, e.date AS day, NULL::timestamptz AS at
      FROM readings r JOIN fuel_expenses e ON e.vehicle_id = r.v AND e.odometer = r.o
     WHERE e.type = 'Fuel' AND e.fuel_type IN ('Diesel', 'Petrol', 'Biofuel') AND e.quantity > 0 AND e.odometer >= 0
    UNION ALL
    SELECT l.vehicle_id, l.odometer, l.quantity, false, l.partial_fill, NULL, l."timestamp"
      FROM readings r JOIN refueling_logs l ON l.vehicle_id = r.v AND l.odometer = r.o
     WHERE l.fuel_type IN ('Diesel', 'Petrol', 'Biofuel') AND l.quantity > 0 AND l.odometer >= 0)
  INSERT INTO fuel_fills (vehicle_id, odometer, expense_litres, log_litres, partial, expense_day, log_at)
  SELECT vehicle_id, odometer, coalesce(sum(quantity) FILTER (WHERE expense), 0), coalesce(sum(quantity) FILTER (WHERE NOT expense), 0),
         bool_and(partial_fill), min(day), min(at)
    FROM records GROUP BY vehicle_id, odometer
$$;

-- Every fill of the vehicles named made again at once, counts included (a bulk load, a reset, this migration):
-- one pass over both tables instead of a lookup per reading. countFills() in window functions: in odometer order,
-- n = 1 is the vehicle's first fill (the start); `segment` counts the full fills before a fill (the first left
-- out), so a full fill and the partial fills before it share one; `start` is the last full fill (or the first
-- fill) before it.
-- The statements are planned at each call (EXECUTE), with the array as a constant: `= ANY` is then an index
-- lookup per vehicle or, over a whole table, a hashed test. (Planned once for any array, a parameter array was
-- searched from its start for every row, and its length guessed as ten: minutes at 100,000 vehicles.)
CREATE FUNCTION fuel_fills_rebuild_vehicles(vehicles text[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE $sql$
  DELETE FROM fuel_fills WHERE vehicle_id = ANY($1)
  $sql$ USING vehicles;
  EXECUTE $sql$
  WITH records AS (
    SELECT e.vehicle_id, e.odometer, e.quantity, true AS expense, e.partial_fill, e.date AS day, NULL::timestamptz AS at
      FROM fuel_expenses e
     WHERE e.vehicle_id = ANY($1) AND e.odometer IS NOT NULL AND e.type = 'Fuel' AND e.fuel_type IN ('Diesel', 'Petrol', 'Biofuel') AND e.quantity > 0 AND e.odometer >= 0
    UNION ALL
    SELECT l.vehicle_id, l.odometer, l.quantity, false, l.partial_fill, NULL, l."timestamp"
      FROM refueling_logs l
     WHERE l.vehicle_id = ANY($1) AND l.odometer IS NOT NULL AND l.fuel_type IN ('Diesel', 'Petrol', 'Biofuel') AND l.quantity > 0 AND l.odometer >= 0),
  merged AS (
    SELECT vehicle_id, odometer, coalesce(sum(quantity) FILTER (WHERE expense), 0) AS expense_litres,
           coalesce(sum(quantity) FILTER (WHERE NOT expense), 0) AS log_litres, bool_and(partial_fill) AS partial,
           min(day) AS expense_day, min(at) AS log_at
      FROM records GROUP BY vehicle_id, odometer),
  numbered AS (
    SELECT *, greatest(expense_litres, log_litres) AS fill_litres, row_number() OVER (PARTITION BY vehicle_id ORDER BY odometer) AS n
      FROM merged),
  marked AS (
    SELECT *, count(*) FILTER (WHERE NOT partial AND n > 1) OVER before AS segment,
              max(odometer) FILTER (WHERE NOT partial OR n = 1) OVER before AS start
      FROM numbered
    WINDOW before AS (PARTITION BY vehicle_id ORDER BY odometer ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)),
  counted AS (
    SELECT *, sum(CASE WHEN n > 1 THEN fill_litres ELSE 0 END) OVER (PARTITION BY vehicle_id, segment ORDER BY odometer) AS since
      FROM marked)
  INSERT INTO fuel_fills (vehicle_id, odometer, expense_litres, log_litres, partial, expense_day, log_at, km, litres)
  SELECT vehicle_id, odometer, expense_litres, log_litres, partial, expense_day, log_at,
         CASE WHEN n > 1 AND NOT partial THEN odometer - start END, CASE WHEN n > 1 AND NOT partial THEN since END
    FROM counted
  $sql$ USING vehicles;
END
$fn$;

-- One vehicle's counted km and litres again, for its fills from the last full fill below `from_odometer` on (the
-- fills before it are not changed by a reading at or above it), up to the first full fill above `to_odometer`
-- (after which nothing changed either). countFills() of packages/domain/src/fuel-economy.ts, step by step.
CREATE FUNCTION fuel_fills_recount(vid text, from_odometer integer, to_odometer integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  start integer;
  carried double precision := 0;
  fill record;
BEGIN
  SELECT max(odometer) INTO start FROM fuel_fills WHERE vehicle_id = vid AND odometer < from_odometer AND NOT partial;
  IF start IS NULL THEN
    -- No full fill before the change: the vehicle's first fill is the start and counts nothing.
    SELECT min(odometer) INTO start FROM fuel_fills WHERE vehicle_id = vid;
    IF start IS NULL THEN RETURN; END IF;
    UPDATE fuel_fills SET km = NULL, litres = NULL WHERE vehicle_id = vid AND odometer = start AND km IS NOT NULL;
  END IF;
  FOR fill IN
    SELECT odometer, greatest(expense_litres, log_litres) AS fill_litres, partial, km, litres
      FROM fuel_fills WHERE vehicle_id = vid AND odometer > start ORDER BY odometer
  LOOP
    carried := carried + fill.fill_litres;
    IF fill.partial THEN
      IF fill.km IS NOT NULL OR fill.litres IS NOT NULL THEN
        UPDATE fuel_fills SET km = NULL, litres = NULL WHERE vehicle_id = vid AND odometer = fill.odometer;
      END IF;
    ELSE
      IF fill.km IS DISTINCT FROM fill.odometer - start OR fill.litres IS DISTINCT FROM carried THEN
        UPDATE fuel_fills SET km = fill.odometer - start, litres = carried WHERE vehicle_id = vid AND odometer = fill.odometer;
      END IF;
      EXIT WHEN fill.odometer > to_odometer;
      start := fill.odometer;
      carried := 0;
    END IF;
  END LOOP;
END
$$;

-- The readings named made again, then their vehicles' counts: reading by reading for a statement of a few
-- records (a form's save), the vehicles whole for a bulk one (whose readings the planner cannot guess).
CREATE FUNCTION fuel_fills_refresh(vehicles text[], odometers integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF coalesce(cardinality(vehicles), 0) = 0 THEN RETURN; END IF;
  IF cardinality(vehicles) > 64 THEN
    -- Alone against every other writer of fills (they wait, then read what this one committed).
    LOCK TABLE fuel_fills IN SHARE ROW EXCLUSIVE MODE;
    PERFORM fuel_fills_rebuild_vehicles(array_agg(DISTINCT v)) FROM unnest(vehicles) AS r(v) WHERE v IS NOT NULL;
    RETURN;
  END IF;
  -- One writer of a vehicle's fills at a time (in vehicle order, so two never wait for each other): the next waits,
  -- and its statements below then read what the first committed — two fills saved at once on one vehicle would
  -- otherwise each count from a start the other was changing, or both insert one reading.
  PERFORM pg_advisory_xact_lock(hashtextextended('fuel_fills ' || v, 0))
     FROM (SELECT DISTINCT v FROM unnest(vehicles) AS r(v) WHERE v IS NOT NULL ORDER BY v) AS ordered;
  PERFORM fuel_fills_refresh_readings(vehicles, odometers);
  FOR changed IN
    SELECT v, min(o) AS low, max(o) AS high FROM unnest(vehicles, odometers) AS r(v, o) WHERE v IS NOT NULL AND o IS NOT NULL GROUP BY v
  LOOP
    PERFORM fuel_fills_recount(changed.v, changed.low, changed.high);
  END LOOP;
END
$$;

-- After each statement that writes fuel expenses or refuelling logs: the readings of the rows it wrote, before
-- and after (a statement, not a row, so a bulk insert counts each vehicle once).
CREATE FUNCTION fuel_fills_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM fuel_fills_refresh(array_agg(vehicle_id), array_agg(odometer)) FROM written WHERE odometer IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM fuel_fills_refresh(array_agg(vehicle_id), array_agg(odometer))
       FROM (SELECT vehicle_id, odometer FROM written UNION SELECT vehicle_id, odometer FROM unwritten) AS r WHERE odometer IS NOT NULL;
  ELSE
    PERFORM fuel_fills_refresh(array_agg(vehicle_id), array_agg(odometer)) FROM unwritten WHERE odometer IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;

-- Emptied (a seed's reset, a test): the fills made again from what is left.
CREATE FUNCTION fuel_fills_rebuild() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM fuel_fills;
  PERFORM fuel_fills_rebuild_vehicles(array_agg(vehicle_id))
     FROM (SELECT vehicle_id FROM fuel_expenses WHERE odometer IS NOT NULL AND vehicle_id IS NOT NULL
           UNION SELECT vehicle_id FROM refueling_logs WHERE odometer IS NOT NULL) AS r;
  RETURN NULL;
END
$$;

CREATE TRIGGER fuel_expenses_fills_inserted AFTER INSERT ON fuel_expenses REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION fuel_fills_written();
CREATE TRIGGER fuel_expenses_fills_updated AFTER UPDATE ON fuel_expenses REFERENCING OLD TABLE AS unwritten NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION fuel_fills_written();
CREATE TRIGGER fuel_expenses_fills_deleted AFTER DELETE ON fuel_expenses REFERENCING OLD TABLE AS unwritten FOR EACH STATEMENT EXECUTE FUNCTION fuel_fills_written();
CREATE TRIGGER fuel_expenses_fills_emptied AFTER TRUNCATE ON fuel_expenses FOR EACH STATEMENT EXECUTE FUNCTION fuel_fills_rebuild();
CREATE TRIGGER refueling_logs_fills_inserted AFTER INSERT ON refueling_logs REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION fuel_fills_written();
CREATE TRIGGER refueling_logs_fills_updated AFTER UPDATE ON refueling_logs REFERENCING OLD TABLE AS unwritten NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION fuel_fills_written();
CREATE TRIGGER refueling_logs_fills_deleted AFTER DELETE ON refueling_logs REFERENCING OLD TABLE AS unwritten FOR EACH STATEMENT EXECUTE FUNCTION fuel_fills_written();
CREATE TRIGGER refueling_logs_fills_emptied AFTER TRUNCATE ON refueling_logs FOR EACH STATEMENT EXECUTE FUNCTION fuel_fills_rebuild();

-- The fills of what is already stored.
SELECT fuel_fills_rebuild_vehicles(array_agg(vehicle_id))
  FROM (SELECT vehicle_id FROM fuel_expenses WHERE odometer IS NOT NULL AND vehicle_id IS NOT NULL
        UNION SELECT vehicle_id FROM refueling_logs WHERE odometer IS NOT NULL) AS r;
