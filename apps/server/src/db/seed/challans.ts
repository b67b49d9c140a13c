import { challansArea, type CHALLAN_STATUSES, type OFFENSE_TYPES } from '@raahi/domain';
import type { Database } from '../client';
import { bulkLoad, type BulkColumn, type ComputedColumns } from './bulk-insert';
import { DAY, HOUR, isoDate, seededId, YEAR, type SeedOptions } from './common';
import { FREIGHT_CITIES } from './india';
import { weightedTable, type Random } from './random';

type Offense = (typeof OFFENSE_TYPES)[number];
type Status = (typeof CHALLAN_STATUSES)[number];

// Scanned copies are left empty: demo data carries no files.
export const CHALLAN_COLUMNS: readonly BulkColumn[] = [
  { name: 'id', type: 'text' },
  { name: 'date', type: 'date' },
  { name: 'vehicle_id', type: 'text' },
  { name: 'driver_id', type: 'text' },
  { name: 'offense_type', type: 'text' },
  // Rupees; the insert casts them to numeric(14,2) exactly.
  { name: 'amount', type: 'double precision' },
  { name: 'status', type: 'text' },
  { name: 'paid_date', type: 'date' },
  { name: 'notes', type: 'text' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
  { name: 'version', type: 'integer' },
];

/** As the challans_search_text trigger (migration 0021) computes it, over the batch's row `u`. */
export const CHALLAN_SEARCH_TEXT: ComputedColumns = {
  values: {
    search_text: `lower(concat_ws(E'\\n', u.id, u.offense_type, vehicle_label(v.make, v.model, v.license_plate, v.id), driver_label(d.name, d.id)))`,
  },
  joins: 'LEFT JOIN vehicles v ON v.id = u.vehicle_id LEFT JOIN drivers d ON d.id = u.driver_id',
};
export const CHALLAN_SEARCH_TRIGGER = 'challans_search_text';

/** Vehicle types that are heavy (medium or heavy goods and passenger vehicles) for the fines of the Act. */
const HEAVY = new Set(['Truck', 'Trailer', 'Bus']);

/**
 * Offences and their fines under the Motor Vehicles (Amendment) Act, 2019, as a challan records them:
 * what happened (for the notes) and the amount in rupees. States notify their own compoundable amounts
 * within the Act's ranges, so some offences have more than one.
 */
type Fine = (random: Random, heavy: boolean) => { amount: number; detail: string };
const FINES: Record<Offense, Fine> = {
  // Sec 183: ₹1,000–2,000 for a light motor vehicle, ₹2,000–4,000 for a medium or heavy one.
  Speeding: (random, heavy) => {
    const limit = heavy ? random.pick([60, 65, 80]) : random.pick([80, 100, 120]);
    const speed = limit + random.int(8, 35);
    return {
      amount: heavy ? random.pick([4_000, 4_000, 2_000]) : random.pick([2_000, 2_000, 1_000]),
      detail: `${speed} km/h in a ${limit} km/h zone, speed camera (Sec 183)`,
    };
  },
  // Sec 177 / 122: ₹500 the first time, ₹1,500 again; towing charges where the city tows.
  'Illegal Parking': (random) =>
    random.pick([
      { amount: 500, detail: 'Parked on the carriageway outside the truck terminal (Sec 122/177)' },
      { amount: 500, detail: 'Parked in a no-parking zone near the market (Sec 122/177)' },
      { amount: 1_500, detail: 'Repeat no-parking offence (Sec 177)' },
      { amount: 1_000, detail: 'Double parking while unloading; vehicle towed (Sec 122/177)' },
    ]),
  // Sec 184 (dangerous driving): ₹1,000–5,000; most metros notify ₹5,000.
  'Red Light Violation': (random) => ({ amount: random.pick([5_000, 5_000, 1_000]), detail: `Jumped the red signal, ANPR camera at the junction (Sec 184)` }),
  // Sec 194(1): ₹20,000 plus ₹2,000 per tonne over the permitted gross weight.
  Overloading: (random) => {
    const tonnes = random.int(1, 9);
    return { amount: 20_000 + 2_000 * tonnes, detail: `${tonnes} t over the permitted gross weight at the weighbridge (Sec 194(1))` };
  },
  // Entering during no-entry hours or a no-entry road: ₹500–₹5,000 by the city's notification.
  'No Entry': (random) => ({
    amount: random.pick([500, 1_000, 2_000, 5_000]),
    detail: random.pick([
      'Entered the city during no-entry hours for goods vehicles (police notification)',
      'Drove into a no-entry road (police notification)',
    ]),
  }),
  // Lane discipline (Sec 177): ₹500, ₹1,500 again; wrong-side driving is dangerous driving (Sec 184).
  'Wrong Lane': (random) =>
    random.pick([
      { amount: 500, detail: 'Heavy vehicle outside the left lane on the expressway (Sec 177)' },
      { amount: 1_500, detail: 'Repeat lane violation (Sec 177)' },
      { amount: 5_000, detail: 'Wrong-side driving on the service road (Sec 184)' },
    ]),
  // Papers: licence (Sec 181) ₹5,000, insurance (Sec 196) ₹2,000, permit (Sec 192A) ₹10,000, PUC (Sec 190(2)) ₹10,000, fitness (Sec 192) ₹5,000.
  'Documentation Issue': (random) =>
    random.pick([
      { amount: 5_000, detail: 'Driver without a valid driving licence (Sec 181)' },
      { amount: 2_000, detail: 'Insurance had lapsed (Sec 196)' },
      { amount: 10_000, detail: 'No valid national permit for the state (Sec 192A)' },
      { amount: 10_000, detail: 'Pollution under control (PUC) certificate expired (Sec 190(2))' },
      { amount: 5_000, detail: 'Fitness certificate expired (Sec 192)' },
    ]),
  Other: (random) =>
    random.pick([
      { amount: 1_000, detail: 'Driving without a seat belt (Sec 194B)' },
      { amount: 5_000, detail: 'Using a mobile phone while driving (Sec 184)' },
      { amount: 1_000, detail: 'Pressure horn in a silence zone (Sec 194F)' },
      { amount: 500, detail: 'Rear reflective tape missing (Sec 177)' },
    ]),
};

const pickOffense = weightedTable<Offense>([
  ['Speeding', 30],
  ['Illegal Parking', 16],
  ['No Entry', 12],
  ['Red Light Violation', 10],
  ['Overloading', 10],
  ['Documentation Issue', 9],
  ['Wrong Lane', 8],
  ['Other', 5],
]);

/** How a challan stands by its age: fresh ones wait for payment; after 60 days an unpaid one is overdue (sent to the virtual court). */
function statusAt(random: Random, ageDays: number): Status {
  if (ageDays < 1) return 'Pending Payment';
  if (ageDays < 15)
    return random.weighted<Status>([
      ['Pending Payment', 80],
      ['Paid', 15],
      ['Disputed', 5],
    ]);
  if (ageDays < 60)
    return random.weighted<Status>([
      ['Pending Payment', 45],
      ['Paid', 45],
      ['Disputed', 8],
      ['Cancelled', 2],
    ]);
  return random.weighted<Status>([
    ['Paid', 72],
    ['Overdue', 14],
    ['Disputed', 6],
    ['Cancelled', 5],
    ['Pending Payment', 3],
  ]);
}

/** Who issued it: the city's traffic police by e-challan, a highway patrol or an RTO flying squad. */
const issuer = (random: Random, city: string) =>
  random.weighted<string>([
    [`e-challan, ${city} Traffic Police`, 6],
    [`Highway patrol near ${city}`, 2],
    [`RTO flying squad, ${city}`, 2],
  ]);

/**
 * Inserts `count` challans over the last two years against the vehicles in the database (each after its
 * vehicle joined), most naming a driver; fines as the Act sets them, statuses by age, paid dates after the
 * challan's date and never after today.
 */
export async function seedChallans(database: Database, options: SeedOptions): Promise<{ inserted: number; ids: string[] }> {
  const { count, random, now } = options;
  if (count === 0) return { inserted: 0, ids: [] };
  const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;
  const vehicles = await database.query<{ id: string; type: string; created: number }>(
    `SELECT id, type, ${ms('created_at')} AS created FROM vehicles ORDER BY created_at, id`,
  );
  if (vehicles.length === 0) throw new Error('Challans need vehicles; the database has none (add some with --vehicles).');
  const drivers = await database.query<{ id: string }>('SELECT id FROM drivers ORDER BY created_at, id');

  const planning = performance.now();
  // When each was issued (more of them recent, none before its vehicle) and entered in the back office: the
  // same day or within four days (an e-challan arrives by SMS), by now at the latest, never two at one millisecond.
  const rows = Array.from({ length: count }, () => {
    const vehicle = random.int(0, vehicles.length - 1);
    const from = Math.max(now - 2 * YEAR, vehicles[vehicle].created);
    const at = Math.floor(now - random.next() ** 1.4 * Math.max(HOUR, now - from));
    return { vehicle, at, created: Math.floor(at + random.next() * Math.min(random.pick([0.2, 1, 4]) * DAY, now - at)) };
  }).sort((a, b) => a.created - b.created);
  for (let i = rows.length - 2; i >= 0; i--) rows[i].created = Math.min(rows[i].created, rows[i + 1].created - 1);
  if (options.phases) options.phases.plan = Math.round(performance.now() - planning);

  const taken = new Set((await database.query<{ id: string }>('SELECT id FROM challans')).map((r) => r.id));
  const ids: string[] = [];
  const iso = (at: number) => new Date(at).toISOString();
  const inserted = await bulkLoad(database, {
    table: 'challans',
    columns: CHALLAN_COLUMNS,
    count,
    existingRows: taken.size,
    fill: (batch, offset, size) => {
      for (const row of rows.slice(offset, offset + size)) {
        const vehicle = vehicles[row.vehicle];
        const heavy = HEAVY.has(vehicle.type);
        // Overloading is a goods vehicle's offence; a car's challan is for something else.
        let offense = pickOffense(random);
        if (offense === 'Overloading' && vehicle.type !== 'Truck' && vehicle.type !== 'Trailer') offense = 'Speeding';
        const { amount, detail } = FINES[offense](random, heavy);
        const city = random.pick(FREIGHT_CITIES).name;
        const { created } = row;
        const date = isoDate(row.at);
        const status = statusAt(random, (now - row.at) / DAY);
        // Paid 1 to 45 days after the challan (only challans a day old or more are Paid), by today at the latest.
        const paid = status === 'Paid' ? isoDate(Math.min(now, row.at + random.int(1, 45) * DAY)) : null;
        let id: string;
        do id = seededId(challansArea.idFormat, created, random);
        while (taken.has(id));
        taken.add(id);
        ids.push(id);
        const edited = status !== 'Pending Payment';
        batch.id.push(id);
        batch.date.push(date);
        batch.vehicle_id.push(vehicle.id);
        batch.driver_id.push(drivers.length > 0 && random.chance(0.8) ? random.pick(drivers).id : null);
        batch.offense_type.push(offense);
        batch.amount.push(amount);
        batch.status.push(status);
        batch.paid_date.push(paid);
        batch.notes.push(`${detail}. ${issuer(random, city)}.`);
        batch.created_at.push(iso(created));
        batch.updated_at.push(iso(edited ? Math.floor(created + random.next() * (now - created)) : created));
        batch.version.push(edited ? 2 : 1);
      }
    },
    computed: CHALLAN_SEARCH_TEXT,
    disableTriggers: [CHALLAN_SEARCH_TRIGGER],
    rebuildFrom: options.rebuildFrom,
    timings: options.phases,
    onProgress: (done, total) => options.onProgress?.('challans', done, total),
  });
  return { inserted, ids };
}
