import { getTableName } from 'drizzle-orm';
import { resources } from '../../resources';
import type { Database } from '../client';
import { inTransaction } from './bulk-insert';
import { seedChallans } from './challans';
import { seedColdChain } from './cold-chain';
import type { SeedProgress } from './common';
import { seedDrivers } from './drivers';
import { seedExpenses } from './expenses';
import { seedFuelStations, seedRefuelingLogs, seedStationInvoices } from './fuel-stations';
import { seedHealth } from './health';
import { seedCompliance, seedInventory } from './stock-and-documents';
import { seedInsurance } from './insurance';
import { seedIncidents } from './incidents';
import { seedMaintenance } from './maintenance';
import { agreeFillOdometers } from './fill-odometers';
import { seedSchedules } from './schedules';
import { createRandom, randomSeed, type Random } from './random';
import { seedSales } from './sales';
import { seedServicePartners } from './service-partners';
import { seedTraining } from './training';
import { seedTrips } from './trips';
import { seedTripMoney } from './trip-money';
import { seedVehicles } from './vehicles';

export interface DemoSeedOptions {
  vehicles: number;
  drivers?: number;
  trips?: number;
  /** Training records; default two per new driver. */
  training?: number;
  /** Health reports; default three per two new drivers. */
  health?: number;
  /** Spare parts in stock. */
  inventory?: number;
  /** Compliance documents (of the newest vehicles). */
  compliance?: number;
  /** Trip insurance policies; default two per five new trips. */
  insurance?: number;
  /** Maintenance job cards; default two per new vehicle. */
  maintenance?: number;
  /** Service schedules of the vehicles without any; default two per new vehicle (issue 18). */
  schedules?: number;
  /** Incidents; default one per four new vehicles. */
  incidents?: number;
  /** Reefer units on trips; default one per ten new trips. */
  coldChain?: number;
  /** On-road service partners near the freight cities; default none. */
  servicePartners?: number;
  /** Fuel and other expenses of the vehicles and trips. */
  expenses?: number;
  /** Sales leads, with their quotations and the orders on Approved ones; default none. */
  sales?: number;
  /** Partner fuel stations (IOCL, BPCL, HPCL on the national highways); refuelling logs of the vehicles at them; their monthly invoices. */
  fuelStations?: number;
  refuelingLogs?: number;
  stationInvoices?: number;
  /** Traffic challans against the vehicles and drivers. */
  challans?: number;
  /** Empty the seeded areas' tables first. */
  reset?: boolean;
  /** Same seed, same data (given the same `now`). Random when absent. */
  seed?: number;
  now?: number;
  /** Loads of at least this many rows rebuild indexes and keys afterwards (default 10,000; tests lower it). */
  rebuildFrom?: number;
  onProgress?: SeedProgress;
}

export interface DemoSeedReport {
  seed: number;
  /** Rows deleted by --reset per table, in the order of deletion (rows that refer to others first). */
  deleted: Record<string, number>;
  /** Rows inserted per area. */
  inserted: Record<string, number>;
  /** Milliseconds per step: reset, each area, the search-text check, vacuum. */
  timings: Record<string, number>;
  /** Milliseconds of the phases of each area's load: plan, insert, indexes (rebuilt), keys (checked). */
  phases: Record<string, Record<string, number>>;
  /** Rows whose search text was recomputed by the table's trigger and compared, per table. */
  verified: Record<string, number>;
  totalMs: number;
}

/** The tables the demo seed fills: every area's (emptySeededTables orders them by their foreign keys). */
export const SEEDED_TABLES: readonly string[] = resources.map((resource) => getTableName(resource.table));
/**
 * Tables the database keeps from the seeded ones by triggers (fuel fills 0039, odometers 0041, counts 0042, cost per km 0054),
 * vacuumed with them: their index-only reads (the dashboard's fuel figure through fuel_fills' covering indexes)
 * need the visibility map a vacuum sets.
 */
