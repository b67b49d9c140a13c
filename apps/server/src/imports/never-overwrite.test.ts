import { eq } from 'drizzle-orm';
import type { Actor } from '@raahi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyTimeZone } from '../company-time';
import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import { resourceOf, resources } from '../resources';
import { driverBody, multipartBody, startTestServer, tripBody, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';
import { importChecker } from './check';
import { matchColumns } from './mapping';
import { createRun, importRuns, importStagedRows, newBatchId, readRun } from './runs';
import { takeBackInterruptedImports, writeStaged } from './write';

/**
 * Imports never overwrite other people's work (issue 32, decision 0061), on both databases: update mode's rows whose
 * record changed since the export are conflicts; undo reads each record's own history; a batch being written offers
 * its records to no other writer, so its take-back is always possible; parallel commits of one file answer 409.
 */
let server: TestServer;
let admin: TestClient;
const actor: Actor = { type: 'system', id: 'overwrite-test', name: 'Overwrite test' };
const vehicles = resourceOf('vehicles');
const INPUT = Object.keys(vehicleBody());

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn();
}, 60_000);
afterAll(() => server?.close());

type Options = { mode?: 'dry-run' | 'commit'; update?: boolean; overwrite?: boolean };

function importFile(client: TestClient, area: string, data: Buffer | string, options: Options = {}) {
  const parts: { name: string; filename?: string; data: Buffer | string }[] = [{ name: 'file', filename: `${area}.csv`, data }];
  if (options.mode) parts.push({ name: 'mode', data: options.mode });
  if (options.update) parts.push({ name: 'update', data: 'true' });
  if (options.overwrite) parts.push({ name: 'overwrite', data: 'true' });
  const form = multipartBody(parts);
  return client.request('POST', `/api/${area}/import`, { body: form.body, headers: { 'content-type': form.contentType } });
}

