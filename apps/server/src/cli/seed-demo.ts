import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureAdmin } from '../auth/users';
import { seedReminders } from '../reminders/seed';
import type { Command } from './command';
import { quotationsPerLead } from '../db/seed/sales';
import {
  coldChainPerTrip,
  DEMO_DEFAULTS,
  healthPerDriver,
  incidentsPerVehicle,
  insurancePerTrip,
  invoicesPerStation,
  maintenancePerVehicle,
  schedulesPerVehicle,
  SEEDED_TABLES,
  seedDemo,
  trainingPerDriver,
} from '../db/seed/demo';

const HELP = `Fill the database with realistic, linked demo records of an Indian road-transport fleet (uses the
same database settings as the server: DATABASE_URL, or the embedded database in RAAHI_DATA_DIR,
default ./data).

  npm run seed:demo -- [--vehicles N] [--drivers N] [--trips N] [--training N] [--health N] [--insurance N]
                      [--maintenance N] [--schedules N] [--incidents N] [--cold-chain N] [--service-partners N]
                      [--expenses N] [--challans N] [--inventory N] [--compliance N] [--sales N]
                      [--fuel-stations N] [--refueling-logs N] [--station-invoices N] [--reset] [--seed N]

  --vehicles N   vehicles to add (default ${DEMO_DEFAULTS.vehicles})
  --drivers N    drivers to add (default ${DEMO_DEFAULTS.drivers})
  --trips N      trips to add between India's freight hubs, run by the vehicles and drivers in the
                 database, old and new (default ${DEMO_DEFAULTS.trips})
  --training N   driver training records (default ${trainingPerDriver} per new driver)
  --health N     driver health reports (default ${healthPerDriver} per new driver)
  --inventory N  spare parts in stock (default ${DEMO_DEFAULTS.inventory})
  --compliance N compliance documents of the newest vehicles (default ${DEMO_DEFAULTS.compliance})
  --insurance N  trip insurance policies (default ${insurancePerTrip} per new trip)
  --maintenance N  maintenance job cards at Indian workshops (default ${maintenancePerVehicle} per new vehicle)
  --schedules N  service schedules of the vehicles without any, most OK, some Due Soon, a few Overdue
                 (default ${schedulesPerVehicle} per new vehicle)
  --incidents N  incidents on Indian highways (default one per ${1 / incidentsPerVehicle} new vehicles)
  --cold-chain N reefer units on trips (default one per ten new trips)
  --service-partners N
                 towing, tyre and repair partners near the freight cities (default ${DEMO_DEFAULTS.servicePartners})
  --reset        first delete every record of the areas above
  --expenses N   fuel fill-ups, tolls, meals and other expenses of the vehicles and trips in the
                 database (default ${DEMO_DEFAULTS.expenses})
  --sales N      sales leads of Indian shippers (default ${DEMO_DEFAULTS.sales}), about ${quotationsPerLead} freight
                 quotations per lead on lanes such as Pune → Chennai, and orders on most Approved
                 quotations with the vehicles in the database assigned
  --fuel-stations N
                 IOCL, BPCL and HPCL partner stations on the national highways (default ${DEMO_DEFAULTS.fuelStations})
  --refueling-logs N
                 refuelling logs of the vehicles and drivers at the partner stations, set-based SQL:
                 1,000,000 take about a minute (default ${DEMO_DEFAULTS.refuelingLogs})
  --station-invoices N
                 monthly invoices of the partner stations, newest months first (default ${invoicesPerStation} per new station)
  --challans N   traffic challans against the vehicles and drivers in the database, fined as the
                 Motor Vehicles (Amendment) Act 2019 sets (default ${DEMO_DEFAULTS.challans})
  --seed N       random seed, for the same data on every run (default: random)

Everything goes in as one transaction: an error or Ctrl-C leaves the database as it was.
Scale: --vehicles 100000 --drivers 50000 --trips 1000000 takes a few minutes.

Also creates the user "admin" when there are no users yet (password from RAAHI_ADMIN_PASSWORD, or a
random one printed once).

While Raahi runs on that data directory, the seed runs inside the server (its lists show the records at
once; it answers other requests again when the seed has committed). Two processes never open one embedded
database.`;

