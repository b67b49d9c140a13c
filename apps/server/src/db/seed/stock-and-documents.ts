import { DOCUMENT_TYPE_ENTITY, type DocumentType } from '@raahi/domain';
import type { Database } from '../client';
import { withTriggersDisabled } from './bulk-insert';

/**
 * Parts stock and compliance documents, generated in SQL (generate_series): a set-based insert loads
 * 100,000 documents in a second or two. Ids follow the areas'
 * formats from the row number, so they are unique; `random()` follows `setseed` for repeatable data.
 */
const list = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;
const pick = (array: string) => `(${array})[1 + floor(random() * array_length(${array}, 1))::int]`;

const PARTS = [
  'Brake Pad Set|BP|Bosch Ltd',
  'Clutch Plate|CP|Valeo India',
  'Air Filter|AF|Mann+Hummel India',
  'Fuel Filter|FF|Bosch Ltd',
  'Oil Filter|OF|Purolator India',
  'Engine Oil 15W-40 (20 L)|EO|Castrol India',
  'Alternator Belt|AB|Gates Unitta India',
  'Radiator Hose|RH|Tata Motors Spares',
  'Leaf Spring Assembly|LS|Jamna Auto Industries',
  'Tyre 295/80 R22.5|TY|Apollo Tyres',
  'Tyre 10.00-20 (Bias)|TB|MRF Ltd',
  'Battery 12V 150Ah|BT|Exide Industries',
  'Headlamp Assembly|HL|Lumax Industries',
  'Wheel Bearing|WB|SKF India',
  'Shock Absorber|SA|Gabriel India',
  'Wiper Blade Pair|WP|Bosch Ltd',
  'Fan Belt|FB|Fenner India',
  'AdBlue (20 L)|AD|Tata Motors Spares',
  'Brake Chamber|BC|WABCO India',
  'Kingpin Kit|KP|Ashok Leyland Spares',
];
const LOCATIONS = [
  'Rack A1, Pune Depot',
  'Rack B4, Nagpur Hub',
  'Bay 3, Bhiwandi Warehouse',
  'Store 2, Chennai Depot',
  'Rack C2, Indore Hub',
  'Main Store, Gurugram Yard',
];

export async function seedInventory(database: Database, count: number, seed: number): Promise<number> {
  if (count <= 0) return 0;
  const parts = list(PARTS);
  const [{ n }] = await database.query<{ n: number }>(
    `WITH p AS (SELECT setseed(${(seed % 1000) / 1000}) AS s),
     rows AS (
       SELECT i, ${pick(parts)} AS part, floor(random() * 40)::int AS qty, (5 + floor(random() * 4) * 5)::int AS reorder,
              round((150 + random() * 18000)::numeric, 2) AS cost, ${pick(list(LOCATIONS))} AS location_, now() - random() * interval '540 days' AS created
       FROM p, generate_series(1, ${count}) AS i
     ),
     inserted AS (
       INSERT INTO inventory_items (id, name, part_number, quantity, reorder_level, cost_per_unit, supplier, location, created_at, updated_at)
       SELECT 'INV' || lpad((i % 10000)::text, 4, '0') || substr(upper(md5(i::text || '${seed}')), 1, 3), split_part(part, '|', 1),
              split_part(part, '|', 2) || '-' || lpad(i::text, 5, '0'), qty, reorder, cost, split_part(part, '|', 3), location_, created, created
       FROM rows ON CONFLICT (id) DO NOTHING RETURNING 1
     )
     SELECT count(*)::int AS n FROM inserted`,
  );
  return n;
}

/** Document types with their issuers, their number's prefix and how long they stay valid (days). */
const DOCUMENTS: readonly [type: DocumentType, issuers: readonly string[], prefix: string, validDays: number][] = [
  ['Vehicle Registration', ['RTO Pune', 'RTO Mumbai Central', 'RTO Bengaluru Central', 'RTO Chennai North', 'RTO Delhi (Burari)'], 'RC', 5475],
  ['Insurance Policy', ['ICICI Lombard', 'HDFC ERGO', 'New India Assurance', 'Bajaj Allianz', 'Tata AIG'], 'POL', 365],
  ['Operating Permit', ['RTO Nagpur', 'State Transport Authority, Maharashtra', 'RTO Ahmedabad'], 'NP', 1825],
  ['Driver License', ['RTO Pune', 'RTO Jaipur', 'RTO Lucknow', 'RTO Kolkata'], 'DL', 3650],
  ['e-Way Bill', ['GST e-Way Bill System'], 'EWB', 10],
  ['Safety Certificate', ['Fire & Safety Audit, Pune', 'Speed Governor Centre, Nashik'], 'SC', 730],
  ['Aadhar Card', ['UIDAI'], 'UID', 3650],
  ['Other', ['Legal Metrology Dept.', 'Labour Department, Maharashtra'], 'OTH', 365],
  ['Pollution Under Control (PUC) Certificate', ['PUC Centre, Hadapsar', 'PUC Centre, Wakad', 'PUC Centre, Bhiwandi'], 'PUC', 180],
  ['Fitness Certificate', ['Fitness Centre, RTO Pune', 'Automated Testing Station, Nashik'], 'FC', 730],
];

