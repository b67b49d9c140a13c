import {
  leadsArea,
  ordersArea,
  quotationFinalAmount,
  quotationsArea,
  type LEAD_SOURCES,
  type LEAD_STATUSES,
  type ORDER_STATUSES,
  type PAYMENT_STATUSES,
  type QUOTATION_STATUSES,
} from '@raahi/domain';
import type { Database } from '../client';
import { DAY, isoDate, seededId, spreadTimestamps, YEAR, type SeedOptions } from './common';
import { FREIGHT_CITIES, roadKm, type City } from './india';
import { mobile, personName, pickRegion } from './people';
import { weightedTable, type Random } from './random';

/** Indian shippers that buy road freight, and their industry. */
export const CUSTOMERS: readonly (readonly [company: string, industry: string])[] = [
  ['Tata Steel Ltd.', 'Steel'],
  ['JSW Steel Ltd.', 'Steel'],
  ['Jindal Steel & Power', 'Steel'],
  ['Asian Paints Ltd.', 'Paints & Coatings'],
  ['Berger Paints India', 'Paints & Coatings'],
  ['Reliance Retail Ltd.', 'Retail'],
  ['Avenue Supermarts (DMart)', 'Retail'],
  ['Titan Company Ltd.', 'Retail'],
  ['Hindustan Unilever Ltd.', 'FMCG'],
  ['ITC Ltd.', 'FMCG'],
  ['Britannia Industries', 'FMCG'],
  ['Dabur India Ltd.', 'FMCG'],
  ['Marico Ltd.', 'FMCG'],
  ['Godrej Consumer Products', 'FMCG'],
  ['Nestlé India', 'FMCG'],
  ['Parle Products', 'FMCG'],
  ['Haldiram Snacks', 'Food Processing'],
  ['Gujarat Cooperative Milk Marketing Federation (Amul)', 'Dairy'],
  ['UltraTech Cement Ltd.', 'Cement'],
  ['Ambuja Cements', 'Cement'],
  ['Shree Cement', 'Cement'],
  ['Maruti Suzuki India', 'Automotive'],
  ['Bajaj Auto Ltd.', 'Automotive'],
  ['Hero MotoCorp', 'Automotive'],
  ['Apollo Tyres', 'Tyres'],
  ['MRF Ltd.', 'Tyres'],
  ['Larsen & Toubro', 'Construction'],
  ['Hindalco Industries', 'Aluminium'],
  ['Pidilite Industries', 'Chemicals'],
  ['Havells India', 'Electricals'],
  ['Voltas Ltd.', 'Consumer Durables'],
  ['Sun Pharmaceutical Industries', 'Pharmaceuticals'],
  ["Dr. Reddy's Laboratories", 'Pharmaceuticals'],
  ['Cipla Ltd.', 'Pharmaceuticals'],
  ['Flipkart Internet', 'E-commerce'],
  ['Bisleri International', 'Beverages'],
];
const ZONES: Record<string, string> = {
  MH: 'West',
  GJ: 'West',
  RJ: 'North',
  DL: 'North',
  HR: 'North',
  UP: 'North',
  PB: 'North',
  MP: 'Central',
  CG: 'Central',
  TN: 'South',
  KA: 'South',
  TS: 'South',
  AP: 'South',
  KL: 'South',
  WB: 'East',
  OD: 'East',
  JH: 'East',
  BR: 'East',
  AS: 'North-East',
};
const SALES_TEAM = ['Priya Sharma', 'Rahul Verma', 'Sneha Kulkarni', 'Arjun Nair', 'Farhan Qureshi', 'Deepika Reddy'];
const LEAD_NOTES = [
  'Monthly volume of about {n} full truckloads; wants a fixed rate for six months.',
  'Currently with a competitor; unhappy with transit times on the {lane} lane.',
  'Asked for GPS tracking links and proof-of-delivery photos on every trip.',
  'Festive-season peak from September to November; needs extra vehicles.',
  'Procurement wants rates by 15th of the month; decision by the plant head.',
];
/** Vehicle types quoted and their usual rate per km (₹). */
const VEHICLE_TYPES: readonly (readonly [type: string, low: number, high: number])[] = [
  ['Standard Truck', 38, 55],
  ['32 ft Container (MXL)', 62, 85],
  ['20 ft Container', 48, 66],
  ['Reefer Truck', 80, 110],
  ['Trailer (40 ft)', 85, 120],
  ['14 ft Tempo', 22, 32],
];
const TERMS = [
  'Standard terms apply',
  'Rates exclude tolls and loading/unloading. Detention ₹1,500 per day after 24 hours.',
  'Payment within 30 days of delivery. Fuel surcharge revised monthly with the diesel price.',
];
const DELIVERY_TERMS = ['FOB Origin', 'FOB Destination', 'Door Delivery', 'Ex Works'];

