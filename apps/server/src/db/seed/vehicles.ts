import { vehiclesArea, type VehicleStatus, type VehicleType } from '@raahi/domain';
import type { Database } from '../client';
import { bulkLoad, type BulkColumn, type ColumnBatch } from './bulk-insert';
import { licensePlate } from './india';
import { weightedTable, type Random, type WeightedChoices } from './random';
import { DAY, isoDate, recordKey, seededId, spreadTimestamps, YEAR, type SeedProgress } from './common';

/**
 * Demo vehicles of an Indian road-transport fleet: mostly trucks from the Indian makers, with the
 * vans, trailers, staff cars, buses and two- and three-wheelers such fleets also keep.
 */
interface VehicleModel {
  make: string;
  model: string;
  /** Relative share within its vehicle type. */
  weight: number;
  /** First model year on sale in India. */
  since: number;
  /** Typical distance run in a year (km); null for vehicles without an odometer (most trailers). */
  kmPerYear: readonly [number, number] | null;
}

/**
 * Makers' World Manufacturer Identifiers (first three VIN characters) and assembly-plant codes
 * (VIN position 11). Indian-built vehicles carry WMIs starting with M; Volvo's start with YV.
 */
const MAKERS: Record<string, { wmi: string; plants: string }> = {
  'Tata Motors': { wmi: 'MAT', plants: 'JPLDR' },
  'Ashok Leyland': { wmi: 'MB1', plants: 'EHPA' },
  Eicher: { wmi: 'MC2', plants: 'PB' },
  Mahindra: { wmi: 'MA1', plants: 'NCZK' },
  BharatBenz: { wmi: 'MEC', plants: 'C' },
  'Force Motors': { wmi: 'MBX', plants: 'PC' },
  'Maruti Suzuki': { wmi: 'MA3', plants: 'GMH' },
  Isuzu: { wmi: 'MPA', plants: 'S' },
  Volvo: { wmi: 'YV2', plants: 'H' },
  Toyota: { wmi: 'MBJ', plants: 'B' },
  Hyva: { wmi: 'MZH', plants: 'V' },
  Hero: { wmi: 'MBL', plants: 'DGN' },
  Bajaj: { wmi: 'MD2', plants: 'WPA' },
  TVS: { wmi: 'MD6', plants: 'HM' },
  'Royal Enfield': { wmi: 'ME3', plants: 'CV' },
  Honda: { wmi: 'ME4', plants: 'MGT' },
  Piaggio: { wmi: 'MBW', plants: 'B' },
};

const HEAVY = [75_000, 130_000] as const;
const MEDIUM = [55_000, 95_000] as const;
const LIGHT = [30_000, 60_000] as const;

