-- Service schedules (issue 18, decision 0037): per vehicle, a task every N km and/or M months, last done
-- on a date and at a km. Its Due state is computed from the vehicle's current odometer (below) and today.
CREATE TABLE service_schedules (
  id text PRIMARY KEY,
  vehicle_id text NOT NULL REFERENCES vehicles(id) ON DELETE RESTRICT,
  task text NOT NULL,
  every_km integer CHECK (every_km > 0),
  every_months integer CHECK (every_months BETWEEN 1 AND 120),
  last_done_date date,
  last_done_km integer CHECK (last_done_km >= 0),
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search_text text NOT NULL DEFAULT '',
  CHECK (every_km IS NOT NULL OR every_months IS NOT NULL)
);
CREATE INDEX service_schedules_search ON service_schedules USING gin (search_text gin_trgm_ops);
CREATE INDEX service_schedules_newest ON service_schedules (created_at DESC, id DESC);
CREATE INDEX service_schedules_vehicle_newest ON service_schedules (vehicle_id, created_at DESC, id DESC);
CREATE INDEX service_schedules_task_newest ON service_schedules (task, created_at DESC);
CREATE INDEX service_schedules_task_sort ON service_schedules (task, id);
CREATE INDEX service_schedules_every_km_sort ON service_schedules (every_km, id);
CREATE INDEX service_schedules_every_months_sort ON service_schedules (every_months, id);
CREATE INDEX service_schedules_last_done_sort ON service_schedules (last_done_date, id);

-- How other areas (a job card's Schedule) name a schedule: its task and the vehicle's plate.
CREATE FUNCTION service_schedule_label(task text, vehicle_id text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT task || ' · ' || coalesce((SELECT coalesce(nullif(v.license_plate, ''), v.id) FROM vehicles v WHERE v.id = vehicle_id), vehicle_id)
$$;

-- Search: id, task, the vehicle's label (make, model, plate) and the notes.
CREATE FUNCTION service_schedules_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', NEW.id, NEW.task,
    (SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) FROM vehicles v WHERE v.id = NEW.vehicle_id), NEW.notes));
  RETURN NEW;
END $$;
CREATE TRIGGER service_schedules_search_text BEFORE INSERT OR UPDATE ON service_schedules FOR EACH ROW EXECUTE FUNCTION service_schedules_search_text();
INSERT INTO label_dependents VALUES ('vehicles', 'service_schedules', 'vehicle_id');
ALTER TABLE service_schedules ALTER COLUMN search_text SET STATISTICS 1000;
SELECT announce_changes_of('service_schedules');

-- A job card carries out a schedule (optional) and records the odometer (required when it completes one).
ALTER TABLE maintenance_jobs ADD COLUMN schedule_id text REFERENCES service_schedules(id) ON DELETE RESTRICT;
ALTER TABLE maintenance_jobs ADD COLUMN odometer integer CHECK (odometer >= 0);
CREATE INDEX maintenance_schedule_newest ON maintenance_jobs (schedule_id, created_at DESC, id DESC);

-- The odometer rule of packages/domain/src/odometer.ts over one vehicle's readings (km and day, in any order):
-- the anchor is the lower median km (percentile_disc 0.5) on the first day it was read; a reading counts when
-- it is at most the anchor + 5,000 km + 1,500 km per day after the anchor's day; the current odometer is the
-- highest that counts (NULL without readings). A typo far above the rest is left out wherever it falls.
CREATE FUNCTION odometer_from(kms integer[], days date[]) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  WITH r AS (SELECT k, d FROM unnest(kms, days) AS u(k, d) WHERE k IS NOT NULL AND d IS NOT NULL),
  m AS (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY k) AS mk FROM r),
  anchor AS (SELECT m.mk, min(r.d) AS md FROM r JOIN m ON r.k = m.mk GROUP BY m.mk)
  SELECT max(r.k) FROM r, anchor WHERE r.k::bigint <= anchor.mk::bigint + 5000 + 1500::bigint * greatest(r.d - anchor.md, 0)
$$;

-- Every odometer reading of every vehicle: its recorded mileage (as of its last save), fuel expenses,
-- refuelling logs and job cards (on their completion date, else their scheduled date). Days are India's.
CREATE VIEW odometer_readings AS
  SELECT id AS vehicle_id, current_mileage AS km, (updated_at AT TIME ZONE 'Asia/Kolkata')::date AS read_on FROM vehicles WHERE current_mileage > 0
  UNION ALL SELECT vehicle_id, odometer, date FROM fuel_expenses WHERE vehicle_id IS NOT NULL AND odometer IS NOT NULL
  UNION ALL SELECT vehicle_id, odometer, ("timestamp" AT TIME ZONE 'Asia/Kolkata')::date FROM refueling_logs WHERE odometer IS NOT NULL
  UNION ALL SELECT vehicle_id, odometer, coalesce(completion_date, scheduled_date) FROM maintenance_jobs WHERE odometer IS NOT NULL;

-- One vehicle's current odometer (NULL without readings).
CREATE FUNCTION vehicle_odometer(vid text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT odometer_from(array_agg(km), array_agg(read_on)) FROM odometer_readings WHERE vehicle_id = vid
$$;

-- A training's validity in months, as packages/domain/src/training-validity.ts reads it (NULL: unreadable).
CREATE FUNCTION validity_months(validity text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  WITH v AS (SELECT CASE WHEN length(validity) <= 40 THEN btrim(regexp_replace(lower(btrim(validity)), '\.$', '')) END AS t),
  parts AS (
    SELECT CASE
      WHEN t ~ '^[0-9]{1,3} *[a-z]+$' THEN substring(t from '^([0-9]+)')::integer
      WHEN t ~ '^[a-z]+ +[a-z]+$' THEN CASE split_part(t, ' ', 1)
        WHEN 'one' THEN 1 WHEN 'two' THEN 2 WHEN 'three' THEN 3 WHEN 'four' THEN 4 WHEN 'five' THEN 5 WHEN 'six' THEN 6
        WHEN 'seven' THEN 7 WHEN 'eight' THEN 8 WHEN 'nine' THEN 9 WHEN 'ten' THEN 10 WHEN 'eleven' THEN 11 WHEN 'twelve' THEN 12
        WHEN 'a' THEN 1 WHEN 'an' THEN 1 END
    END AS n,
    btrim(regexp_replace(t, '^([0-9]+|[a-z]+ )', '')) AS unit
    FROM v
  ),
  months AS (
    SELECT CASE
      WHEN n IS NULL OR n < 1 THEN NULL
      WHEN unit IN ('year', 'years', 'yr', 'yrs', 'y') THEN n * 12
      WHEN unit IN ('month', 'months', 'mo', 'mos', 'mon', 'm') THEN n
    END AS m FROM parts
  )
  SELECT CASE WHEN m <= 120 THEN m END FROM months
$$;
