/**
 * npx tsx bench/record-pages.ts [--vehicles N --vehicle-trips N --vehicle-expenses N --samples N]
 * (also run by `npm run bench`; --record-pages-vehicles 0 there leaves it out)
 *
 * The vehicle page (issue 19, decision 0042), uncached (the list cache off): fills a fresh database (with
 * DATABASE_URL a temporary database on that PostgreSQL server, else a temporary PGlite directory) with seed:demo's
 * fleet, gives one of its vehicles 10,000 trips and 10,000 fuel & expense records over three years (with
 * odometers on its fuel), serves the real app in this process, signs in as an administrator and asks, one request
 * at a time, for GET /api/vehicles/:id/summary and for the first page and the total of each tab's list filtered by
 * the vehicle. Then prints EXPLAIN (ANALYZE, BUFFERS) of the summary's statements. Target (PostgreSQL): p95 ≤ 50 ms.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { ensureAdmin } from '../apps/server/src/auth/users';
import { companyToday } from '../apps/server/src/company-time';
import { fuelTotalsStatement } from '../apps/server/src/dashboard/dashboard';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { SUMMARY_WINDOW_DAYS } from '../apps/server/src/record-pages/summaries';
import { costLinesStatement, windowOdometer, windowOdometerStatement } from '../apps/server/src/record-pages/vehicle-cost';
import { asc, desc, sql } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT, type AreaKey } from '@raahi/domain';
import { derivedColumnsOf, listConditions, sortDirection, sortExpression } from '../apps/server/src/http/resource';
import { recordSelection } from '../apps/server/src/operations/stored-record';
import { resourceOf } from '../apps/server/src/resources';
import { servedSignedIn, temporaryDatabase } from './in-process';

export const RECORD_PAGES_TARGET_P95_MS = 50;

export interface RecordPagesBenchOptions {
  serverUrl?: string;
  vehicles: number;
  vehicleTrips: number;
  vehicleExpenses: number;
  samples?: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const n = (v: number) => v.toLocaleString('en-IN');

export async function benchRecordPages(options: RecordPagesBenchOptions): Promise<{ lines: string[]; verdicts: string[] }> {
  const { database, label, drop } = await temporaryDatabase(options.serverUrl, 'record-pages');
  const samples = options.samples ?? 100;
  const lines: string[] = [];
  const verdicts: string[] = [];
  const scale = (perVehicle: number) => Math.round(perVehicle * options.vehicles);
  try {
    console.log(`Record pages bench: ${label}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)}.`);
    const t = performance.now();
    await seedDemo(database, {
      vehicles: options.vehicles,
      drivers: scale(0.5),
      trips: scale(3),
      maintenance: scale(1),
      incidents: scale(0.25),
      expenses: scale(3),
      challans: scale(0.5),
      compliance: scale(1),
      training: 0,
      health: 0,
      insurance: scale(0.5),
      coldChain: 0,
      fuelStations: 200,
      refuelingLogs: scale(3),
      seed: 19,
    });
    const [{ id: vehicle }] = await database.query<{ id: string }>('SELECT id FROM vehicles ORDER BY id LIMIT 1');
    const today = companyToday();
    // The busy truck: 10,000 trips and 10,000 expenses over the last three years, a Fuel record every fourth with an
    // odometer rising about 250 km a day (its km and km/L have figures), and its recorded mileage up to date.
    await database.query(
      `INSERT INTO trips (id, origin, destination, vehicle_id, driver_id, status, start_date, end_date, created_at)
       SELECT 'TRPBENCH' || lpad(i::text, 6, '0'), 'Pune', 'Mumbai', $1, (SELECT id FROM drivers ORDER BY id LIMIT 1), 'Delivered',
              ts, ts + interval '10 hours', ts
       FROM generate_series(1, $2::int) i, LATERAL (SELECT ($3::date - 1095)::timestamptz + (i * 1095.0 / $2::int) * interval '1 day' AS ts) t`,
      [vehicle, options.vehicleTrips, today],
    );
    await database.query(
      `INSERT INTO fuel_expenses (id, type, date, vehicle_id, fuel_type, quantity, price_per_unit, amount, odometer, created_at)
       SELECT 'EXPBENCH' || lpad(i::text, 6, '0'), CASE WHEN i % 4 = 0 THEN 'Fuel' ELSE (ARRAY['Toll', 'Meal', 'Parking', 'Other'])[1 + i % 4] END,
              d, $1, 'Diesel', CASE WHEN i % 4 = 0 THEN 200 END, CASE WHEN i % 4 = 0 THEN 90 END, CASE WHEN i % 4 = 0 THEN 18000 ELSE 150 + i % 700 END,
              CASE WHEN i % 4 = 0 THEN 100000 + ((d - ($3::date - 1095)) * 250) END, d::timestamptz
       FROM generate_series(1, $2::int) i, LATERAL (SELECT ($3::date - 1095 + (i * 1095 / $2::int))::date AS d) t`,
      [vehicle, options.vehicleExpenses, today],
    );
    await database.query(`UPDATE vehicles SET current_mileage = 0 WHERE id = $1`, [vehicle]);
    // Index-only scans need the visibility map: as autovacuum would leave the tables.
    await database.exec('VACUUM ANALYZE');
    console.log(
      `Seeded in ${((performance.now() - t) / 1000).toFixed(1)} s: ${n(options.vehicles)} vehicles, and ${vehicle} with ${n(options.vehicleTrips)} trips and ${n(options.vehicleExpenses)} expenses.`,
    );

    const password = `bench-${randomBytes(9).toString('hex')}`;
    await ensureAdmin(database, password);
    await database.query(`UPDATE users SET role = 'administrator' WHERE username = 'admin'`);
    // Uncached: the list cache off, so every request runs its statements.
    const { origin, cookie, close } = await servedSignedIn(database, 'record-pages', password);
    try {
      const ask = async (path: string) => {
        const started = performance.now();
        const res = await fetch(`${origin}${path}`, { headers: { cookie } });
        const body = await res.json();
        if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(body)}`);
        return { ms: performance.now() - started, body };
      };
      const v = encodeURIComponent(vehicle);
      // The page's head and each tab's first page and total (the tabs the lists filter by the vehicle today).
      const paths = [
        `/api/vehicles/${v}/summary`,
        ...['trips', 'fuel-expenses', 'refueling-logs', 'maintenance', 'service-schedules', 'challans', 'incidents'].flatMap((area) => [
          `/api/${area}?vehicleId=${v}`,
          `/api/${area}/total?vehicleId=${v}`,
        ]),
        `/api/trip-insurance?trip.vehicleId=${v}`,
        `/api/trip-insurance/total?trip.vehicleId=${v}`,
        `/api/vehicles/${v}/history`,
      ];
      let worst = 0;
      for (const path of paths) {
        const first = await ask(path);
        for (let i = 0; i < 5; i++) await ask(path);
        const times: number[] = [];
        for (let i = 0; i < samples; i++) times.push((await ask(path)).ms);
        times.sort((a, b) => a - b);
        const [p50, p95] = [50, 95].map((p) => percentile(times, p));
        worst = Math.max(worst, p95);
        const what = path.includes('/total') ? ` total ${first.body.total}` : Array.isArray(first.body.items) ? ` ${first.body.items.length} rows` : '';
        lines.push(`GET ${path.replace(v, ':id')}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms${what}`);
        if (path.endsWith('/summary')) {
          const s = first.body;
          lines.push(
            `  ${s.licensePlate}: odometer ${s.odometerKm} km, ${s.last90Days.from}–${s.last90Days.to}: ₹${s.last90Days.total} over ${s.last90Days.km} km = ₹${s.last90Days.costPerKm}/km, ${s.kmPerLitre} km/L, chips ${s.chips.map((c: { state: string; count: number; area: string }) => `${c.area} ${c.state} ${c.count}`).join(', ')}`,
          );
        }
      }

      const { from, to } = await windowOdometer(database, vehicle, today, SUMMARY_WINDOW_DAYS);
      const statements: { name: string; text: string; params: unknown[] }[] = [
        {
          name: 'the window (up to the last counted reading), the odometers at its ends and the current one',
          text: windowOdometerStatement(),
          params: [vehicle, today, SUMMARY_WINDOW_DAYS],
        },
        { name: 'cost lines of the 90 days', text: costLinesStatement(), params: [vehicle, from, to] },
        { name: 'km/L fills of the 90 days', ...fuelTotalsStatement(to, { vehicleId: vehicle, days: SUMMARY_WINDOW_DAYS }) },
      ];
      // Each tab's first page as the list runs it (its default sort), filtered by the vehicle.
      const tabs: [AreaKey, string][] = [
        ['trips', 'vehicleId'],
        ['fuel-expenses', 'vehicleId'],
        ['refueling-logs', 'vehicleId'],
        ['maintenance', 'vehicleId'],
        ['service-schedules', 'vehicleId'],
        ['challans', 'vehicleId'],
        ['incidents', 'vehicleId'],
        ['trip-insurance', 'trip.vehicleId'],
      ];
      for (const [area, param] of tabs) {
        const def = resourceOf(area);
        const { all, selected } = recordSelection(def);
        const where = listConditions(def, all, undefined, [[param, vehicle]], today);
        const { sort, order } = def.area.defaultSort;
        const sortColumn = sort === 'id' ? all.id : sortExpression(def.area, derivedColumnsOf(def, all), sort, today);
        const page = database.db
          .select(selected)
          .from(def.table)
          .where(where)
          .orderBy(sortDirection(sortColumn, order), order === 'asc' ? asc(all.id) : desc(all.id))
          .limit(51)
          .toSQL();
        const count = database.db
          .select({ one: sql`1` })
          .from(def.table)
          .where(where)
          .limit(EXACT_COUNT_LIMIT + 1)
          .toSQL();
        statements.push({ name: `${area}?${param}= first page`, text: page.sql, params: page.params as never[] });
        statements.push({ name: `${area}?${param}= total`, text: `SELECT count(*) FROM (${count.sql}) matches`, params: count.params as never[] });
      }
      let wholeTables = 0;
      for (const statement of statements) {
        const rows = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        // A sequential scan never run, or of an empty table (the bench's files), reads nothing.
        const seq = plan.split('\n').filter((line) => line.includes('Seq Scan on') && !line.includes('(never executed)') && !line.includes('cost=0.00..0.00'));
        wholeTables += seq.length;
        lines.push('', `-- ${statement.name}${seq.length ? '  (SEQUENTIAL SCAN)' : ''}`, plan);
      }
      verdicts.push(
        `${worst <= RECORD_PAGES_TARGET_P95_MS ? 'MET' : 'MISSED'}: every request of the vehicle page p95 ≤ ${RECORD_PAGES_TARGET_P95_MS} ms (worst ${worst.toFixed(1)} ms, uncached, ${options.serverUrl ? 'PostgreSQL' : 'PGlite'})`,
      );
      verdicts.push(
        `${wholeTables === 0 ? 'MET' : 'MISSED'}: no statement of the page (summary, tabs) scans a table sequentially (${wholeTables} sequential scans)`,
      );
      return { lines, verdicts };
    } finally {
      await close();
    }
  } finally {
    await drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      vehicles: { type: 'string' },
      'vehicle-trips': { type: 'string' },
      'vehicle-expenses': { type: 'string' },
      samples: { type: 'string' },
    },
  });
  const num = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Math.max(0, Math.trunc(Number(value))));
  benchRecordPages({
    serverUrl: process.env.DATABASE_URL || undefined,
    vehicles: Math.max(1, num(values.vehicles, 10_000)),
    vehicleTrips: num(values['vehicle-trips'], 10_000),
    vehicleExpenses: num(values['vehicle-expenses'], 10_000),
    samples: num(values.samples, 100),
  }).then(
    ({ lines, verdicts }) => {
      console.log(['', ...lines, '', 'Record pages targets:', ...verdicts.map((v) => `  ${v}`)].join('\n'));
      process.exit(0);
    },
    (err: Error) => {
      console.error(err.stack ?? err.message);
      process.exit(1);
    },
  );
}