const CATALOGUE: Record<VehicleType, readonly VehicleModel[]> = {
  Truck: [
    { make: 'Tata Motors', model: 'Prima 5530.S', weight: 3, since: 2010, kmPerYear: HEAVY },
    { make: 'Tata Motors', model: 'Prima 2830.K', weight: 2, since: 2012, kmPerYear: MEDIUM },
    { make: 'Tata Motors', model: 'Signa 4825.TK', weight: 4, since: 2016, kmPerYear: MEDIUM },
    { make: 'Tata Motors', model: 'Signa 3118.T', weight: 5, since: 2016, kmPerYear: HEAVY },
    { make: 'Tata Motors', model: 'Signa 4225.T', weight: 3, since: 2018, kmPerYear: HEAVY },
    { make: 'Tata Motors', model: 'Ultra 1918.T', weight: 4, since: 2014, kmPerYear: MEDIUM },
    { make: 'Tata Motors', model: 'Ultra T.7', weight: 2, since: 2021, kmPerYear: LIGHT },
    { make: 'Tata Motors', model: 'LPT 1613', weight: 3, since: 2004, kmPerYear: MEDIUM },
    { make: 'Tata Motors', model: 'LPT 3518', weight: 2, since: 2008, kmPerYear: HEAVY },
    { make: 'Tata Motors', model: 'Ace Gold', weight: 6, since: 2012, kmPerYear: LIGHT },
    { make: 'Tata Motors', model: 'Intra V30', weight: 3, since: 2019, kmPerYear: LIGHT },
    { make: 'Tata Motors', model: 'Yodha 2.0', weight: 1.5, since: 2020, kmPerYear: LIGHT },
    { make: 'Ashok Leyland', model: 'Dost+', weight: 4, since: 2015, kmPerYear: LIGHT },
    { make: 'Ashok Leyland', model: 'Bada Dost i4', weight: 2, since: 2021, kmPerYear: LIGHT },
    { make: 'Ashok Leyland', model: 'Partner 6 Tyre', weight: 1.5, since: 2015, kmPerYear: LIGHT },
    { make: 'Ashok Leyland', model: 'Ecomet 1615', weight: 3, since: 2010, kmPerYear: MEDIUM },
    { make: 'Ashok Leyland', model: 'Boss 1920', weight: 3, since: 2012, kmPerYear: MEDIUM },
    { make: 'Ashok Leyland', model: 'Captain 4019', weight: 2, since: 2011, kmPerYear: HEAVY },
    { make: 'Ashok Leyland', model: 'AVTR 4220', weight: 2.5, since: 2020, kmPerYear: HEAVY },
    { make: 'Ashok Leyland', model: 'AVTR 3120', weight: 2, since: 2020, kmPerYear: HEAVY },
    { make: 'Eicher', model: 'Pro 2049', weight: 4, since: 2013, kmPerYear: LIGHT },
    { make: 'Eicher', model: 'Pro 2059XP', weight: 2, since: 2019, kmPerYear: LIGHT },
    { make: 'Eicher', model: 'Pro 3015', weight: 3, since: 2013, kmPerYear: MEDIUM },
    { make: 'Eicher', model: 'Pro 3019', weight: 2, since: 2016, kmPerYear: MEDIUM },
    { make: 'Eicher', model: 'Pro 6028', weight: 1.5, since: 2014, kmPerYear: HEAVY },
    { make: 'Eicher', model: 'Pro 6048', weight: 1, since: 2017, kmPerYear: HEAVY },
    { make: 'Mahindra', model: 'Blazo X 35', weight: 2, since: 2020, kmPerYear: HEAVY },
    { make: 'Mahindra', model: 'Blazo X 49', weight: 1.5, since: 2020, kmPerYear: HEAVY },
    { make: 'Mahindra', model: 'Blazo X 28', weight: 1, since: 2020, kmPerYear: MEDIUM },
    { make: 'Mahindra', model: 'Furio 14', weight: 1.5, since: 2019, kmPerYear: MEDIUM },
    { make: 'Mahindra', model: 'Furio 7', weight: 1, since: 2019, kmPerYear: LIGHT },
    { make: 'Mahindra', model: 'Bolero Pickup', weight: 5, since: 2008, kmPerYear: LIGHT },
    { make: 'Mahindra', model: 'Bolero Maxx Pik-Up', weight: 2, since: 2023, kmPerYear: LIGHT },
    { make: 'Mahindra', model: 'Jeeto', weight: 1.5, since: 2015, kmPerYear: LIGHT },
    { make: 'BharatBenz', model: '1617R', weight: 2.5, since: 2012, kmPerYear: MEDIUM },
    { make: 'BharatBenz', model: '2823C', weight: 2, since: 2012, kmPerYear: MEDIUM },
    { make: 'BharatBenz', model: '3528C', weight: 1.5, since: 2013, kmPerYear: MEDIUM },
    { make: 'BharatBenz', model: '5528T', weight: 1.5, since: 2014, kmPerYear: HEAVY },
    { make: 'BharatBenz', model: '1015R', weight: 1, since: 2013, kmPerYear: LIGHT },
    { make: 'Maruti Suzuki', model: 'Super Carry', weight: 2, since: 2016, kmPerYear: LIGHT },
    { make: 'Isuzu', model: 'D-Max S-CAB', weight: 1.5, since: 2016, kmPerYear: LIGHT },
    { make: 'Isuzu', model: 'D-Max Regular Cab', weight: 1, since: 2016, kmPerYear: LIGHT },
    { make: 'Volvo', model: 'FM 420', weight: 0.8, since: 2009, kmPerYear: HEAVY },
    { make: 'Volvo', model: 'FMX 460', weight: 0.5, since: 2014, kmPerYear: HEAVY },
  ],
  Van: [
    { make: 'Maruti Suzuki', model: 'Eeco Cargo', weight: 5, since: 2010, kmPerYear: [25_000, 45_000] },
    { make: 'Maruti Suzuki', model: 'Eeco', weight: 2, since: 2010, kmPerYear: [20_000, 40_000] },
    { make: 'Tata Motors', model: 'Winger', weight: 2, since: 2007, kmPerYear: [35_000, 60_000] },
    { make: 'Force Motors', model: 'Traveller 3350', weight: 3, since: 2008, kmPerYear: [40_000, 70_000] },
    { make: 'Force Motors', model: 'Urbania', weight: 1, since: 2022, kmPerYear: [40_000, 70_000] },
    { make: 'Mahindra', model: 'Supro Van', weight: 1.5, since: 2015, kmPerYear: [25_000, 45_000] },
  ],
  Trailer: [
    { make: 'Hyva', model: 'Flatbed Trailer 40 ft', weight: 3, since: 2008, kmPerYear: null },
    { make: 'Hyva', model: 'Skeletal Trailer 40 ft', weight: 3, since: 2008, kmPerYear: null },
    { make: 'Hyva', model: 'Tipping Trailer 3-Axle', weight: 2, since: 2012, kmPerYear: null },
    { make: 'Hyva', model: 'Low Bed Trailer 3-Axle', weight: 1, since: 2010, kmPerYear: null },
  ],
  Car: [
    { make: 'Maruti Suzuki', model: 'Dzire Tour S', weight: 4, since: 2010, kmPerYear: [20_000, 40_000] },
    { make: 'Maruti Suzuki', model: 'Ertiga Tour', weight: 2, since: 2019, kmPerYear: [20_000, 40_000] },
    { make: 'Toyota', model: 'Innova Crysta', weight: 3, since: 2016, kmPerYear: [25_000, 50_000] },
    { make: 'Mahindra', model: 'Bolero Neo', weight: 2, since: 2021, kmPerYear: [18_000, 35_000] },
    { make: 'Mahindra', model: 'Scorpio-N', weight: 1.5, since: 2022, kmPerYear: [18_000, 35_000] },
    { make: 'Isuzu', model: 'D-Max V-Cross', weight: 0.5, since: 2016, kmPerYear: [15_000, 30_000] },
  ],
  Bus: [
    { make: 'Tata Motors', model: 'Starbus', weight: 3, since: 2008, kmPerYear: [60_000, 100_000] },
    { make: 'Ashok Leyland', model: 'Viking', weight: 3, since: 2005, kmPerYear: [60_000, 100_000] },
    { make: 'Ashok Leyland', model: 'Lynx Smart', weight: 1, since: 2013, kmPerYear: [50_000, 90_000] },
    { make: 'Eicher', model: 'Skyline Pro 3011', weight: 2, since: 2016, kmPerYear: [50_000, 90_000] },
    { make: 'Force Motors', model: 'Traveller 26', weight: 2, since: 2013, kmPerYear: [45_000, 80_000] },
    { make: 'Volvo', model: '9600', weight: 0.8, since: 2019, kmPerYear: [120_000, 180_000] },
  ],
  Motorcycle: [
    { make: 'Hero', model: 'Splendor Plus', weight: 5, since: 2005, kmPerYear: [8_000, 16_000] },
    { make: 'Honda', model: 'Shine', weight: 3, since: 2006, kmPerYear: [8_000, 15_000] },
    { make: 'Bajaj', model: 'Pulsar 150', weight: 2, since: 2006, kmPerYear: [8_000, 15_000] },
    { make: 'TVS', model: 'Apache RTR 160', weight: 1.5, since: 2007, kmPerYear: [8_000, 15_000] },
    { make: 'Royal Enfield', model: 'Bullet 350', weight: 1, since: 2005, kmPerYear: [6_000, 12_000] },
  ],
  Other: [
    { make: 'Piaggio', model: 'Ape Xtra LDX', weight: 3, since: 2014, kmPerYear: [20_000, 35_000] },
    { make: 'Mahindra', model: 'Treo Zor', weight: 2, since: 2020, kmPerYear: [20_000, 35_000] },
    { make: 'Bajaj', model: 'Maxima Cargo', weight: 2, since: 2012, kmPerYear: [20_000, 35_000] },
  ],
};

