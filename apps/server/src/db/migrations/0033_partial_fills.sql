-- Fuel economy and the dashboard (decision 0036).
-- A fill that did not fill the tank: its km and litres count with the next full fill (LubeLogger's GasHelper).
ALTER TABLE fuel_expenses ADD COLUMN partial_fill boolean NOT NULL DEFAULT false;
ALTER TABLE refueling_logs ADD COLUMN partial_fill boolean NOT NULL DEFAULT false;

-- Fuel economy reads the fills of the last 30 days that have an odometer: by date, the columns it needs in the
-- index itself (an index-only scan once the table is vacuumed).
CREATE INDEX fuel_expenses_fills ON fuel_expenses (date) INCLUDE (vehicle_id, odometer, quantity, partial_fill, fuel_type) WHERE type = 'Fuel' AND odometer IS NOT NULL AND vehicle_id IS NOT NULL;
CREATE INDEX refueling_logs_fills ON refueling_logs (timestamp) INCLUDE (vehicle_id, odometer, quantity, partial_fill, fuel_type) WHERE odometer IS NOT NULL;

-- The dashboard's numbers are list totals (capped counts) by derived filters whose SQL names statuses (a
-- parameter list: so plain indexes, never partial ones on a status, which a generic plan could not use).
-- Pending Maintenance (Scheduled, In Progress, On Hold) and its overdue part (scheduled before today).
CREATE INDEX maintenance_jobs_status_scheduled ON maintenance_jobs (status, scheduled_date);
-- Open incidents (Open, Investigating, Action Pending), and the critical ones of those.
CREATE INDEX incidents_status_severity ON incidents (status, severity);
-- Trips delivered, by the day they ended (on-time delivery over the last 30 days).
CREATE INDEX trips_status_end_date ON trips (status, end_date);
-- Vehicles in the fleet have vehicles_status_newest, added this month vehicles_newest; drivers Active
-- drivers_status_newest, joined this month drivers_joining_sort.
