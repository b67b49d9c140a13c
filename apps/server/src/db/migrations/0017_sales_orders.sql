-- Sales orders (spec 002 §2.1): confirmed orders, optionally on a quotation, their payment and the vehicles assigned.
CREATE TABLE sales_orders (
  id text PRIMARY KEY,
  quotation_id text REFERENCES sales_quotations(id) ON DELETE RESTRICT,
  customer_name text NOT NULL,
  date date,
  final_amount numeric(14,2),
  payment_status text NOT NULL,
  paid_amount numeric(14,2),
  balance_amount numeric(14,2),
  delivery_terms text NOT NULL DEFAULT '',
  -- Vehicle ids, in the order chosen; migration 0014's triggers keep each one existing.
  assigned_vehicles text[] NOT NULL DEFAULT '{}',
  route_details text NOT NULL DEFAULT '',
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  -- Search by customer or id.
  search_text text GENERATED ALWAYS AS (lower(id || E'\n' || customer_name)) STORED
);
CREATE INDEX sales_orders_search ON sales_orders USING gin (search_text gin_trgm_ops);
CREATE INDEX sales_orders_newest ON sales_orders (created_at DESC, id DESC);
CREATE INDEX sales_orders_status_newest ON sales_orders (status, created_at DESC);
CREATE INDEX sales_orders_quotation ON sales_orders (quotation_id);
CREATE INDEX sales_orders_vehicles ON sales_orders USING gin (assigned_vehicles);
CREATE INDEX sales_orders_customer_sort ON sales_orders (customer_name, id);
CREATE INDEX sales_orders_date_sort ON sales_orders (date, id);
CREATE INDEX sales_orders_final_amount_sort ON sales_orders (final_amount, id);
CREATE INDEX sales_orders_payment_sort ON sales_orders (payment_status, id);
CREATE INDEX sales_orders_status_sort ON sales_orders (status, id);
ALTER TABLE sales_orders ALTER COLUMN search_text SET STATISTICS 1000;
SELECT declare_listed_reference('vehicles', 'sales_orders', 'assigned_vehicles');
SELECT announce_changes_of('sales_orders');