/** The fleet's mix of vehicle types: a freight operator's fleet is mostly trucks. */
const TYPE_MIX: WeightedChoices<VehicleType> = [
  ['Truck', 66],
  ['Van', 10],
  ['Trailer', 7],
  ['Car', 6],
  ['Bus', 5],
  ['Motorcycle', 4],
  ['Other', 2],
];

/** Status by age: new vehicles are nearly all on the road; old ones are more often off it or sold. */
const STATUS_BY_AGE: { maxYears: number; pick: (random: Random) => VehicleStatus }[] = [
  {
    maxYears: 1,
    pick: weightedTable<VehicleStatus>([
      ['Active', 90],
      ['In Maintenance', 6],
      ['Out of Service', 3],
      ['Sold', 1],
    ]),
  },
  {
    maxYears: 8,
    pick: weightedTable<VehicleStatus>([
      ['Active', 80],
      ['In Maintenance', 10],
      ['Out of Service', 6],
      ['Sold', 4],
    ]),
  },
  {
    maxYears: Infinity,
    pick: weightedTable<VehicleStatus>([
      ['Active', 62],
      ['In Maintenance', 12],
      ['Out of Service', 12],
      ['Sold', 14],
    ]),
  },
];

export const VEHICLE_COLUMNS: readonly BulkColumn[] = [
  { name: 'id', type: 'text' },
  { name: 'make', type: 'text' },
  { name: 'model', type: 'text' },
  { name: 'year', type: 'integer' },
  { name: 'vin', type: 'text' },
  { name: 'license_plate', type: 'text' },
  { name: 'type', type: 'text' },
  { name: 'status', type: 'text' },
  { name: 'current_mileage', type: 'integer' },
  { name: 'purchase_date', type: 'date' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
  { name: 'version', type: 'integer' },
];

// --- VINs (ISO 3779: WMI, VDS with check digit at position 9, model-year code at 10, plant at 11, serial) ---

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'; // no I, O or Q
const VIN_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
/** Model-year codes repeat every 30 years: 1980 and 2010 are A, 2001 is 1, 2024 is R. */
const VIN_YEARS = 'ABCDEFGHJKLMNPRSTVWXY123456789';

function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = vin[i];
    sum += (ch >= '0' && ch <= '9' ? Number(ch) : VIN_VALUES[ch]) * VIN_WEIGHTS[i];
  }
  const check = sum % 11;
  return check === 10 ? 'X' : String(check);
}

