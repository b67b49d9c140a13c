import { VEHICLE_STATUSES, VEHICLE_TYPES } from '@raahi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicles } from '../resources/vehicles';
import { startTestServer, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';

interface Seed {
  id: string;
  make: string;
  model: string;
  year: number;
  vin: string;
  licensePlate: string;
  type: string;
  status: string;
  currentMileage: number | null;
  createdAt: Date;
}

const MODELS: Record<string, string> = { Ashok: 'Leyland 2820', BharatBenz: '1617R', Eicher: 'Pro 3015', Mahindra: 'Blazo X 35', Tata: 'Prima 4028' };
const MAKES = Object.keys(MODELS);
const COUNT = 60;

/** 60 vehicles; ids are shuffled against creation order so that "newest first" cannot pass by id order. */
function makeSeeds(): Seed[] {
  const seeds = Array.from({ length: COUNT }, (_, i): Seed => {
    const make = MAKES[i % MAKES.length];
    return {
      id: `VEH${2000 + ((i * 37) % COUNT)}${String.fromCharCode(65 + (i % 26))}${i % 10}`,
      make,
      model: MODELS[make],
      year: 1995 + ((i * 7) % 30),
      vin: `MA1NK${String(100000 + i * 13)}Q`,
      licensePlate: `${['MH', 'KA', 'DL', 'TN', 'GJ'][i % 5]}${String(10 + (i % 40))}AB${1000 + i}`,
      type: VEHICLE_TYPES[i % VEHICLE_TYPES.length],
      status: VEHICLE_STATUSES[i % VEHICLE_STATUSES.length],
      currentMileage: i % 9 === 0 ? null : i * 1000,
      createdAt: new Date(Date.UTC(2026, 0, 1, 8, i)),
    };
  });
  // One field each that only one vehicle has, to prove each searched field is searched.
  Object.assign(seeds[3], { make: 'Volvo', model: 'FM 420' });
  Object.assign(seeds[7], { model: 'Zeta Special' });
  Object.assign(seeds[11], { vin: 'WDB9634031L738291' });
  Object.assign(seeds[13], { licensePlate: 'KA01XY9999' });
  Object.assign(seeds[17], { model: '50%Off Edition' });
  Object.assign(seeds[19], { model: 'Axle_Pro' });
  Object.assign(seeds[23], { model: 'PRIMA 5530' });
  return seeds;
}

const seeds = makeSeeds();
const newestFirst = [...seeds].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

/** The specified search: a case-insensitive substring of id, make, model, VIN or license plate. */
const matches = (v: Seed, term: string) =>
  [v.id, v.make, v.model, v.vin, v.licensePlate].some((field) => field.toLowerCase().includes(term.trim().toLowerCase()));

const ids = (list: { id: string }[]) => list.map((v) => v.id);

let server: TestServer;
let client: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  await server.database.db.insert(vehicles).values(seeds.map((s) => ({ ...s, updatedAt: s.createdAt, purchaseDate: null })));
});
afterAll(() => server?.close());

/** A page and, from its own request, the total of its search and filters. */
async function list(query: string) {
  const res = await client.get(`/api/vehicles${query ? '?' + query : ''}`);
  expect(res.status, res.text).toBe(200);
  const params = new URLSearchParams(query);
  for (const name of ['page', 'pageSize', 'sort', 'order']) params.delete(name);
  const total = await client.get(`/api/vehicles/total${params.size ? '?' + params : ''}`);
  expect(total.status, total.text).toBe(200);
  return { ...res.body, ...total.body } as { items: Seed[]; hasMore: boolean; total: number; totalIsEstimate: boolean; page: number; pageSize: number };
}

/** Every match of a query (the whole list fits one page of 200) as ids, in the order given. */
async function allIds(query: string) {
  const page = await list(`pageSize=200&${query}`);
  expect(page.total).toBe(page.items.length);
  return ids(page.items);
}

