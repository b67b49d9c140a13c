import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureAdmin } from '../auth/users';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedDemo } from '../db/seed/demo';

const HELP = `Fill the database with realistic demo records (uses the same database settings as the server:
DATABASE_URL, or the embedded database in RAAHI_DATA_DIR, default ./data).

  npm run seed:demo -- [--vehicles N] [--reset] [--seed N]

  --vehicles N   how many vehicles to add (default 200)
  --reset        delete the existing vehicles first, and with them the records that refer to
                 them (trips), which cannot stay without their vehicles
  --seed N       random seed, for the same data on every run (default: random)

Also creates the user "admin" when there are no users yet (password from RAAHI_ADMIN_PASSWORD, or a
random one printed once).`;

const MAX_VEHICLES = 5_000_000;

function count(raw: string | undefined, fallback: number, max: number, name: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`--${name} must be a whole number from 0 to ${max.toLocaleString('en-IN')} (got "${raw}").`);
  return value;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      vehicles: { type: 'string' },
      reset: { type: 'boolean', default: false },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const vehicles = count(values.vehicles, 200, MAX_VEHICLES, 'vehicles');
  const seed = values.seed === undefined ? undefined : count(values.seed, 0, 2 ** 32 - 1, 'seed');

  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${join(config.dataDir, 'db')}`;
  // One connection: the seed runs as one transaction.
  const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'db'), poolSize: 1 });
  try {
    console.log(`Seeding ${where}: ${vehicles.toLocaleString('en-IN')} vehicles${values.reset ? ', after deleting the existing ones' : ''}.`);
    let lastShown = 0;
    const report = await seedDemo(database, {
      vehicles,
      reset: values.reset,
      seed,
      onProgress: (area, done, total) => {
        if (process.stdout.isTTY && (performance.now() - lastShown > 500 || done === total)) {
          lastShown = performance.now();
          process.stdout.write(`\r  ${area}: ${done.toLocaleString('en-IN')} / ${total.toLocaleString('en-IN')}`);
          if (done === total) process.stdout.write('\n');
        }
      },
    });
    const deleted = Object.entries(report.deleted).filter(([, n]) => n > 0);
    if (deleted.length) console.log(`Deleted the existing rows: ${deleted.map(([table, n]) => `${table} ${n.toLocaleString('en-IN')}`).join(', ')}.`);
    const [{ total }] = await database.query<{ total: number }>('SELECT count(*)::int AS total FROM vehicles');
    const seconds = (ms: number | undefined) => `${((ms ?? 0) / 1000).toFixed(1)} s`;
    const steps = Object.entries(report.timings).map(([name, ms]) => `${name} ${seconds(ms)}`);
    console.log(`Added ${report.inserted.vehicles.toLocaleString('en-IN')} vehicles in ${seconds(report.totalMs)} (${steps.join(', ')}; seed ${report.seed}).`);
    console.log(`The database now holds ${total.toLocaleString('en-IN')} vehicles.`);

    const admin = await ensureAdmin(database, config.adminPassword);
    if (admin.generatedPassword) {
      console.log(`Created the user "admin" with this password (shown once, change it under My Account):\n\n    ${admin.generatedPassword}\n`);
    } else if (admin.created) {
      console.log('Created the user "admin" with the password from RAAHI_ADMIN_PASSWORD.');
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
