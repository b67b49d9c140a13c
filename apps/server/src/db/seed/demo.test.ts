import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPE_ENTITY,
  DOCUMENT_TYPES,
  type DocumentType,
  CHALLAN_STATUSES,
  challansArea,
  OFFENSE_TYPES,
  EXPENSE_TYPES,
  fuelExpensesArea,
  roundRupees,
  coldChainArea,
  parseGeoLocation,
  servicePartnersArea,
  leadsArea,
  ordersArea,
  quotationFinalAmount,
  quotationsArea,
  driversArea,
  healthArea,
  idPattern,
  incidentsArea,
  insuranceArea,
  maintenanceArea,
  trainingArea,
  TRIP_STATUSES,
  tripsArea,
} from '@raahi/domain';
import { openDatabase, type Database } from '../client';
import { checkStored } from '../../operations/check-stored';
import { serviceRule } from '../../reminders/rules/service';
import { resources } from '../../resources';
import { seedDemo, type DemoSeedReport } from './demo';
import { vehicleFuel } from './vehicle-fuel';
import { findDuplicates } from '../duplicates';
import { FREIGHT_CITIES } from './india';
import { CUSTOMERS } from './sales';

const NOW = Date.parse('2026-11-21T06:30:00Z');
const SEARCH_TABLES = [
  'trips',
  'driver_training_records',
  'driver_health_reports',
  'trip_insurance_policies',
  'maintenance_jobs',
  'incidents',
  'cold_chain_units',
  'fuel_expenses',
  'challans',
] as const;

let database: Database;
let report: DemoSeedReport;

/** Every row's search text, then what the table's trigger makes of it when it recomputes it. */
async function searchTextAgainstTrigger(table: string) {
  const rows = await database.query<{ id: string; before: string; after: string }>(
    `WITH before AS (SELECT id, search_text FROM ${table})
     UPDATE ${table} t SET search_text = '' FROM before b WHERE t.id = b.id RETURNING t.id, b.search_text AS before, t.search_text AS after`,
  );
  return rows;
}

async function schemaShape() {
  const [shape] = await database.query<{ indexes: string; keys: string; triggers: string }>(
    `SELECT
       (SELECT string_agg(indexrelid::regclass::text, ',' ORDER BY indexrelid::regclass::text) FROM pg_index WHERE indrelid::regclass::text IN ('vehicles', 'drivers', 'trips', 'driver_training_records', 'driver_health_reports', 'trip_insurance_policies', 'maintenance_jobs', 'incidents', 'cold_chain_units', 'service_partners', 'fuel_expenses', 'challans')) AS indexes,
       (SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid), ',' ORDER BY conname) FROM pg_constraint WHERE contype = 'f') AS keys,
       (SELECT string_agg(tgname || ' ' || tgenabled::text, ',' ORDER BY tgname) FROM pg_trigger WHERE NOT tgisinternal) AS triggers`,
  );
  return shape;
}