export const KEPT_TABLES: readonly string[] = [
  'fuel_fills',
  'vehicle_odometers',
  'vehicle_odometer_days',
  'vehicle_odometer_months',
  'record_counts',
  'vehicle_cost_months',
  'fleet_cost_months',
  'fleet_cost_kinds',
];

/**
 * Default sizes of a plain `npm run seed:demo`: a mid-sized regional fleet. Its 40 drivers' trips go back about
 * thirteen months (some 8 hauls a month each), so the KPI dashboard's twelve full months all have trips, and the
 * expenses hold each trip's diesel, tolls and allowance (about 3.5 records a trip) and the yard's spend.
 */
export const DEMO_DEFAULTS = {
  vehicles: 200,
  drivers: 40,
  trips: 4400,
  servicePartners: 60,
  expenses: 17500,
  challans: 150,
  inventory: 120,
  compliance: 400,
  sales: 80,
  fuelStations: 40,
  refuelingLogs: 1500,
} as const;
/** Station invoices by default: one per station per month for a year. */
export const invoicesPerStation = 12;
export const trainingPerDriver = 2;
export const healthPerDriver = 1.5;
export const insurancePerTrip = 0.4;
export const maintenancePerVehicle = 2;
export const schedulesPerVehicle = 2;
export const incidentsPerVehicle = 0.25;
export const coldChainPerTrip = 0.1;

/**
 * Empties the seeded tables and every table whose rows refer to them, directly or through another.
 * Returns the rows each held, tables that refer to others first (trips, training and health before the
 * vehicles and drivers they name). One TRUNCATE lists them in that order: it empties the whole set at
 * once, so no foreign key sees a parent go before its children, and unlike DELETE it does not check
 * every row's keys or fire the search triggers a million times.
 */
export async function emptySeededTables(database: Database): Promise<Record<string, number>> {
  const tables = await database.query<{ name: string }>(
    `WITH RECURSIVE affected(oid) AS (
       SELECT unnest($1::regclass[])::oid
       UNION
       SELECT c.conrelid FROM pg_constraint c JOIN affected a ON c.confrelid = a.oid WHERE c.contype = 'f'
     )
     SELECT oid::regclass::text AS name FROM affected`,
    [SEEDED_TABLES],
  );
  const keys = await database.query<{ child: string; parent: string }>(
    `SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent FROM pg_constraint WHERE contype = 'f' AND conrelid <> confrelid`,
  );
  // Children first: a table goes once every table referring to it has gone.
  const names = tables.map((t) => t.name);
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const key of keys) if (key.parent === name && names.includes(key.child)) visit(key.child, path);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  const counts: Record<string, number> = {};
  for (const name of ordered) counts[name] = (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`))[0].n;
  if (ordered.length) await database.exec(`TRUNCATE ${ordered.join(', ')}`);
  return counts;
}

/**
 * Checks that the search text the bulk load computed is what the table's trigger computes: a sample
 * of the new rows gets `search_text = ''`, the BEFORE UPDATE trigger fills it in again, and the two
 * texts must be equal. Throws (and so rolls the whole seed back) when any differs.
 */
export async function verifySearchText(database: Database, table: string, ids: readonly string[], random: Random, size = 50): Promise<number> {
  if (ids.length === 0) return 0;
  const sample = new Set<string>();
  while (sample.size < Math.min(size, ids.length)) sample.add(ids[random.int(0, ids.length - 1)]);
  const rows = await database.query<{ id: string; before: string; after: string }>(
    `WITH before AS (SELECT id, search_text FROM ${table} WHERE id = ANY($1::text[]))
     UPDATE ${table} t SET search_text = '' FROM before b WHERE t.id = b.id
     RETURNING t.id, b.search_text AS before, t.search_text AS after`,
    [[...sample]],
  );
  const wrong = rows.filter((r) => r.before !== r.after);
  if (rows.length !== sample.size || wrong.length > 0) {
    const shown = wrong.slice(0, 3).map((r) => `${r.id}: loaded ${JSON.stringify(r.before)}, trigger ${JSON.stringify(r.after)}`);
    throw new Error(
      `The seeded search text of ${table} differs from its trigger's for ${wrong.length} of ${sample.size} sampled rows (${rows.length} found):\n${shown.join('\n')}`,
    );
  }
  return rows.length;
}