describe('order and pages', () => {
  it('lists newest first, 50 to a page by default, with an exact total', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: COUNT, totalIsEstimate: false, page: 1, pageSize: 50 });
    expect(ids(page.items)).toEqual(ids(newestFirst.slice(0, 50)));
    const second = await list('page=2');
    expect(ids(second.items)).toEqual(ids(newestFirst.slice(50)));
    expect(second).toMatchObject({ total: COUNT, page: 2, pageSize: 50 });
  });

  it('answers a page without counting: hasMore instead of a total, which is its own request', async () => {
    const res = await client.get('/api/vehicles?pageSize=60');
    expect(Object.keys(res.body).sort()).toEqual(['hasMore', 'items', 'page', 'pageSize']);
    expect([res.body.items.length, res.body.hasMore]).toEqual([COUNT, false]);
    expect((await client.get(`/api/vehicles?pageSize=${COUNT - 1}`)).body.hasMore).toBe(true);
    expect((await client.get('/api/vehicles/total?q=tata&type=Truck')).body).toEqual({
      total: seeds.filter((v) => matches(v, 'tata') && v.type === 'Truck').length,
      totalIsEstimate: false,
    });
    // The total does not depend on paging or sorting, and says so rather than ignoring them.
    const paged = await client.get('/api/vehicles/total?page=2');
    expect([paged.status, paged.body.title]).toEqual([400, 'Invalid Request']);
    expect((await client.get('/api/vehicles/total?type=Spaceship')).status).toBe(400);
  });

  it('answers a page beyond the first 10,000 records with 400 in words, and the last reachable page normally', async () => {
    for (const query of ['page=201', 'pageSize=200&page=51', 'pageSize=1&page=10001', 'page=1000000']) {
      const res = await client.get(`/api/vehicles?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({
        title: 'Page Out Of Reach',
        message: 'Only the first 10,000 records of a list can be paged through. Search, filter or reverse the sort order to find the others.',
      });
    }
    for (const query of ['page=200', 'pageSize=200&page=50', 'pageSize=1&page=10000', 'pageSize=3&page=3334']) {
      const res = await client.get(`/api/vehicles?${query}`);
      expect(res.status, query).toBe(200);
      expect(res.body.items).toEqual([]);
    }
  });

  it('returns each row with the API field names and without internal columns', async () => {
    const [first] = (await list('pageSize=1')).items;
    expect(Object.keys(first).sort()).toEqual(
      ['createdAt', 'currentMileage', 'id', 'licensePlate', 'make', 'model', 'purchaseDate', 'status', 'type', 'updatedAt', 'version', 'vin', 'year'].sort(),
    );
  });

  it('pages through everything exactly once with a chosen page size', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(`pageSize=25&page=${page}`)));
    expect(pages.map((p) => p.items.length)).toEqual([25, 25, 10, 0]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false, false]);
    expect(pages.map((p) => p.total)).toEqual([COUNT, COUNT, COUNT, COUNT]);
    expect(pages.flatMap((p) => ids(p.items))).toEqual(ids(newestFirst));
  });

  it('sorts by year, both ways, breaking ties by id', async () => {
    const byYear = (dir: 1 | -1) => [...seeds].sort((a, b) => dir * (a.year - b.year || (a.id < b.id ? -1 : 1)));
    expect(await allIds('sort=year&order=asc')).toEqual(ids(byYear(1)));
    expect(await allIds('sort=year&order=desc')).toEqual(ids(byYear(-1)));
    // Paging a sorted list keeps the order.
    const pages = await Promise.all([1, 2, 3].map((p) => list(`sort=year&order=asc&pageSize=20&page=${p}`)));
    expect(pages.flatMap((p) => ids(p.items))).toEqual(ids(byYear(1)));
  });

  it('sorts by make, both ways', async () => {
    const byMake = (dir: 1 | -1) => [...seeds].sort((a, b) => dir * (a.make < b.make ? -1 : a.make > b.make ? 1 : a.id < b.id ? -1 : 1));
    expect(await allIds('sort=make&order=asc')).toEqual(ids(byMake(1)));
    expect(await allIds('sort=make&order=desc')).toEqual(ids(byMake(-1)));
    expect((await list('sort=make&order=asc&pageSize=1')).items[0].make).toBe('Ashok');
  });

  it('sorts by mileage with vehicles without mileage (N/A) last in both directions, ties by id', async () => {
    const byMileage = (dir: 1 | -1) => {
      const known = seeds.filter((v) => v.currentMileage !== null).sort((a, b) => dir * (a.currentMileage! - b.currentMileage! || (a.id < b.id ? -1 : 1)));
      const unknown = seeds.filter((v) => v.currentMileage === null).sort((a, b) => dir * (a.id < b.id ? -1 : 1));
      return [...known, ...unknown];
    };
    expect(seeds.filter((v) => v.currentMileage === null)).toHaveLength(7);
    expect(await allIds('sort=currentMileage&order=asc')).toEqual(ids(byMileage(1)));
    expect(await allIds('sort=currentMileage&order=desc')).toEqual(ids(byMileage(-1)));
    // Paged, the N/A rows still come after every known mileage.
    const pages = await Promise.all([1, 2, 3].map((p) => list(`sort=currentMileage&order=desc&pageSize=25&page=${p}`)));
    expect(pages.flatMap((p) => ids(p.items))).toEqual(ids(byMileage(-1)));
  });
});

describe('search', () => {
  it.each([
    ['an id, in lower case', seeds[5].id.toLowerCase(), 1],
    ['part of an id', seeds[5].id.slice(2, 8), 1],
    ['a make', 'OLV', 1],
    ['a model', 'zeta sp', 1],
    ['a VIN', '634031l7', 1],
    ['a license plate', 'xy999', 1],
    ['a make shared by many', 'tata', 12],
    ['a model in two cases', 'prima', 12],
    ['a plate prefix', 'ka', 13],
  ])('finds %s (%s), case-insensitively', async (_label, term, count) => {
    const expected = seeds.filter((v) => matches(v, term));
    expect(expected).toHaveLength(count);
    expect((await allIds(`q=${encodeURIComponent(term)}`)).sort()).toEqual(ids(expected).sort());
  });

  it('does not match a term that only spans two fields', async () => {
    // Positive controls: each half matches on its own.
    expect((await allIds('q=shok')).length).toBeGreaterThan(0);
    expect((await allIds('q=leyl')).length).toBeGreaterThan(0);
    for (const term of ['okley', 'ashok leyland', 'Ashok Leyland', 'volvo fm', `${seeds[4].id}tata`]) {
      const page = await list(`q=${encodeURIComponent(term)}`);
      expect(page.total, term).toBe(0);
      expect(page.items).toEqual([]);
    }
  });

  it('treats LIKE wildcards in the term as plain characters', async () => {
    expect(await allIds('q=%25')).toEqual([seeds[17].id]);
    expect(await allIds('q=50%25')).toEqual([seeds[17].id]);
    expect(await allIds('q=_')).toEqual([seeds[19].id]);
    expect(await allIds('q=e_p')).toEqual([seeds[19].id]);
    // As wildcards these would match 'Pro 3015' and 'Prima 4028'.
    expect(await allIds('q=o_3')).toEqual([]);
    expect(await allIds(`q=${encodeURIComponent('a%4')}`)).toEqual([]);
    expect(await allIds(`q=${encodeURIComponent('\\')}`)).toEqual([]);
    expect(await allIds(`q=${encodeURIComponent('%%%')}`)).toEqual([]);
  });

  it('ignores surrounding spaces and an empty term', async () => {
    expect(await allIds('q=%20%20Tata%20%20')).toEqual(await allIds('q=tata'));
    expect((await list('q=')).total).toBe(COUNT);
    expect((await list('q=%20%20')).total).toBe(COUNT);
  });
});

describe('filters', () => {
  it.each([['type=Van'], ['type=Truck'], ['status=In%20Maintenance'], ['status=Sold'], ['type=Bus&status=Active']])('filters by %s', async (query) => {
    const params = new URLSearchParams(query);
    const expected = newestFirst.filter((v) => [...params].every(([name, value]) => v[name as 'type' | 'status'] === value));
    expect(expected.length).toBeGreaterThan(0);
    expect(await allIds(query)).toEqual(ids(expected));
  });

  it('combines filters with the search', async () => {
    const expected = newestFirst.filter((v) => matches(v, 'tata') && v.type === 'Truck');
    const mixed = newestFirst.filter((v) => matches(v, 'prima') && v.status === 'Active');
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(seeds.filter((v) => matches(v, 'tata')).length);
    expect(await allIds('q=tata&type=Truck')).toEqual(ids(expected));
    expect(await allIds('q=PRIMA&status=Active')).toEqual(ids(mixed));
    const page = await list('q=volvo&type=Motorcycle');
    expect([page.total, page.items]).toEqual([0, []]);
  });

  it('treats an empty filter as no filter', async () => {
    expect((await list('type=&status=')).total).toBe(COUNT);
  });

  it('counts the filtered total exactly while paging', async () => {
    const expected = newestFirst.filter((v) => v.type === 'Truck');
    const page = await list('type=Truck&pageSize=3&page=2');
    expect(page.total).toBe(expected.length);
    expect(ids(page.items)).toEqual(ids(expected.slice(3, 6)));
  });
});

describe('after changes', () => {
  it('finds a vehicle by its new values after an edit, and no longer by the old', async () => {
    const created = await client.post('/api/vehicles', vehicleBody({ make: 'Kamaz', vin: 'KMZ000111', licensePlate: 'UP32QQ0001' }));
    expect(created.status).toBe(201);
    expect(ids((await list('')).items)[0]).toBe(created.body.id); // newest first
    expect(await allIds('q=kamaz')).toEqual([created.body.id]);
    const edited = await client.put(
      `/api/vehicles/${created.body.id}`,
      vehicleBody({ make: 'SML Isuzu', vin: 'KMZ000111', licensePlate: 'UP32QQ0001', version: 1 }),
    );
    expect(edited.status).toBe(200);
    expect(await allIds('q=kamaz')).toEqual([]);
    expect(await allIds('q=isuzu')).toEqual([created.body.id]);
    expect((await client.del(`/api/vehicles/${created.body.id}`)).status).toBe(204);
    expect(await allIds('q=isuzu')).toEqual([]);
    expect((await list('')).total).toBe(COUNT);
  });

  it(
    'estimates the total above 50,000 matches and stays exact below, and is exact at any size where the kept counts answer',
    { timeout: 120_000 },
    async () => {
      await server.database.exec(`
      INSERT INTO vehicles (id, make, model, year, vin, license_plate, type, status, current_mileage, created_at)
      SELECT 'BULK' || g, 'Bulk', 'Load', 2020, 'BULKVIN' || g, 'BULK' || g, 'Truck', 'Active', 0, timestamptz '2025-01-01' + g * interval '1 second'
      FROM generate_series(1, 50001) AS g`);
      // Filters the kept counts answer (none, a status: decision 0046) are exact at any size.
      expect(await list('pageSize=1')).toMatchObject({ total: 50_001 + COUNT, totalIsEstimate: false });
      // Others are counted up to the cap, then estimated: never below what was counted; with fresh statistics, close to the truth.
      const earlier = (
        await server.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM vehicles WHERE created_at < date_trunc('month', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata'`,
        )
      )[0].n;
      const all = await list('added=Earlier&pageSize=1');
      expect(all.totalIsEstimate).toBe(true);
      expect(all.total).toBeGreaterThanOrEqual(50_001);
      await server.database.exec('ANALYZE vehicles');
      const analysed = await list('added=Earlier&pageSize=1');
      expect(analysed.totalIsEstimate).toBe(true);
      expect(Math.abs(analysed.total - earlier)).toBeLessThan(2500);
      const few = await list('q=volvo');
      expect([few.total, few.totalIsEstimate]).toEqual([1, false]);
    },
  );
});