const pickStatus = weightedTable<(typeof LEAD_STATUSES)[number]>([
  ['New', 5],
  ['Contacted', 5],
  ['Qualified', 4],
  ['Proposal Sent', 4],
  ['Negotiation', 3],
  ['Won', 4],
  ['Lost', 2],
  ['On Hold', 1],
]);
const pickSource = weightedTable<(typeof LEAD_SOURCES)[number]>([
  ['Website', 4],
  ['Referral', 4],
  ['Cold Call', 3],
  ['Trade Show', 2],
  ['Advertisement', 1],
  ['Other', 1],
]);
const pickQuoteStatus = weightedTable<(typeof QUOTATION_STATUSES)[number]>([
  ['Draft', 2],
  ['Sent', 3],
  ['Approved', 5],
  ['Rejected', 1],
  ['Expired', 1],
]);
const pickOrderStatus = weightedTable<(typeof ORDER_STATUSES)[number]>([
  ['New', 2],
  ['Processing', 3],
  ['Dispatched', 3],
  ['Delivered', 6],
  ['Cancelled', 1],
]);
const pickPayment = weightedTable<(typeof PAYMENT_STATUSES)[number]>([
  ['Pending', 4],
  ['Paid', 5],
  ['Partially Paid', 3],
  ['Overdue', 1],
]);
const pickCity = weightedTable(FREIGHT_CITIES.map((c) => [c, c.weight] as const));

/** Quotations per lead and orders per Approved quotation with a flat rate. */
export const quotationsPerLead = 1.2;
export const ordersPerApproved = 0.8;

function uniqueId(taken: Set<string>, make: () => string): string {
  let id: string;
  do id = make();
  while (taken.has(id));
  taken.add(id);
  return id;
}

const lane = (random: Random): [City, City] => {
  const from = pickCity(random);
  let to = pickCity(random);
  while (to === from) to = pickCity(random);
  return [from, to];
};

/**
 * Inserts rows in one statement, each column sent as one array cast to its SQL type; a list column
 * ('text[]') is sent joined by '|' and split again.
 */
async function insertColumns(database: Database, table: string, columns: Record<string, string>, rows: readonly (readonly unknown[])[]) {
  const names = Object.keys(columns);
  const values = names.map((_, i) => rows.map((row) => row[i]));
  const unnest = names.map((name, i) => `$${i + 1}::${columns[name].replace('[]', '')}[]`).join(', ');
  const selected = names.map((name) => (columns[name].endsWith('[]') ? `string_to_array(u.${name}, '|')` : `u.${name}`)).join(', ');
  await database.query(
    `INSERT INTO ${table} (${names.join(', ')}, updated_at) SELECT ${selected}, u.created_at FROM unnest(${unnest}) AS u(${names.join(', ')})`,
    values,
  );
}

/**
 * `count` leads of Indian shippers (company, contact, region, the executive who follows them up), about
 * 1.2 quotations per lead on freight lanes priced per km and/or flat (GST 5% or 12%), and orders on
 * most Approved quotations with a flat rate: final amount as the form computes it, payment and balance
 * as the declaration prepares them, one to three of the database's vehicles assigned.
 */
