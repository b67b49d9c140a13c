import { partnerFuelStationsArea } from '@raahi/domain';
import type { Database } from '../client';
import { REBUILD_INDEXES_FROM, withoutForeignKeys, withoutSecondaryIndexes, withTriggersDisabled } from './bulk-insert';
import { DAY, isoDate, seededId, spreadTimestamps, YEAR, type SeedOptions } from './common';
import { mobile, personName, pickRegion } from './people';
import { vehicleFuelSql } from './vehicle-fuel';

/** Partner outlets on India's national highways: highway, town, district and state, PIN code, where it is. */
const HIGHWAY_TOWNS: readonly (readonly [highway: string, town: string, area: string, pin: string, lat: number, lon: number])[] = [
  ['NH48', 'Vashi', 'Navi Mumbai, Maharashtra', '400703', 19.0771, 72.9986],
  ['NH48', 'Khalapur', 'Raigad, Maharashtra', '410202', 18.83, 73.28],
  ['NH48', 'Talegaon Dabhade', 'Pune, Maharashtra', '410506', 18.735, 73.675],
  ['NH48', 'Khed Shivapur', 'Pune, Maharashtra', '412205', 18.328, 73.856],
  ['NH48', 'Satara', 'Satara, Maharashtra', '415001', 17.6805, 74.0183],
  ['NH48', 'Kolhapur', 'Kolhapur, Maharashtra', '416001', 16.705, 74.2433],
  ['NH48', 'Belagavi', 'Belagavi, Karnataka', '590001', 15.8497, 74.4977],
  ['NH48', 'Nelamangala', 'Bengaluru Rural, Karnataka', '562123', 13.097, 77.393],
  ['NH48', 'Hosur', 'Krishnagiri, Tamil Nadu', '635109', 12.7409, 77.8253],
  ['NH48', 'Sriperumbudur', 'Kancheepuram, Tamil Nadu', '602105', 12.9675, 79.9419],
  ['NH48', 'Vapi', 'Valsad, Gujarat', '396191', 20.3893, 72.9106],
  ['NH48', 'Bharuch', 'Bharuch, Gujarat', '392001', 21.7051, 72.9959],
  ['NH48', 'Vadodara', 'Vadodara, Gujarat', '390001', 22.3072, 73.1812],
  ['NH48', 'Kishangarh', 'Ajmer, Rajasthan', '305801', 26.59, 74.855],
  ['NH48', 'Shahpura', 'Jaipur, Rajasthan', '303103', 27.39, 75.96],
  ['NH48', 'Manesar', 'Gurugram, Haryana', '122051', 28.354, 76.937],
  ['NH44', 'Jamtha', 'Nagpur, Maharashtra', '441108', 21.0436, 79.047],
  ['NH44', 'Adilabad', 'Adilabad, Telangana', '504001', 19.6641, 78.532],
  ['NH44', 'Shamshabad', 'Rangareddy, Telangana', '501218', 17.2403, 78.4294],
  ['NH44', 'Kurnool', 'Kurnool, Andhra Pradesh', '518001', 15.8281, 78.0373],
  ['NH44', 'Anantapur', 'Anantapur, Andhra Pradesh', '515001', 14.6819, 77.6006],
  ['NH44', 'Krishnagiri', 'Krishnagiri, Tamil Nadu', '635001', 12.5266, 78.215],
  ['NH44', 'Jhansi', 'Jhansi, Uttar Pradesh', '284001', 25.4484, 78.5685],
  ['NH44', 'Panipat', 'Panipat, Haryana', '132103', 29.3909, 76.9635],
  ['NH44', 'Karnal', 'Karnal, Haryana', '132001', 29.6857, 76.9905],
  ['NH44', 'Ambala', 'Ambala, Haryana', '134003', 30.3782, 76.7767],
  ['NH44', 'Ludhiana', 'Ludhiana, Punjab', '141001', 30.901, 75.8573],
  ['NH44', 'Jalandhar', 'Jalandhar, Punjab', '144001', 31.326, 75.5762],
  ['NH19', 'Sikandra', 'Agra, Uttar Pradesh', '282007', 27.2046, 77.95],
  ['NH19', 'Kanpur', 'Kanpur Nagar, Uttar Pradesh', '208001', 26.4499, 80.3319],
  ['NH19', 'Aurangabad', 'Aurangabad, Bihar', '824101', 24.7521, 84.3742],
  ['NH19', 'Dhanbad', 'Dhanbad, Jharkhand', '826001', 23.7957, 86.4304],
  ['NH16', 'Kharagpur', 'Paschim Medinipur, West Bengal', '721301', 22.346, 87.232],
  ['NH16', 'Bhubaneswar', 'Khordha, Odisha', '751001', 20.2961, 85.8245],
  ['NH16', 'Anakapalle', 'Anakapalli, Andhra Pradesh', '531001', 17.6913, 83.0037],
  ['NH16', 'Vijayawada', 'NTR, Andhra Pradesh', '520001', 16.5062, 80.648],
  ['NH16', 'Nellore', 'Nellore, Andhra Pradesh', '524001', 14.4426, 79.9865],
  ['NH66', 'Panvel', 'Raigad, Maharashtra', '410206', 18.9894, 73.1175],
  ['NH27', 'Rajkot', 'Rajkot, Gujarat', '360001', 22.3039, 70.8022],
  ['NH27', 'Kota', 'Kota, Rajasthan', '324001', 25.2138, 75.8648],
  ['NH27', 'Lucknow', 'Lucknow, Uttar Pradesh', '226001', 26.8467, 80.9462],
  ['NH27', 'Gorakhpur', 'Gorakhpur, Uttar Pradesh', '273001', 26.7606, 83.3732],
  ['NH27', 'Guwahati', 'Kamrup Metropolitan, Assam', '781001', 26.1445, 91.7362],
];
const BRANDS = [
  ['IOCL', 5],
  ['BPCL', 4],
  ['HPCL', 4],
] as const;
const OUTLETS = ['COCO Outlet', 'Highway Retail Outlet', 'Truck Stop', 'Fuel Station', 'Dhaba & Fuels'];
const PRICING = [
  'Standard rates apply.',
  'Pump price less ₹0.50/L on diesel for fleet cards.',
  'Retail selling price of the day; ₹1/L cashback above 5,000 L a month.',
  'Pump price; no surcharge on card payments.',
];

