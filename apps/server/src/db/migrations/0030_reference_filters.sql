-- Every reference field is a list filter (decision 0031): GET /api/trips?vehicleId=VEH… is a record's trips,
-- newest first. One index per reference column serves that list in its default order (the order the server
-- gives when none is chosen: created_at DESC, id DESC; a refuelling log's timestamp and an invoice's generated
-- date DESC NULLS LAST, id DESC), so a page reads its rows in order and stops, with no sort of every match.
-- Each replaces the column's plain index: the new one leads with the same column, so the delete refusals'
-- counts and the foreign keys' checks use it as they used the old one. db/declarations.test.ts holds this list
-- to the declarations.

DROP INDEX trips_vehicle;
CREATE INDEX trips_vehicle_newest ON trips (vehicle_id, created_at DESC, id DESC);
DROP INDEX trips_driver;
CREATE INDEX trips_driver_newest ON trips (driver_id, created_at DESC, id DESC);

DROP INDEX training_driver;
CREATE INDEX training_driver_newest ON driver_training_records (driver_id, created_at DESC, id DESC);
DROP INDEX health_driver;
CREATE INDEX health_driver_newest ON driver_health_reports (driver_id, created_at DESC, id DESC);

DROP INDEX cold_chain_trip;
CREATE INDEX cold_chain_trip_newest ON cold_chain_units (trip_id, created_at DESC, id DESC);
DROP INDEX maintenance_vehicle;
CREATE INDEX maintenance_vehicle_newest ON maintenance_jobs (vehicle_id, created_at DESC, id DESC);

DROP INDEX incidents_vehicle;
CREATE INDEX incidents_vehicle_newest ON incidents (vehicle_id, created_at DESC, id DESC);
DROP INDEX incidents_driver;
CREATE INDEX incidents_driver_newest ON incidents (driver_id, created_at DESC, id DESC);

DROP INDEX fuel_expenses_vehicle;
CREATE INDEX fuel_expenses_vehicle_newest ON fuel_expenses (vehicle_id, created_at DESC, id DESC);
DROP INDEX fuel_expenses_trip;
CREATE INDEX fuel_expenses_trip_newest ON fuel_expenses (trip_id, created_at DESC, id DESC);

DROP INDEX insurance_trip;
CREATE INDEX insurance_trip_newest ON trip_insurance_policies (trip_id, created_at DESC, id DESC);

DROP INDEX sales_quotations_lead;
CREATE INDEX sales_quotations_lead_newest ON sales_quotations (lead_id, created_at DESC, id DESC);
DROP INDEX sales_orders_quotation;
CREATE INDEX sales_orders_quotation_newest ON sales_orders (quotation_id, created_at DESC, id DESC);

DROP INDEX refueling_logs_vehicle;
CREATE INDEX refueling_logs_vehicle_newest ON refueling_logs (vehicle_id, "timestamp" DESC NULLS LAST, id DESC);
DROP INDEX refueling_logs_driver;
CREATE INDEX refueling_logs_driver_newest ON refueling_logs (driver_id, "timestamp" DESC NULLS LAST, id DESC);
DROP INDEX refueling_logs_station;
CREATE INDEX refueling_logs_station_newest ON refueling_logs (station_id, "timestamp" DESC NULLS LAST, id DESC);
DROP INDEX fuel_station_invoices_station;
CREATE INDEX fuel_station_invoices_station_newest ON fuel_station_invoices (station_id, generated_on DESC NULLS LAST, id DESC);

DROP INDEX challans_vehicle;
CREATE INDEX challans_vehicle_newest ON challans (vehicle_id, created_at DESC, id DESC);
DROP INDEX challans_driver;
CREATE INDEX challans_driver_newest ON challans (driver_id, created_at DESC, id DESC);
