import { maintenanceArea, type JOB_STATUSES, type JOB_TYPES } from '@raahi/domain';
import type { Database } from '../client';
import { bulkLoad, type BulkColumn, type ComputedColumns } from './bulk-insert';
import { DAY, HOUR, isoDate, seededId, startOfIndianDay, YEAR, type SeedOptions } from './common';
import { weightedTable, type Random } from './random';

type JobType = (typeof JOB_TYPES)[number];
type JobStatus = (typeof JOB_STATUSES)[number];

export const MAINTENANCE_COLUMNS: readonly BulkColumn[] = [
  { name: 'id', type: 'text' },
  { name: 'vehicle_id', type: 'text' },
  { name: 'job_type', type: 'text' },
  { name: 'description', type: 'text' },
  { name: 'technician', type: 'text' },
  { name: 'parts_used', type: 'text' },
  { name: 'scheduled_date', type: 'date' },
  { name: 'completion_date', type: 'date' },
  { name: 'status', type: 'text' },
  // Rounded to paise here; numeric(14,2) takes the double exactly at two decimals.
  { name: 'cost', type: 'double precision' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
  { name: 'version', type: 'integer' },
];

/** As the maintenance_search_text trigger (migration 0008) computes it, over the batch's row `u`. */
export const MAINTENANCE_SEARCH_TEXT: ComputedColumns = {
  values: { search_text: `lower(concat_ws(E'\\n', u.id, vehicle_label(v.make, v.model, v.license_plate, v.id), u.description, u.technician))` },
  joins: 'LEFT JOIN vehicles v ON v.id = u.vehicle_id',
};
export const MAINTENANCE_SEARCH_TRIGGER = 'maintenance_search_text';

/** Job cards as Indian workshops write them: what is done, the parts it takes, and its usual cost (₹). */
const JOBS: Record<JobType, readonly (readonly [description: string, parts: string, low: number, high: number])[]> = {
  Preventive: [
    [
      'Periodic service at 20,000 km: engine oil and filters changed, greasing of all points',
      'Engine oil 15W-40 (18 L), oil filter, fuel filter, air filter element',
      6500,
      14000,
    ],
    ['Periodic service at 40,000 km with coolant replacement', 'Engine oil 15W-40, oil and fuel filters, coolant (20 L)', 9000, 18000],
    ['Gearbox and differential oil change', 'Gear oil EP-90 (12 L), differential oil 85W-140 (8 L)', 4500, 9000],
    ['Wheel alignment and tyre rotation', '', 1800, 3500],
    ['Brake adjustment and slack adjuster greasing', 'Grease, split pins', 900, 2500],
    ['AdBlue (DEF) system check and filter replacement', 'DEF filter, AdBlue (20 L)', 2500, 5200],
    ['Battery check, terminal cleaning and alternator belt replacement', 'Alternator belt', 1200, 2800],
  ],
  Corrective: [
    ['Front brake pads and rear brake liners replaced', 'Brake pad set, brake liner set, brake fluid DOT 4', 7500, 16000],
    ['Clutch plate and pressure plate replaced after slipping on the ghat', 'Clutch plate, pressure plate, release bearing', 18000, 42000],
    ['Radiator leak repaired and hoses replaced', 'Radiator hose set, clamps, coolant (20 L)', 3500, 9500],
    ['Turbocharger oil seal replaced (blue smoke under load)', 'Turbo repair kit, gaskets', 12000, 28000],
    ['Leaf spring (rear, left) broken: replaced with a new main leaf', 'Main leaf, U-bolts, centre bolt', 6500, 14500],
    ['Starter motor overhauled', 'Starter solenoid, brushes, bush kit', 3500, 7800],
    ['Air pressure leak in the brake circuit traced and fixed', 'Air brake valve, nylon pipe, unions', 2800, 8500],
    ['Fuel injector nozzles cleaned and two replaced', 'Injector nozzles (2)', 9000, 19000],
  ],
  Inspection: [
    ['Pre-fitness inspection for the RTO fitness certificate', '', 1500, 3500],
    ['Annual inspection of brakes, steering and suspension', '', 1200, 2500],
    ['Speed governor and reflective tape check for the permit renewal', 'Retro-reflective tape', 800, 2200],
    ['Reefer unit inspection before a pharma run', '', 2000, 4500],
    ['Tyre inspection: tread depth and retread candidates marked', '', 500, 1500],
  ],
  Emergency: [
    ['Breakdown on the highway: fan belt snapped, replaced on site', 'Fan belt, towing charges', 3500, 9000],
    ['Tyre burst on the highway: spare fitted, new tyre bought', 'Tyre 295/90 R20 (radial), tube, flap', 22000, 36000],
    ['Engine overheating on the ghat: thermostat and water pump replaced', 'Water pump, thermostat, coolant', 9500, 21000],
    ['Vehicle towed to the workshop after a gearbox failure', 'Towing (crane), gearbox synchro kit', 28000, 65000],
    ['Dead battery at the loading point: jump start and battery replaced', 'Battery 12V 150Ah', 9500, 14500],
  ],
};

/** Technicians and the workshops they work at, across the freight belts. */
const TECHNICIANS = [
  'Ramesh Patil (Shree Ganesh Motors, Pune)',
  'Sunil Jadhav (Sai Service Station, Bhiwandi)',
  'Murugan Selvam (Sri Murugan Auto Works, Namakkal)',
  'K. Ravi (Lakshmi Diesel Services, Hosur)',
  'Baldev Singh (Guru Nanak Motor Garage, Ludhiana)',
  'Harjeet Singh (Punjab Body Builders, Ludhiana)',
  'Imran Shaikh (Al-Noor Auto Electricals, Ahmedabad)',
  'Rajesh Yadav (Yadav Truck Repairs, Kanpur)',
  'Mohammed Rafiq (Rafiq Diesel Works, Hyderabad)',
  'Vijay Kumar (Tata Motors authorised service, Jamshedpur)',
  'Suresh Gowda (Ashok Leyland authorised service, Bengaluru)',
  'Anil Deshmukh (BharatBenz workshop, Nagpur)',
  'Joseph Thomas (Kerala Motors, Kochi)',
  'Dinesh Chauhan (Chauhan Tyres & Alignment, Jaipur)',
  'In-house mechanic (Depot workshop)',
  'Prakash Rao (Eicher authorised service, Vijayawada)',
];

const pickType = weightedTable<JobType>([
  ['Preventive', 5],
  ['Corrective', 3],
  ['Inspection', 1.2],
  ['Emergency', 0.8],
]);
const rupees = (random: Random, low: number, high: number) =>
  random.chance(0.6) ? Math.round(random.around(low, high) / 50) * 50 : Math.round(random.around(low, high) * 100) / 100;

interface JobRow {
  created: number;
  vehicle: number;
  type: JobType;
  job: (typeof JOBS)[JobType][number];
  scheduled: number;
}

/** Inserts `count` job cards of the vehicles in the database over the last two years; status follows the dates. */
export async function seedMaintenance(database: Database, options: SeedOptions): Promise<{ inserted: number; ids: string[] }> {
  const { count, random, now } = options;
  if (count === 0) return { inserted: 0, ids: [] };
  const vehicles = await database.query<{ id: string; created: number }>(
    `SELECT id, (extract(epoch FROM created_at) * 1000)::float8 AS created FROM vehicles ORDER BY created_at, id`,
  );
  if (vehicles.length === 0) throw new Error('Maintenance jobs need vehicles to work on; the database has none (add some with --vehicles).');
  const today = startOfIndianDay(now);
  const rows: JobRow[] = [];
  for (let i = 0; i < count; i++) {
    const vehicle = random.int(0, vehicles.length - 1);
    const from = Math.max(now - 2 * YEAR, Number(vehicles[vehicle].created));
    const created = Math.floor(Math.min(now - random.next() * HOUR, from + random.next() * Math.max(0, now - from)));
    const type = pickType(random);
    // Emergencies are done the day they are opened; other jobs are booked up to two weeks ahead.
    const scheduled = startOfIndianDay(created + (type === 'Emergency' ? 0 : random.around(0, 14) * DAY));
    rows.push({ created, vehicle, type, job: random.pick(JOBS[type]), scheduled });
  }
  rows.sort((a, b) => a.created - b.created);

  const taken = new Set((await database.query<{ id: string }>('SELECT id FROM maintenance_jobs')).map((r) => r.id));
  const ids: string[] = [];
  const iso = (ms: number) => new Date(ms).toISOString();
  const inserted = await bulkLoad(database, {
    table: 'maintenance_jobs',
    columns: MAINTENANCE_COLUMNS,
    count,
    existingRows: taken.size,
    fill: (batch, offset, size) => {
      for (const row of rows.slice(offset, offset + size)) {
        let id: string;
        do id = seededId(maintenanceArea.idFormat, row.created, random);
        while (taken.has(id));
        taken.add(id);
        ids.push(id);
        const [description, parts, low, high] = row.job;
        const past = row.scheduled < today - 2 * DAY;
        const status: JobStatus =
          row.scheduled > today
            ? random.chance(0.06)
              ? 'On Hold'
              : 'Scheduled'
            : !past
              ? random.pick(['In Progress', 'In Progress', 'Scheduled', 'On Hold'] as const)
              : random.weighted<JobStatus>([
                  ['Completed', 92],
                  ['Cancelled', 4],
                  ['On Hold', 2],
                  ['In Progress', 2],
                ]);
        const completion = status === 'Completed' ? Math.min(today, row.scheduled + random.int(0, row.type === 'Corrective' ? 4 : 1) * DAY) : NaN;
        const estimated = status === 'Scheduled' || status === 'On Hold' ? random.chance(0.5) : true;
        const edited =
          status !== 'Scheduled' ? Math.min(now, Math.max(row.created, (Number.isNaN(completion) ? row.scheduled : completion) + 18 * HOUR)) : row.created;
        batch.id.push(id);
        batch.vehicle_id.push(vehicles[row.vehicle].id);
        batch.job_type.push(row.type);
        batch.description.push(description);
        batch.technician.push(random.chance(0.92) ? random.pick(TECHNICIANS) : '');
        batch.parts_used.push(status === 'Completed' || status === 'In Progress' ? parts : '');
        batch.scheduled_date.push(isoDate(row.scheduled + 12 * HOUR));
        batch.completion_date.push(Number.isNaN(completion) ? null : isoDate(completion + 12 * HOUR));
        batch.status.push(status);
        batch.cost.push(status === 'Cancelled' || !estimated ? null : rupees(random, low, high));
        batch.created_at.push(iso(row.created));
        batch.updated_at.push(iso(Math.floor(edited)));
        batch.version.push(edited > row.created ? 2 : 1);
      }
    },
    computed: MAINTENANCE_SEARCH_TEXT,
    disableTriggers: [MAINTENANCE_SEARCH_TRIGGER],
    rebuildFrom: options.rebuildFrom,
    timings: options.phases,
    onProgress: (done, total) => options.onProgress?.('maintenance', done, total),
  });
  return { inserted, ids };
}
