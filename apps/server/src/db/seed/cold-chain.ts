import { coldChainArea, type COLD_CHAIN_STATUSES } from '@raahi/domain';
import type { Database } from '../client';
import { bulkLoad, type BulkColumn, type ColumnBatch, type ComputedColumns } from './bulk-insert';
import { HOUR, seededId, type SeedOptions } from './common';
import { weightedTable, type Random } from './random';

type Status = (typeof COLD_CHAIN_STATUSES)[number];

export const COLD_CHAIN_COLUMNS: readonly BulkColumn[] = [
  { name: 'id', type: 'text' },
  { name: 'name', type: 'text' },
  { name: 'trip_id', type: 'text' },
  { name: 'min_temp', type: 'double precision' },
  { name: 'max_temp', type: 'double precision' },
  { name: 'current_temp', type: 'double precision' },
  { name: 'current_humidity', type: 'double precision' },
  { name: 'status', type: 'text' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
  { name: 'version', type: 'integer' },
];

/** As the cold_chain_search_text trigger (migration 0007) computes it, over the batch's row `u`. */
export const COLD_CHAIN_SEARCH_TEXT: ComputedColumns = {
  values: { search_text: `lower(concat_ws(E'\\n', u.id, u.name, trip_label(t.id, t.origin, t.destination)))` },
  joins: 'LEFT JOIN trips t ON t.id = u.trip_id',
};
export const COLD_CHAIN_SEARCH_TRIGGER = 'cold_chain_search_text';

/**
 * What Indian reefers carry and the range each load is kept in (°C), with the relative humidity it
 * wants (%): frozen fish and ice cream deep-frozen, dairy and vaccines at 2–8, fruit and vegetables cool and damp.
 */
const LOADS: readonly { product: string; weight: number; min: number; max: number; humidity: [number, number] }[] = [
  { product: 'Frozen Seafood', weight: 3, min: -25, max: -18, humidity: [70, 85] },
  { product: 'Ice Cream', weight: 2, min: -25, max: -20, humidity: [60, 75] },
  { product: 'Frozen Poultry', weight: 2, min: -22, max: -18, humidity: [70, 85] },
  { product: 'Dairy', weight: 4, min: 2, max: 6, humidity: [75, 85] },
  { product: 'Vaccines', weight: 2, min: 2, max: 8, humidity: [40, 60] },
  { product: 'Pharma', weight: 2, min: 15, max: 25, humidity: [40, 60] },
  { product: 'Alphonso Mangoes', weight: 1, min: 10, max: 13, humidity: [85, 90] },
  { product: 'Bananas', weight: 2, min: 13, max: 15, humidity: [90, 95] },
  { product: 'Grapes', weight: 1, min: -1, max: 1, humidity: [90, 95] },
  { product: 'Fresh Vegetables', weight: 3, min: 0, max: 5, humidity: [90, 95] },
  { product: 'Flowers', weight: 1, min: 1, max: 4, humidity: [90, 95] },
];
const pickLoad = weightedTable(LOADS.map((load) => [load, load.weight] as const));
/** Reefer units of the brands Indian fleets fit. */
const UNITS = ['Carrier Transicold', 'Thermo King', 'Daikin', 'Blue Star', 'Zanotti'] as const;
/** The unit's state by the trip's: delivered and cancelled trips' units are switched off. */
const STATUS_BY_TRIP: Record<string, readonly (readonly [Status, number])[]> = {
  'In Transit': [
    ['Optimal', 80],
    ['Warning', 13],
    ['Critical', 4],
    ['Offline', 3],
  ],
  Delayed: [
    ['Optimal', 60],
    ['Warning', 25],
    ['Critical', 10],
    ['Offline', 5],
  ],
  Scheduled: [
    ['Optimal', 70],
    ['Offline', 30],
  ],
  Delivered: [
    ['Offline', 85],
    ['Optimal', 15],
  ],
  Cancelled: [['Offline', 100]],
};
const pickStatus = Object.fromEntries(Object.entries(STATUS_BY_TRIP).map(([trip, choices]) => [trip, weightedTable(choices)]));
const tenth = (value: number) => Math.round(value * 10) / 10;

/** A reading for the status: inside the range when Optimal, a little outside on Warning, far outside on Critical; none when Offline. */
function reading(random: Random, status: Status, min: number, max: number): number | null {
  if (status === 'Offline') return null;
  if (status === 'Optimal') return tenth(random.around(min + 0.2, max - 0.2));
  const off = status === 'Warning' ? random.around(0.3, 2) : random.around(3, 9);
  return tenth(random.chance(0.8) ? max + off : min - off);
}

/**
 * Inserts `count` reefer units on trips in the database (a trip has at most one when there are enough),
 * each set for its load, with a reading that agrees with its status and the trip's state.
 */
export async function seedColdChain(database: Database, options: SeedOptions): Promise<{ inserted: number; ids: string[] }> {
  const { count, random, now } = options;
  if (count === 0) return { inserted: 0, ids: [] };
  const trips = await database.query<{ id: string; status: string; created: number }>(
    'SELECT id, status, (extract(epoch FROM created_at) * 1000)::float8 AS created FROM trips ORDER BY created_at, id',
  );
  if (trips.length === 0) throw new Error('Cold chain units need trips; the database has none (add some with --trips).');
  // Distinct trips, drawn by a partial shuffle; repeats only once every trip has a unit.
  const order = trips.map((_, i) => i);
  const chosen = Array.from({ length: count }, (_, n) => {
    const k = n % trips.length;
    const j = k + Math.floor(random.next() * (trips.length - k));
    [order[k], order[j]] = [order[j], order[k]];
    return trips[order[k]];
  });
  const rows = chosen
    .map((trip) => ({ trip, created: Math.floor(Math.min(now - random.next() * HOUR, Number(trip.created) + random.around(0.1, 6) * HOUR)) }))
    .sort((a, b) => a.created - b.created);
  const existing = await database.query<{ id: string }>('SELECT id FROM cold_chain_units');
  const ids = new Set(existing.map((r) => r.id));
  const newIds: string[] = [];
  const fill = (batch: ColumnBatch, offset: number, size: number) => {
    for (let n = offset; n < offset + size; n++) {
      const { trip, created } = rows[n];
      let id: string;
      do id = seededId(coldChainArea.idFormat, created, random);
      while (ids.has(id));
      ids.add(id);
      newIds.push(id);
      const load = pickLoad(random);
      const status = (pickStatus[trip.status] ?? pickStatus.Scheduled)(random);
      const edited = status !== 'Offline' && random.chance(0.6);
      batch.id.push(id);
      batch.name.push(`${load.product} Reefer RF-${String(random.int(1, 999)).padStart(3, '0')} (${random.pick(UNITS)})`);
      batch.trip_id.push(trip.id);
      batch.min_temp.push(load.min);
      batch.max_temp.push(load.max);
      batch.current_temp.push(reading(random, status, load.min, load.max));
      batch.current_humidity.push(status === 'Offline' ? null : random.int(...load.humidity));
      batch.status.push(status);
      batch.created_at.push(new Date(created).toISOString());
      batch.updated_at.push(new Date(edited ? Math.floor(created + random.next() * (now - created)) : created).toISOString());
      batch.version.push(edited ? random.int(2, 40) : 1);
    }
  };
  const inserted = await bulkLoad(database, {
    table: 'cold_chain_units',
    columns: COLD_CHAIN_COLUMNS,
    count,
    existingRows: existing.length,
    fill,
    computed: COLD_CHAIN_SEARCH_TEXT,
    disableTriggers: [COLD_CHAIN_SEARCH_TRIGGER],
    rebuildFrom: options.rebuildFrom,
    timings: options.phases,
    onProgress: (done, total) => options.onProgress?.('cold chain', done, total),
  });
  return { inserted, ids: newIds };
}