export async function seedSales(database: Database, options: SeedOptions): Promise<{ leads: number; quotations: number; orders: number }> {
  const { count, random, now } = options;
  if (count === 0) return { leads: 0, quotations: 0, orders: 0 };
  const vehicles = (await database.query<{ id: string }>('SELECT id FROM vehicles ORDER BY id LIMIT 5000')).map((v) => v.id);
  const taken = new Set<string>();
  for (const table of ['sales_leads', 'sales_quotations', 'sales_orders'])
    for (const r of await database.query<{ id: string }>(`SELECT id FROM ${table}`)) taken.add(r.id);

  // Every shipper in turn from a random start, so that a few dozen leads name each once.
  const start = random.int(0, CUSTOMERS.length - 1);
  const leads = spreadTimestamps(random, count, now - YEAR, now - 20 * DAY).map((at, i) => {
    const [company, industry] = CUSTOMERS[(start + i) % CUSTOMERS.length];
    const city = pickCity(random);
    const person = personName(random, pickRegion(random));
    const domain = company
      .toLowerCase()
      .replace(/\(.*\)|ltd\.|[^a-z]/g, '')
      .slice(0, 16);
    const contact = random.chance(0.5) ? mobile(random) : `${person.emailParts[0]}.${person.emailParts[1] || 'sales'}@${domain}.example.in`;
    const [from, to] = lane(random);
    const note = random.chance(0.6)
      ? random
          .pick(LEAD_NOTES)
          .replace('{n}', String(random.int(8, 120)))
          .replace('{lane}', `${from.name} → ${to.name}`)
      : '';
    const row = [
      uniqueId(taken, () => seededId(leadsArea.idFormat, at, random)),
      random.chance(0.3) ? `${company} (${city.name})` : company,
      person.name,
      contact,
      pickSource(random),
      random.chance(0.85) ? random.pick(SALES_TEAM) : '',
      pickStatus(random),
      industry,
      `${ZONES[city.state] ?? 'West'} (${city.name})`,
      note,
      new Date(at).toISOString(),
    ] as const;
    return { row, at, company: row[1] };
  });
  await insertColumns(
    database,
    'sales_leads',
    {
      id: 'text',
      company_name: 'text',
      contact_person: 'text',
      contact_info: 'text',
      lead_source: 'text',
      assigned_to: 'text',
      status: 'text',
      industry: 'text',
      region: 'text',
      notes: 'text',
      created_at: 'timestamptz',
    },
    leads.map((l) => l.row),
  );

  const quotationCount = Math.round(count * quotationsPerLead);
  const quotations = spreadTimestamps(random, quotationCount, now - YEAR + 5 * DAY, now - 3 * DAY).map((at) => {
    // A quotation follows a lead made before it (most do), or goes to a walk-in customer.
    const earlier = leads.filter((l) => l.at < at);
    const lead = earlier.length && random.chance(0.85) ? random.pick(earlier) : null;
    const [from, to] = lane(random);
    const [vehicleType, low, high] = random.chance(0.35) ? VEHICLE_TYPES[0] : random.pick(VEHICLE_TYPES);
    const perKm = Math.round((low + random.next() * (high - low)) * 100) / 100;
    const pricing = random.weighted([
      ['both', 4],
      ['perKm', 3],
      ['flat', 3],
    ] as const);
    const flat = pricing === 'perKm' ? null : Math.round((roadKm(from, to) * perKm) / 100) * 100;
    const tax = random.pick([5, 5, 12]);
    const discount = random.pick([0, 0, 0, 2, 2.5, 5]);
    const row = [
      uniqueId(taken, () => seededId(quotationsArea.idFormat, at, random)),
      lead ? lead.row[0] : null,
      lead ? lead.company : random.pick(CUSTOMERS)[0],
      vehicleType,
      `${from.name} → ${to.name}`,
      pricing === 'flat' ? null : perKm,
      flat,
      tax,
      discount,
      isoDate(at + 30 * DAY),
      random.pick(TERMS),
      pickQuoteStatus(random),
      new Date(at).toISOString(),
    ] as const;
    return { row, at, km: roadKm(from, to) };
  });
  await insertColumns(
    database,
    'sales_quotations',
    {
      id: 'text',
      lead_id: 'text',
      customer_name: 'text',
      vehicle_type: 'text',
      route_or_region: 'text',
      pricing_per_km: 'numeric',
      flat_rate: 'numeric',
      tax: 'float8',
      discount: 'float8',
      valid_until: 'date',
      terms_and_conditions: 'text',
      status: 'text',
      created_at: 'timestamptz',
    },
    quotations.map((q) => q.row),
  );

  const orderable = quotations.filter((q) => q.row[11] === 'Approved' && q.row[6] !== null && random.chance(ordersPerApproved));
  const orders = orderable.map((q) => {
    const at = Math.min(now - DAY, q.at + random.int(1, 20) * DAY + random.int(0, DAY));
    const finalAmount = quotationFinalAmount({ flatRate: q.row[6], tax: q.row[7], discount: q.row[8] });
    const paymentStatus = pickPayment(random);
    const paid = paymentStatus === 'Partially Paid' && finalAmount !== null ? Math.round(finalAmount * random.pick([0.25, 0.4, 0.5, 0.6]) * 100) / 100 : null;
    const assigned = vehicles.length
      ? [
          ...new Set(
            Array.from(
              {
                length: random.weighted([
                  [1, 6],
                  [2, 3],
                  [3, 1],
                ] as const),
              },
              () => random.pick(vehicles),
            ),
          ),
        ]
      : [];
    // Paid and balance exactly as the form and the API would store them.
    const prepared = ordersArea.prepare!({
      ...ordersArea.defaults(),
      quotationId: q.row[0],
      customerName: q.row[2],
      date: isoDate(at),
      finalAmount,
      paymentStatus,
      paidAmount: paid,
      deliveryTerms: random.pick(DELIVERY_TERMS),
      assignedVehicles: assigned,
      routeDetails: `${q.row[4]}, about ${q.km} km${random.chance(0.4) ? '; unloading by the consignee' : ''}`,
      status: pickOrderStatus(random),
    });
    return { at, prepared };
  });
  orders.sort((a, b) => a.at - b.at);
  await insertColumns(
    database,
    'sales_orders',
    {
      id: 'text',
      quotation_id: 'text',
      customer_name: 'text',
      date: 'date',
      final_amount: 'numeric',
      payment_status: 'text',
      paid_amount: 'numeric',
      balance_amount: 'numeric',
      delivery_terms: 'text',
      assigned_vehicles: 'text[]',
      route_details: 'text',
      status: 'text',
      created_at: 'timestamptz',
    },
    orders.map(({ at, prepared: p }) => [
      uniqueId(taken, () => seededId(ordersArea.idFormat, at, random)),
      p.quotationId,
      p.customerName,
      p.date,
      p.finalAmount,
      p.paymentStatus,
      p.paidAmount,
      p.balanceAmount,
      p.deliveryTerms,
      p.assignedVehicles.join('|'),
      p.routeDetails,
      p.status,
      new Date(at).toISOString(),
    ]),
  );
  options.onProgress?.('sales', count, count);
  return { leads: count, quotations: quotationCount, orders: orders.length };
}