/** A stable three-character vehicle-descriptor code per model, e.g. the same for every Signa 4825.TK. */
function modelCode(model: string): string {
  let hash = 2166136261;
  for (let i = 0; i < model.length; i++) hash = Math.imul(hash ^ model.charCodeAt(i), 16777619) >>> 0;
  let code = '';
  for (let i = 0; i < 3; i++) {
    code += VIN_CHARS[hash % VIN_CHARS.length];
    hash = Math.floor(hash / VIN_CHARS.length);
  }
  return code;
}

const modelCodes = new Map<string, string>();

function vin(random: Random, vehicle: VehicleModel, year: number): string {
  const maker = MAKERS[vehicle.make];
  let code = modelCodes.get(vehicle.model);
  if (!code) modelCodes.set(vehicle.model, (code = modelCode(vehicle.model)));
  const variant = VIN_CHARS[random.int(0, 22)] + VIN_CHARS[random.int(0, VIN_CHARS.length - 1)];
  const plant = maker.plants[random.int(0, maker.plants.length - 1)];
  const serial = String(random.int(0, 999_999)).padStart(6, '0');
  const draft = maker.wmi + code + variant + '0' + VIN_YEARS[(((year - 1980) % 30) + 30) % 30] + plant + serial;
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
}

// --- Generation ---

const pickType = weightedTable(TYPE_MIX);
const pickModel = Object.fromEntries(
  Object.entries(CATALOGUE).map(([type, models]) => [type, weightedTable(models.map((m) => [m, m.weight] as const))]),
) as Record<VehicleType, (random: Random) => VehicleModel>;