describe('seed:demo with linked fleet records', () => {
  let shapeBefore: Awaited<ReturnType<typeof schemaShape>>;

  beforeAll(async () => {
    database = await openDatabase({});
    shapeBefore = await schemaShape();
    // rebuildFrom 100: the big-load path (staged rows, search text by joins, triggers off, indexes and
    // keys dropped and rebuilt) on a few hundred rows.
    report = await seedDemo(database, {
      vehicles: 150,
      drivers: 120,
      trips: 900,
      training: 240,
      health: 180,
      insurance: 300,
      maintenance: 300,
      incidents: 120,
      servicePartners: 40,
      expenses: 1200,
      challans: 600,
      sales: 40,
      seed: 42,
      now: NOW,
      rebuildFrom: 100,
    });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('inserts what was asked and checks a sample of search texts against the triggers', async () => {
    expect(report.inserted).toEqual({
      vehicles: 150,
      drivers: 120,
      trips: 900,
      training: 240,
      health: 180,
      insurance: 300,
      maintenance: 300,
      incidents: 120,
      coldChain: 90,
      servicePartners: 40,
      expenses: 1200,
      challans: 600,
      leads: 40,
      quotations: 48,
      orders: expect.any(Number),
      schedules: expect.any(Number),
    });
    expect(report.inserted.orders).toBeGreaterThan(0);
    expect(report.verified).toEqual({
      trips: 50,
      driver_training_records: 50,
      driver_health_reports: 50,
      trip_insurance_policies: 50,
      maintenance_jobs: 50,
      incidents: 50,
      cold_chain_units: 50,
      fuel_expenses: 50,
      challans: 50,
      service_schedules: 50,
    });
    expect(report.phases.expenses).toHaveProperty('computed');
    expect(report.phases.trips).toHaveProperty('computed');
  });

  it('gives the vehicles service schedules in a believable spread: most OK, some Due Soon, a few Overdue (by the service rule)', async () => {
    const sold = (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM vehicles WHERE status = 'Sold'`))[0].n;
    expect(report.inserted.schedules).toBe(2 * (150 - sold));
    const today = new Date(NOW + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const result = (await database.db.execute(serviceRule.states(today, null))) as unknown as { rows: { state: string }[] };
    const counts = Object.fromEntries(['ok', 'due_soon', 'overdue'].map((state) => [state, result.rows.filter((r) => r.state === state).length]));
    const total = result.rows.length;
    expect(total).toBe(report.inserted.schedules);
    const ids = await database.query<{ id: string }>('SELECT id FROM service_schedules');
    expect(ids.filter((r) => !/^SCH\d{5}[A-Z0-9]{3}$/.test(r.id))).toEqual([]);
    expect(counts.ok / total).toBeGreaterThan(0.6);
    expect(counts.due_soon / total).toBeGreaterThan(0.08);
    expect(counts.due_soon / total).toBeLessThan(0.3);
    expect(counts.overdue / total).toBeGreaterThan(0.03);
    expect(counts.overdue / total).toBeLessThan(0.2);
  });

  it('leaves the kept odometers (migration 0041) as a recomputation from the seeded readings', async () => {
    const kept = await database.query<{ vehicle_id: string; km: number }>('SELECT vehicle_id, km FROM vehicle_odometers ORDER BY vehicle_id');
    const recomputed = await database.query<{ vehicle_id: string; km: number }>(
      `SELECT vehicle_id, odometer_from(array_agg(km), array_agg(read_on)) AS km FROM odometer_readings WHERE km IS NOT NULL AND read_on IS NOT NULL GROUP BY vehicle_id ORDER BY vehicle_id`,
    );
    expect(kept.length).toBeGreaterThan(100);
    expect(kept).toEqual(recomputed);
    const tables = async () =>
      Promise.all(
        ['vehicle_odometer_days ORDER BY vehicle_id, day', 'vehicle_odometer_months ORDER BY vehicle_id, month'].map((t) =>
          database.query(`SELECT * FROM ${t}`),
        ),
      );
    const before = await tables();
    expect(before[1].length).toBeGreaterThan(100);
    await database.query('SELECT vehicle_odometers_rebuild(array_agg(id)) FROM vehicles');
    expect(await tables()).toEqual(before);
  });

  it('stores only records its areas would have saved: input schema, rules, computed values and links, in one check per area', async () => {
    // The seed writes around the operations (operations/check-stored.ts says why); this is where their rules are checked.
    for (const def of resources) expect(await checkStored(database, def, { limit: 300 }), def.area.key).toEqual([]);
    // The check is not vacuous: a vehicle's year made negative behind the API's back is caught, in words.
    const [vehicle] = await database.query<{ id: string; year: number }>('SELECT id, year FROM vehicles ORDER BY created_at DESC, id LIMIT 1');
    await database.query('UPDATE vehicles SET year = -1 WHERE id = $1', [vehicle.id]);
    const vehicles = resources.find((def) => def.area.key === 'vehicles')!;
    expect(await checkStored(database, vehicles, { limit: 1 })).toEqual([
      { area: 'vehicles', id: vehicle.id, title: 'Invalid Request', message: expect.stringContaining('Year') },
    ]);
    await database.query('UPDATE vehicles SET year = $2 WHERE id = $1', [vehicle.id, vehicle.year]);
  }, 120_000);

  it('computes every search text exactly as the triggers do', async () => {
    for (const table of SEARCH_TABLES) {
      const rows = await searchTextAgainstTrigger(table);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((r) => r.before !== r.after)).toEqual([]);
    }
  });

  it('leaves triggers on and the same indexes and foreign keys as before', async () => {
    expect(await schemaShape()).toEqual(shapeBefore);
    expect(shapeBefore.triggers).toContain('trips_search_text O');
  });

  it('makes drivers with Indian licences, +91 mobiles, emails and addresses', async () => {
    const drivers = await database.query<{
      id: string;
      name: string;
      license: string;
      contact: string;
      email: string;
      status: string;
      address: string;
      joining_date: string | null;
    }>('SELECT *, joining_date::text AS joining_date FROM drivers');
    expect(drivers).toHaveLength(120);
    for (const d of drivers) {
      expect(d.id).toMatch(idPattern(driversArea.idFormat));
      expect(d.name).toMatch(/^[A-Z][A-Za-z.' ]+ [A-Z][A-Za-z.']*$/);
      expect(d.license).toMatch(/^[A-Z]{2}\d{2}(199[5-9]|20\d\d)\d{7}$/);
      expect(d.contact).toMatch(/^\+91 [6-9]\d{9}$/);
      expect(d.email).toMatch(/^[a-z0-9.]+@[a-z.]+\.[a-z]+$/);
      expect(d.address).toMatch(/, [A-Za-z ]+ \d{6}$/);
    }
    expect(new Set(drivers.map((d) => d.license)).size).toBe(120);
    expect(new Set(drivers.map((d) => d.email)).size).toBe(120);
    expect(drivers.filter((d) => d.status === 'Active').length).toBeGreaterThan(70);
    expect(new Set(drivers.map((d) => d.license.slice(0, 2))).size).toBeGreaterThan(8);
  });

  it('makes trips between freight cities whose dates agree with their status', async () => {
    const trips = await database.query<{
      id: string;
      origin: string;
      destination: string;
      status: string;
      eta: Date | null;
      start_date: Date | null;
      end_date: Date | null;
      created_at: Date;
      updated_at: Date;
      driver_id: string;
      vehicle_id: string;
    }>('SELECT t.*, d.created_at AS driver_created FROM trips t JOIN drivers d ON d.id = t.driver_id');
    const cities = FREIGHT_CITIES.map((c) => c.name);
    const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
    for (const t of trips) {
      expect(t.id).toMatch(idPattern(tripsArea.idFormat));
      expect(cities).toContain(t.origin);
      expect(cities).toContain(t.destination);
      expect(t.origin).not.toBe(t.destination);
      const [start, eta, end] = [ms(t.start_date), ms(t.eta), ms(t.end_date)];
      if (start !== null && eta !== null) expect(eta).toBeGreaterThan(start);
      expect(ms(t.created_at)!).toBeLessThanOrEqual(NOW);
      expect(ms(t.updated_at)!).toBeGreaterThanOrEqual(ms(t.created_at)!);
      expect(ms(t.updated_at)!).toBeLessThanOrEqual(NOW);
      switch (t.status) {
        case 'Scheduled':
          expect(start).toBeGreaterThan(NOW);
          expect(end).toBeNull();
          break;
        case 'In Transit':
        case 'Delayed':
          expect(start).toBeLessThanOrEqual(NOW);
          expect(end).toBeNull();
          if (t.status === 'Delayed') expect(eta).toBeLessThan(NOW);
          else expect(eta).toBeGreaterThanOrEqual(NOW);
          break;
        case 'Delivered':
          expect(end).toBeGreaterThan(start!);
          expect(end).toBeLessThanOrEqual(NOW);
          break;
        case 'Cancelled':
          expect(end).toBeNull();
          break;
      }
    }
    const byStatus = Object.fromEntries(TRIP_STATUSES.map((s) => [s, trips.filter((t) => t.status === s).length]));
    expect(byStatus.Delivered).toBeGreaterThan(trips.length / 2);
    expect(byStatus.Delayed).toBeGreaterThan(0);
    expect(byStatus.Scheduled).toBeGreaterThan(0);
    expect(byStatus['In Transit']).toBeGreaterThan(0);
    expect(byStatus.Cancelled).toBeGreaterThan(0);
    expect(trips.some((t) => t.eta === null)).toBe(true);
    // Linked to many drivers and vehicles; rows were appended in order of creation (but for the 50 the
    // search-text check rewrote, which moved: hence not 1).
    expect(new Set(trips.map((t) => t.driver_id)).size).toBeGreaterThan(60);
    const [{ correlation }] = await database.query<{ correlation: number }>(
      `SELECT correlation FROM pg_stats WHERE tablename = 'trips' AND attname = 'created_at'`,
    );
    expect(correlation).toBeGreaterThan(0.8);
  });

  it('makes reefer units on distinct trips, set for their load, with readings that agree with their status', async () => {
    const units = await database.query<{
      id: string;
      trip_id: string;
      trip_status: string;
      name: string;
      min_temp: number;
      max_temp: number;
      current_temp: number | null;
      current_humidity: number | null;
      status: string;
      created_at: Date;
      trip_created: Date;
    }>('SELECT u.*, t.status AS trip_status, t.created_at AS trip_created FROM cold_chain_units u JOIN trips t ON t.id = u.trip_id');
    expect(units).toHaveLength(90);
    expect(new Set(units.map((u) => u.trip_id)).size).toBe(90);
    for (const u of units) {
      expect(u.id).toMatch(idPattern(coldChainArea.idFormat));
      expect(u.name).toMatch(/ Reefer RF-\d{3} \(/);
      expect(new Date(u.created_at).getTime()).toBeGreaterThanOrEqual(new Date(u.trip_created).getTime());
      const inside = u.current_temp !== null && u.current_temp >= u.min_temp && u.current_temp <= u.max_temp;
      if (u.status === 'Offline') expect([u.current_temp, u.current_humidity]).toEqual([null, null]);
      else if (u.status === 'Optimal') expect(inside).toBe(true);
      else expect(inside).toBe(false);
      if (u.trip_status === 'Cancelled') expect(u.status).toBe('Offline');
    }
    expect(new Set(units.map((u) => u.status)).size).toBeGreaterThan(2);
  });

  it('makes service partners near the freight cities with valid types, ratings and locations', async () => {
    const partners = await database.query<{
      id: string;
      partner_name: string;
      service_types: string[];
      contact_info: string;
      geo_location: string;
      rating: number | null;
    }>('SELECT * FROM service_partners');
    expect(partners).toHaveLength(40);
    for (const p of partners) {
      expect(p.id).toMatch(idPattern(servicePartnersArea.idFormat));
      expect(p.service_types.length).toBeGreaterThan(0);
      expect(p.contact_info).toMatch(/^\+91 \d{5} \d{5}/);
      if (p.rating !== null) expect(p.rating >= 2.8 && p.rating <= 5).toBe(true);
      if (p.geo_location !== '') {
        const point = parseGeoLocation(p.geo_location)!;
        expect(FREIGHT_CITIES.some((c) => Math.abs(c.lat - point.lat) <= 0.09 && Math.abs(c.lon - point.lon) <= 0.09)).toBe(true);
      }
      expect(FREIGHT_CITIES.some((c) => p.partner_name.endsWith(`, ${c.name}`))).toBe(true);
    }
    expect(partners.filter((p) => p.geo_location !== '').length).toBeGreaterThan(30);
  });

  it('makes sales leads of Indian shippers, quotations on freight lanes and orders on Approved quotations with vehicles', async () => {
    const leads = await database.query<{ id: string; company_name: string; contact_person: string; contact_info: string; status: string; region: string }>(
      'SELECT * FROM sales_leads',
    );
    expect(leads).toHaveLength(40);
    for (const l of leads) {
      expect(l.id).toMatch(idPattern(leadsArea.idFormat));
      expect(l.region).toMatch(/^(West|North|Central|South|East|North-East) \(.+\)$/);
    }
    for (const l of leads)
      expect(
        CUSTOMERS.some(([company]) => l.company_name === company || l.company_name.startsWith(`${company} (`)),
        l.company_name,
      ).toBe(true);
    expect(leads.map((l) => l.company_name)).toEqual(
      expect.arrayContaining(['Tata Steel Ltd.', 'Asian Paints Ltd.', 'Reliance Retail Ltd.'].map((c) => expect.stringContaining(c))),
    );
    const quotes = await database.query<{
      id: string;
      lead_id: string | null;
      customer_name: string;
      lead_company: string | null;
      route_or_region: string;
      pricing_per_km: string | null;
      flat_rate: string | null;
    }>('SELECT q.*, l.company_name AS lead_company FROM sales_quotations q LEFT JOIN sales_leads l ON l.id = q.lead_id');
    expect(quotes).toHaveLength(48);
    for (const q of quotes) {
      expect(q.id).toMatch(idPattern(quotationsArea.idFormat));
      if (q.lead_id) expect(q.customer_name).toBe(q.lead_company);
      expect(q.route_or_region).toMatch(/^.+ → .+$/);
      expect(q.pricing_per_km !== null || q.flat_rate !== null).toBe(true);
    }
    expect(quotes.filter((q) => q.lead_id).length).toBeGreaterThan(30);
    const orders = await database.query<{
      id: string;
      status: string;
      q_status: string;
      customer_name: string;
      q_customer: string;
      final_amount: string;
      flat_rate: string;
      tax: number;
      discount: number;
      payment_status: string;
      paid_amount: string | null;
      balance_amount: string | null;
      assigned_vehicles: string[];
      known: number;
    }>(
      `SELECT o.*, q.status AS q_status, q.customer_name AS q_customer, q.flat_rate, q.tax, q.discount,
              (SELECT count(*)::int FROM vehicles v WHERE v.id = ANY(o.assigned_vehicles)) AS known
       FROM sales_orders o JOIN sales_quotations q ON q.id = o.quotation_id`,
    );
    expect(orders).toHaveLength(report.inserted.orders);
    for (const o of orders) {
      expect(o.id).toMatch(idPattern(ordersArea.idFormat));
      expect([o.q_status, o.customer_name]).toEqual(['Approved', o.q_customer]);
      expect(Number(o.final_amount)).toBe(quotationFinalAmount({ flatRate: Number(o.flat_rate), tax: o.tax, discount: o.discount }));
      expect(o.assigned_vehicles.length).toBeGreaterThan(0);
      const [paid, balance, final] = [o.paid_amount, o.balance_amount, o.final_amount].map((v) => (v === null ? null : Number(v)));
      if (o.payment_status === 'Paid') expect([paid, balance]).toEqual([final, 0]);
      else if (o.payment_status === 'Partially Paid') expect(roundRupees(paid! + balance!)).toBe(final);
      else expect([paid, balance]).toEqual([null, null]);
    }
  });

  it('makes training records with scores only where assessed', async () => {
    const records = await database.query<{
      id: string;
      training_type: string;
      status: string;
      assessment_score: number | null;
      validity_period: string;
      schedule_date: string;
      trainer_name: string;
    }>('SELECT *, schedule_date::text AS schedule_date FROM driver_training_records');
    for (const r of records) {
      expect(r.id).toMatch(idPattern(trainingArea.idFormat));
      expect(['6 months', '1 year', '2 years']).toContain(r.validity_period);
      expect(r.trainer_name).not.toBe('');
      if (['Completed', 'Expired', 'Pending Renewal'].includes(r.status)) expect(r.assessment_score).toBeGreaterThanOrEqual(60);
      else if (r.status === 'Failed') expect(r.assessment_score).toBeLessThan(60);
      else expect(r.assessment_score).toBeNull();
      if (r.assessment_score !== null) expect(r.assessment_score).toBeGreaterThanOrEqual(40);
      if (r.assessment_score !== null) expect(r.assessment_score).toBeLessThanOrEqual(100);
      if (r.status === 'Scheduled') expect(r.schedule_date >= '2026-11-21').toBe(true);
    }
    expect(new Set(records.map((r) => r.status)).size).toBeGreaterThanOrEqual(5);
  });

  it('puts a vehicle and a driver on one trip under way at a time, and no trip to run on a vehicle gone or an inactive driver', async () => {
    const running = await database.query<{ vehicle_id: string; driver_id: string }>(
      `SELECT vehicle_id, driver_id FROM trips WHERE status IN ('In Transit', 'Delayed')`,
    );
    expect(running.length).toBeGreaterThan(10);
    expect(new Set(running.map((t) => t.vehicle_id)).size).toBe(running.length);
    expect(new Set(running.map((t) => t.driver_id)).size).toBe(running.length);
    const [{ unfit, sold_delivered }] = await database.query<{ unfit: number; sold_delivered: number }>(
      `SELECT count(*) FILTER (WHERE t.status IN ('Scheduled', 'In Transit', 'Delayed') AND (v.status IN ('Sold', 'Out of Service') OR d.status = 'Inactive'))::int AS unfit,
              count(*) FILTER (WHERE t.status = 'Delivered' AND v.status = 'Sold')::int AS sold_delivered
       FROM trips t JOIN vehicles v ON v.id = t.vehicle_id JOIN drivers d ON d.id = t.driver_id`,
    );
    expect(unfit).toBe(0);
    // History stays as it was: vehicles sold since ran trips that were delivered.
    expect(sold_delivered).toBeGreaterThan(0);
    expect(await findDuplicates(database)).toEqual([]);
  });

  it('fills each vehicle with what it runs on, at most its tank: a truck’s diesel, a motorcycle’s few litres of petrol, CNG in kg', async () => {
    const fills = await database.query<{ type: string; model: string; fuel_type: string; quantity: number }>(
      `SELECT v.type, v.model, e.fuel_type, e.quantity FROM fuel_expenses e JOIN vehicles v ON v.id = e.vehicle_id WHERE e.type = 'Fuel'`,
    );
    expect(fills.length).toBeGreaterThan(300);
    for (const f of fills) {
      const runsOn = vehicleFuel(f.type, f.model);
      expect(runsOn, `${f.type} ${f.model}`).not.toBeNull();
      expect([f.model, f.fuel_type]).toEqual([f.model, runsOn!.fuel]);
      expect(f.quantity).toBeGreaterThan(0);
      expect(f.quantity).toBeLessThanOrEqual(runsOn!.tank);
      if (f.type === 'Motorcycle') expect([f.fuel_type, f.quantity <= 20]).toEqual(['Petrol', true]);
    }
    expect(fills.some((f) => f.type === 'Trailer')).toBe(false);
    expect(fills.filter((f) => f.type === 'Truck' && f.quantity > 150).length).toBeGreaterThan(0);
  });

  it('makes expenses of the trips and vehicles: pump prices, amount = quantity × price, fuel fields only on fills', async () => {
    const rows = await database.query<{
      id: string;
      type: string;
      date: string;
      fuel_type: string;
      quantity: number | null;
      price_per_unit: number | null;
      amount: string;
      vendor: string;
      trip_id: string | null;
      vehicle_id: string | null;
      trip_vehicle: string | null;
    }>('SELECT e.*, e.date::text AS date, e.amount::text AS amount, t.vehicle_id AS trip_vehicle FROM fuel_expenses e LEFT JOIN trips t ON t.id = e.trip_id');
    expect(rows).toHaveLength(1200);
    for (const e of rows) {
      expect(e.id).toMatch(idPattern(fuelExpensesArea.idFormat));
      expect(e.date <= '2026-11-21').toBe(true);
      expect(Number(e.amount)).toBeGreaterThan(0);
      if (e.trip_id) expect(e.vehicle_id).toBe(e.trip_vehicle);
      if (e.type !== 'Fuel') expect([e.fuel_type, e.quantity, e.price_per_unit]).toEqual(['', null, null]);
      else {
        expect(Number(e.amount)).toBe(roundRupees(e.quantity! * e.price_per_unit!));
        if (e.fuel_type === 'Diesel') expect(e.price_per_unit).toBeGreaterThanOrEqual(87);
        if (e.fuel_type === 'Diesel') expect(e.price_per_unit).toBeLessThanOrEqual(95);
      }
      if (e.type === 'Toll') expect(e.vendor).toMatch(/toll plaza/);
    }
    const byType = Object.fromEntries(EXPENSE_TYPES.map((t) => [t, rows.filter((e) => e.type === t).length]));
    for (const type of EXPENSE_TYPES) expect(byType[type], type).toBeGreaterThan(0);
    expect(byType.Fuel).toBeGreaterThan(rows.length / 3);
    expect(rows.filter((e) => e.trip_id).length).toBeGreaterThan(rows.length / 2);
  });

  it('makes challans against the vehicles at the fines of the 2019 Act; statuses mixed, paid dates after the challan date', async () => {
    const rows = await database.query<{
      id: string;
      date: string;
      offense_type: string;
      amount: string;
      status: string;
      paid_date: string | null;
      notes: string;
      driver_id: string | null;
      vehicle_type: string;
      vehicle_created: Date;
      created_at: Date;
      scanned_copy: string | null;
    }>(
      `SELECT c.*, c.date::text AS date, c.paid_date::text AS paid_date, c.amount::text AS amount, v.type AS vehicle_type, v.created_at AS vehicle_created
       FROM challans c JOIN vehicles v ON v.id = c.vehicle_id`,
    );
    expect(rows).toHaveLength(600);
    const fines: Record<string, number[]> = {
      'Illegal Parking': [500, 1_000, 1_500],
      'Red Light Violation': [1_000, 5_000],
      'No Entry': [500, 1_000, 2_000, 5_000],
      'Wrong Lane': [500, 1_500, 5_000],
      'Documentation Issue': [2_000, 5_000, 10_000],
      Other: [500, 1_000, 5_000],
    };
    for (const c of rows) {
      expect(c.id).toMatch(idPattern(challansArea.idFormat));
      expect(c.date <= '2026-11-21').toBe(true);
      expect(new Date(c.created_at).getTime()).toBeLessThanOrEqual(NOW);
      expect(c.scanned_copy).toBeNull();
      // What happened, under which section, and who issued it.
      expect(c.notes).toMatch(/\((Sec \d|police notification)/);
      expect(c.notes).toMatch(/\)\. (e-challan, [A-Za-z() ]+ Traffic Police|Highway patrol near [A-Za-z() ]+|RTO flying squad, [A-Za-z() ]+)\.$/);
      const amount = Number(c.amount);
      const heavy = ['Truck', 'Trailer', 'Bus'].includes(c.vehicle_type);
      if (c.offense_type === 'Speeding') expect(heavy ? [2_000, 4_000] : [1_000, 2_000]).toContain(amount);
      else if (c.offense_type === 'Overloading') {
        expect(['Truck', 'Trailer']).toContain(c.vehicle_type);
        // ₹20,000 plus ₹2,000 per tonne over.
        expect((amount - 20_000) % 2_000 === 0 && amount > 20_000 && amount <= 38_000).toBe(true);
      } else expect(fines[c.offense_type], `${c.offense_type} ₹${amount}`).toContain(amount);
      if (c.status === 'Paid') {
        expect(c.paid_date! > c.date && c.paid_date! <= '2026-11-21', `${c.id}: ${c.date} → ${c.paid_date}`).toBe(true);
      } else expect(c.paid_date).toBeNull();
    }
    const byStatus = Object.fromEntries(CHALLAN_STATUSES.map((s) => [s, rows.filter((c) => c.status === s).length]));
    for (const status of CHALLAN_STATUSES) expect(byStatus[status], status).toBeGreaterThan(0);
    expect(byStatus.Paid).toBeGreaterThan(rows.length / 3);
    for (const offense of OFFENSE_TYPES)
      expect(
        rows.some((c) => c.offense_type === offense),
        offense,
      ).toBe(true);
    expect(rows.filter((c) => c.driver_id !== null).length).toBeGreaterThan(rows.length / 2);
    expect(new Set(rows.map((c) => c.vehicle_type)).size).toBeGreaterThan(1);
  });

  it('makes health reports at clinics with next due dates after the tests', async () => {
    const reports = await database.query<{
      id: string;
      test_type: string;
      test_date: string;
      result: string;
      next_due_date: string | null;
      clinic_info: string;
    }>('SELECT *, test_date::text AS test_date, next_due_date::text AS next_due_date FROM driver_health_reports');
    for (const r of reports) {
      expect(r.id).toMatch(idPattern(healthArea.idFormat));
      expect(r.clinic_info).toMatch(/^[A-Za-z.' ]+, [A-Za-z ()]+$/);
      expect(r.test_date <= '2026-11-21').toBe(true);
      if (r.next_due_date !== null) expect(r.next_due_date > r.test_date).toBe(true);
    }
  });

  it('adds parts in stock and compliance documents of every type, with expiries on both sides of today', async () => {
    const added = await seedDemo(database, { vehicles: 0, inventory: 60, compliance: 800, seed: 7 });
    expect(added.inserted).toMatchObject({ inventory: 60, compliance: 800 });
    // The load computes the search text (with the named record's label) itself: a sample matches the trigger's.
    expect(added.verified.compliance_documents).toBe(50);
    for (const key of ['inventory', 'compliance'])
      expect(
        await checkStored(
          database,
          resources.find((def) => def.area.key === key)!,
          { limit: 300 },
        ),
        key,
      ).toEqual([]);
    const [docs] = await database.query<{ types: number; expired: number; soon: number; valid: number; ordered: number }>(
      `SELECT count(DISTINCT document_type)::int AS types, count(*) FILTER (WHERE expiry_date < current_date)::int AS expired,
              count(*) FILTER (WHERE expiry_date BETWEEN current_date AND current_date + 30)::int AS soon,
              count(*) FILTER (WHERE expiry_date > current_date + 30)::int AS valid, count(*) FILTER (WHERE issue_date <= expiry_date)::int AS ordered
       FROM compliance_documents`,
    );
    expect(docs.types).toBe(DOCUMENT_TYPES.length);
    expect(Math.min(docs.expired, docs.soon, docs.valid)).toBeGreaterThan(0);
    expect(docs.ordered).toBe(800);
    // Each names a real record of its type's kind (a PUC certificate a vehicle, an e-Way Bill a trip), or none for Other.
    const named = await database.query<{ document_type: DocumentType; area: string | null; entity_id: string }>(
      `SELECT document_type, entity_id, CASE WHEN EXISTS (SELECT 1 FROM vehicles v WHERE v.id = entity_id) THEN 'vehicles'
              WHEN EXISTS (SELECT 1 FROM drivers d WHERE d.id = entity_id) THEN 'drivers' WHEN EXISTS (SELECT 1 FROM trips t WHERE t.id = entity_id) THEN 'trips' END AS area
       FROM compliance_documents`,
    );
    for (const doc of named) expect(doc.area, `${doc.document_type} ${doc.entity_id}`).toBe(DOCUMENT_TYPE_ENTITY[doc.document_type]);
    const [parts] = await database.query<{ bad: number }>(
      `SELECT count(*) FILTER (WHERE quantity < 0 OR reorder_level < 0 OR cost_per_unit <= 0 OR supplier = '')::int AS bad FROM inventory_items`,
    );
    expect(parts.bad).toBe(0);
  });

  it('makes insurance policies on the trips from Indian insurers, claims only on Claim Filed, some past their end', async () => {
    const policies = await database.query<{
      id: string;
      insurance_type: string;
      provider_name: string;
      start_date: string;
      end_date: string;
      status: string;
      claim_id: string;
      trip: boolean;
    }>(
      'SELECT p.*, p.start_date::text AS start_date, p.end_date::text AS end_date, EXISTS (SELECT 1 FROM trips t WHERE t.id = p.trip_id) AS trip FROM trip_insurance_policies p',
    );
    expect(policies).toHaveLength(300);
    for (const p of policies) {
      expect(p.id).toMatch(idPattern(insuranceArea.idFormat));
      expect(p.claim_id !== '').toBe(p.status === 'Claim Filed');
    }
    expect([...new Set(policies.map((p) => p.provider_name))]).toEqual(
      expect.arrayContaining(['ICICI Lombard', 'HDFC ERGO', 'New India Assurance', 'Bajaj Allianz', 'Tata AIG']),
    );
    expect(new Set(policies.map((p) => p.status)).size).toBeGreaterThanOrEqual(4);
    expect(policies.some((p) => p.status === 'Active' && p.end_date < '2026-11-21')).toBe(true);
  });

  it('makes job cards whose completion, status and cost agree with their dates', async () => {
    const jobs = await database.query<{
      id: string;
      job_type: string;
      status: string;
      scheduled_date: string;
      completion_date: string | null;
      cost: string | null;
      description: string;
      created_at: Date;
    }>('SELECT *, scheduled_date::text AS scheduled_date, completion_date::text AS completion_date, cost::text AS cost FROM maintenance_jobs');
    for (const j of jobs) {
      expect(j.id).toMatch(idPattern(maintenanceArea.idFormat));
      expect(j.description).not.toBe('');
      expect(new Date(j.created_at).getTime()).toBeLessThanOrEqual(NOW);
      if (j.status === 'Completed') expect(j.completion_date! >= j.scheduled_date && j.completion_date! <= '2026-11-21').toBe(true);
      else expect(j.completion_date).toBeNull();
      if (j.status === 'Scheduled') expect(j.scheduled_date >= '2026-11-19').toBe(true);
      if (j.status === 'Cancelled') expect(j.cost).toBeNull();
      if (j.cost !== null) expect(j.cost).toMatch(/^[1-9]\d{2,5}\.\d{2}$/);
    }
    expect(new Set(jobs.map((j) => j.status)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(jobs.map((j) => j.job_type)).size).toBe(4);
  });

  it('makes incidents on Indian highways, reported after they happened; only recent ones still open', async () => {
    const incidents = await database.query<{ id: string; type: string; status: string; location: string; date_time: Date; created_at: Date; images: string[] }>(
      'SELECT * FROM incidents',
    );
    for (const i of incidents) {
      expect(i.id).toMatch(idPattern(incidentsArea.idFormat));
      expect(i.location).toMatch(/\((MH|GJ|RJ|HR|TN|TS|JH|BR|AP|WB|AS|KL|UP)\)$/);
      const [happened, created] = [new Date(i.date_time).getTime(), new Date(i.created_at).getTime()];
      expect(happened).toBeLessThanOrEqual(created);
      expect(created).toBeLessThanOrEqual(NOW);
      if (i.status === 'Open') expect(NOW - created).toBeLessThan(3 * 86_400_000);
      expect(i.images).toEqual([]);
    }
    const [{ linked }] = await database.query<{ linked: number }>(
      'SELECT count(*)::int AS linked FROM incidents WHERE vehicle_id IS NOT NULL AND driver_id IS NOT NULL',
    );
    expect(linked).toBeGreaterThan(incidents.length / 2);
  });

  it('--reset empties every seeded table, rows that refer to others first, and seeds again (small loads: triggers off, indexes kept)', async () => {
    const again = await seedDemo(database, {
      vehicles: 20,
      drivers: 10,
      trips: 40,
      training: 15,
      health: 12,
      insurance: 16,
      maintenance: 25,
      incidents: 8,
      expenses: 25,
      seed: 7,
      now: NOW,
      reset: true,
    });
    expect(again.deleted).toEqual({
      trip_insurance_policies: 300,
      trips: 900,
      driver_training_records: 240,
      driver_health_reports: 180,
      maintenance_jobs: 300,
      service_schedules: report.inserted.schedules,
      incidents: 120,
      cold_chain_units: 90,
      vehicles: 150,
      drivers: 120,
      service_partners: 40,
      fuel_expenses: 1200,
      challans: 600,
      inventory_items: 60,
      compliance_documents: 800,
      sales_leads: 40,
      sales_quotations: 48,
      sales_orders: report.inserted.orders,
      partner_fuel_stations: 0,
      refueling_logs: 0,
      fuel_station_invoices: 0,
      // Kept from the readings (migration 0041), emptied with the vehicles its rows refer to.
      vehicle_odometers: expect.any(Number),
    });
    expect(Object.keys(again.deleted).indexOf('incidents')).toBeLessThan(Object.keys(again.deleted).indexOf('drivers'));
    expect(Object.keys(again.deleted).indexOf('trips')).toBeLessThan(Object.keys(again.deleted).indexOf('vehicles'));
    expect(again.phases.trips).not.toHaveProperty('computed');
    const [counts] = await database.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM vehicles) AS vehicles, (SELECT count(*)::int FROM drivers) AS drivers, (SELECT count(*)::int FROM trips) AS trips,
              (SELECT count(*)::int FROM driver_training_records) AS training, (SELECT count(*)::int FROM driver_health_reports) AS health,
              (SELECT count(*)::int FROM trip_insurance_policies) AS insurance,
              (SELECT count(*)::int FROM maintenance_jobs) AS maintenance, (SELECT count(*)::int FROM incidents) AS incidents,
              (SELECT count(*)::int FROM fuel_expenses) AS expenses`,
    );
    expect(counts).toEqual({ vehicles: 20, drivers: 10, trips: 40, training: 15, health: 12, insurance: 16, maintenance: 25, incidents: 8, expenses: 25 });
    for (const table of SEARCH_TABLES) expect((await searchTextAgainstTrigger(table)).filter((r) => r.before !== r.after)).toEqual([]);
    expect(await schemaShape()).toEqual(shapeBefore);
  }, 60_000);

  it('adds trips for the drivers and vehicles already there', async () => {
    const more = await seedDemo(database, { vehicles: 0, drivers: 0, trips: 30, seed: 9, now: NOW });
    expect(more.inserted).toMatchObject({ vehicles: 0, drivers: 0, trips: 30, training: 0, health: 0, coldChain: 3, servicePartners: 0 });
    const [{ n }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM trips');
    expect(n).toBe(70);
  });

  it('refuses trips without drivers, and leaves the database as it was', async () => {
    await database.exec(
      'TRUNCATE trip_insurance_policies, cold_chain_units, fuel_expenses, refueling_logs, challans, trips, driver_training_records, driver_health_reports, incidents, drivers',
    );
    await expect(seedDemo(database, { vehicles: 5, drivers: 0, trips: 10, seed: 1, now: NOW })).rejects.toThrow(/need vehicles and drivers/);
    const [{ n }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM vehicles');
    expect(n).toBe(20);
  });
});

describe('seed:demo of partner fuel stations, refuelling logs and station invoices', () => {
  let db: Database;
  let seeded: DemoSeedReport;
  const tableShape = async () =>
    (
      await db.query<{ shape: string }>(
        `SELECT concat_ws(' | ',
           (SELECT string_agg(pg_get_indexdef(indexrelid), ',' ORDER BY indexrelid::regclass::text) FROM pg_index WHERE indrelid = 'refueling_logs'::regclass),
           (SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid), ',' ORDER BY conname) FROM pg_constraint WHERE conrelid = 'refueling_logs'::regclass),
           (SELECT string_agg(tgname || ' ' || tgenabled::text, ',' ORDER BY tgname) FROM pg_trigger WHERE tgrelid = 'refueling_logs'::regclass AND NOT tgisinternal)) AS shape`,
      )
    )[0].shape;
  let shapeBefore: string;

  beforeAll(async () => {
    db = await openDatabase({});
    shapeBefore = await tableShape();
    // rebuildFrom 100: the million-row path (indexes, keys and the search trigger off, rebuilt after) on 2,000 logs.
    seeded = await seedDemo(db, {
      vehicles: 60,
      drivers: 30,
      trips: 0,
      fuelStations: 25,
      refuelingLogs: 2000,
      stationInvoices: 150,
      seed: 11,
      now: NOW,
      rebuildFrom: 100,
    });
  }, 120_000);
  afterAll(() => db?.close());

  it('inserts what was asked, with the search text the triggers compute and the table as it was', async () => {
    expect(seeded.inserted).toMatchObject({ fuelStations: 25, refuelingLogs: 2000, stationInvoices: 150 });
    expect(seeded.verified.refueling_logs).toBe(50);
    expect(await tableShape()).toBe(shapeBefore);
    expect(shapeBefore).toContain('refueling_logs_search_text O');
    for (const table of ['refueling_logs', 'fuel_station_invoices']) {
      const rows = await searchTextAgainstTriggerIn(db, table);
      expect(rows.filter((r) => r.before !== r.after)).toEqual([]);
    }
  });

  it('stores only stations, logs and invoices their areas would have saved', async () => {
    for (const key of ['partner-fuel-stations', 'refueling-logs', 'fuel-station-invoices']) {
      expect(
        await checkStored(
          db,
          resources.find((def) => def.area.key === key)!,
          { limit: 500 },
        ),
        key,
      ).toEqual([]);
    }
  }, 120_000);

  it('makes IOCL, BPCL and HPCL stations on national highways, with valid records', async () => {
    const stations = await db.query<
      Record<string, unknown> & { id: string; station_name: string; address: string; gps_location: string; fuel_types: string[]; phone: string; email: string }
    >('SELECT *, credit_limit::float8 AS credit_limit FROM partner_fuel_stations');
    expect(stations).toHaveLength(25);
    for (const s of stations) {
      expect(s.id).toMatch(/^FS\d{5}[A-Z0-9]{3}$/);
      expect(s.station_name).toMatch(/^(IOCL|BPCL|HPCL) /);
      expect(s.address).toMatch(/^NH\d+, Km \d+, [A-Za-z ]+, .+ \d{6}$/);
      expect(s.fuel_types[0]).toBe('Diesel');
      expect(s.phone).toMatch(/^\+91 [6-9]\d{9}$/);
    }
    expect(stations.map((s) => s.address).join('\n')).toMatch(/NH48, Km \d+, Vashi/);
    expect(stations.map((s) => s.address).join('\n')).toMatch(/NH44, Km \d+, Jamtha, Nagpur/);
  });

  it('makes logs of the vehicles and drivers at the stations: pump prices, total = quantity × rate, newest within now', async () => {
    const logs = await db.query<{
      id: string;
      fuel_type: string;
      quantity: number;
      rate: number;
      total: string;
      at: Date;
      method: string;
      odometer: number | null;
      station_sells: boolean;
      vehicle: string | null;
    }>(
      `SELECT l.id, l.fuel_type, l.quantity, l.rate, l.total_cost::text AS total, l."timestamp" AS at, l.refuel_method AS method, l.odometer,
              l.fuel_type = ANY (s.fuel_types) AS station_sells, v.id AS vehicle
       FROM refueling_logs l JOIN partner_fuel_stations s ON s.id = l.station_id LEFT JOIN vehicles v ON v.id = l.vehicle_id`,
    );
    expect(logs).toHaveLength(2000);
    expect(new Set(logs.map((l) => l.id)).size).toBe(2000);
    for (const l of logs) {
      expect(l.id).toMatch(/^RFL\d{5}[A-Z]{3}$/);
      expect(l.vehicle).not.toBeNull();
      expect(l.station_sells).toBe(true);
      expect(Number(l.total)).toBe(roundRupees(l.quantity * l.rate));
      expect(new Date(l.at).getTime()).toBeLessThanOrEqual(NOW);
      if (l.fuel_type === 'Diesel') expect(l.rate).toBeGreaterThanOrEqual(86.5);
      if (l.fuel_type === 'Diesel') expect(l.rate).toBeLessThanOrEqual(95.5);
      if (l.fuel_type === 'CNG') expect(l.rate).toBeGreaterThanOrEqual(74);
    }
    expect(logs.filter((l) => l.fuel_type === 'Diesel').length).toBeGreaterThan(1500);
    // What the vehicle runs on, at most its tank.
    const fills = await db.query<{ type: string; model: string; fuel_type: string; quantity: number }>(
      'SELECT v.type, v.model, l.fuel_type, l.quantity FROM refueling_logs l JOIN vehicles v ON v.id = l.vehicle_id',
    );
    for (const f of fills) {
      const runsOn = vehicleFuel(f.type, f.model);
      expect(runsOn, `${f.type} ${f.model}`).not.toBeNull();
      expect([f.model, f.fuel_type]).toEqual([f.model, runsOn!.fuel]);
      expect(f.quantity).toBeLessThanOrEqual(runsOn!.tank);
      if (f.type === 'Motorcycle') expect(f.quantity).toBeLessThanOrEqual(20);
    }
    expect(logs.filter((l) => l.odometer === null).length).toBeGreaterThan(50);
    const [{ drivers }] = await db.query<{ drivers: number }>('SELECT count(DISTINCT driver_id)::int AS drivers FROM refueling_logs');
    expect(drivers).toBeGreaterThan(20);
  });

  it('makes one invoice per station per month, newest months first, whose payment fields follow the rules', async () => {
    const invoices = await db.query<{
      id: string;
      station_id: string;
      start: string;
      finish: string;
      status: string;
      amount: number;
      paid: number | null;
      balance: number | null;
      paid_on: string | null;
      generated: string;
    }>(
      `SELECT id, station_id, date_range_start::text AS start, date_range_end::text AS finish, payment_status AS status, amount::float8 AS amount,
              paid_amount::float8 AS paid, balance_amount::float8 AS balance, paid_on::text AS paid_on, generated_on::text AS generated FROM fuel_station_invoices`,
    );
    expect(invoices).toHaveLength(150);
    expect(new Set(invoices.map((i) => `${i.station_id} ${i.start}`)).size).toBe(150);
    for (const i of invoices) {
      expect(i.id).toMatch(/^FSINV\d{5}[A-Z]{3}$/);
      expect(i.start <= i.finish && i.finish < i.generated).toBe(true);
      expect(i.generated <= '2026-11-21').toBe(true);
      if (i.status === 'Paid') expect([i.paid, i.balance, i.paid_on !== null]).toEqual([i.amount, 0, true]);
      if (i.status === 'Partially Paid') {
        expect(i.paid! > 0 && i.paid! < i.amount).toBe(true);
        expect(i.balance).toBe(roundRupees(i.amount - i.paid!));
      }
      if (i.status !== 'Paid' && i.status !== 'Partially Paid') expect([i.paid, i.balance, i.paid_on]).toEqual([null, null, null]);
    }
    // The newest month (October 2026) first: every station billed for it.
    expect(invoices.filter((i) => i.start === '2026-10-01').length).toBe(25);
  });
});

async function searchTextAgainstTriggerIn(db: Database, table: string) {
  return db.query<{ id: string; before: string; after: string }>(
    `WITH before AS (SELECT id, search_text FROM ${table})
     UPDATE ${table} t SET search_text = '' FROM before b WHERE t.id = b.id RETURNING t.id, b.search_text AS before, t.search_text AS after`,
  );
}