/**
 * Inserts `count` partner stations of IOCL, BPCL and HPCL on the national highways, each in a real town at
 * its highway's kilometre mark, with a dealer's contact, the fuels it sells, credit terms and a contract.
 */
export async function seedFuelStations(database: Database, options: SeedOptions): Promise<{ inserted: number; ids: string[] }> {
  const { count, random, now } = options;
  if (count === 0) return { inserted: 0, ids: [] };
  const created = spreadTimestamps(random, count, now - 3 * YEAR, now - DAY);
  const rows = created.map((at, i) => {
    const [highway, town, area, pin, lat, lon] = HIGHWAY_TOWNS[i % HIGHWAY_TOWNS.length];
    const round = Math.floor(i / HIGHWAY_TOWNS.length);
    const brand = random.weighted(BRANDS);
    const outlet = random.pick(OUTLETS);
    const km = random.int(2, 480);
    const person = personName(random, pickRegion(random));
    const slug = town.toLowerCase().replace(/[^a-z]/g, '');
    const since = at - random.int(0, 400) * DAY;
    const contractStart = random.chance(0.85) ? since : null;
    const fuels = [
      'Diesel',
      ...(random.chance(0.85) ? ['Petrol'] : []),
      ...(random.chance(0.05) ? ['Biofuel'] : []),
      ...(random.chance(0.35) ? ['CNG'] : []),
      ...(random.chance(0.2) ? ['Electric'] : []),
    ];
    return {
      id: seededId(partnerFuelStationsArea.idFormat, at, random),
      stationName: `${brand} ${outlet} ${town}${round > 0 ? ` Km ${km}` : ''}`,
      address: `${highway}, Km ${km}, ${town}, ${area} ${pin}`,
      gps: `${(lat + (random.next() - 0.5) * 0.06).toFixed(4)},${(lon + (random.next() - 0.5) * 0.06).toFixed(4)}`,
      contact: person.name,
      phone: mobile(random),
      email: `${slug}${round > 0 ? round + 1 : ''}.${highway.toLowerCase()}@${brand.toLowerCase()}-dealer.in`,
      status: random.chance(0.9) ? 'Active' : 'Inactive',
      paymentMode: random.chance(0.8) ? 'Postpaid' : 'Prepaid',
      creditLimit: random.pick([0, 100_000, 250_000, 500_000, 1_000_000, 2_500_000]),
      fuels: fuels.join(','),
      since: isoDate(since),
      contractStart: contractStart === null ? null : isoDate(contractStart),
      contractEnd: contractStart === null ? null : isoDate(contractStart + random.pick([1, 2, 3]) * YEAR),
      pricing: random.pick(PRICING),
      cycle: random.weighted([
        ['Monthly', 6],
        ['Bi-Monthly', 2],
        ['Weekly', 2],
        ['Daily', 1],
      ] as const),
      at: new Date(at).toISOString(),
    };
  });
  const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((r) => r[key]);
  const inserted = await database.query<{ id: string }>(
    `INSERT INTO partner_fuel_stations (id, station_name, address, gps_location, contact_person, phone, email, status, payment_mode, credit_limit, fuel_types,
       partner_since, contract_start_date, contract_end_date, pricing_structure, settlement_cycle, created_at, updated_at)
     SELECT id, name, address, gps, contact, phone, email, status, mode, credit, string_to_array(fuels, ','), since, cstart, cend, pricing, cycle, at, at
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::numeric[], $11::text[],
                 $12::date[], $13::date[], $14::date[], $15::text[], $16::text[], $17::timestamptz[])
       AS u(id, name, address, gps, contact, phone, email, status, mode, credit, fuels, since, cstart, cend, pricing, cycle, at)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      column('id'),
      column('stationName'),
      column('address'),
      column('gps'),
      column('contact'),
      column('phone'),
      column('email'),
      column('status'),
      column('paymentMode'),
      column('creditLimit'),
      column('fuels'),
      column('since'),
      column('contractStart'),
      column('contractEnd'),
      column('pricing'),
      column('cycle'),
      column('at'),
    ],
  );
  return { inserted: inserted.length, ids: inserted.map((r) => r.id) };
}

/** What each fuel costs a fleet (₹ per unit, 3 decimals, in its unit: fuelUnit); how much a fill takes follows the vehicle. */
const FUEL_SQL = `(VALUES ('Diesel', 86.5, 95.5), ('Petrol', 94, 108), ('Biofuel', 80, 88), ('CNG', 74, 92), ('Electric', 11, 24))
  AS price(fuel, low, high)`;
const LETTERS = `'ABCDEFGHIJKLMNOPQRSTUVWXYZ'`;
/** Three capitals that count k (base 26): with the row number's last five digits, a unique id per row. */
const letters = (k: string) =>
  `substr(${LETTERS}, (1 + (${k}) % 26)::int, 1) || substr(${LETTERS}, (1 + ((${k}) / 26) % 26)::int, 1) || substr(${LETTERS}, (1 + ((${k}) / 676) % 26)::int, 1)`;

/**
 * Inserts `count` refuelling logs in one set-based INSERT: each a vehicle in the database (with one of the
 * drivers, mostly) filling at a partner station over the last two years, mostly diesel at the day's pump
 * price, total = quantity × rate to the paisa. A million rows go in with the table's indexes, keys and search
 * trigger off, the search text computed in the same statement, and the indexes rebuilt once.
 */
export async function seedRefuelingLogs(database: Database, options: SeedOptions & { seed: number }): Promise<{ inserted: number; ids: string[] }> {
  const { count, now, seed } = options;
  if (count === 0) return { inserted: 0, ids: [] };
  const [{ existing, vehicles, stations }] = await database.query<{ existing: number; vehicles: number; stations: number }>(
    `SELECT (SELECT count(*)::int FROM refueling_logs) AS existing, (SELECT count(*)::int FROM vehicles WHERE type <> 'Trailer') AS vehicles, (SELECT count(*)::int FROM partner_fuel_stations) AS stations`,
  );
  if (vehicles === 0 || stations === 0)
    throw new Error(
      'Refuelling logs need vehicles with an engine (not trailers) and partner fuel stations; the database has none (add some with --vehicles and --fuel-stations).',
    );
  // Ids of this run start after the ones a previous run may have used (the letters count on).
  const offset = (seed % 5000) * 3 + Math.ceil(existing / 100_000);
  const insert = async () => {
    const started = performance.now();
    await database.exec(`SELECT setseed(${(seed % 1000) / 1000})`);
    const rows = await database.query<{ id: string }>(
      `WITH s AS (SELECT fuel, array_agg(id ORDER BY id) AS ids FROM partner_fuel_stations, unnest(fuel_types) AS fuel GROUP BY fuel),
            -- The vehicles with an engine, what each runs on (a truck diesel, a motorcycle petrol, a CNG car in kg) and
            -- its tank, where some partner station sells that fuel.
            fleet AS (SELECT ve.id, f.fuel, f.tank FROM vehicles ve, ${vehicleFuelSql('ve')} WHERE f.fuel IN (SELECT fuel FROM s)),
            v AS (SELECT array_agg(id ORDER BY id) AS ids FROM fleet),
            d AS (SELECT coalesce(array_agg(id ORDER BY id), ARRAY[]::text[]) AS ids FROM drivers),
       picked AS (
         SELECT i, v.ids[1 + floor(random() * array_length(v.ids, 1))::int] AS vehicle_id,
                CASE WHEN random() < 0.85 AND cardinality(d.ids) > 0 THEN d.ids[1 + floor(random() * array_length(d.ids, 1))::int] END AS driver_id,
                random() AS r_station, random() AS r_qty, random() AS r_rate, random() AS r_method, random() AS r_odo, random() AS r_note,
                to_timestamp(${now / 1000} - random() * ${(2 * YEAR) / 1000}) AS at
         FROM v, d, generate_series(1, ${count}) AS i
       ),
       fuelled AS (
         -- At a station that sells the vehicle's fuel; a quarter of its tank to a full one.
         SELECT p.*, fl.fuel AS fuel_type, fl.tank, s.ids[1 + floor(p.r_station * cardinality(s.ids))::int] AS station_id
         FROM picked p JOIN fleet fl ON fl.id = p.vehicle_id JOIN s ON s.fuel = fl.fuel
       ),
       priced AS (
         SELECT u.*, st.station_name, round((u.tank * (0.25 + u.r_qty * 0.72))::numeric, 2) AS quantity, round((price.low + u.r_rate * (price.high - price.low))::numeric, 3) AS rate
         FROM fuelled u JOIN partner_fuel_stations st ON st.id = u.station_id JOIN ${FUEL_SQL} ON price.fuel = u.fuel_type
       )
       INSERT INTO refueling_logs (id, vehicle_id, driver_id, station_id, fuel_type, quantity, rate, total_cost, "timestamp", refuel_method, odometer, notes, created_at, updated_at, search_text)
       SELECT x.id, x.vehicle_id, x.driver_id, x.station_id, x.fuel_type, x.quantity, x.rate, round(x.quantity * x.rate, 2), x.at,
              CASE WHEN x.r_method < 0.55 THEN 'Card' WHEN x.r_method < 0.75 THEN 'App' WHEN x.r_method < 0.9 THEN 'QR Code' WHEN x.r_method < 0.97 THEN 'Cash' ELSE 'Other' END,
              CASE WHEN x.r_odo < 0.9 THEN 20000 + floor(x.r_odo * 420000)::int END,
              CASE WHEN x.r_note < 0.1 THEN 'Full tank' WHEN x.r_note < 0.13 THEN 'Night halt fill' WHEN x.r_note < 0.14 THEN 'Pump slip lost; amount from the card statement' ELSE '' END,
              least(x.at + (x.r_qty * interval '2 days'), to_timestamp(${now / 1000})), least(x.at + (x.r_qty * interval '2 days'), to_timestamp(${now / 1000})),
              lower(concat_ws(E'\\n', x.id, vehicle_label(ve.make, ve.model, ve.license_plate, ve.id), x.station_name, x.fuel_type))
       FROM (SELECT priced.*, 'RFL' || lpad((i % 100000)::text, 5, '0') || ${letters(`i / 100000 + ${offset}`)} AS id FROM priced) x
       JOIN vehicles ve ON ve.id = x.vehicle_id
       ON CONFLICT (id) DO NOTHING RETURNING id`,
    );
    if (options.phases) options.phases.insert = Math.round(performance.now() - started);
    options.onProgress?.('refuelingLogs', rows.length, count);
    return rows;
  };
  const rebuild = count >= (options.rebuildFrom ?? REBUILD_INDEXES_FROM) && count >= existing;
  const load = rebuild
    ? () => withoutSecondaryIndexes(database, 'refueling_logs', () => withoutForeignKeys(database, 'refueling_logs', insert, options.phases), options.phases)
    : insert;
  const rows = await withTriggersDisabled(database, 'refueling_logs', ['refueling_logs_search_text'], load);
  return { inserted: rows.length, ids: rows.map((r) => r.id) };
}

const APPROVERS = ['Meera Iyer (Accounts)', 'Rajesh Agarwal (Finance)', 'Sunita Kulkarni (Accounts)', 'Vikram Shah (Fleet Manager)'];

/**
 * Inserts up to `count` station invoices: one per station per month, newest months first, each for what
 * the station's logs of that month cost (or a typical month's bill where none were logged). Older months
 * are settled (a few disputed or cancelled); last month's are pending or partly paid.
 */
export async function seedStationInvoices(database: Database, options: SeedOptions & { seed: number }): Promise<{ inserted: number; ids: string[] }> {
  const { count, now, seed } = options;
  if (count === 0) return { inserted: 0, ids: [] };
  const [{ existing }] = await database.query<{ existing: number }>('SELECT count(*)::int AS existing FROM fuel_station_invoices');
  const offset = (seed % 5000) * 3 + Math.ceil(existing / 100_000);
  const started = performance.now();
  await database.exec(`SELECT setseed(${((seed + 1) % 1000) / 1000})`);
  const thisMonth = `date_trunc('month', to_timestamp(${now / 1000}) AT TIME ZONE 'Asia/Kolkata')::date`;
  const rows = await database.query<{ id: string }>(
    `WITH months AS (SELECT m, (${thisMonth} - make_interval(months => m))::date AS start FROM generate_series(1, 36) AS m),
     pairs AS (
       SELECT row_number() OVER (ORDER BY mo.m, s.id) AS i, s.id AS station_id, mo.m, mo.start, (mo.start + interval '1 month - 1 day')::date AS finish
       FROM months mo JOIN partner_fuel_stations s ON s.partner_since <= (mo.start + interval '1 month - 1 day')::date
       ORDER BY mo.m, s.id LIMIT ${count}
     ),
     billed AS (
       SELECT p.*, (SELECT sum(l.total_cost) FROM refueling_logs l WHERE l.station_id = p.station_id
                      AND l."timestamp" >= p.start::timestamp AT TIME ZONE 'Asia/Kolkata' AND l."timestamp" < (p.finish + 1)::timestamp AT TIME ZONE 'Asia/Kolkata') AS logged,
              random() AS r_status, random() AS r_paid, random() AS r_days, random() AS r_who
       FROM pairs p
     ),
     settled AS (
       SELECT b.*, coalesce(b.logged, round((40000 + b.r_paid * 460000)::numeric, 2)) AS amount,
              CASE WHEN b.m = 1 THEN (CASE WHEN b.r_status < 0.6 THEN 'Pending' WHEN b.r_status < 0.85 THEN 'Partially Paid' ELSE 'Paid' END)
                   ELSE (CASE WHEN b.r_status < 0.86 THEN 'Paid' WHEN b.r_status < 0.92 THEN 'Partially Paid' WHEN b.r_status < 0.97 THEN 'Disputed' ELSE 'Cancelled' END) END AS status,
              least(b.finish + 1 + floor(b.r_days * 5)::int, (to_timestamp(${now / 1000}) AT TIME ZONE 'Asia/Kolkata')::date) AS generated
       FROM billed b
     ),
     paid AS (
       SELECT s.*, CASE s.status WHEN 'Paid' THEN s.amount WHEN 'Partially Paid' THEN round(s.amount * (0.2 + s.r_paid * 0.6)::numeric, 2) END AS paid_amount,
              CASE WHEN s.status IN ('Paid', 'Partially Paid') THEN least(s.generated + 7 + floor(s.r_days * 23)::int, ${thisMonth} + 27) END AS paid_on
       FROM settled s
     )
     INSERT INTO fuel_station_invoices (id, station_id, amount, date_range_start, date_range_end, payment_status, generated_on, paid_on, paid_amount, balance_amount, approved_by, notes, created_at, updated_at)
     SELECT 'FSINV' || lpad((i % 100000)::text, 5, '0') || ${letters(`i / 100000 + ${offset}`)}, p.station_id, p.amount, p.start, p.finish, p.status, p.generated,
            CASE WHEN p.paid_on IS NOT NULL THEN least(p.paid_on, (to_timestamp(${now / 1000}) AT TIME ZONE 'Asia/Kolkata')::date) END, p.paid_amount,
            CASE WHEN p.paid_amount IS NOT NULL THEN p.amount - p.paid_amount END,
            CASE WHEN p.status IN ('Paid', 'Partially Paid') THEN (ARRAY[${APPROVERS.map((a) => `'${a}'`).join(', ')}])[1 + floor(p.r_who * ${APPROVERS.length})::int] ELSE '' END,
            CASE p.status WHEN 'Disputed' THEN 'Quantity mismatch against pump slips; raised with the dealer.' WHEN 'Cancelled' THEN 'Raised in error; replaced by a corrected invoice.' ELSE '' END,
            least(p.generated::timestamp AT TIME ZONE 'Asia/Kolkata' + interval '11 hours', to_timestamp(${now / 1000})), least(p.generated::timestamp AT TIME ZONE 'Asia/Kolkata' + interval '11 hours', to_timestamp(${now / 1000}))
     FROM paid p
     ON CONFLICT (id) DO NOTHING RETURNING id`,
  );
  if (options.phases) options.phases.insert = Math.round(performance.now() - started);
  return { inserted: rows.length, ids: rows.map((r) => r.id) };
}