/**
 * Each document names a real record of its type's kind, so the row triggers (the Entity ID exists, the search
 * text with the named record's label) are off for the load, which computes the search text itself in one
 * join; the caller checks a sample against the trigger (verifySearchText). Run it inside `inTransaction`.
 */
export async function seedCompliance(database: Database, count: number, seed: number): Promise<{ inserted: number; ids: string[] }> {
  if (count <= 0) return { inserted: 0, ids: [] };
  // Whose document each type is (a vehicle's, a driver's, a trip's, or the company's: '').
  const types = list(DOCUMENTS.map(([type, issuers, prefix, days]) => `${type}|${issuers.join(';')}|${prefix}|${days}|${DOCUMENT_TYPE_ENTITY[type] ?? ''}`));
  const triggers = ['compliance_search_text', 'compliance_documents_entity_id_exists'];
  const rows = await withTriggersDisabled(database, 'compliance_documents', triggers, () =>
    database.query<{ id: string }>(
      `WITH p AS (SELECT setseed(${(seed % 997) / 997}) AS s),
       entities AS (
         SELECT (SELECT array_agg(id) FROM (SELECT id FROM vehicles ORDER BY created_at DESC LIMIT 2000) v) AS vehicles,
                (SELECT array_agg(id) FROM (SELECT id FROM drivers ORDER BY created_at DESC LIMIT 2000) d) AS drivers,
                (SELECT array_agg(id) FROM (SELECT id FROM trips ORDER BY created_at DESC LIMIT 2000) t) AS trips
       ),
       typed AS (SELECT i, ${pick(types)} AS t FROM p, generate_series(1, ${count}) AS i),
       rows AS (
         -- Each document names a real record of its kind (none when there is none yet, as for the company's own).
         SELECT i, t, coalesce(CASE split_part(t, '|', 5)
                                 WHEN 'vehicles' THEN e.vehicles[1 + floor(random() * coalesce(array_length(e.vehicles, 1), 0))::int]
                                 WHEN 'drivers' THEN e.drivers[1 + floor(random() * coalesce(array_length(e.drivers, 1), 0))::int]
                                 WHEN 'trips' THEN e.trips[1 + floor(random() * coalesce(array_length(e.trips, 1), 0))::int] END, '') AS entity,
                now() - random() * interval '730 days' AS created, random() AS r
         FROM typed, entities e
       ),
       dated AS (
         SELECT *, (created::date - floor(r * 20)::int) AS issued, split_part(t, '|', 4)::int AS valid FROM rows
       ),
       documents AS (
         SELECT 'DOC' || lpad(((i / 1296) % 10000)::text, 4, '0') || substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 1 + i % 36, 1) || substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 1 + (i / 36) % 36, 1) AS id,
                split_part(t, '|', 1) || coalesce(' – ' || nullif(entity, ''), '') AS document_name, split_part(t, '|', 1) AS document_type, entity AS entity_id,
                split_part(t, '|', 3) || '/' || to_char(issued, 'YYYY') || '/' || lpad(i::text, 7, '0') AS document_number,
                (string_to_array(split_part(t, '|', 2), ';'))[1 + floor(r * 97)::int % array_length(string_to_array(split_part(t, '|', 2), ';'), 1)] AS issuer,
                issued, issued + valid AS expires, created
         FROM dated
       )
       -- The search text as the trigger (migration 0025) makes it.
       INSERT INTO compliance_documents (id, document_name, document_type, entity_id, document_number, issuer, issue_date, expiry_date, notes, created_at, updated_at, search_text)
       SELECT d.id, d.document_name, d.document_type, d.entity_id, d.document_number, d.issuer, d.issued, d.expires, '', d.created, d.created,
              lower(concat_ws(E'\n', d.id, d.document_name, d.entity_id, vehicle_label(v.make, v.model, v.license_plate, v.id), driver_label(dr.name, dr.id),
                              trip_label(tr.id, tr.origin, tr.destination), d.document_number, d.issuer))
       FROM documents d LEFT JOIN vehicles v ON v.id = d.entity_id LEFT JOIN drivers dr ON dr.id = d.entity_id LEFT JOIN trips tr ON tr.id = d.entity_id
       ON CONFLICT (id) DO NOTHING RETURNING id`,
    ),
  );
  return { inserted: rows.length, ids: rows.map((row) => row.id) };
}
