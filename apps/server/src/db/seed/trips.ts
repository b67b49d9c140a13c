import { tripsArea, type TRIP_STATUSES } from '@raahi/domain';
import type { Database } from '../client';
import { bulkLoad, type BulkColumn, type ColumnBatch, type ComputedColumns } from './bulk-insert';
import { DAY, HOUR, seededId, YEAR, type SeedOptions } from './common';
import { FREIGHT_CITIES, roadKm } from './india';
import { weightedTable, type Random } from './random';
import { tripFreight } from './trip-money';
import { vehicleClass, type VehicleClass } from './vehicle-fuel';

type TripStatus = (typeof TRIP_STATUSES)[number];
const STATUS: readonly TripStatus[] = ['Scheduled', 'In Transit', 'Delivered', 'Delayed', 'Cancelled'];
const SCHEDULED = 0;
const IN_TRANSIT = 1;
const DELIVERED = 2;
const DELAYED = 3;
const CANCELLED = 4;

export const TRIP_COLUMNS: readonly BulkColumn[] = [
  { name: 'id', type: 'text' },
  { name: 'origin', type: 'text' },
  { name: 'destination', type: 'text' },
  { name: 'vehicle_id', type: 'text' },
  { name: 'driver_id', type: 'text' },
  { name: 'status', type: 'text' },
  { name: 'eta', type: 'timestamptz' },
  { name: 'start_date', type: 'timestamptz' },
  { name: 'end_date', type: 'timestamptz' },
  { name: 'notes', type: 'text' },
  { name: 'freight', type: 'double precision' },
  { name: 'distance_km', type: 'double precision' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
  { name: 'version', type: 'integer' },
];

/**
 * A trip's search text as the trips_search_text trigger (migration 0002) computes it, for the loaded row
 * `u`: the same functions and concatenation, with the trigger's two lookups as left joins on the primary
 * keys (at most one row each; a missing one gives NULL, as the trigger's subquery does, which concat_ws
 * skips). The load switches the trigger off and computes this instead, for many rows per statement;
 * the seed then checks a sample against the trigger (verifySearchText).
 */
export const TRIP_SEARCH_TEXT: ComputedColumns = {
  values: {
    search_text: `lower(concat_ws(E'\\n', u.id, u.origin, u.destination, vehicle_label(v.make, v.model, v.license_plate, v.id), driver_label(d.name, d.id)))`,
  },
  joins: 'LEFT JOIN vehicles v ON v.id = u.vehicle_id LEFT JOIN drivers d ON d.id = u.driver_id',
};

export const TRIP_SEARCH_TRIGGER = 'trips_search_text';

// --- Routes ---

const CITY_COUNT = FREIGHT_CITIES.length;
const pickCity = weightedTable(FREIGHT_CITIES.map((c, i) => [i, c.weight] as const));
const DISTANCES = new Float64Array(CITY_COUNT * CITY_COUNT);
for (let a = 0; a < CITY_COUNT; a++)
  for (let b = 0; b < CITY_COUNT; b++) DISTANCES[a * CITY_COUNT + b] = a === b ? 0 : roadKm(FREIGHT_CITIES[a], FREIGHT_CITIES[b]);
/**
 * Per destination, where loads come from: a gravity model (busy cities send more, far ones less), so
 * most trips are regional hauls and some run across the country. Never the destination itself.
 */
const ORIGIN_FOR = FREIGHT_CITIES.map((_, destination) =>
  weightedTable(
    FREIGHT_CITIES.flatMap((c, origin) =>
      origin === destination ? [] : [[origin, c.weight / (1 + (DISTANCES[origin * CITY_COUNT + destination] / 700) ** 1.6)] as const],
    ),
  ),
);

// --- Notes ---

const CARGO = [
  'Steel coils',
  'TMT bars',
  'Cement bags (OPC 53)',
  'FMCG cartons',
  'Auto parts',
  'Tyres',
  'Two-wheelers',
  'Textile bales',
  'Cotton bales',
  'Onions',
  'Potatoes',
  'Basmati rice',
  'Wheat',
  'Sugar',
  'Eggs',
  'Pharma consignment, 2–8 °C',
  'Vitrified tiles',
  'Marble slabs',
  'Electronics',
  'Furniture',
  'Fertiliser (urea)',
  'Plastic granules',
  'Paper rolls',
  'Machinery parts',
  'Container 20 ft',
  'Container 40 ft',
  'E-commerce parcels',
  'Coal',
  'Bananas',
  'Poultry feed',
  'Spices',
] as const;
const CONSIGNEES = [
  'Shree Balaji Traders',
  'Om Sai Logistics',
  'Jai Hind Roadways',
  'Sri Venkateswara Agencies',
  'Ganesh Steel Traders',
  'Maa Durga Enterprises',
  'Laxmi Cold Storage',
  'Bharat Agro Industries',
  'New India Distributors',
  'Sai Krupa Warehousing',
];
const DELAY_REASONS = [
  'Traffic jam on NH48 near Vapi',
  'Heavy rain on the ghat section',
  'Tyre puncture, repaired on the way',
  'Waiting at the state border checkpost',
  'Road closed for a VIP movement',
  'Loading took longer at origin',
  'Clutch plate replaced at a roadside garage',
  'Dense fog on the expressway',
  'Held at the weighbridge',
  'Driver rest halt after 10 hours at the wheel',
];
const CANCEL_REASONS = [
  'Cancelled by the consignor',
  'Load not ready; rebooked as a new trip',
  'Vehicle breakdown before loading',
  'Rate not agreed; load given to another transporter',
  'Consignee asked to hold the dispatch',
];
const DELIVERY_REMARKS = [
  'POD received.',
  'Delivered; POD uploaded.',
  "Unloaded at the consignee's warehouse.",
  'Delivered in full, no damage.',
  'Short by 2 cartons; noted on the POD.',
];
const PLAN_REMARKS = [
  'Reporting 06:00 at the loading point.',
  'Advance ₹5,000 paid for diesel.',
  'Return load to be confirmed.',
  'FASTag recharged.',
  'Second driver joins at the halfway halt.',
];

function ewayBill(random: Random): string {
  const digits = () => String(random.int(0, 9999)).padStart(4, '0');
  return `E-way bill ${random.int(1, 9)}${digits().slice(1)} ${digits()} ${digits()}`;
}

function tripNote(random: Random, status: number): string {
  if (random.chance(0.3)) return '';
  const parts: string[] = [];
  const cargo = random.pick(CARGO);
  parts.push(cargo.startsWith('Container') ? `${cargo}.` : `${cargo}, ${random.int(4, 32)} t.`);
  if (random.chance(0.3)) parts.push(`Consignee: ${random.pick(CONSIGNEES)}.`);
  if (random.chance(0.25)) parts.push(ewayBill(random) + '.');
  if (status === DELAYED) parts.push(random.pick(DELAY_REASONS) + '.');
  else if (status === CANCELLED) parts.push(random.pick(CANCEL_REASONS) + '.');
  else if (status === DELIVERED && random.chance(0.4)) parts.push(random.pick(DELIVERY_REMARKS));
  else if (status === SCHEDULED && random.chance(0.4)) parts.push(random.pick(PLAN_REMARKS));
  return parts.join(' ');
}

// --- Planning ---

/** Vehicle types that run trips; buses, cars and two-wheelers only when a fleet has nothing else. */
const TRIP_VEHICLE_TYPES = new Set(['Truck', 'Van', 'Trailer']);
/** Which vehicles are given to drivers as their own first (planTrips). */
const HAUL_ORDER: Readonly<Record<VehicleClass, number>> = { heavy: 0, medium: 1, light: 2 };

interface Linked {
  ids: string[];
  /** Creation times (ms), ascending. */
  created: Float64Array;
}

/** A max-heap of driver numbers keyed by where each driver's timeline stands (ms). */
class DriverHeap {
  readonly items: Int32Array;
  size = 0;
  constructor(
    capacity: number,
    private readonly key: Float64Array,
  ) {
    this.items = new Int32Array(capacity);
  }
  push(driver: number) {
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.key[this.items[parent]] >= this.key[driver]) break;
      this.items[i] = this.items[parent];
      i = parent;
    }
    this.items[i] = driver;
  }
  /** Restores order after the top's key went down (or removes it). */
  settleTop(remove = false) {
    const moving = remove ? this.items[--this.size] : this.items[0];
    if (this.size === 0) return;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.key[this.items[child + 1]] > this.key[this.items[child]]) child++;
      if (this.key[this.items[child]] <= this.key[moving]) break;
      this.items[i] = this.items[child];
      i = child;
    }
    this.items[i] = moving;
  }
}

