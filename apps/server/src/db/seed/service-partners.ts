import { SERVICE_TYPES, servicePartnersArea } from '@raahi/domain';
import type { Database } from '../client';
import { DAY, seededId, spreadTimestamps, YEAR, type SeedOptions } from './common';
import { FREIGHT_CITIES, type City } from './india';
import { weightedTable, type Random } from './random';

type ServiceType = (typeof SERVICE_TYPES)[number];

/** Kinds of roadside businesses on Indian highways: how they are named and what they do. */
const KINDS: readonly { weight: number; names: readonly string[]; types: readonly ServiceType[]; extra: readonly ServiceType[]; notes: readonly string[] }[] = [
  {
    weight: 4,
    names: ['Towing Services', 'Crane Service', 'Highway Recovery', 'Roadside Rescue'],
    types: ['Towing'],
    extra: ['Accident Response', 'General Repair'],
    notes: [
      'Flatbed and 15-tonne hydraulic crane; heavy vehicles towed up to 80 km.',
      'Underlift tow truck for loaded trailers; GST invoice given.',
      'Recovery from ghat sections and ditches; police panchnama help.',
    ],
  },
  {
    weight: 4,
    names: ['Tyre House', 'Tyres & Wheel Alignment', 'Tyre Point', 'Puncture & Tyre Centre'],
    types: ['Tyres'],
    extra: ['Battery', 'General Repair'],
    notes: [
      'Truck and bus radials in stock; mobile puncture van.',
      'Nitrogen filling, retreading and wheel balancing.',
      'Stocks 10.00 R20 and 295/80 R22.5 sizes.',
    ],
  },
  {
    weight: 2,
    names: ['Battery House', 'Auto Electricals'],
    types: ['Battery'],
    extra: ['General Repair'],
    notes: ['Exide and Amaron truck batteries; jump-start on site.', 'Alternator and self-starter repair.'],
  },
  {
    weight: 3,
    names: ['Diesel Works', 'Motor Garage', 'Truck Care Workshop', 'Engine Works'],
    types: ['Engine', 'General Repair'],
    extra: ['Towing', 'Battery'],
    notes: [
      'Tata, Ashok Leyland and BharatBenz engines; fuel injection pump work.',
      'Night mechanic on call; clutch and gearbox overhaul.',
      'Authorised for BS-VI after-treatment (DEF, DPF) faults.',
    ],
  },
  {
    weight: 1,
    names: ['Fuel Services', 'Fuel-on-Wheels'],
    types: ['Fuel Delivery'],
    extra: [],
    notes: ['Doorstep diesel bowser, minimum 50 litres.', 'Emergency diesel for stranded vehicles on the highway.'],
  },
];
const PREFIXES = [
  'Sri Balaji',
  'Om Sai',
  'Jai Hind',
  'New India',
  'Shree Ganesh',
  'Highway King',
  'Guru Nanak',
  'Annapurna',
  'Bharat',
  'Maruti',
  'Vinayaka',
  'Royal',
  'Shiv Shakti',
  'Mahalaxmi',
  'Kaveri',
];
const HOURS = [
  ['24/7', 6],
  ['6 AM – 10 PM', 2],
  ['8 AM – 8 PM', 2],
  ['9 AM – 9 PM, Sunday closed', 1],
] as const;
const pickKind = weightedTable(KINDS.map((k) => [k, k.weight] as const));
const pickCity = weightedTable(FREIGHT_CITIES.map((c) => [c, c.weight] as const));
const pickHours = weightedTable(HOURS);

const mobile = (random: Random) =>
  `+91 ${random.pick(['98', '97', '94', '93', '90', '88', '70'])}${random.int(100, 999)} ${String(random.int(0, 99999)).padStart(5, '0')}`;
/** A point on the city's outskirts (within about 10 km), to four decimals as a phone's map shares it. */
const near = (random: Random, city: City) => `${(city.lat + (random.next() - 0.5) * 0.18).toFixed(4)},${(city.lon + (random.next() - 0.5) * 0.18).toFixed(4)}`;

/**
 * Inserts `count` service partners near India's freight hubs, busier cities with more: towing, tyre,
 * battery, engine and fuel partners with a contact, hours, a rating (some unrated) and a real location.
 */
export async function seedServicePartners(database: Database, options: SeedOptions): Promise<{ inserted: number }> {
  const { count, random, now } = options;
  if (count === 0) return { inserted: 0 };
  const created = spreadTimestamps(random, count, now - 2 * YEAR, now - DAY);
  const taken = new Set((await database.query<{ id: string }>('SELECT id FROM service_partners')).map((r) => r.id));
  const rows = created.map((at) => {
    const kind = pickKind(random);
    const city = pickCity(random);
    const extra = kind.extra.filter(() => random.chance(0.3));
    const types = SERVICE_TYPES.filter((t) => kind.types.includes(t) || extra.includes(t));
    const rating = random.chance(0.12) ? null : Math.round(random.around(2.8, 5) * 10) / 10;
    const contact = random.chance(0.25) ? `${mobile(random)} / ${mobile(random)}` : mobile(random);
    let id: string;
    do id = seededId(servicePartnersArea.idFormat, at, random);
    while (taken.has(id));
    taken.add(id);
    return [
      id,
      `${random.pick(PREFIXES)} ${random.pick(kind.names)}, ${city.name}`,
      types.join('|'),
      contact,
      pickHours(random),
      random.chance(0.9) ? near(random, city) : '',
      rating,
      random.chance(0.7) ? random.pick(kind.notes) : '',
      new Date(at).toISOString(),
    ] as const;
  });
  const column = (i: number) => rows.map((row) => row[i]);
  await database.query(
    `INSERT INTO service_partners (id, partner_name, service_types, contact_info, availability, geo_location, rating, notes, created_at, updated_at)
     SELECT u.id, u.name, string_to_array(u.types, '|'), u.contact, u.hours, u.geo, u.rating, u.notes, u.at, u.at
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::text[], $9::timestamptz[]) AS u(id, name, types, contact, hours, geo, rating, notes, at)`,
    [0, 1, 2, 3, 4, 5, 6, 7, 8].map(column),
  );
  options.onProgress?.('service partners', count, count);
  return { inserted: count };
}
