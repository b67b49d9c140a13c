-- Inventory (spec 001 §2.4): spare parts with their stock; the stock level is derived, never stored.
CREATE TABLE inventory_items (
  id text PRIMARY KEY,
  name text NOT NULL,
  part_number text NOT NULL,
  quantity integer,
  reorder_level integer,
  cost_per_unit numeric(14,2),
  supplier text NOT NULL DEFAULT '',
  location text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search_text text GENERATED ALWAYS AS (lower(id || E'\n' || name || E'\n' || part_number || E'\n' || supplier || E'\n' || location)) STORED
);
CREATE INDEX inventory_search ON inventory_items USING gin (search_text gin_trgm_ops);
CREATE INDEX inventory_newest ON inventory_items (created_at DESC, id DESC);
CREATE INDEX inventory_name_sort ON inventory_items (name, id);
CREATE INDEX inventory_part_sort ON inventory_items (part_number, id);
CREATE INDEX inventory_quantity_sort ON inventory_items (quantity, id);
CREATE INDEX inventory_reorder_sort ON inventory_items (reorder_level, id);
CREATE INDEX inventory_cost_sort ON inventory_items (cost_per_unit, id);
CREATE INDEX inventory_supplier_sort ON inventory_items (supplier, id);
CREATE INDEX inventory_location_sort ON inventory_items (location, id);
-- Items at or near their reorder level, for the stock filters.
CREATE INDEX inventory_stock ON inventory_items ((quantity - reorder_level), created_at DESC);
ALTER TABLE inventory_items ALTER COLUMN search_text SET STATISTICS 1000;
SELECT announce_changes_of('inventory_items');