export interface VehicleSeedOptions {
  count: number;
  random: Random;
  /** The seed's "now" (ms); records are spread over the years before it. */
  now: number;
  /** How far back the first record was entered. */
  historyYears?: number;
  /** See BulkLoad.rebuildFrom. */
  rebuildFrom?: number;
  /** Filled with the milliseconds of the load's phases (see BulkLoad.timings). */
  phases?: Record<string, number>;
  onProgress?: SeedProgress;
}

/**
 * Inserts `count` vehicles. Ids (VEH + the last four digits of the record's creation time in ms + two
 * random characters), VINs and plates are unique, also against rows already in the table.
 */
export async function seedVehicles(database: Database, options: VehicleSeedOptions): Promise<number> {
  const { count, random, now } = options;
  const existing = await database.query<{ id: string; vin: string; license_plate: string }>('SELECT id, vin, license_plate FROM vehicles');
  const ids = new Set(existing.map((r) => r.id));
  // Compared as the unique indexes compare them (record_key): 'mh 12 ab-1234' is MH12AB1234.
  const vins = new Set(existing.map((r) => recordKey(r.vin)));
  const plates = new Set(existing.map((r) => recordKey(r.license_plate)));
  const createdTimes = spreadTimestamps(random, count, now - (options.historyYears ?? 4) * YEAR, now - 3_600_000);
  const currentYear = new Date(now).getUTCFullYear();
  const { idFormat } = vehiclesArea;

  const fill = (batch: ColumnBatch, offset: number, size: number) => {
    for (let i = offset; i < offset + size; i++) {
      const createdAt = createdTimes[i];
      const type = pickType(random);
      const vehicle = pickModel[type](random);

      // Bought new or second-hand before it joined this fleet's records; never before the model existed.
      const earliest = Date.UTC(vehicle.since, 0, 1);
      const ageAtEntry = random.chance(0.4) ? random.next() * 60 * DAY : random.around(0.2, 9) * YEAR;
      const purchasedAt = Math.max(earliest, createdAt - ageAtEntry);
      const purchaseYear = new Date(purchasedAt).getUTCFullYear();
      // Bought late in the year, a vehicle often carries the previous model year.
      const year = Math.min(currentYear, Math.max(vehicle.since, purchaseYear - (random.chance(0.2) ? 1 : 0)));
      const ageYears = (now - purchasedAt) / YEAR;
      const status = STATUS_BY_AGE.find((s) => ageYears <= s.maxYears)!.pick(random);

      let mileage: number | null = null;
      if (vehicle.kmPerYear && !random.chance(0.02)) {
        const [low, high] = vehicle.kmPerYear;
        mileage = Math.round(ageYears * random.around(low, high) + random.int(0, 900));
      } else if (!vehicle.kmPerYear && random.chance(0.3)) {
        mileage = Math.round(ageYears * random.around(60_000, 110_000)); // hub odometer
      }

      let id: string;
      do id = seededId(idFormat, createdAt, random);
      while (ids.has(id));
      ids.add(id);
      let plate: string;
      do plate = licensePlate(random);
      while (plates.has(recordKey(plate)));
      plates.add(recordKey(plate));
      let chassis: string;
      do chassis = vin(random, vehicle, year);
      while (vins.has(recordKey(chassis)));
      vins.add(recordKey(chassis));

      // About a third have been edited since (mileage updates, status changes).
      const edits = random.chance(0.35) ? random.int(1, 5) : 0;
      const updatedAt = edits ? createdAt + Math.floor(random.next() * (now - createdAt)) : createdAt;

      batch.id.push(id);
      batch.make.push(vehicle.make);
      batch.model.push(vehicle.model);
      batch.year.push(year);
      batch.vin.push(chassis);
      batch.license_plate.push(plate);
      batch.type.push(type);
      batch.status.push(status);
      batch.current_mileage.push(mileage);
      batch.purchase_date.push(random.chance(0.04) ? null : isoDate(purchasedAt));
      batch.created_at.push(new Date(createdAt).toISOString());
      batch.updated_at.push(new Date(updatedAt).toISOString());
      batch.version.push(1 + edits);
    }
  };

  return bulkLoad(database, {
    table: 'vehicles',
    columns: VEHICLE_COLUMNS,
    count,
    existingRows: existing.length,
    rebuildFrom: options.rebuildFrom,
    timings: options.phases,
    fill,
    onProgress: (done, total) => options.onProgress?.('vehicles', done, total),
  });
}
