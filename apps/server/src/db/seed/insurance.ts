import { insuranceArea, type INSURANCE_STATUSES, type INSURANCE_TYPES } from '@raahi/domain';
import type { Database } from '../client';
import { bulkLoad, type BulkColumn, type ColumnBatch, type ComputedColumns } from './bulk-insert';
import { DAY, HOUR, isoDate, seededId, startOfIndianDay, type SeedOptions } from './common';
import { weightedTable } from './random';

type InsuranceType = (typeof INSURANCE_TYPES)[number];
type InsuranceStatus = (typeof INSURANCE_STATUSES)[number];

export const INSURANCE_COLUMNS: readonly BulkColumn[] = [
  { name: 'id', type: 'text' },
  { name: 'trip_id', type: 'text' },
  { name: 'insurance_type', type: 'text' },
  { name: 'policy_number', type: 'text' },
  { name: 'provider_name', type: 'text' },
  { name: 'start_date', type: 'date' },
  { name: 'end_date', type: 'date' },
  { name: 'status', type: 'text' },
  { name: 'claim_id', type: 'text' },
  { name: 'notes', type: 'text' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
  { name: 'version', type: 'integer' },
];

/** As the insurance_search_text trigger (migration 0013) computes it, over the batch's row `u`. */
export const INSURANCE_SEARCH_TEXT: ComputedColumns = {
  values: { search_text: `lower(concat_ws(E'\\n', u.id, trip_label(t.id, t.origin, t.destination), u.policy_number, u.provider_name))` },
  joins: 'LEFT JOIN trips t ON t.id = u.trip_id',
};
export const INSURANCE_SEARCH_TRIGGER = 'insurance_search_text';

/** Insurers that write marine-cargo and motor cover for Indian transporters, with their policy-number shapes. */
const PROVIDERS: readonly (readonly [name: string, prefix: string, weight: number])[] = [
  ['ICICI Lombard', 'ICL/MC', 5],
  ['HDFC ERGO', 'HE/GIT', 4],
  ['New India Assurance', 'NIA/1102', 4],
  ['Bajaj Allianz', 'OG-BA', 4],
  ['Tata AIG', 'TAG/MTC', 3],
  ['United India Insurance', 'UII/0904', 2],
  ['Oriental Insurance', 'OIC/2417', 2],
  ['National Insurance', 'NIC/1500', 2],
  ['IFFCO Tokio', 'IT/MAR', 1.5],
  ['SBI General', 'SBIG/TR', 1.5],
  ['Cholamandalam MS', 'CMS/CG', 1],
  ['Reliance General', 'RGI/GT', 1],
];
const pickProvider = weightedTable(PROVIDERS.map((p, i) => [i, p[2]] as const));
const pickType = weightedTable<InsuranceType>([
  ['Cargo', 5],
  ['Goods in Transit', 4],
  ['Vehicle', 2],
  ['Driver Accident', 1.5],
  ['Liability', 1],
]);
/** Cargo cover runs for the trip; vehicle, accident and liability cover for a year. */
const ANNUAL: readonly InsuranceType[] = ['Vehicle', 'Driver Accident', 'Liability'];

const NOTES: Partial<Record<InsuranceStatus, readonly string[]>> = {
  'Claim Filed': [
    'Cargo damaged in transit; surveyor appointed.',
    'Shortage found at delivery; claim with LR copy and photos.',
    'Water ingress after heavy rain; survey report awaited.',
    'Minor accident on the highway; FIR and photos submitted.',
  ],
  Cancelled: ['Trip cancelled by the consignor; premium refund requested.', 'Replaced by an open policy declaration.'],
  Pending: ['Awaiting premium payment confirmation.', 'Proposal sent; cover note expected today.'],
  Active: ['Sum insured as per invoice value plus 10%.', 'Open cover declaration made for this consignment.', ''],
};

interface TripRef {
  ids: string[];
  created: Float64Array;
  start: Float64Array;
}

async function loadTrips(database: Database): Promise<TripRef> {
  const rows = await database.query<{ id: string; created: number; start: number | null }>(
    'SELECT id, (extract(epoch FROM created_at) * 1000)::float8 AS created, (extract(epoch FROM start_date) * 1000)::float8 AS start FROM trips ORDER BY created_at, id',
  );
  return {
    ids: rows.map((r) => r.id),
    created: Float64Array.from(rows, (r) => Number(r.created)),
    start: Float64Array.from(rows, (r) => Number(r.start ?? r.created)),
  };
}

/**
 * Inserts `count` insurance policies on the trips in the database: mostly cargo and goods-in-transit
 * cover for the trip's days, some annual vehicle, accident and liability cover. Past policies are mostly
 * left Active (shown Expired) or marked Expired; a few carry a claim, a few were cancelled.
 */
export async function seedInsurance(database: Database, options: SeedOptions): Promise<{ inserted: number; ids: string[] }> {
  const { count, random, now } = options;
  if (count === 0) return { inserted: 0, ids: [] };
  const trips = await loadTrips(database);
  if (trips.ids.length === 0) throw new Error('Insurance policies need trips; the database has none (add some with --trips).');
  const today = startOfIndianDay(now);
  const rows = Array.from({ length: count }, () => {
    const trip = random.int(0, trips.ids.length - 1);
    const type = pickType(random);
    const start = startOfIndianDay(trips.start[trip] - random.int(0, 2) * DAY);
    const end = start + (ANNUAL.includes(type) ? 364 : random.int(3, 45)) * DAY;
    let status: InsuranceStatus;
    if (random.chance(0.04)) status = 'Cancelled';
    else if (start > today) status = random.chance(0.6) ? 'Pending' : 'Active';
    else if (random.chance(0.08)) status = 'Claim Filed';
    else status = end < today && random.chance(0.5) ? 'Expired' : 'Active';
    const created = Math.floor(Math.min(now - random.next() * HOUR, trips.created[trip] + random.around(0.1, 12) * HOUR));
    const version = status === 'Pending' ? 1 : random.int(1, 3);
    const updated = version === 1 ? created : Math.floor(Math.min(now, created + random.around(1, 20) * DAY));
    return { trip, type, provider: PROVIDERS[pickProvider(random)], start, end, status, created, updated, version };
  }).sort((a, b) => a.created - b.created);

  const existing = await database.query<{ id: string }>('SELECT id FROM trip_insurance_policies');
  const taken = new Set(existing.map((r) => r.id));
  const newIds: string[] = [];
  const fill = (batch: ColumnBatch, offset: number, size: number) => {
    for (let n = offset; n < offset + size; n++) {
      const row = rows[n];
      let id: string;
      do id = seededId(insuranceArea.idFormat, row.created, random);
      while (taken.has(id));
      taken.add(id);
      newIds.push(id);
      const year = isoDate(row.start).slice(0, 4);
      const notes = NOTES[row.status];
      batch.id.push(id);
      batch.trip_id.push(trips.ids[row.trip]);
      batch.insurance_type.push(row.type);
      batch.policy_number.push(`${row.provider[1]}/${year}/${String(random.int(100000, 999999))}`);
      batch.provider_name.push(row.provider[0]);
      batch.start_date.push(isoDate(row.start + 12 * HOUR));
      batch.end_date.push(isoDate(row.end + 12 * HOUR));
      batch.status.push(row.status);
      batch.claim_id.push(row.status === 'Claim Filed' ? `CLM-${year}-${String(random.int(1, 99999)).padStart(5, '0')}` : '');
      batch.notes.push(notes && random.chance(0.5) ? random.pick(notes) : '');
      batch.created_at.push(new Date(row.created).toISOString());
      batch.updated_at.push(new Date(row.updated).toISOString());
      batch.version.push(row.version);
    }
  };
  const inserted = await bulkLoad(database, {
    table: 'trip_insurance_policies',
    columns: INSURANCE_COLUMNS,
    count,
    existingRows: existing.length,
    fill,
    computed: INSURANCE_SEARCH_TEXT,
    disableTriggers: [INSURANCE_SEARCH_TRIGGER],
    rebuildFrom: options.rebuildFrom,
    timings: options.phases,
    onProgress: (done, total) => options.onProgress?.('insurance', done, total),
  });
  return { inserted, ids: newIds };
}
