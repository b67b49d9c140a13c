import { fuelExpensesArea, roundRupees, type EXPENSE_TYPES } from '@raahi/domain';
import type { Database } from '../client';
import { bulkLoad, type BulkColumn, type ColumnBatch, type ComputedColumns } from './bulk-insert';
import { DAY, HOUR, isoDate, seededId, YEAR, type SeedOptions } from './common';
import { FREIGHT_CITIES, type City } from './india';
import { weightedTable, type Random } from './random';
import { vehicleFuel } from './vehicle-fuel';

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

// On a trip: fuel and tolls mostly, the crew's meals; in the yard: workshop bills and parking.
const ON_TRIP = weightedTable<ExpenseType>([['Fuel', 42], ['Toll', 36], ['Meal', 12], ['Parking', 4], ['Maintenance', 3], ['Other', 3]]);
const IN_YARD = weightedTable<ExpenseType>([['Fuel', 40], ['Maintenance', 30], ['Parking', 15], ['Other', 10], ['Meal', 5]]);

/** Pump prices in ₹ per unit by fuel (the unit follows fuelUnit()); how much a fill takes follows the vehicle (vehicleFuel). */
const FUELS = {
  Diesel: { price: [87, 95], brands: ['Indian Oil', 'HP Petrol Pump', 'Bharat Petroleum', 'Jio-bp', 'Nayara Energy', 'Shell'] },
  Petrol: { price: [94, 108], brands: ['Indian Oil', 'HP Petrol Pump', 'Bharat Petroleum', 'Jio-bp', 'Shell'] },
  CNG: { price: [75, 92], brands: ['Indraprastha Gas', 'Mahanagar Gas', 'Gujarat Gas', 'Adani Total Gas', 'Torrent Gas'] },
  Electric: { price: [11, 24], brands: ['Tata Power EZ Charge', 'Statiq', 'ChargeZone', 'Jio-bp pulse'] },
} as const;
const PLAZAS = ['Khed Shivapur', 'Kherki Daula', 'Panipat', 'Talegaon', 'Vashi', 'Electronic City', 'Sriperumbudur', 'Dahisar', 'Karjeevanhalli', 'Bharthana', 'Shahjahanpur', 'Kiratpur', 'Paranur', 'Krishnagiri', 'Barwala', 'Kishangarh', 'Savli', 'Ghoti', 'Nagaon', 'Bijwasan'];
const DHABAS = ['Amrik Sukhdev Dhaba', 'Sher-e-Punjab Dhaba', 'Highway King', 'Annapurna Bhojanalaya', 'Hotel Saravana Bhavan', 'Apna Dhaba', 'Balaji Family Dhaba', 'Rajasthani Bhojnalaya'];
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

/**
 * Inserts `count` expenses of the vehicles and trips in the database over the last three years: most
 * during trips (fills at the pumps of the route, FASTag tolls, the crew's meals), the rest at the depot.
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
  // Only trips that have started carry spend: a trip still to come has no fuel bill yet.
  const trips = (
    await database.query<{ id: string; vehicle: string; origin: string; destination: string; start: number; end: number }>(
      `SELECT id, vehicle_id AS vehicle, origin, destination, ${ms('coalesce(start_date, created_at)')} AS start, ${ms('coalesce(end_date, eta, start_date, created_at)')} AS end FROM trips`,
    )
  ).filter((t) => t.start <= now);

  const planning = performance.now();
  const rows = new Array<{ at: number; trip: number; vehicle: number; type: ExpenseType }>(count);
  for (let i = 0; i < count; i++) {
    const trip = trips.length > 0 && random.chance(0.7) ? random.int(0, trips.length - 1) : -1;
    if (trip >= 0) {
      const t = trips[trip];
      const at = Math.min(now - random.next() * HOUR, t.start + random.next() * Math.max(HOUR, t.end - t.start));
      rows[i] = { at, trip, vehicle: vehicleIndex.get(t.vehicle) ?? 0, type: ON_TRIP(random) };
    } else {
      const vehicle = random.int(0, vehicles.length - 1);
      const from = Math.max(now - 3 * YEAR, vehicles[vehicle].created);
      rows[i] = { at: from + random.next() * Math.max(HOUR, now - from), trip: -1, vehicle, type: IN_YARD(random) };
    }
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
      const city = FREIGHT_CITIES[CITY_INDEX.get(trip ? (random.chance(0.5) ? trip.origin : trip.destination) : '') ?? random.int(0, FREIGHT_CITIES.length - 1)];
      const heavy = vehicle.type === 'Truck' || vehicle.type === 'Trailer' || vehicle.type === 'Bus';
      // Entered the same day or within three days of the spend; never twice at the same millisecond.
      const created = Math.max(lastCreated + 1, Math.floor(Math.min(now, row.at + random.next() * random.pick([0.1, 0.5, 3]) * DAY)));
      lastCreated = created;
      let id: string;
      do id = seededId(fuelExpensesArea.idFormat, created, random);
      while (ids.has(id));
      ids.add(id);
      newIds.push(id);
      let [fuelType, quantity, price, amount, vendor, description, gps]: [string, number | null, number | null, number, string, string, string] = ['', null, null, 0, '', '', ''];
      // A trailer has no tank: its spend on the road is tolls, in the yard upkeep.
      const runsOn = vehicleFuel(vehicle.type, vehicle.model);
      if (row.type === 'Fuel' && !runsOn) row.type = trip ? 'Toll' : 'Maintenance';
      const odometer = vehicle.mileage === null ? null : Math.max(0, Math.round(vehicle.mileage - ((now - row.at) / DAY) * (heavy ? 280 : 90) * random.around(0.7, 1.1)));
      switch (row.type) {
        case 'Fuel': {
          // What the vehicle runs on, a quarter of its tank to a full one.
          fuelType = runsOn!.fuel;
          const f = FUELS[runsOn!.fuel];
          quantity = money(random, [runsOn!.tank * 0.25, runsOn!.tank * 0.97]);
          price = fuelType === 'Electric' ? Math.round(money(random, f.price) * 1000) / 1000 : money(random, f.price);
          amount = roundRupees(quantity * price);
          vendor = `${random.pick(f.brands)}, ${city.name}`;
          description = random.chance(0.3) ? (fuelType === 'Electric' ? 'Fast charge at the depot' : 'Full tank') : '';
          gps = near(random, city);
          break;
        }
        case 'Toll': {
          const plaza = random.pick(PLAZAS);
          amount = heavy ? money(random, [290, 1_250]) : money(random, [65, 320]);
          vendor = random.chance(0.92) ? `FASTag – ${plaza} toll plaza` : `${plaza} toll plaza (cash)`;
          description = trip && random.chance(0.3) ? `${trip.origin} → ${trip.destination}` : '';
          gps = near(random, city);
          break;
        }
        case 'Meal':
          amount = money(random, [150, 650]);
          vendor = `${random.pick(DHABAS)}, ${city.name}`;
          description = random.chance(0.4) ? random.pick(['Crew lunch', 'Crew dinner', 'Driver and cleaner meals']) : '';
          break;
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
      batch.vehicle_id.push(trip || random.chance(0.9) ? vehicle.id : null);
      batch.trip_id.push(trip?.id ?? null);
      batch.fuel_type.push(fuelType);
      batch.quantity.push(quantity);
      batch.price_per_unit.push(price);
      batch.amount.push(amount);
      batch.odometer.push(row.type === 'Fuel' || random.chance(0.1) ? odometer : null);
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
    onProgress: (done, total) => options.onProgress?.('expenses', done, total),
  });
  return { inserted, ids: newIds };
}