/** Trips as columns of numbers; strings are made when a batch is filled. */
interface TripPlan {
  count: number;
  created: Float64Array;
  updated: Float64Array;
  start: Float64Array;
  eta: Float64Array;
  end: Float64Array;
  driver: Int32Array;
  vehicle: Int32Array;
  origin: Uint8Array;
  destination: Uint8Array;
  status: Uint8Array;
  version: Uint8Array;
}

const roundTo = (ms: number, step: number) => Math.round(ms / step) * step;

/**
 * Plans `count` trips as the fleet's drivers would have run them: each driver's trips follow one
 * another with rest days between, the next load usually starting where the last one ended, mostly on
 * the driver's own vehicle. Timelines are laid out backwards from now, always extending the driver
 * whose history is shortest, so every driver goes back about as far and the fleet's history is as
 * long as the trip count needs. Status follows from the dates: trips starting later are Scheduled,
 * those under way In Transit (Delayed once past their ETA), finished ones Delivered; a few are
 * Cancelled. Active drivers are on the road now; those on leave stopped days ago, inactive ones months
 * ago. Trips begin after their driver's and vehicle's records were entered.
 */
function planTrips(
  random: Random,
  count: number,
  now: number,
  drivers: Linked & { status: string[] },
  vehicles: Linked & { status: string[]; type: string[]; model: string[] },
): TripPlan {
  const plan: TripPlan = {
    count,
    created: new Float64Array(count),
    updated: new Float64Array(count),
    start: new Float64Array(count),
    eta: new Float64Array(count),
    end: new Float64Array(count),
    driver: new Int32Array(count),
    vehicle: new Int32Array(count),
    origin: new Uint8Array(count),
    destination: new Uint8Array(count),
    status: new Uint8Array(count),
    version: new Uint8Array(count),
  };

  // Vehicles that run trips, in order of creation, and a shuffled pool of those fit to be a driver's own: the heavy
  // trucks and trailers first, as the long hauls between the freight cities are theirs (the lighter ones are given
  // out once those are, and run the trips a driver takes on another vehicle).
  let fleet = vehicles.ids.map((_, i) => i).filter((i) => TRIP_VEHICLE_TYPES.has(vehicles.type[i]));
  if (fleet.length === 0) fleet = vehicles.ids.map((_, i) => i);
  const fleetCreated = Float64Array.from(fleet, (i) => vehicles.created[i]);
  const ownable = fleet.filter((i) => vehicles.status[i] === 'Active' || vehicles.status[i] === 'In Maintenance');
  for (let i = ownable.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [ownable[i], ownable[j]] = [ownable[j], ownable[i]];
  }
  const haul = new Map(ownable.map((i) => [i, HAUL_ORDER[vehicleClass(vehicles.type[i], vehicles.model[i])]]));
  ownable.sort((a, b) => haul.get(a)! - haul.get(b)!);
  let nextOwnable = 0;
  const vehicleBefore = (time: number) => {
    let lo = 0;
    let hi = fleetCreated.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (fleetCreated[mid] <= time) lo = mid + 1;
      else hi = mid;
    }
    return fleet[random.int(0, Math.max(lo, 1) - 1)];
  };

  let eligible = drivers.ids.map((_, i) => i).filter((i) => drivers.status[i] !== 'Pending Docs');
  if (eligible.length === 0) eligible = drivers.ids.map((_, i) => i);
  const key = new Float64Array(drivers.ids.length);
  const latest = new Float64Array(drivers.ids.length);
  for (const d of eligible) {
    const status = drivers.status[d];
    latest[d] =
      status === 'On Leave'
        ? now - random.around(2, 25) * DAY
        : status === 'Inactive'
          ? now - random.around(20, 300) * DAY
          : now + random.around(-1.5, 3) * DAY;
  }
  const own = new Int32Array(drivers.ids.length).fill(-1);
  const nextOrigin = new Int16Array(drivers.ids.length).fill(-1);
  const heap = new DriverHeap(drivers.ids.length, key);
  const oldest = now - 5 * YEAR;

  let round = -1;
  let k = 0;
  while (k < count) {
    if (heap.size === 0) {
      // Every driver's history reached the day their record was entered. More trips than these drivers
      // could have run: lay further rounds over the same period (from the third, ignoring entry dates).
      round++;
      for (const d of eligible) {
        key[d] = latest[d] - (round > 0 ? random.next() * 2 * DAY : 0);
        heap.push(d);
      }
    }
    const d = heap.items[0];
    const floor = round >= 2 ? oldest : Math.max(oldest, drivers.created[d]);

    const destination = nextOrigin[d] >= 0 && random.chance(0.7) ? nextOrigin[d] : pickCity(random);
    const origin = ORIGIN_FOR[destination](random);
    const km = DISTANCES[origin * CITY_COUNT + destination];
    const plannedHours = 1.5 + km / random.around(24, 38); // loading, then driving with halts
    // One in five runs late (a breakdown, a jam, a wait at a checkpost); the rest arrive about on time, most a little
    // early as the promised time has slack: about three in four deliveries on time.
    const factor = random.chance(0.2) ? random.around(1.1, 1.8) : random.around(0.88, 1.04);
    const end = roundTo(key[d], 60_000);
    const start = roundTo(end - plannedHours * factor * HOUR, 15 * 60_000);
    const eta = roundTo(start + plannedHours * HOUR, 30 * 60_000);
    let created = start - random.around(0.1, 4) * DAY; // booked ahead
    if (created > now) created = now - random.next() * 6 * HOUR;
    created = Math.floor(created);
    if (created < floor) {
      heap.settleTop(true);
      continue;
    }

    if (own[d] < 0) own[d] = nextOwnable < ownable.length ? ownable[nextOwnable++] : fleet[random.int(0, fleet.length - 1)];
    const vehicle = random.chance(0.85) && vehicles.created[own[d]] <= created ? own[d] : vehicleBefore(created);

    let status: number;
    let version: number;
    let updated: number;
    let startOut = start;
    let etaOut = eta;
    let endOut = NaN;
    if (random.chance(0.035)) {
      status = CANCELLED;
      updated = created + random.next() * Math.max(0, Math.min(start, now) - created);
      version = 2;
      if (random.chance(0.3)) startOut = NaN;
      if (random.chance(0.4)) etaOut = NaN;
    } else if (start > now) {
      status = SCHEDULED;
      version = random.chance(0.2) ? 2 : 1;
      updated = version === 2 ? created + random.next() * (now - created) : created;
      if (random.chance(0.12)) etaOut = NaN; // not promised yet
    } else if (end > now) {
      status = now > eta ? DELAYED : IN_TRANSIT;
      version = status === DELAYED ? 3 : 2;
      updated = status === DELAYED ? eta + random.next() * (now - eta) : start + random.next() * Math.min(HOUR, now - start);
    } else {
      status = DELIVERED;
      endOut = end;
      version = random.chance(0.1) ? 4 : 3;
      updated = Math.min(now, end + random.around(0.02, 1.5) * DAY);
      if (random.chance(0.03)) etaOut = NaN;
    }

    plan.created[k] = created;
    plan.updated[k] = Math.max(created, Math.floor(updated));
    plan.start[k] = startOut;
    plan.eta[k] = etaOut;
    plan.end[k] = endOut;
    plan.driver[k] = d;
    plan.vehicle[k] = vehicle;
    plan.origin[k] = origin;
    plan.destination[k] = destination;
    plan.status[k] = status;
    plan.version[k] = version;
    k++;

    // Back to the previous trip: it ended where this one was loaded, after a rest (now and then a week at home).
    nextOrigin[d] = origin;
    key[d] = start - (random.chance(0.08) ? random.around(3, 12) : random.around(0.1, 2.2)) * DAY;
    heap.settleTop();
  }
  return plan;
}

