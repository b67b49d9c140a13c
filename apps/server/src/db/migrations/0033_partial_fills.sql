-- Fuel economy and the dashboard (decision 0036).
-- A fill that did not fill the tank: its km and litres count with the next full fill (LubeLogger's GasHelper).
ALTER TABLE fuel_expenses ADD COLUMN partial_fill boolean NOT NULL DEFAULT false;
ALTER TABLE refueling_logs ADD COLUMN partial_fill boolean NOT NULL DEFAULT false;

-- Fuel economy reads the fills of the last 30 days that have an odometer, and per vehicle the fill just before.
CREATE INDEX fuel_expenses_fills ON fuel_expenses (vehicle_id, date DESC, odometer DESC) WHERE type = 'Fuel' AND odometer IS NOT NULL AND vehicle_id IS NOT NULL;
CREATE INDEX fuel_expenses_fill_dates ON fuel_expenses (date) WHERE type = 'Fuel' AND odometer IS NOT NULL AND vehicle_id IS NOT NULL;
CREATE INDEX refueling_logs_fills ON refueling_logs (vehicle_id, timestamp DESC, odometer DESC) WHERE odometer IS NOT NULL;
CREATE INDEX refueling_logs_fill_times ON refueling_logs (timestamp) WHERE odometer IS NOT NULL;

-- The dashboard's numbers are list totals (capped counts): the rarer ones need an index to find their rows.
-- Pending Maintenance and its overdue part (Scheduled, In Progress, On Hold; scheduled before today).
CREATE INDEX maintenance_jobs_pending ON maintenance_jobs (scheduled_date) WHERE status IN ('Scheduled', 'In Progress', 'On Hold');
-- Open incidents (neither Resolved nor Closed), and the critical ones of those.
CREATE INDEX incidents_open ON incidents (severity) WHERE NOT coalesce((status IN ('Resolved', 'Closed')), false);
-- Trips delivered, by the day they ended (on-time delivery over the last 30 days).
CREATE INDEX trips_delivered ON trips (end_date) WHERE status = 'Delivered';
-- Vehicles added this month and drivers who joined this month have theirs already (vehicles_newest, drivers_joining_sort).
