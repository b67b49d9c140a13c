-- Lists show N/A last in both sort directions (decision 0024): NULLs, and an optional text left blank,
-- which sorts as nullif(column, '') so that it counts as a NULL.

-- An optional text's sort index on the expression the lists order by (ascending; descending sorts the matches).
DROP INDEX training_trainer_sort;
CREATE INDEX training_trainer_sort ON driver_training_records (nullif(trainer_name, ''), id);
DROP INDEX health_clinic_sort;
CREATE INDEX health_clinic_sort ON driver_health_reports (nullif(clinic_info, ''), id);
DROP INDEX inventory_supplier_sort;
CREATE INDEX inventory_supplier_sort ON inventory_items (nullif(supplier, ''), id);
DROP INDEX inventory_location_sort;
CREATE INDEX inventory_location_sort ON inventory_items (nullif(location, ''), id);
DROP INDEX maintenance_technician_sort;
CREATE INDEX maintenance_technician_sort ON maintenance_jobs (nullif(technician, ''), id);
DROP INDEX service_partners_availability_sort;
CREATE INDEX service_partners_availability_sort ON service_partners (nullif(availability, ''), id);
DROP INDEX compliance_entity_sort;
CREATE INDEX compliance_entity_sort ON compliance_documents (nullif(entity_id, ''), id);
DROP INDEX compliance_issuer_sort;
CREATE INDEX compliance_issuer_sort ON compliance_documents (nullif(issuer, ''), id);
DROP INDEX sales_leads_assigned_sort;
CREATE INDEX sales_leads_assigned_sort ON sales_leads (nullif(assigned_to, ''), id);
DROP INDEX partner_fuel_stations_contact_sort;
CREATE INDEX partner_fuel_stations_contact_sort ON partner_fuel_stations (nullif(contact_person, ''), id);
DROP INDEX fuel_expenses_vendor_sort;
CREATE INDEX fuel_expenses_vendor_sort ON fuel_expenses (nullif(vendor, ''), id);

-- Descending with NULLs last: a (column, id) index read backwards puts them first, so the default orders on a
-- nullable column (a refuelling log's timestamp, an invoice's generated date) and the big lists' sorts get their own.
CREATE INDEX refueling_logs_timestamp_newest ON refueling_logs ("timestamp" DESC NULLS LAST, id DESC);
CREATE INDEX fuel_station_invoices_generated_newest ON fuel_station_invoices (generated_on DESC NULLS LAST, id DESC);
CREATE INDEX trips_eta_newest ON trips (eta DESC NULLS LAST, id DESC);
CREATE INDEX fuel_expenses_date_newest ON fuel_expenses (date DESC NULLS LAST, id DESC);
CREATE INDEX fuel_expenses_amount_newest ON fuel_expenses (amount DESC NULLS LAST, id DESC);
CREATE INDEX fuel_expenses_vendor_newest ON fuel_expenses (nullif(vendor, '') DESC NULLS LAST, id DESC);