const VEHICLE_GONE = new Set(['Sold', 'Out of Service']);

/**
 * Makes the plan one the application would accept (migration 0024 and the trip's links): a trip planned or
 * under way never names a Sold or Out of Service vehicle (it takes another usable one entered before it) nor
 * an Inactive driver, and a vehicle or driver is on one trip In Transit or Delayed at a time, counting those
 * already in the database (`onTheRoad`). A trip that cannot be put right was called off: Cancelled.
 * Finished trips keep the vehicle they ran on, sold since or not.
 */
function keepTripsPossible(
  random: Random,
  plan: TripPlan,
  now: number,
  drivers: Linked & { status: string[] },
  vehicles: Linked & { status: string[]; type: string[] },
  onTheRoad: { vehicles: number[]; drivers: number[] },
) {
  const vehicleBusy = new Uint8Array(vehicles.ids.length);
  const driverBusy = new Uint8Array(drivers.ids.length);
  for (const v of onTheRoad.vehicles) vehicleBusy[v] = 1;
  for (const d of onTheRoad.drivers) driverBusy[d] = 1;
  // Usable vehicles that run trips, in order of creation (as vehicles are given).
  let usable = vehicles.ids.map((_, i) => i).filter((i) => TRIP_VEHICLE_TYPES.has(vehicles.type[i]) && !VEHICLE_GONE.has(vehicles.status[i]));
  if (usable.length === 0) usable = vehicles.ids.map((_, i) => i).filter((i) => !VEHICLE_GONE.has(vehicles.status[i]));
  const usableCreated = Float64Array.from(usable, (i) => vehicles.created[i]);
  const replacement = (created: number, running: boolean) => {
    let lo = 0;
    let hi = usable.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (usableCreated[mid] <= created) lo = mid + 1;
      else hi = mid;
    }
    for (let attempt = 0; attempt < 40 && lo > 0; attempt++) {
      const v = usable[random.int(0, lo - 1)];
      if (!running || !vehicleBusy[v]) return v;
    }
    return -1;
  };
  const callOff = (k: number) => {
    plan.status[k] = CANCELLED;
    plan.version[k] = 2;
    plan.end[k] = NaN;
    const start = Number.isNaN(plan.start[k]) ? now : Math.min(plan.start[k], now);
    plan.updated[k] = Math.floor(plan.created[k] + random.next() * Math.max(0, start - plan.created[k]));
  };
  for (let k = 0; k < plan.count; k++) {
    const status = plan.status[k];
    if (status === DELIVERED || status === CANCELLED) continue;
    const running = status === IN_TRANSIT || status === DELAYED;
    const d = plan.driver[k];
    if (drivers.status[d] === 'Inactive' || (running && driverBusy[d])) {
      callOff(k);
      continue;
    }
    let v = plan.vehicle[k];
    if (VEHICLE_GONE.has(vehicles.status[v]) || (running && vehicleBusy[v])) {
      v = replacement(plan.created[k], running);
      if (v < 0) {
        callOff(k);
        continue;
      }
      plan.vehicle[k] = v;
    }
    if (running) vehicleBusy[v] = driverBusy[d] = 1;
  }
}

