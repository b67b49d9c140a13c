-- A compliance document's Entity ID names a vehicle, a driver or a trip (issue 16), or nothing (a company
-- document, ''). It stays the text column the specification gives: documents stored before may hold an id that
-- names no record, and keep it. The type is plain text (no CHECK): the new types need no change here.

-- An id held in a text column that may name a record of any of several tables cannot be a foreign key. These
-- triggers keep it as safe as one where it matters: an id written anew must name a record (locked against
-- deletion until the write commits), and a record that such a column names cannot be deleted. The server
-- checks both first to answer in words; the triggers hold when two requests race.

-- Which column of which table may name records of target_table by id.
CREATE TABLE entity_references (
  target_table text NOT NULL,
  table_name text NOT NULL,
  column_name text NOT NULL,
  PRIMARY KEY (target_table, table_name, column_name)
);

CREATE FUNCTION refuse_delete_if_entity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE dependent record; named boolean;
BEGIN
  FOR dependent IN SELECT table_name, column_name FROM entity_references WHERE target_table = TG_TABLE_NAME LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I = $1)', dependent.table_name, dependent.column_name) INTO named USING OLD.id;
    IF named THEN
      RAISE foreign_key_violation USING MESSAGE = format('%s %s is named by %s.%s', TG_TABLE_NAME, OLD.id, dependent.table_name, dependent.column_name);
    END IF;
  END LOOP;
  RETURN OLD;
END $$;

-- TG_ARGV[0]: the column. An id kept by an update (unchanged) is not checked again: it may name nothing.
CREATE FUNCTION check_entity_exists() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE new_id text; old_id text; target record; present boolean := false;
BEGIN
  EXECUTE format('SELECT ($1).%I', TG_ARGV[0]) INTO new_id USING NEW;
  IF TG_OP = 'UPDATE' THEN
    EXECUTE format('SELECT ($1).%I', TG_ARGV[0]) INTO old_id USING OLD;
    IF old_id IS NOT DISTINCT FROM new_id THEN RETURN NEW; END IF;
  END IF;
  IF coalesce(new_id, '') = '' THEN RETURN NEW; END IF;
  FOR target IN SELECT target_table FROM entity_references WHERE table_name = TG_TABLE_NAME AND column_name = TG_ARGV[0] LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE id = $1 FOR KEY SHARE)', target.target_table) INTO present USING new_id;
    IF present THEN RETURN NEW; END IF;
  END LOOP;
  RAISE foreign_key_violation USING MESSAGE = format('%s.%s names no record: %s', TG_TABLE_NAME, TG_ARGV[0], new_id);
END $$;

-- Registers an entity column and puts the triggers in place (a migration calls it once per column).
CREATE FUNCTION declare_entity_reference(targets text[], tbl text, col text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE target text;
BEGIN
  FOREACH target IN ARRAY targets LOOP
    INSERT INTO entity_references VALUES (target, tbl, col);
    EXECUTE format('CREATE OR REPLACE TRIGGER %I BEFORE DELETE ON %I FOR EACH ROW EXECUTE FUNCTION refuse_delete_if_entity()', target || '_entity_delete', target);
  END LOOP;
  EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OF %I ON %I FOR EACH ROW EXECUTE FUNCTION check_entity_exists(%L)', tbl || '_' || col || '_exists', col, tbl, col);
END $$;

SELECT declare_entity_reference(ARRAY['vehicles', 'drivers', 'trips'], 'compliance_documents', 'entity_id');

-- Search finds a document by the label of what it names too (a vehicle's plate, a driver's name, a trip's
-- route), so search_text is kept by a trigger instead of generated from the row alone.
ALTER TABLE compliance_documents ALTER COLUMN search_text DROP EXPRESSION;
CREATE FUNCTION compliance_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', NEW.id, NEW.document_name, NEW.entity_id,
    (SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) FROM vehicles v WHERE v.id = NEW.entity_id),
    (SELECT driver_label(d.name, d.id) FROM drivers d WHERE d.id = NEW.entity_id),
    (SELECT trip_label(t.id, t.origin, t.destination) FROM trips t WHERE t.id = NEW.entity_id),
    NEW.document_number, NEW.issuer));
  RETURN NEW;
END $$;
CREATE TRIGGER compliance_search_text BEFORE INSERT OR UPDATE ON compliance_documents FOR EACH ROW EXECUTE FUNCTION compliance_search_text();
UPDATE compliance_documents SET search_text = '';
ALTER TABLE compliance_documents ALTER COLUMN search_text SET DEFAULT '', ALTER COLUMN search_text SET NOT NULL;
-- A renamed driver, a vehicle's new plate or a trip's new route re-indexes the documents that name them.
INSERT INTO label_dependents VALUES ('vehicles', 'compliance_documents', 'entity_id'), ('drivers', 'compliance_documents', 'entity_id'), ('trips', 'compliance_documents', 'entity_id');