/**
 * Fills the database with demo records of every seeded area in one transaction, checks the search
 * text of a sample against the triggers, then vacuums and analyzes the tables.
 */
export async function seedDemo(database: Database, options: DemoSeedOptions): Promise<DemoSeedReport> {
  const seed = options.seed ?? randomSeed();
  const random = createRandom(seed);
  const now = options.now ?? Date.now();
  const drivers = options.drivers ?? 0;
  const timings: Record<string, number> = {};
  const inserted: Record<string, number> = {};
  const verified: Record<string, number> = {};
  const phases: Record<string, Record<string, number>> = {
    vehicles: {},
    drivers: {},
    trips: {},
    training: {},
    health: {},
    insurance: {},
    maintenance: {},
    incidents: {},
    coldChain: {},
    expenses: {},
    challans: {},
  };
  let deleted: Record<string, number> = {};
  const started = performance.now();
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const result = await work();
    timings[name] = Math.round(performance.now() - t0);
    return result;
  };
  const common = { random, now, rebuildFrom: options.rebuildFrom, onProgress: options.onProgress };

  await inTransaction(database, async (tx) => {
    // Index rebuilds after a big load sort in memory, and the joins that compute search texts hash whole
    // tables (in one batch, so rows keep their order of creation): give them room (this transaction only).
    await tx.exec(`SET LOCAL maintenance_work_mem = '256MB'`);
    await tx.exec(`SET LOCAL work_mem = '64MB'`);
    if (options.reset) {
      deleted = await step('reset', () => emptySeededTables(tx));
      // The reminders of the records just deleted go with them (the new fleet's are judged afresh, the week's seeded).
      await tx.exec('DELETE FROM notifications; DELETE FROM reminder_states;');
    }
    inserted.vehicles = await step('vehicles', () => seedVehicles(tx, { ...common, phases: phases.vehicles, count: options.vehicles }));
    const driverSeed = await step('drivers', () => seedDrivers(tx, { ...common, phases: phases.drivers, count: drivers }));
    inserted.drivers = driverSeed.inserted;
    const trips = await step('trips', () => seedTrips(tx, { ...common, phases: phases.trips, count: options.trips ?? 0 }));
    inserted.trips = trips.inserted;
    const training = await step('training', () =>
      seedTraining(tx, { ...common, phases: phases.training, count: options.training ?? drivers * trainingPerDriver }),
    );
    inserted.training = training.inserted;
    const health = await step('health', () =>
      seedHealth(tx, { ...common, phases: phases.health, count: options.health ?? Math.round(drivers * healthPerDriver), homes: driverSeed.homes }),
    );
    inserted.health = health.inserted;
    if (options.inventory) inserted.inventory = await step('inventory', () => seedInventory(tx, options.inventory!, seed));
    const documents = options.compliance ? await step('compliance', () => seedCompliance(tx, options.compliance!, seed)) : { inserted: 0, ids: [] };
    if (options.compliance) inserted.compliance = documents.inserted;
    const insurance = await step('insurance', () =>
      seedInsurance(tx, { ...common, phases: phases.insurance, count: options.insurance ?? Math.round((options.trips ?? 0) * insurancePerTrip) }),
    );
    inserted.insurance = insurance.inserted;
    const jobs = await step('maintenance', () =>
      seedMaintenance(tx, { ...common, phases: phases.maintenance, count: options.maintenance ?? options.vehicles * maintenancePerVehicle }),
    );
    inserted.maintenance = jobs.inserted;
    const incidents = await step('incidents', () =>
      seedIncidents(tx, { ...common, phases: phases.incidents, count: options.incidents ?? Math.round(options.vehicles * incidentsPerVehicle) }),
    );
    inserted.incidents = incidents.inserted;
    const coldChainCount = options.coldChain ?? Math.round((options.trips ?? 0) * coldChainPerTrip);
    const coldChain = await step('coldChain', () => seedColdChain(tx, { ...common, phases: phases.coldChain, count: coldChainCount }));
    inserted.coldChain = coldChain.inserted;
    inserted.servicePartners = (await step('servicePartners', () => seedServicePartners(tx, { ...common, count: options.servicePartners ?? 0 }))).inserted;
    if (options.fuelStations)
      inserted.fuelStations = (await step('fuelStations', () => seedFuelStations(tx, { ...common, count: options.fuelStations! }))).inserted;
    const logs = options.refuelingLogs
      ? await step('refuelingLogs', () => seedRefuelingLogs(tx, { ...common, seed, phases: (phases.refuelingLogs = {}), count: options.refuelingLogs! }))
      : { inserted: 0, ids: [] };
    if (options.refuelingLogs) inserted.refuelingLogs = logs.inserted;
    if (options.stationInvoices)
      inserted.stationInvoices = (await step('stationInvoices', () => seedStationInvoices(tx, { ...common, seed, count: options.stationInvoices! }))).inserted;
    // After the refuelling logs: a big load of expenses places its fills' odometers among theirs as it goes in.
    const expenses = await step('expenses', () => seedExpenses(tx, { ...common, phases: phases.expenses, count: options.expenses ?? 0 }));
    inserted.expenses = expenses.inserted;
    if (options.sales) Object.assign(inserted, await step('sales', () => seedSales(tx, { ...common, count: options.sales! })));
    // The fills' odometers made to agree with their litres (before the schedules, which are judged by them).
    await step('fillOdometers', () => agreeFillOdometers(tx));
    // After every odometer reading (expenses, refuelling logs): the schedules' spread of due states is judged by them.
    const schedules = await step('schedules', () =>
      seedSchedules(tx, { ...common, phases: (phases.schedules = {}), count: options.schedules ?? options.vehicles * schedulesPerVehicle }),
    );
    inserted.schedules = schedules.inserted;
    const challans = await step('challans', () => seedChallans(tx, { ...common, phases: phases.challans, count: options.challans ?? 0 }));
    inserted.challans = challans.inserted;
    // Freight, distances and customers of the trips, their refuelling logs and challans linked, their stored costs.
    await step('tripMoney', () => seedTripMoney(tx, { random }));
    await step('check', async () => {
      verified.trips = await verifySearchText(tx, 'trips', trips.ids, random);
      verified.driver_training_records = await verifySearchText(tx, 'driver_training_records', training.ids, random);
      verified.driver_health_reports = await verifySearchText(tx, 'driver_health_reports', health.ids, random);
      verified.trip_insurance_policies = await verifySearchText(tx, 'trip_insurance_policies', insurance.ids, random);
      verified.maintenance_jobs = await verifySearchText(tx, 'maintenance_jobs', jobs.ids, random);
      verified.incidents = await verifySearchText(tx, 'incidents', incidents.ids, random);
      verified.cold_chain_units = await verifySearchText(tx, 'cold_chain_units', coldChain.ids, random);
      verified.fuel_expenses = await verifySearchText(tx, 'fuel_expenses', expenses.ids, random);
      if (logs.inserted) verified.refueling_logs = await verifySearchText(tx, 'refueling_logs', logs.ids, random);
      verified.challans = await verifySearchText(tx, 'challans', challans.ids, random);
      if (schedules.inserted) verified.service_schedules = await verifySearchText(tx, 'service_schedules', schedules.ids, random);
      if (documents.inserted) verified.compliance_documents = await verifySearchText(tx, 'compliance_documents', documents.ids, random);
    });
  });
  // What autovacuum would do a while later, done now: planner statistics for good plans on the new rows,
  // hint bits set (else the first reads of every page write it) and the visibility map for index-only scans.
  await step('vacuum', () => database.exec(`VACUUM (ANALYZE) ${[...SEEDED_TABLES, ...KEPT_TABLES].join(', ')}`));
  return { seed, deleted, inserted, timings, phases, verified, totalMs: Math.round(performance.now() - started) };
}