/** Inserts `count` trips between the freight cities, run by the drivers and vehicles in the database. */
export async function seedTrips(database: Database, options: SeedOptions): Promise<{ inserted: number; ids: string[] }> {
  const { count, random, now } = options;
  if (count === 0) return { inserted: 0, ids: [] };
  const epoch = `(extract(epoch FROM created_at) * 1000)::float8 AS created`;
  const vehicleRows = await database.query<{ id: string; type: string; model: string; status: string; created: number }>(
    `SELECT id, type, model, status, ${epoch} FROM vehicles ORDER BY created_at, id`,
  );
  const driverRows = await database.query<{ id: string; status: string; created: number }>(`SELECT id, status, ${epoch} FROM drivers ORDER BY created_at, id`);
  if (vehicleRows.length === 0 || driverRows.length === 0) {
    throw new Error(
      `Trips need vehicles and drivers to run them; the database has ${vehicleRows.length} vehicles and ${driverRows.length} drivers (add some with --vehicles and --drivers).`,
    );
  }
  const vehicles = {
    ids: vehicleRows.map((r) => r.id),
    created: Float64Array.from(vehicleRows, (r) => Number(r.created)),
    status: vehicleRows.map((r) => r.status),
    type: vehicleRows.map((r) => r.type),
    model: vehicleRows.map((r) => r.model),
  };
  const drivers = {
    ids: driverRows.map((r) => r.id),
    created: Float64Array.from(driverRows, (r) => Number(r.created)),
    status: driverRows.map((r) => r.status),
  };

  const planning = performance.now();
  const plan = planTrips(random, count, now, drivers, vehicles);
  const running = await database.query<{ vehicle_id: string; driver_id: string }>(
    `SELECT vehicle_id, driver_id FROM trips WHERE status IN ('In Transit', 'Delayed')`,
  );
  const vehicleIndex = new Map(vehicles.ids.map((id, i) => [id, i]));
  const driverIndex = new Map(drivers.ids.map((id, i) => [id, i]));
  keepTripsPossible(random, plan, now, drivers, vehicles, {
    vehicles: running.map((r) => vehicleIndex.get(r.vehicle_id)!),
    drivers: running.map((r) => driverIndex.get(r.driver_id)!),
  });
  // Rows go in in order of creation, as the application would have appended them.
  const order = new Uint32Array(count).map((_, i) => i).sort((a, b) => plan.created[a] - plan.created[b]);
  if (options.phases) options.phases.plan = Math.round(performance.now() - planning);

  const existingIds = await database.query<{ id: string }>('SELECT id FROM trips');
  const ids = new Set(existingIds.map((r) => r.id));
  const newIds: string[] = [];
  const iso = (ms: number) => (Number.isNaN(ms) ? null : new Date(ms).toISOString());

  const fill = (batch: ColumnBatch, offset: number, size: number) => {
    for (let n = offset; n < offset + size; n++) {
      const i = order[n];
      let id: string;
      do id = seededId(tripsArea.idFormat, plan.created[i], random);
      while (ids.has(id));
      ids.add(id);
      newIds.push(id);
      batch.id.push(id);
      batch.origin.push(FREIGHT_CITIES[plan.origin[i]].name);
      batch.destination.push(FREIGHT_CITIES[plan.destination[i]].name);
      batch.vehicle_id.push(vehicles.ids[plan.vehicle[i]]);
      batch.driver_id.push(drivers.ids[plan.driver[i]]);
      batch.status.push(STATUS[plan.status[i]]);
      batch.eta.push(iso(plan.eta[i]));
      batch.start_date.push(iso(plan.start[i]));
      batch.end_date.push(iso(plan.end[i]));
      batch.notes.push(tripNote(random, plan.status[i]));
      // Its money (issue 19): freight agreed (at its vehicle's rate) unless Cancelled, the km run once Delivered.
      const v = plan.vehicle[i];
      const money = tripFreight(
        random,
        DISTANCES[plan.origin[i] * CITY_COUNT + plan.destination[i]],
        vehicles.type[v],
        vehicles.model[v],
        STATUS[plan.status[i]],
      );
      batch.freight.push(money.freight);
      batch.distance_km.push(money.km);
      batch.created_at.push(iso(plan.created[i]));
      batch.updated_at.push(iso(plan.updated[i]));
      batch.version.push(plan.version[i]);
    }
  };

  const inserted = await bulkLoad(database, {
    table: 'trips',
    columns: TRIP_COLUMNS,
    count,
    existingRows: existingIds.length,
    batchSize: 10_000,
    fill,
    computed: TRIP_SEARCH_TEXT,
    disableTriggers: [TRIP_SEARCH_TRIGGER],
    rebuildFrom: options.rebuildFrom,
    timings: options.phases,
    onProgress: (done, total) => options.onProgress?.('trips', done, total),
  });
  return { inserted, ids: newIds };
}
