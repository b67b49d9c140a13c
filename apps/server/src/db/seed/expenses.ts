import { fuelExpensesArea, roundRupees, type EXPENSE_TYPES } from '@raahi/domain';
import type { Database } from '../client';
import { bulkLoad, type BulkColumn, type ColumnBatch, type ComputedColumns } from './bulk-insert';
import { DAY, HOUR, isoDate, seededId, YEAR, type SeedOptions } from './common';
import { agreeFillOdometers } from './fill-odometers';
import { FREIGHT_CITIES, roadKm, type City } from './india';
import { weightedTable, type Random } from './random';
import { vehicleClass, vehicleEconomy, vehicleFuel, type VehicleClass } from './vehicle-fuel';

type ExpenseType = (typeof EXPENSE_TYPES)[number];

export const EXPENSE_COLUMNS: readonly BulkColumn[] = [
  { name: 'id', type: 'text' },
  { name: 'type', type: 'text' },
  { name: 'date', type: 'date' },
  { name: 'vehicle_id', type: 'text' },
  { name: 'trip_id', type: 'text' },
  { name: 'fuel_type', type: 'text' },
  { name: 'quantity', type: 'double precision' },
  { name: 'price_per_unit', type: 'double precision' },
  // Rupees with 2 decimals; the insert casts them to numeric(14,2) exactly.
  { name: 'amount', type: 'double precision' },
  { name: 'odometer', type: 'integer' },
  { name: 'vendor', type: 'text' },
  { name: 'gps_location', type: 'text' },
  { name: 'description', type: 'text' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
  { name: 'version', type: 'integer' },
];

/** As the fuel_expenses_search_text trigger (migration 0011) computes it, over the batch's row `u`. */
export const EXPENSE_SEARCH_TEXT: ComputedColumns = {
  values: {
    search_text: `lower(concat_ws(E'\\n', u.id, CASE u.type WHEN 'Meal' THEN 'Meal Allowance' ELSE u.type END, u.vendor, u.description, vehicle_label(v.make, v.model, v.license_plate, v.id), u.trip_id))`,
  },
  joins: 'LEFT JOIN vehicles v ON v.id = u.vehicle_id',
};
export const EXPENSE_SEARCH_TRIGGER = 'fuel_expenses_search_text';

// Off the trips, in the yard: workshop bills, parking, fills at the depot.
const IN_YARD = weightedTable<ExpenseType>([
  ['Fuel', 40],
  ['Maintenance', 30],
  ['Parking', 15],
  ['Other', 10],
  ['Meal', 5],
]);
/** At least this share of the expenses is the yard's; the rest is the trips' spend (all of it, when there is more room than they need). */
const YARD_SHARE = 0.1;

/**
 * A trip's spend (2026): its diesel (the km ÷ the vehicle's km per litre, vehicleEconomy, a little more for idling
 * and loaded climbs), in fills of at most 95 % of its tank; the FASTag tolls of its route, one plaza about
 * every 60 km of the tolled 60–85 % of it, at the plaza's rate for the vehicle's class (NHAI: a light commercial
 * vehicle ₹150–240, a two-axle truck ₹300–480, a multi-axle one up to ₹880); the driver's and cleaner's allowance
 * (bhatta) per day on the road; and a trailer, which has no engine, its puller (a hired prime mover, with its
 * diesel) per km.
 */
const TOLL_PER_PLAZA: Readonly<Record<VehicleClass, readonly [number, number]>> = { light: [150, 240], medium: [300, 480], heavy: [420, 880] };
const KM_PER_PLAZA = 60;
const ALLOWANCE_PER_DAY: readonly [number, number] = [600, 1_000];
const PULLER_PER_KM: readonly [number, number] = [26, 34];
const PULLERS = ['Shree Ganesh Roadlines', 'Om Sai Trailer Services', 'Punjab Haryana Puller Service', 'Navkar Prime Movers', 'Sri Murugan Hauliers'];
/** A trip under way this far (km) has not bought anything on the road yet. */
const SPEND_FROM_KM = 30;

/** Pump prices in ₹ per unit by fuel (the unit follows fuelUnit()); how much a fill takes follows the vehicle (vehicleFuel). */
const FUELS = {
  Diesel: { price: [87, 95], brands: ['Indian Oil', 'HP Petrol Pump', 'Bharat Petroleum', 'Jio-bp', 'Nayara Energy', 'Shell'] },
  Petrol: { price: [94, 108], brands: ['Indian Oil', 'HP Petrol Pump', 'Bharat Petroleum', 'Jio-bp', 'Shell'] },
  CNG: { price: [75, 92], brands: ['Indraprastha Gas', 'Mahanagar Gas', 'Gujarat Gas', 'Adani Total Gas', 'Torrent Gas'] },
  Electric: { price: [11, 24], brands: ['Tata Power EZ Charge', 'Statiq', 'ChargeZone', 'Jio-bp pulse'] },
} as const;
const PLAZAS = [
  'Khed Shivapur',
  'Kherki Daula',
  'Panipat',
  'Talegaon',
  'Vashi',
  'Electronic City',
  'Sriperumbudur',
  'Dahisar',
  'Karjeevanhalli',
  'Bharthana',
  'Shahjahanpur',
  'Kiratpur',
  'Paranur',
  'Krishnagiri',
  'Barwala',
  'Kishangarh',
  'Savli',
  'Ghoti',
  'Nagaon',
  'Bijwasan',
];
const DHABAS = [
  'Amrik Sukhdev Dhaba',
  'Sher-e-Punjab Dhaba',
  'Highway King',
  'Annapurna Bhojanalaya',
  'Hotel Saravana Bhavan',
  'Apna Dhaba',
  'Balaji Family Dhaba',
  'Rajasthani Bhojnalaya',
];
const WORKSHOPS: readonly (readonly [string, number, number])[] = [
  ['Tyre puncture repair', 150, 600],
  ['Brake adjustment and bleeding', 800, 2_500],
  ['Engine oil top-up (5 L)', 1_400, 2_600],
  ['Replaced fan belt', 900, 2_200],
  ['Clutch plate replacement', 9_000, 24_000],
  ['Battery replaced (Exide 150 Ah)', 11_000, 16_500],
  ['Headlamp and wiring repair', 450, 1_800],
  ['Periodic service', 4_500, 14_000],
];
const OTHERS: readonly (readonly [string, string, number, number])[] = [
  ['Loading charges (hamali)', 'Mathadi labour', 500, 3_000],
  ['Weighbridge charges', 'Dharam kanta', 80, 300],
  ['Vehicle wash', 'Highway washing point', 150, 600],
  ['Octroi / border entry fee', 'Check post', 200, 1_500],
  ['AdBlue (DEF) 20 L', 'Tata Motors dealer', 1_100, 1_900],
];

const money = (random: Random, [low, high]: readonly [number, number]) => Math.round((low + random.next() * (high - low)) * 100) / 100;
const near = (random: Random, city: City) => `${(city.lat + (random.next() - 0.5) * 0.4).toFixed(4)},${(city.lon + (random.next() - 0.5) * 0.4).toFixed(4)}`;
const CITY_INDEX = new Map(FREIGHT_CITIES.map((c, i) => [c.name, i]));

/** A trip's km: what it ran once Delivered, else its road's between freight cities, else what its hours would cover. */
function routeKm(trip: { origin: string; destination: string; km: number | null; start: number; end: number }): number {
  if (trip.km !== null) return trip.km;
  const [a, b] = [CITY_INDEX.get(trip.origin), CITY_INDEX.get(trip.destination)];
  if (a !== undefined && b !== undefined) return roadKm(FREIGHT_CITIES[a], FREIGHT_CITIES[b]);
  return (Math.max(0, trip.end - trip.start) / HOUR) * 30;
}

/** A planned expense: its moment, trip (-1: none) and vehicle (indexes), type, and for a trip's spend its size (litres, plazas, days or km). */
interface PlannedExpense {
  at: number;
  trip: number;
  vehicle: number;
  type: ExpenseType;
  size: number;
}

/**
 * Inserts `count` expenses of the vehicles and trips in the database: the spend of the trips, generated along them
 * (on the trip's days, of its vehicle, linked to it: its diesel, tolls and driver's allowance, see TOLL_PER_PLAZA),
 * and the rest in the yard over the last three years (workshop bills, parking, fills at the depot). The trips that
 * have started and carry no spend yet get theirs in a random order until all of `count` but the yard's share
 * (YARD_SHARE) is used, so a smaller count costs fewer trips fully rather than every trip a little.
 */
export async function seedExpenses(database: Database, options: SeedOptions): Promise<{ inserted: number; ids: string[] }> {
  const { count, random, now } = options;
  if (count === 0) return { inserted: 0, ids: [] };
  const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;
  const vehicles = await database.query<{ id: string; type: string; model: string; mileage: number | null; created: number }>(
    `SELECT id, type, model, current_mileage AS mileage, ${ms('created_at')} AS created FROM vehicles ORDER BY created_at, id`,
  );
  if (vehicles.length === 0) throw new Error('Expenses need vehicles; the database has none (add some with --vehicles).');
  const vehicleIndex = new Map(vehicles.map((v, i) => [v.id, i]));
  // Only trips that have started carry spend: a trip still to come has no fuel bill yet; a Cancelled one has none.
  const trips = await database.query<{ id: string; vehicle: string; origin: string; destination: string; km: number | null; start: number; end: number }>(
    `SELECT id, vehicle_id AS vehicle, origin, destination, distance_km AS km, ${ms('start_date')} AS start, ${ms('coalesce(end_date, eta, start_date)')} AS end
       FROM trips WHERE status <> 'Cancelled' AND start_date <= to_timestamp($1::float8 / 1000) AND cost = 0`,
    [now],
  );

  const planning = performance.now();
  const rows: PlannedExpense[] = [];
  const forTrips = count - Math.ceil(count * YARD_SHARE);
  /** The spend of trip k so far: a trip under way has bought what its km up to now took. */
  const spendAlong = (k: number) => {
    const t = trips[k];
    const vehicle = vehicleIndex.get(t.vehicle);
    if (vehicle === undefined) return;
    const { type, model } = vehicles[vehicle];
    const span = Math.max(0, Math.min(t.end, now) - t.start);
    const done = t.end > now ? (now - t.start) / (t.end - t.start) : 1;
    const km = routeKm(t) * done;
    if (done < 1 && km < SPEND_FROM_KM) return;
    const add = (at: number, kind: ExpenseType, size: number) => rows.push({ at: t.start + at * span, trip: k, vehicle, type: kind, size });
    const runsOn = vehicleFuel(type, model);
    if (runsOn) {
      const litres = (km / vehicleEconomy(runsOn)) * random.around(0.97, 1.1);
      const fills = Math.ceil(litres / (runsOn.tank * 0.95));
      for (let f = 0; f < fills; f++) add((f + random.next() * 0.5) / fills, 'Fuel', litres / fills);
    } else add(random.next() * 0.1, 'Other', km);
    const plazas = Math.round((km * random.around(0.6, 0.85)) / KM_PER_PLAZA);
    if (plazas > 0) add(random.around(0.3, 1), 'Toll', plazas);
    add(random.around(0.6, 1), 'Meal', Math.max(1, Math.ceil(span / DAY)));
  };
  const order = new Int32Array(trips.length).map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  for (let i = 0; i < order.length && rows.length < forTrips; i++) spendAlong(order[i]);
  rows.length = Math.min(rows.length, forTrips);
  while (rows.length < count) {
    const vehicle = random.int(0, vehicles.length - 1);
    const from = Math.max(now - 3 * YEAR, vehicles[vehicle].created);
    rows.push({ at: from + random.next() * Math.max(HOUR, now - from), trip: -1, vehicle, type: IN_YARD(random), size: NaN });
  }
  rows.sort((a, b) => a.at - b.at);
  if (options.phases) options.phases.plan = Math.round(performance.now() - planning);

  const existing = await database.query<{ id: string }>('SELECT id FROM fuel_expenses');
  const ids = new Set(existing.map((r) => r.id));
  const newIds: string[] = [];
  let lastCreated = 0;
  const fill = (batch: ColumnBatch, offset: number, size: number) => {
    for (let n = offset; n < offset + size; n++) {
      const row = rows[n];
      const vehicle = vehicles[row.vehicle];
      const trip = row.trip >= 0 ? trips[row.trip] : null;
      const city =
        FREIGHT_CITIES[CITY_INDEX.get(trip ? (random.chance(0.5) ? trip.origin : trip.destination) : '') ?? random.int(0, FREIGHT_CITIES.length - 1)];
      const heavy = vehicle.type === 'Truck' || vehicle.type === 'Trailer' || vehicle.type === 'Bus';
      // Entered the same day or within three days of the spend; never twice at the same millisecond.
      const created = Math.max(lastCreated + 1, Math.floor(Math.min(now, row.at + random.next() * random.pick([0.1, 0.5, 3]) * DAY)));
      lastCreated = created;
      let id: string;
      do id = seededId(fuelExpensesArea.idFormat, created, random);
      while (ids.has(id));
      ids.add(id);
      newIds.push(id);
      let [fuelType, quantity, price, amount, vendor, description, gps]: [string, number | null, number | null, number, string, string, string] = [
        '',
        null,
        null,
        0,
        '',
        '',
        '',
      ];
      // A trailer has no tank: its upkeep in the yard instead (on a trip its puller's diesel, PULLER_PER_KM).
      const runsOn = vehicleFuel(vehicle.type, vehicle.model);
      if (row.type === 'Fuel' && !runsOn) row.type = 'Maintenance';
      switch (row.type) {
        case 'Fuel': {
          // What the vehicle runs on: on a trip what its km took, in the yard a quarter of its tank to a full one.
          fuelType = runsOn!.fuel;
          const f = FUELS[runsOn!.fuel];
          quantity = trip ? Math.max(0.01, Math.round(row.size * 100) / 100) : money(random, [runsOn!.tank * 0.25, runsOn!.tank * 0.97]);
          price = fuelType === 'Electric' ? Math.round(money(random, f.price) * 1000) / 1000 : money(random, f.price);
          amount = roundRupees(quantity * price);
          vendor = `${random.pick(f.brands)}, ${city.name}`;
          description = random.chance(0.3) ? (fuelType === 'Electric' ? 'Fast charge at the depot' : 'Full tank') : '';
          gps = near(random, city);
          break;
        }
        case 'Toll': {
          // The route's plazas on the trip's FASTag, one record for the trip.
          const plazas = trip ? row.size : 1;
          const plaza = random.pick(PLAZAS);
          amount = roundRupees(plazas * money(random, TOLL_PER_PLAZA[vehicleClass(vehicle.type, vehicle.model)]));
          vendor = plazas > 1 ? `FASTag – ${plazas} toll plazas` : random.chance(0.92) ? `FASTag – ${plaza} toll plaza` : `${plaza} toll plaza (cash)`;
          description = trip ? `${trip.origin} → ${trip.destination}` : '';
          gps = near(random, city);
          break;
        }
        case 'Meal': {
          // On a trip the crew's allowance for its days on the road; in the yard a meal.
          const days = trip ? row.size : 0;
          amount = trip ? roundRupees(days * money(random, ALLOWANCE_PER_DAY)) : money(random, [150, 650]);
          vendor = `${random.pick(DHABAS)}, ${city.name}`;
          description = trip
            ? `Driver and cleaner meals, ${days} ${days === 1 ? 'day' : 'days'} on the road`
            : random.chance(0.4)
              ? random.pick(['Crew lunch', 'Crew dinner'])
              : '';
          break;
        }
        case 'Maintenance': {
          const [job, low, high] = random.pick(WORKSHOPS);
          amount = money(random, [low, high]);
          vendor = `${random.pick(['Sai Auto Works', 'Tata Motors Service', 'Ashok Leyland Service', 'Highway Tyre Care', 'Bosch Car Service', 'Ganesh Motor Garage'])}, ${city.name}`;
          description = job;
          break;
        }
        case 'Parking':
          amount = money(random, [50, 500]);
          vendor = `${random.pick(['Transport Nagar parking', 'Truck terminal', 'Port gate parking', 'Municipal pay-and-park'])}, ${city.name}`;
          description = random.chance(0.5) ? 'Overnight parking' : 'Waiting for unloading';
          break;
        case 'Other': {
          if (trip) {
            // A trailer's puller for the trip's km.
            amount = roundRupees(row.size * money(random, PULLER_PER_KM));
            vendor = `${random.pick(PULLERS)}, ${trip.origin}`;
            description = `Prime mover (puller) hire with diesel, ${trip.origin} → ${trip.destination}`;
            break;
          }
          const [what, who, low, high] = random.pick(OTHERS);
          amount = money(random, [low, high]);
          vendor = `${who}, ${city.name}`;
          description = what;
          break;
        }
      }
      const edited = random.chance(0.05);
      batch.id.push(id);
      batch.type.push(row.type);
      batch.date.push(isoDate(row.at));
      const vehicleId = trip || random.chance(0.9) ? vehicle.id : null;
      batch.vehicle_id.push(vehicleId);
      batch.trip_id.push(trip?.id ?? null);
      batch.fuel_type.push(fuelType);
      batch.quantity.push(quantity);
      batch.price_per_unit.push(price);
      batch.amount.push(amount);
      // A reading on the fills of a vehicle only (agreeFillOdometers makes them agree with the litres).
      batch.odometer.push(
        row.type === 'Fuel' && vehicleId !== null && vehicle.mileage !== null
          ? Math.max(0, Math.round(vehicle.mileage - ((now - row.at) / DAY) * (heavy ? 280 : 90) * random.around(0.7, 1.1)))
          : null,
      );
      batch.vendor.push(vendor);
      batch.gps_location.push(gps);
      batch.description.push(description);
      batch.created_at.push(new Date(created).toISOString());
      batch.updated_at.push(new Date(edited ? Math.floor(created + random.next() * (now - created)) : created).toISOString());
      batch.version.push(edited ? 2 : 1);
    }
  };

  const inserted = await bulkLoad(database, {
    table: 'fuel_expenses',
    columns: EXPENSE_COLUMNS,
    count,
    existingRows: existing.length,
    batchSize: 10_000,
    fill,
    computed: EXPENSE_SEARCH_TEXT,
    disableTriggers: [EXPENSE_SEARCH_TRIGGER],
    rebuildFrom: options.rebuildFrom,
    timings: options.phases,
    // A big load's fills go in with their readings agreed (fill-odometers.ts): not rewritten, and their kept fills made once.
    staged: (stage) => agreeFillOdometers(database, { staged: stage }),
    onProgress: (done, total) => options.onProgress?.('expenses', done, total),
  });
  return { inserted, ids: newIds };
}
