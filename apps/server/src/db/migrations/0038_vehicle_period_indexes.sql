-- A vehicle's records by day (issue 19, decision 0042): the vehicle page's cost over a period, its fills (km/L)
-- and its odometer readings read one vehicle's rows in a date range through these, covering what those
-- statements take, rather than every record of the vehicle (a vehicle with 10,000 expenses) or of the window.
CREATE INDEX fuel_expenses_vehicle_date ON fuel_expenses (vehicle_id, date) INCLUDE (type, amount, odometer, quantity, partial_fill, fuel_type);
CREATE INDEX refueling_logs_vehicle_timestamp ON refueling_logs (vehicle_id, "timestamp") INCLUDE (total_cost, odometer, quantity, partial_fill, fuel_type);
CREATE INDEX maintenance_vehicle_day ON maintenance_jobs (vehicle_id, (coalesce(completion_date, scheduled_date))) INCLUDE (cost, status, odometer, completion_date, scheduled_date);
CREATE INDEX challans_vehicle_date ON challans (vehicle_id, date) INCLUDE (amount);
