import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KpiAnswer } from '@raahi/domain';
import { openDatabase, type Database } from '../client';
import { kpiAnswer, kpiLastMonth } from '../../reports/kpi';
import { DEMO_DEFAULTS, seedDemo } from './demo';

/**
 * The plain `npm run seed:demo` (DEMO_DEFAULTS) gives the KPI dashboard a year to show: each of its twelve full months
 * has a cost per km, a km/L, an on-time % and a margin %, in a carrier's ranges, because the drivers' trips go back
 * over the whole year and each trip's diesel, tolls and allowance are generated along it.
 */
const NOW = Date.parse('2026-11-21T06:30:00Z');
const TODAY = '2026-11-21';

let database: Database;
let answer: KpiAnswer;

beforeAll(async () => {
  database = await openDatabase({});
  await seedDemo(database, { ...DEMO_DEFAULTS, seed: 42, now: NOW });
  answer = await kpiAnswer(database, 'administrator', kpiLastMonth(undefined, TODAY), TODAY);
}, 180_000);

afterAll(async () => {
  await database?.close();
});

describe('seed:demo defaults on the KPI dashboard', () => {
  it('give every one of the twelve months all four figures', () => {
    expect(answer.months.map((m) => m.month)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
    ]);
    const missing = answer.months.flatMap((m) =>
      Object.entries(m)
        .filter(([, value]) => value === null)
        .map(([figure]) => `${m.month} ${figure}`),
    );
    expect(missing).toEqual([]);
  });

  it('in a carrier’s ranges: margin 10–40 %, on time 60–90 %, 2.5–6 km/L (a fleet of trucks), ₹15–60 per km', () => {
    for (const m of answer.months) {
      expect(m.marginPercent, m.month).toBeGreaterThanOrEqual(10);
      expect(m.marginPercent, m.month).toBeLessThanOrEqual(40);
      expect(m.onTimePercent, m.month).toBeGreaterThanOrEqual(60);
      expect(m.onTimePercent, m.month).toBeLessThanOrEqual(90);
      expect(m.kmPerLitre, m.month).toBeGreaterThanOrEqual(2.5);
      expect(m.kmPerLitre, m.month).toBeLessThanOrEqual(6);
      expect(m.costPerKm, m.month).toBeGreaterThanOrEqual(15);
      expect(m.costPerKm, m.month).toBeLessThanOrEqual(60);
    }
  });

  it('cost the trips with spend generated along them: diesel (or a trailer’s puller), tolls and allowance, on their days, of their vehicle', async () => {
    const [trips] = await database.query<{ delivered: number; costed: number; complete: number; outside: number; other_vehicle: number }>(
      `WITH d AS (SELECT * FROM trips WHERE status = 'Delivered' AND start_date >= '2025-11-01' AND start_date < '2026-11-01'),
            spend AS (SELECT e.trip_id, array_agg(DISTINCT e.type) AS types FROM fuel_expenses e JOIN d ON d.id = e.trip_id GROUP BY e.trip_id)
       SELECT (SELECT count(*)::int FROM d) AS delivered,
              (SELECT count(*)::int FROM d WHERE cost > 0) AS costed,
              (SELECT count(*)::int FROM spend WHERE types @> ARRAY['Toll', 'Meal'] AND (types && ARRAY['Fuel', 'Other'])) AS complete,
              (SELECT count(*)::int FROM fuel_expenses e JOIN d ON d.id = e.trip_id
                WHERE e.date < (d.start_date AT TIME ZONE 'Asia/Kolkata')::date OR e.date > (d.end_date AT TIME ZONE 'Asia/Kolkata')::date) AS outside,
              (SELECT count(*)::int FROM fuel_expenses e JOIN d ON d.id = e.trip_id WHERE e.vehicle_id IS DISTINCT FROM d.vehicle_id) AS other_vehicle`,
    );
    // About 330 trips a month; every one costed but those the expense count could not reach.
    expect(trips.delivered).toBeGreaterThan(3000);
    expect(trips.costed / trips.delivered).toBeGreaterThan(0.97);
    expect(trips.complete / trips.delivered).toBeGreaterThan(0.95);
    expect([trips.outside, trips.other_vehicle]).toEqual([0, 0]);
  });
});
