-- A list of ids in one column (a sales order's assigned vehicles) cannot be a foreign key. These triggers
-- keep it as valid as one: every id listed must exist when the row is saved (and is locked against deletion
-- until the save commits), and a record that any list names cannot be deleted. The server checks both first
-- to answer in words; the triggers hold when two requests race.

-- Which column of which table lists ids of target_table.
CREATE TABLE listed_references (
  target_table text NOT NULL,
  table_name text NOT NULL,
  column_name text NOT NULL,
  PRIMARY KEY (target_table, table_name, column_name)
);

CREATE FUNCTION refuse_delete_if_listed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE dependent record; listed boolean;
BEGIN
  FOR dependent IN SELECT table_name, column_name FROM listed_references WHERE target_table = TG_TABLE_NAME LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I @> ARRAY[$1])', dependent.table_name, dependent.column_name) INTO listed USING OLD.id;
    IF listed THEN
      RAISE foreign_key_violation USING MESSAGE = format('%s %s is listed in %s.%s', TG_TABLE_NAME, OLD.id, dependent.table_name, dependent.column_name);
    END IF;
  END LOOP;
  RETURN OLD;
END $$;

-- TG_ARGV: the list column, the table its ids name.
CREATE FUNCTION check_listed_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text[]; present integer;
BEGIN
  EXECUTE format('SELECT ($1).%I', TG_ARGV[0]) INTO ids USING NEW;
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN NEW; END IF;
  EXECUTE format('SELECT count(*) FROM (SELECT 1 FROM %I WHERE id = ANY($1) FOR KEY SHARE) AS found', TG_ARGV[1]) INTO present USING ids;
  IF present < cardinality(ids) THEN
    RAISE foreign_key_violation USING MESSAGE = format('%s.%s names a missing %s record', TG_TABLE_NAME, TG_ARGV[0], TG_ARGV[1]);
  END IF;
  RETURN NEW;
END $$;

-- Registers a list column and puts both triggers in place (a migration calls it once per list column).
CREATE FUNCTION declare_listed_reference(target text, tbl text, col text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listed_references VALUES (target, tbl, col);
  EXECUTE format('CREATE OR REPLACE TRIGGER %I BEFORE DELETE ON %I FOR EACH ROW EXECUTE FUNCTION refuse_delete_if_listed()', target || '_listed_delete', target);
  EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OF %I ON %I FOR EACH ROW EXECUTE FUNCTION check_listed_exist(%L, %L)', tbl || '_' || col || '_exist', col, tbl, col, target);
END $$;