/** Upper bounds: well inside each id format's space (TRP and DRV ids have about 13 million values). */
const MAX = {
  vehicles: 5_000_000,
  drivers: 2_000_000,
  trips: 5_000_000,
  training: 10_000_000,
  health: 10_000_000,
  insurance: 10_000_000,
  maintenance: 10_000_000,
  schedules: 10_000_000,
  incidents: 5_000_000,
  inventory: 1_000_000,
  compliance: 10_000_000,
  coldChain: 5_000_000,
  servicePartners: 100_000,
  expenses: 20_000_000,
  sales: 1_000_000,
  fuelStations: 100_000,
  refuelingLogs: 20_000_000,
  stationInvoices: 5_000_000,
  challans: 10_000_000,
};

function count(raw: string | undefined, fallback: number, max: number, name: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw new Error(`--${name} must be a whole number from 0 to ${max.toLocaleString('en-IN')} (got "${raw}").`);
  return value;
}

async function run(argv: string[], { output, config, database: open }: Parameters<Command['run']>[1]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      vehicles: { type: 'string' },
      drivers: { type: 'string' },
      trips: { type: 'string' },
      training: { type: 'string' },
      health: { type: 'string' },
      inventory: { type: 'string' },
      compliance: { type: 'string' },
      insurance: { type: 'string' },
      maintenance: { type: 'string' },
      schedules: { type: 'string' },
      incidents: { type: 'string' },
      'cold-chain': { type: 'string' },
      'service-partners': { type: 'string' },
      expenses: { type: 'string' },
      sales: { type: 'string' },
      'fuel-stations': { type: 'string' },
      'refueling-logs': { type: 'string' },
      'station-invoices': { type: 'string' },
      challans: { type: 'string' },
      reset: { type: 'boolean', default: false },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const say = (text: string) => output.out(`${text}\n`);
  if (values.help) {
    say(HELP);
    return 0;
  }
  const vehicles = count(values.vehicles, DEMO_DEFAULTS.vehicles, MAX.vehicles, 'vehicles');
  const drivers = count(values.drivers, DEMO_DEFAULTS.drivers, MAX.drivers, 'drivers');
  const trips = count(values.trips, DEMO_DEFAULTS.trips, MAX.trips, 'trips');
  const training = count(values.training, drivers * trainingPerDriver, MAX.training, 'training');
  const health = count(values.health, Math.round(drivers * healthPerDriver), MAX.health, 'health');
  const inventory = count(values.inventory, DEMO_DEFAULTS.inventory, MAX.inventory, 'inventory');
  const compliance = count(values.compliance, DEMO_DEFAULTS.compliance, MAX.compliance, 'compliance');
  const insurance = count(values.insurance, Math.round(trips * insurancePerTrip), MAX.insurance, 'insurance');
  const maintenance = count(values.maintenance, vehicles * maintenancePerVehicle, MAX.maintenance, 'maintenance');
  const schedules = count(values.schedules, vehicles * schedulesPerVehicle, MAX.schedules, 'schedules');
  const incidents = count(values.incidents, Math.round(vehicles * incidentsPerVehicle), MAX.incidents, 'incidents');
  const coldChain = count(values['cold-chain'], Math.round(trips * coldChainPerTrip), MAX.coldChain, 'cold-chain');
  const servicePartners = count(values['service-partners'], DEMO_DEFAULTS.servicePartners, MAX.servicePartners, 'service-partners');
  const expenses = count(values.expenses, DEMO_DEFAULTS.expenses, MAX.expenses, 'expenses');
  const sales = count(values.sales, DEMO_DEFAULTS.sales, MAX.sales, 'sales');
  const fuelStations = count(values['fuel-stations'], DEMO_DEFAULTS.fuelStations, MAX.fuelStations, 'fuel-stations');
  const refuelingLogs = count(values['refueling-logs'], DEMO_DEFAULTS.refuelingLogs, MAX.refuelingLogs, 'refueling-logs');
  const stationInvoices = count(values['station-invoices'], fuelStations * invoicesPerStation, MAX.stationInvoices, 'station-invoices');
  const challans = count(values.challans, DEMO_DEFAULTS.challans, MAX.challans, 'challans');
  const seed = values.seed === undefined ? undefined : count(values.seed, 0, 2 ** 32 - 1, 'seed');

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${join(config.dataDir, 'db')}`;
  const database = await open();
  const n = (value: number) => value.toLocaleString('en-IN');
  const planned = `${n(vehicles)} vehicles, ${n(drivers)} drivers, ${n(trips)} trips, ${n(training)} training records, ${n(health)} health reports, ${n(insurance)} insurance policies, ${n(maintenance)} job cards, ${n(schedules)} service schedules, ${n(incidents)} incidents, ${n(coldChain)} cold chain units, ${n(servicePartners)} service partners, ${n(expenses)} expenses, ${n(challans)} challans, ${n(inventory)} parts, ${n(compliance)} documents, ${n(sales)} sales leads, ${n(fuelStations)} fuel stations, ${n(refuelingLogs)} refuelling logs and ${n(stationInvoices)} station invoices`;
  say(`Seeding ${where}: ${planned}${values.reset ? ', after deleting the existing records' : ''}.`);
  let lastShown = 0;
  const report = await seedDemo(database, {
    vehicles,
    drivers,
    trips,
    training,
    health,
    inventory,
    compliance,
    insurance,
    maintenance,
    schedules,
    incidents,
    coldChain,
    servicePartners,
    expenses,
    sales,
    fuelStations,
    refuelingLogs,
    stationInvoices,
    challans,
    reset: values.reset,
    seed,
    onProgress: (area, done, total) => {
      if (output.isTTY && (performance.now() - lastShown > 500 || done === total)) {
        lastShown = performance.now();
        output.out(`\r  ${area}: ${done.toLocaleString('en-IN')} / ${total.toLocaleString('en-IN')}`);
        if (done === total) output.out('\n');
      }
    },
  });
  const deleted = Object.entries(report.deleted).filter(([, rows]) => rows > 0);
  if (deleted.length) say(`Deleted the existing rows: ${deleted.map(([table, rows]) => `${table} ${n(rows)}`).join(', ')}.`);
  const seconds = (ms: number | undefined) => `${((ms ?? 0) / 1000).toFixed(1)} s`;
  const added = Object.entries(report.inserted).map(([area, rows]) => {
    const parts = Object.entries(report.phases[area] ?? {}).map(([phase, ms]) => `${phase} ${seconds(ms)}`);
    return `${n(rows)} ${area} (${seconds(report.timings[area])}${parts.length > 1 ? `: ${parts.join(', ')}` : ''})`;
  });
  const other = Object.entries(report.timings)
    .filter(([name]) => !(name in report.inserted))
    .map(([name, ms]) => `${name} ${seconds(ms)}`);
  say(`Added ${added.join(', ')} in ${seconds(report.totalMs)} in all (${other.join(', ')}; seed ${report.seed}).`);
  const checked = Object.entries(report.verified).filter(([, rows]) => rows > 0);
  if (checked.length) say(`Search text equals the triggers' for sampled rows: ${checked.map(([table, rows]) => `${table} ${rows}`).join(', ')}.`);
  const totals = [];
  for (const table of SEEDED_TABLES)
    totals.push(`${n((await database.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${table}`))[0].total)} ${table}`);
  say(`The database now holds ${totals.join(', ')}.`);

  const admin = await ensureAdmin(database, config.adminPassword);
  if (admin.generatedPassword) {
    say(`Created the user "admin" with this password (shown once, change it under My Account):\n\n    ${admin.generatedPassword}\n`);
  } else if (admin.created) {
    say('Created the user "admin" with the password from RAAHI_ADMIN_PASSWORD.');
  }
  const reminders = await seedReminders(database);
  say(`Reminders: ${n(reminders.judged)} records judged, ${n(reminders.notified)} notifications of what came due this week.`);
  // The README's import examples, which import cleanly into this data (their plates use a series the seed never makes).
  say(`To try an import: docs/examples/vehicles.csv, then docs/examples/fuel-bills.csv (README, "Importing a fleet").`);
  return 0;
}

export const seedDemoCommand: Command = { name: 'seed:demo', run };