/** Saves a vehicle through the API as its form does, with these changes. */
async function edit(id: string, changes: Record<string, unknown>) {
  const stored = (await admin.get(`/api/vehicles/${id}`)).body;
  const body = Object.fromEntries(INPUT.map((key) => [key, stored[key]]));
  const res = await admin.put(`/api/vehicles/${id}`, { ...body, ...changes, version: stored.version });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/**
 * The database, with `between` run after its `pause`-th transaction (a stepwise write's page) and the `fail`-th
 * failing as a server would: what other users do between two pages of an embedded import.
 */
function pausing(database: Database, between: { pause?: number; fail?: number; run?: () => Promise<void> }): Database {
  let transactions = 0;
  return new Proxy(database, {
    get(target, prop) {
      if (prop === 'transaction')
        return async (work: (tx: Database) => Promise<unknown>) => {
          const n = ++transactions;
          if (n === between.fail) throw new Error('the server failed between two pages');
          const result = await target.transaction(work);
          if (n === between.pause) await between.run?.();
          return result;
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A commit run of these vehicle rows (cells by header), checked and staged as the pipeline stages them. */
async function stagedRun(header: string[], rows: string[][], update = false): Promise<string> {
  const columns = matchColumns(vehicles, header);
  const check = importChecker(server.database, { def: vehicles, resources, columns, update, keep: [], zone: companyTimeZone() });
  const { valid, errors } = await check(rows.map((cells, i) => ({ row: i + 2, cells })));
  expect(errors).toEqual([]);
  const runId = await createRun(server.database, {
    area: 'vehicles',
    userId: 'overwrite-test',
    byName: actor.name,
    mode: 'commit',
    update,
    validOnly: false,
    mapping: columns,
    fileName: 'v.csv',
  });
  await server.database.db
    .insert(importStagedRows)
    .values(valid.map((item) => ({ runId, rowNo: item.row, recordId: item.recordId ?? null, version: item.version ?? null, input: item.input })));
  return runId;
}

const newVehicles = (plates: string[]) => plates.map((plate, i) => ['Tata', 'Ace', '2023', plate, `MAT4480NO${plate.slice(-6)}${i}`]);
const NEW_HEADER = ['Make', 'Model', 'Year', 'License Plate', 'VIN'];

describe('update mode from an export', () => {
  it('a row whose record changed since the export is a conflict naming the fields changed since, left out unless overwrite=true; the others are written', async () => {
    const one = (await admin.post('/api/vehicles', vehicleBody({ licensePlate: 'KA05OW0001' }))).body;
    const two = (await admin.post('/api/vehicles', vehicleBody({ licensePlate: 'KA05OW0002' }))).body;
    const exported = await admin.get('/api/vehicles/export?q=KA05OW');
    const [header, ...lines] = exported.text.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(header.split(',').at(-1)).toBe('Version');
    const rowOf = (id: string) => lines.findIndex((line) => line.startsWith(`${id},`)) + 2;
    // After the export, a fleet manager sends the first vehicle to the workshop and another user changes its mileage.
    await edit(one.id, { status: 'In Maintenance' });
    await edit(one.id, { currentMileage: 130000 });
    // The file changes the first vehicle's year and the second's: the first still holds the exported status and mileage.
    const file = [header, ...lines.map((line) => line.replace(',2022,', ',2020,'))].join('\r\n');

    const dry = await importFile(admin, 'vehicles', file, { mode: 'dry-run', update: true });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toMatchObject({ status: 'done', valid: 2, errorCount: 0, conflictCount: 1, overwrite: false });
    expect(dry.body.conflicts).toEqual([{ row: rowOf(one.id), id: one.id, fields: ['status', 'currentMileage'] }]);

    const commit = await importFile(admin, 'vehicles', file, { mode: 'commit', update: true });
    expect(commit.status, commit.text).toBe(200);
    expect(commit.body).toMatchObject({ status: 'done', written: 1, conflicts: [{ row: rowOf(one.id), id: one.id, fields: ['status', 'currentMileage'] }] });
    expect(commit.body.message).toBe(
      '1 row left out: its record changed since the export (see the conflicts); import again with overwrite to write it over those changes.',
    );
    expect((await admin.get(`/api/vehicles/${one.id}`)).body).toMatchObject({ status: 'In Maintenance', currentMileage: 130000, year: 2022, version: 3 });
    expect((await admin.get(`/api/vehicles/${two.id}`)).body).toMatchObject({ year: 2020, version: 2 });

    // Asked to, it writes the conflict over those changes (the second row is unchanged by now).
    const overwritten = await importFile(admin, 'vehicles', file, { mode: 'commit', update: true, overwrite: true });
    expect(overwritten.body, overwritten.text).toMatchObject({ status: 'done', written: 1, unchanged: 1, conflictCount: 1, overwrite: true, message: null });
    expect((await admin.get(`/api/vehicles/${one.id}`)).body).toMatchObject({ status: 'Active', currentMileage: 125000, year: 2020, version: 4 });
  });

  it('a record changed since in fields the file leaves as they are is written; a file without a Version column updates as before; a bad Version is an error', async () => {
    const one = (await admin.post('/api/vehicles', vehicleBody({ licensePlate: 'KA05OW0101' }))).body;
    const exported = await admin.get(`/api/vehicles/export?q=${one.id}`);
    const [header, line] = exported.text.replace('\uFEFF', '').trimEnd().split('\r\n');
    await edit(one.id, { status: 'In Maintenance' });
    // The file changes the year only, and keeps... the exported status: a conflict on status. Without the status column, none.
    const cells = header.split(',');
    const keep = cells.map((name, i) => (name === 'Status' ? -1 : i)).filter((i) => i >= 0);
    const pick = (text: string) => keep.map((i) => text.split(',')[i]).join(',');
    const noStatus = [pick(header), pick(line).replace(',2022,', ',2019,')].join('\r\n');
    const written = await importFile(admin, 'vehicles', noStatus, { mode: 'commit', update: true });
    expect(written.body, written.text).toMatchObject({ status: 'done', written: 1, conflicts: [], conflictCount: 0 });
    expect((await admin.get(`/api/vehicles/${one.id}`)).body).toMatchObject({ status: 'In Maintenance', year: 2019 });

    // Without the Version column, a file not from an export: written as today, over the change.
    const withoutVersion = [header.split(',').slice(0, -1).join(','), line.split(',').slice(0, -1).join(',').replace(',2022,', ',2018,')].join('\r\n');
    const asToday = await importFile(admin, 'vehicles', withoutVersion, { mode: 'commit', update: true });
    expect(asToday.body, asToday.text).toMatchObject({ status: 'done', written: 1, conflicts: [], conflictCount: 0 });
    expect((await admin.get(`/api/vehicles/${one.id}`)).body).toMatchObject({ status: 'Active', year: 2018 });

    const bad = await importFile(admin, 'vehicles', [header, line.replace(/,1$/, ',one')].join('\r\n'), { mode: 'dry-run', update: true });
    expect(bad.body.errors).toEqual([{ row: 2, column: 'Version', message: 'Version must be a whole number of 1 or more, as the export writes it.' }]);
  });
});

describe('undo', () => {
  it("an edit made between two pages of an update batch is found by the record's own history: the undo is refused", async () => {
    const one = (await admin.post('/api/vehicles', vehicleBody({ licensePlate: 'KA05OW0201' }))).body;
    const two = (await admin.post('/api/vehicles', vehicleBody({ licensePlate: 'KA05OW0202' }))).body;
    const runId = await stagedRun(
      ['ID', 'Year'],
      [
        [one.id, '2019'],
        [two.id, '2019'],
      ],
      true,
    );
    const batchId = newBatchId();
    const driver = (await admin.post('/api/drivers', driverBody())).body;
    let trip = 0;
    // After the first page (the first vehicle), another user changes that vehicle's mileage; the vehicles of an update
    // batch were there before it, so a trip may still be put on one.
    const database = pausing(server.database, {
      pause: 1,
      run: async () => {
        await edit(one.id, { currentMileage: 140000 });
        trip = (await admin.post('/api/trips', tripBody(two.id, driver.id))).status;
      },
    });
    await writeStaged(database, { def: vehicles, runId, batchId, actor, update: true, finish: { status: 'done' }, stepwise: true, pageSize: 1 });
    expect(trip).toBe(201);
    const refused = await admin.del(`/api/imports/${batchId}`);
    expect([refused.status, refused.body]).toEqual([
      409,
      { title: 'Undo Refused', message: `1 of the 2 vehicles of this import changed since it (${one.id}). Nothing was undone.` },
    ]);
    expect((await admin.get(`/api/vehicles/${one.id}`)).body).toMatchObject({ year: 2019, currentMileage: 140000 });
    expect((await admin.get(`/api/vehicles/${two.id}`)).body).toMatchObject({ year: 2019 });
  });
});

describe('a batch being written', () => {
  it('offers its records to no pick-list, link or import; a failed page then takes the batch back', async () => {
    const driver = (await admin.post('/api/drivers', driverBody())).body;
    const plates = ['KA05OW0301', 'KA05OW0302'];
    const runId = await stagedRun(NEW_HEADER, newVehicles(plates));
    const batchId = newBatchId();
    const seen: Record<string, unknown> = {};
    const between = async () => {
      const [stored] = await server.database.query<{ id: string }>(`SELECT id FROM vehicles WHERE license_plate = $1`, [plates[0]]);
      seen.id = stored.id;
      seen.options = (await admin.get(`/api/vehicles/options?q=${plates[0]}`)).body.items;
      const trip = await admin.post('/api/trips', tripBody(stored.id, driver.id));
      seen.trip = [trip.status, trip.body];
      const imported = await importFile(admin, 'trips', `Origin,Destination,Vehicle No\nPune,Mumbai,${plates[0]}\n`, { mode: 'dry-run' });
      seen.imported = imported.body.errors;
    };
    // The second page fails as a server would: the first is taken back.
    const database = pausing(server.database, { pause: 1, fail: 2, run: between });
    await expect(
      writeStaged(database, { def: vehicles, runId, batchId, actor, update: false, finish: { status: 'done' }, stepwise: true, pageSize: 1 }),
    ).rejects.toThrow('the server failed between two pages');
    expect(seen.options).toEqual([]);
    expect(seen.trip).toEqual([
      409,
      { title: 'Record Being Imported', message: `The vehicle ${String(seen.id)} is being imported: it can be chosen once its import has finished.` },
    ]);
    expect(seen.imported).toEqual([
      {
        row: 2,
        column: 'Vehicle No',
        message: `Vehicle: "${plates[0]}" names the vehicle ${String(seen.id)}, which is being imported: link it once its import has finished.`,
      },
    ]);
    expect(await server.database.query(`SELECT id FROM vehicles WHERE license_plate = ANY($1::text[])`, [plates])).toEqual([]);
    expect((await readRun(server.database, runId))!.batchId).toBeNull();
    // Once written, its records are offered again.
    const later = await stagedRun(NEW_HEADER, newVehicles(plates));
    await writeStaged(server.database, {
      def: vehicles,
      runId: later,
      batchId: newBatchId(),
      actor,
      update: false,
      finish: { status: 'done' },
      stepwise: true,
      pageSize: 1,
    });
    expect((await admin.get(`/api/vehicles/options?q=${plates[0].toLowerCase()}`)).body.items).toHaveLength(1);
  });

  it('a server that stopped mid-write says it took back only what it did', async () => {
    const driver = (await admin.post('/api/drivers', driverBody())).body;
    const plates = ['KA05OW0401'];
    const runId = await stagedRun(NEW_HEADER, newVehicles(plates));
    const batchId = newBatchId();
    await writeStaged(server.database, { def: vehicles, runId, batchId, actor, update: false, finish: { status: 'done' }, stepwise: true, pageSize: 1 });
    const [stored] = await server.database.query<{ id: string }>(`SELECT id FROM vehicles WHERE license_plate = $1`, plates);
    // A trip on the vehicle (written once its import was done), then the run as a stopped server leaves it: the
    // take-back is refused, and said so.
    expect((await admin.post('/api/trips', tripBody(stored.id, driver.id))).status).toBe(201);
    await server.database.db.update(importRuns).set({ status: 'running', batchId }).where(eq(importRuns.id, runId));
    expect(await takeBackInterruptedImports(server.database, resources)).toBe(0);
    const run = (await readRun(server.database, runId))!;
    expect(run.status).toBe('failed');
    expect(run.message).toBe(
      `The server stopped while this import was being written, and what it had written could not be taken back (The vehicle ${stored.id} of this import is now used by trips. Nothing was undone.): undo the batch ${batchId} from the Activity Log.`,
    );
  });
});

describe('parallel commits of one file', () => {
  it('the loser answers 409 "another import wrote these rows", and nothing of it stays', async () => {
    const plates = ['KA05OW0501', 'KA05OW0502', 'KA05OW0503'];
    const [first, second] = [await stagedRun(NEW_HEADER, newVehicles(plates)), await stagedRun(NEW_HEADER, newVehicles(plates))];
    const results = await Promise.allSettled(
      [first, second].map((runId) =>
        writeStaged(server.database, { def: vehicles, runId, batchId: newBatchId(), actor, update: false, finish: { status: 'done' }, pageSize: 1 }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!.reason as ApiError;
    expect(lost).toBeInstanceOf(ApiError);
    expect([lost.status, lost.title, lost.message]).toEqual([
      409,
      'Import Conflict',
      'The file was checked, then another import wrote these rows (or someone saved the same values) before it could. Nothing was imported; check the file again.',
    ]);
    expect((await server.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM vehicles WHERE license_plate = ANY($1::text[])`, [plates]))[0].n).toBe(
      3,
    );
  });

  it('over HTTP: of two commits of one file sent at once, one writes it and the other answers 409 in words, whenever it meets the rows', async () => {
    const file = ['Make,Model,Year,License Plate,VIN', ...newVehicles(['KA05OW0701', 'KA05OW0702']).map((cells) => cells.join(','))].join('\n');
    const answers = await Promise.all([importFile(admin, 'vehicles', file, { mode: 'commit' }), importFile(admin, 'vehicles', file, { mode: 'commit' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 200)!.body).toMatchObject({ status: 'done', written: 2 });
    expect(answers.find((a) => a.status === 409)!.body).toEqual({
      title: 'Import Conflict',
      message:
        'The file was checked, then another import wrote these rows (or someone saved the same values) before it could. Nothing was imported; check the file again.',
    });
    // A commit of the same file afterwards, with nothing running at once, gets the rows' errors as before.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const later = await importFile(admin, 'vehicles', file, { mode: 'commit' });
    expect([later.status, later.body.errorCount, later.body.written]).toEqual([200, 2, 0]);
  });

  it('the loser of two update commits of one file answers 409 in words', async () => {
    const one = (await admin.post('/api/vehicles', vehicleBody({ licensePlate: 'KA05OW0601' }))).body;
    const runs = [await stagedRun(['ID', 'Year'], [[one.id, '2017']], true), await stagedRun(['ID', 'Year'], [[one.id, '2017']], true)];
    const results = await Promise.allSettled(
      runs.map((runId) => writeStaged(server.database, { def: vehicles, runId, batchId: newBatchId(), actor, update: true, finish: { status: 'done' } })),
    );
    const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!.reason as ApiError;
    expect([lost.status, lost.message]).toEqual([
      409,
      `The vehicle ${one.id} (row 2) was changed or deleted after the file was checked: another import wrote these rows, or someone saved it. Nothing was imported; check the file again.`,
    ]);
    expect((await admin.get(`/api/vehicles/${one.id}`)).body).toMatchObject({ year: 2017, version: 2 });
  });
});
