import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '@raahi/domain';
import { resourceOf } from '../resources';
import { startTestServer, driverBody, tripBody, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';
import { createRecord } from './create-record';
import { onRecordChanged, type RecordChanged } from './events';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Entry {
  actor_type: string;
  actor_id: string;
  actor_name: string;
  area: string;
  record_id: string;
  operation: string;
  batch_id: string | null;
  changes: unknown;
  snapshot: Record<string, unknown> | null;
  details: Record<string, unknown> | null;
}

let server: TestServer;
let client: TestClient;
let admin: Actor;

/** The change log's entries about one record (or one area's with no record), oldest first. */
const entries = (recordId: string, area?: string) =>
  server.database.query<Entry>(
    `SELECT actor_type, actor_id, actor_name, area, record_id, operation, batch_id, changes, snapshot, details FROM change_log
     WHERE record_id = $1 AND ($2::text IS NULL OR area = $2) ORDER BY id`,
    [recordId, area ?? null],
  );
/** A record as JSON carries it (dates as ISO text), as the entry stores it. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

beforeAll(async () => {
  server = await startTestServer();
  client = await server.signedIn();
  const [user] = await server.database.query<{ id: string; name: string; username: string }>(`SELECT id, name, username FROM users WHERE username = 'admin'`);
  admin = { type: 'user', id: user.id, name: user.name || user.username };
}, 60_000);
afterAll(() => server?.close());

describe('every write is one operation with its change entry', () => {
  it('a create records who made the record and the record as saved', async () => {
    const created = await client.post('/api/vehicles', vehicleBody({ make: 'Ashok Leyland' }));
    expect(created.status).toBe(201);
    expect(await entries(created.body.id)).toEqual([
      {
        actor_type: 'user',
        actor_id: admin.id,
        actor_name: admin.name,
        area: 'vehicles',
        record_id: created.body.id,
        operation: 'create',
        batch_id: null,
        changes: null,
        snapshot: created.body,
        details: null,
      },
    ]);
  });

  it('an update records each changed field with its label, before and after; nothing else, and nothing when nothing changed', async () => {
    const { body: vehicle } = await client.post('/api/vehicles', vehicleBody({ status: 'Active', currentMileage: 1000 }));
    const { id, version, createdAt: _c, updatedAt: _u, ...fields } = vehicle;
    const updated = await client.put(`/api/vehicles/${id}`, { ...pick(fields), status: 'In Maintenance', currentMileage: 1500, version });
    expect(updated.status).toBe(200);
    const [, update] = await entries(id);
    expect(update).toMatchObject({ operation: 'update', actor_id: admin.id, snapshot: null });
    expect(update.changes).toEqual([
      { field: 'status', label: 'Status', before: 'Active', after: 'In Maintenance' },
      { field: 'currentMileage', label: 'Current Mileage (km)', before: 1000, after: 1500 },
    ]);
    // The same values again: the version moves on, the log does not.
    const same = await client.put(`/api/vehicles/${id}`, { ...pick(fields), status: 'In Maintenance', currentMileage: 1500, version: updated.body.version });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(updated.body.version + 1);
    expect(await entries(id)).toHaveLength(2);
  });

  it('a file field is recorded by its file names, never its contents', async () => {
    const file = await client.upload('aadhaar-ramesh.pdf', PDF);
    expect(file.status).toBe(201);
    const created = await client.post('/api/drivers', driverBody());
    const { id, version } = created.body;
    const updated = await client.put(`/api/drivers/${id}`, { ...driverBody({ license: created.body.license }), aadharCardFile: file.body.id, version });
    expect(updated.status).toBe(200);
    const [, update] = await entries(id);
    expect(update.changes).toEqual([{ field: 'aadharCardFile', label: expect.any(String), before: null, after: 'aadhaar-ramesh.pdf' }]);
    expect(JSON.stringify(update)).not.toContain('%PDF');
  });

  it('a delete keeps the record as it was, so that it stays readable in the log', async () => {
    const { body: vehicle } = await client.post('/api/vehicles', vehicleBody());
    expect((await client.del(`/api/vehicles/${vehicle.id}`)).status).toBe(204);
    const [, gone] = await entries(vehicle.id);
    expect(gone).toMatchObject({ operation: 'delete', actor_id: admin.id, changes: null, snapshot: vehicle });
  });

  it('a refused write leaves no entry: bad input, a rule, a stale version, a missing link, a record in use, no such record', async () => {
    const before = await server.count('change_log');
    const { body: vehicle } = await client.post('/api/vehicles', vehicleBody());
    const { body: driver } = await client.post('/api/drivers', driverBody());
    const { body: trip } = await client.post('/api/trips', tripBody(vehicle.id, driver.id));
    const written = await server.count('change_log');
    expect(written).toBe(before + 3);
    const refusals = [
      await client.post('/api/vehicles', { ...vehicleBody(), colour: 'red' }),
      await client.post('/api/vehicles', vehicleBody({ year: 'new' })),
      await client.post('/api/trips', tripBody(vehicle.id, driver.id, { origin: ' ' })),
      await client.post('/api/trips', tripBody('VEH00000AAA', driver.id)),
      await client.put(`/api/vehicles/${vehicle.id}`, { ...pick(vehicle), version: vehicle.version + 5 }),
      await client.put('/api/vehicles/VEH00000ZZZ', { ...pick(vehicle), version: 1 }),
      await client.del(`/api/vehicles/${vehicle.id}`),
      await client.del('/api/vehicles/VEH00000ZZZ'),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 422, 409, 409, 404, 409, 404]);
    expect(await server.count('change_log')).toBe(written);
    expect(trip.id).toBeTruthy();
  });

  it('a transaction that fails after its entry was written leaves neither the record nor the entry', async () => {
    // A failure at the very end of the transaction, after the entry: the database refuses the entry of a vehicle made 'Rollback'.
    await server.database.exec(`
      CREATE FUNCTION test_fail_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.snapshot->>'make' = 'Rollback' OR NEW.changes::text LIKE '%Rollback%' THEN RAISE EXCEPTION 'forced failure after the entry'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_fail_entry AFTER INSERT ON change_log FOR EACH ROW EXECUTE FUNCTION test_fail_entry();`);
    const heard: RecordChanged[] = [];
    const stop = onRecordChanged((event) => void heard.push(event));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const vehicles = await server.count('vehicles');
      const entriesBefore = await server.count('change_log');
      const failed = await client.post('/api/vehicles', vehicleBody({ make: 'Rollback' }));
      expect(failed.status).toBe(500);
      expect(await server.count('vehicles')).toBe(vehicles);
      // An update too: the record keeps its values and its version.
      const { body: vehicle } = await client.post('/api/vehicles', vehicleBody({ model: 'Before' }));
      const update = await client.put(`/api/vehicles/${vehicle.id}`, { ...pick(vehicle), model: 'Rollback', version: vehicle.version });
      expect(update.status).toBe(500);
      expect((await client.get(`/api/vehicles/${vehicle.id}`)).body).toEqual(vehicle);
      expect(await server.count('change_log')).toBe(entriesBefore + 1);
      expect(heard.map((e) => e.operation)).toEqual(['create']);
    } finally {
      stop();
      quiet.mockRestore();
      await server.database.exec('DROP TRIGGER test_fail_entry ON change_log; DROP FUNCTION test_fail_entry();');
    }
  });

  it('an operation takes any actor: a system job names itself, and a batch id groups its entries', async () => {
    const system: Actor = { type: 'system', id: 'import', name: 'Import' };
    const saved = await createRecord(resourceOf('vehicles'), vehicleBody(), { database: server.database, actor: system, batchId: 'BATCH-1' });
    expect(await entries(saved.id as string)).toEqual([
      expect.objectContaining({ actor_type: 'system', actor_id: 'import', actor_name: 'Import', batch_id: 'BATCH-1', operation: 'create' }),
    ]);
    // Its input is checked as strictly as a request's.
    await expect(createRecord(resourceOf('drivers'), { name: 'x' }, { database: server.database, actor: system })).rejects.toMatchObject({ status: 400 });
  });
});

describe('after-commit events', () => {
  it('tell listeners of each committed create, update and delete, with actor, before and after', async () => {
    const heard: RecordChanged[] = [];
    const stop = onRecordChanged((event) => void heard.push(event));
    try {
      const { body: vehicle } = await client.post('/api/vehicles', vehicleBody());
      const { body: updated } = await client.put(`/api/vehicles/${vehicle.id}`, { ...pick(vehicle), status: 'Sold', version: vehicle.version });
      await client.del(`/api/vehicles/${vehicle.id}`);
      // Each names the database it was written to (tests run several apps in one process); the rest as JSON.
      expect(heard.every((event) => event.database === server.database)).toBe(true);
      expect(asJson(heard.map(({ database: _database, ...event }) => event))).toEqual([
        { area: 'vehicles', recordId: vehicle.id, operation: 'create', actor: admin, before: null, after: vehicle, batchId: null },
        { area: 'vehicles', recordId: vehicle.id, operation: 'update', actor: admin, before: vehicle, after: updated, batchId: null },
        { area: 'vehicles', recordId: vehicle.id, operation: 'delete', actor: admin, before: updated, after: null, batchId: null },
      ]);
    } finally {
      stop();
    }
    // Stopped listening: hears nothing more.
    await client.post('/api/vehicles', vehicleBody());
    expect(heard).toHaveLength(3);
  });

  it('a listener that throws or rejects is logged and fails nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stops = [
      onRecordChanged(() => {
        throw new Error('listener broke');
      }),
      onRecordChanged(async () => Promise.reject(new Error('listener rejected'))),
    ];
    const heard: string[] = [];
    stops.push(onRecordChanged((event) => void heard.push(event.recordId)));
    try {
      const created = await client.post('/api/vehicles', vehicleBody());
      expect(created.status).toBe(201);
      await new Promise((resolve) => setImmediate(resolve));
      expect(heard).toEqual([created.body.id]);
      expect(logged.mock.calls.map((call) => String(call[1]))).toEqual(['listener broke', 'listener rejected']);
      expect((await entries(created.body.id)).map((e) => e.operation)).toEqual(['create']);
    } finally {
      for (const stop of stops) stop();
      logged.mockRestore();
    }
  });
});

describe('exports are entries', () => {
  it('an export records its area, filters, sort and row count, and that it was searched, never the term', async () => {
    await client.post('/api/vehicles', vehicleBody({ make: 'Eicher', status: 'Active' }));
    await client.post('/api/vehicles', vehicleBody({ make: 'Eicher', status: 'Active' }));
    const expected = (await client.get('/api/vehicles?q=eicher&status=Active&pageSize=100')).body.items.length;
    const exported = await client.get('/api/vehicles/export?q=eicher&status=Active&sort=year&order=asc');
    expect(exported.status).toBe(200);
    expect(exported.text.trim().split('\r\n')).toHaveLength(expected + 1);
    const [entry] = (await entries('', 'vehicles')).filter((e) => e.operation === 'export');
    expect(entry).toMatchObject({
      actor_id: admin.id,
      area: 'vehicles',
      record_id: '',
      operation: 'export',
      details: { filters: { status: 'Active', sort: 'year', order: 'asc' }, searched: true, rowCount: expected, complete: true },
    });
    expect(JSON.stringify(entry)).not.toContain('eicher');
  });

  it('an unsearched export says nothing of a search; a refused one leaves no entry', async () => {
    const before = (await entries('', 'vehicles')).length;
    const all = await client.get('/api/vehicles/export');
    const rows = all.text.trim().split('\r\n').length - 1;
    const refused = await client.get('/api/vehicles/export?status=Flying');
    expect(refused.status).toBe(400);
    const after = await entries('', 'vehicles');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.details).toEqual({ filters: { sort: 'createdAt', order: 'desc' }, rowCount: rows, complete: true });
  });
});

/** A record's editable fields (what a form sends back), without the values the server computes. */
function pick(record: Record<string, unknown>) {
  const { make, model, year, vin, licensePlate, type, status, currentMileage, purchaseDate } = record;
  return { make, model, year, vin, licensePlate, type, status, currentMileage, purchaseDate };
}
