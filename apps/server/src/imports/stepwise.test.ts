import { eq } from 'drizzle-orm';
import type { Actor } from '@raahi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyTimeZone } from '../company-time';
import { resourceOf, resources } from '../resources';
import { startTestServer, vehicleBody, type TestClient, type TestServer } from '../testing/test-server';
import { importChecker } from './check';
import { matchColumns } from './mapping';
import { createRun, importRuns, importStagedRows, newBatchId, readRun } from './runs';
import { takeBackInterruptedImports, writeStaged } from './write';

/**
 * The embedded database's stepwise write (decision 0056), run on both databases with a page of one row: a page that
 * fails takes back the pages before it, and a write a stopped server left half done is taken back at the next start.
 * Neither is announced to webhooks: nothing of it was.
 */
let server: TestServer;
let admin: TestClient;
const actor: Actor = { type: 'system', id: 'stepwise-test', name: 'Stepwise test' };
const def = resourceOf('vehicles');

beforeAll(async () => {
  server = await startTestServer({ webhooksAllowPrivate: true });
  admin = await server.signedIn();
}, 60_000);
afterAll(() => server?.close());

/** A commit run of these plates, checked and staged as the pipeline stages it. */
async function stagedRun(plates: string[]): Promise<string> {
  const header = ['Make', 'Model', 'Year', 'License Plate', 'VIN'];
  const columns = matchColumns(def, header);
  const check = importChecker(server.database, { def, resources, columns, update: false, keep: [], zone: companyTimeZone() });
  const { valid, errors } = await check(plates.map((plate, i) => ({ row: i + 2, cells: ['Tata', 'Ace', '2023', plate, `MAT4480SW${plate.slice(-6)}${i}`] })));
  expect(errors).toEqual([]);
  const runId = await createRun(server.database, {
    area: 'vehicles',
    userId: 'stepwise-test',
    byName: actor.name,
    mode: 'commit',
    update: false,
    validOnly: false,
    mapping: columns,
    fileName: 'steps.csv',
  });
  await server.database.db.insert(importStagedRows).values(valid.map((item) => ({ runId, rowNo: item.row, input: item.input })));
  return runId;
}

const platesStored = async (plates: string[]) =>
  (await server.database.query<{ p: string }>(`SELECT license_plate AS p FROM vehicles WHERE license_plate = ANY($1::text[]) ORDER BY 1`, [plates])).map(
    (r) => r.p,
  );

describe('a stepwise write', () => {
  it('a page that fails takes back the pages written before it, unannounced; the run holds no batch', async () => {
    const webhook = await admin.post('/api/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      secret: 'stepwise-webhook-secret-2026',
      events: ['vehicles.imported', 'vehicles.deleted'],
    });
    expect(webhook.status, webhook.text).toBe(201);
    try {
      const plates = ['HR26SW0001', 'HR26SW0002', 'HR26SW0003'];
      const runId = await stagedRun(plates);
      // Row 4's plate is taken after the check: its page fails on the unique index.
      expect((await admin.post('/api/vehicles', vehicleBody({ licensePlate: plates[2] }))).status).toBe(201);
      const batchId = newBatchId();
      await expect(
        writeStaged(server.database, { def, runId, batchId, actor, update: false, finish: { status: 'done' }, stepwise: true, pageSize: 1 }),
      ).rejects.toThrow();
      expect(await platesStored(plates)).toEqual([plates[2]]); // only the vehicle added through the API
      const entries = await server.database.query<{ operation: string; n: number }>(
        `SELECT operation, count(*)::int AS n FROM change_log WHERE batch_id = $1 GROUP BY operation`,
        [batchId],
      );
      expect(entries).toEqual([{ operation: 'create', n: 2 }]);
      const takenBack = await server.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM change_log WHERE operation = 'delete' AND area = 'vehicles' AND record_id IN (SELECT record_id FROM change_log WHERE batch_id = $1)`,
        [batchId],
      );
      expect(takenBack[0].n).toBe(2);
      const run = (await readRun(server.database, runId))!;
      expect([run.batchId, run.written, run.status]).toEqual([null, 0, 'running']); // the pipeline then marks it failed
      const events = await server.database.query(
        `SELECT e.event FROM webhook_events e JOIN webhook_deliveries d ON d.event_id = e.id WHERE d.webhook_id = $1`,
        [webhook.body.id],
      );
      expect(events).toEqual([]);
    } finally {
      await admin.del(`/api/webhooks/${webhook.body.id}`);
    }
  });

  it('one a stopped server left half written is taken back at the next start, and its run fails in words', async () => {
    const plates = ['HR26SW0101', 'HR26SW0102'];
    const runId = await stagedRun(plates);
    const batchId = newBatchId();
    await writeStaged(server.database, { def, runId, batchId, actor, update: false, finish: { status: 'done' }, stepwise: true, pageSize: 1 });
    expect(await platesStored(plates)).toEqual(plates);
    // While a run holds its batch and is still running, its undo waits for it.
    await server.database.db.update(importRuns).set({ status: 'running', batchId }).where(eq(importRuns.id, runId));
    const early = await admin.del(`/api/imports/${batchId}`);
    expect([early.status, early.body.message]).toEqual([409, `The import ${batchId} is still being written. Undo it when it has finished.`]);
    // As a server that stopped after its pages and before the last step leaves it: running, holding its batch.
    await server.database.db.update(importRuns).set({ status: 'running', batchId }).where(eq(importRuns.id, runId));
    expect(await takeBackInterruptedImports(server.database, resources)).toBe(1);
    expect(await platesStored(plates)).toEqual([]);
    const run = (await readRun(server.database, runId))!;
    expect(run.status).toBe('failed');
    expect(run.message).toBe(
      'The server stopped while this import was being written; what it had written was taken back. Nothing was imported; import the file again.',
    );
    expect(await takeBackInterruptedImports(server.database, resources)).toBe(0);
  });

  it('a write that completes saves its counts, batch and finish with the last page', async () => {
    const plates = ['HR26SW0201', 'HR26SW0202', 'HR26SW0203'];
    const runId = await stagedRun(plates);
    const batchId = newBatchId();
    const { written } = await writeStaged(server.database, {
      def,
      runId,
      batchId,
      actor,
      update: false,
      finish: { status: 'done', message: null },
      stepwise: true,
      pageSize: 2,
    });
    expect(written).toBe(3);
    const run = (await readRun(server.database, runId))!;
    expect([run.status, run.written, run.batchId]).toEqual(['done', 3, batchId]);
    expect(await platesStored(plates)).toEqual(plates);
  });
});
