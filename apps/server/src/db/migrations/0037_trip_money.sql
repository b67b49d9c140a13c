-- A trip's money (issue 19, decision 0041): freight, distance (typed, or from the start and end odometer), its
-- sales order, and its cost: the sum of the amounts of the records that carry it (fuel & expenses, refuelling
-- logs, challans), stored here and kept current by the cost records' writes in their own transaction.
ALTER TABLE trips ADD COLUMN freight numeric(14,2);
ALTER TABLE trips ADD COLUMN start_odometer integer;
ALTER TABLE trips ADD COLUMN end_odometer integer;
ALTER TABLE trips ADD COLUMN distance_km double precision;
ALTER TABLE trips ADD COLUMN sales_order_id text REFERENCES sales_orders(id) ON DELETE RESTRICT;
-- numeric(20,2): the sum of many records of up to ₹999,999,999,999.99 each (a record's own limit).
ALTER TABLE trips ADD COLUMN cost numeric(20,2) NOT NULL DEFAULT 0;
ALTER TABLE trips ADD CONSTRAINT trips_distance_positive CHECK (distance_km IS NULL OR distance_km > 0);
ALTER TABLE trips ADD CONSTRAINT trips_odometers_ordered CHECK (start_odometer IS NULL OR end_odometer IS NULL OR end_odometer >= start_odometer);

ALTER TABLE refueling_logs ADD COLUMN trip_id text REFERENCES trips(id) ON DELETE RESTRICT;
ALTER TABLE challans ADD COLUMN trip_id text REFERENCES trips(id) ON DELETE RESTRICT;

-- Filters by the linked record in each list's default order (decision 0031), and the refusal of a trip's delete.
CREATE INDEX trips_sales_order_newest ON trips (sales_order_id, created_at DESC, id DESC);
CREATE INDEX refueling_logs_trip_newest ON refueling_logs (trip_id, "timestamp" DESC NULLS LAST, id DESC);
CREATE INDEX challans_trip_newest ON challans (trip_id, created_at DESC, id DESC);

-- The costs a trip already carries (fuel & expenses named trips before this migration).
UPDATE trips t SET cost = s.total FROM (SELECT trip_id, sum(amount) AS total FROM fuel_expenses WHERE trip_id IS NOT NULL AND amount IS NOT NULL GROUP BY trip_id) s WHERE s.trip_id = t.id;

-- The trips list sorted by margin (freight − cost), N/A (no freight) last in both directions, then by id: one
-- index per direction, on the expression the list orders by.
CREATE INDEX trips_margin_asc ON trips ((freight - cost) ASC NULLS LAST, id ASC);
CREATE INDEX trips_margin_desc ON trips ((freight - cost) DESC NULLS LAST, id DESC);

-- The vehicle's trip at an instant (a refuelling log's or challan's form pre-fills it): its trips by start.
CREATE INDEX trips_vehicle_start ON trips (vehicle_id, start_date DESC);
