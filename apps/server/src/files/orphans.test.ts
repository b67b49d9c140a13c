import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { incidentsArea } from '@raahi/domain';
import { resources } from '../resources';
import { declaredBody } from '../testing/declared-body';
import { startTestServer, type ApiResponse, type TestClient, type TestServer } from '../testing/test-server';
import { deleteOrphanFiles, fileColumns } from './orphans';
import { localDiskStorage, type FileStorage } from './storage';

let server: TestServer;
let client: TestClient;
let storage: FileStorage;
const columns = fileColumns(resources);
const sweep = () => deleteOrphanFiles(server.database, storage, columns);

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
const incident = (images: string[]) => declaredBody(incidentsArea.fields, {}, { location: 'NH 48, Khalapur', description: 'Rear bumper scraped', images });

async function storeFile(id: string, key: string, ageHours: number) {
  await storage.put(key, new TextEncoder().encode('%PDF-1.4 test'));
  await server.database.query(
    `INSERT INTO files (id, storage_key, original_name, content_type, size_bytes, sha256, created_at)
     VALUES ($1, $2, 'aadhaar.pdf', 'application/pdf', 13, 'x', now() - make_interval(hours => $3))`,
    [id, key, ageHours],
  );
}

/** An upload through the API, made to look two days old (past the sweep's grace period). */
async function oldUpload(name: string) {
  const res = await client.upload(name, JPEG);
  expect(res.status, res.text).toBe(201);
  await server.database.query(`UPDATE files SET created_at = now() - interval '48 hours' WHERE id = $1`, [res.body.id]);
  return res.body.id as string;
}

const storedKeys = async () => (await readdir(join(server.dataDir, 'files'), { recursive: true })).filter((name) => name.includes('key'));
const fileStatus = async (id: string) => (await client.get(`/api/files/${id}`)).status;

/**
 * Waits until `count` statements wait for a lock (PostgreSQL), so that the race is held at a known point.
 * The embedded database runs one statement at a time: whatever is sent waits for the open transaction.
 */
async function untilWaiting(count: number) {
  if (server.database.kind === 'pglite') return new Promise((resolve) => setTimeout(resolve, 300));
  for (let tries = 0; tries < 100; tries++) {
    const [row] = await server.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (row.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Fewer than ${count} statements came to wait for a lock`);
}

/** On PostgreSQL the sweep runs while the race is held; the embedded database runs it once the held transaction ends. */
async function sweepWhileHeld(): Promise<{ done: Promise<number> }> {
  if (server.database.kind === 'pglite') return { done: sweep() };
  const swept = await sweep();
  return { done: Promise.resolve(swept) };
}

describe('orphaned uploads', () => {
  beforeAll(async () => {
    server = await startTestServer();
    client = await server.signedIn();
    storage = localDiskStorage(join(server.dataDir, 'files'));
  });
  afterAll(() => server?.close());

  it('deletes old files never attached and no record names, and keeps attached, named and recent ones', async () => {
    await storeFile('FILorphanOld0001', 'orphan-old-key-0001', 48);
    await storeFile('FILorphanNew0001', 'orphan-new-key-0001', 1);
    await storeFile('FILnamedOld00001', 'named-old-key-00001', 48);
    await server.database.query(
      `INSERT INTO drivers (id, name, license, contact, email, status, aadhar_card_file) VALUES ('DRV0001AA', 'Ramesh Kumar', 'L1', '98', 'r@x.in', 'Active', 'FILnamedOld00001')`,
    );
    // A file among an incident's several photos is named too.
    await storeFile('FILphotoOld00001', 'photo-old-key-00001', 48);
    await server.database.query(
      `INSERT INTO incidents (id, type, severity, location, description, status, images) VALUES ('INC00001AAA', 'Other', 'Low', 'NH 48', 'x', 'Open', '{FILphotoOld00001}')`,
    );
    // And one attached to a record is the record's, whatever the record's columns say.
    await storeFile('FILattachedOld01', 'attached-old-key-01', 48);
    await server.database.query(
      `UPDATE files SET attached_table = 'challans', attached_record = 'CHL0001', attached_field = 'scanned_copy' WHERE id = 'FILattachedOld01'`,
    );
    expect(columns.map((c) => c.name).sort()).toEqual([
      'aadhar_card_file',
      'attachments',
      'certification_file',
      'document_file',
      'document_file',
      'images',
      'report_file',
      'scanned_copy',
    ]);

    expect(await sweep()).toBe(1);
    const left = (await server.database.query<{ id: string }>('SELECT id FROM files ORDER BY id')).map((r) => r.id);
    expect(left).toEqual(['FILattachedOld01', 'FILnamedOld00001', 'FILorphanNew0001', 'FILphotoOld00001']);
    expect((await storedKeys()).sort()).toEqual(['at/attached-old-key-01', 'na/named-old-key-00001', 'or/orphan-new-key-0001', 'ph/photo-old-key-00001']);
  });

  it('refuses a save whose old upload the sweep deletes while the save is under way; nothing is written', async () => {
    const photo = await oldUpload('late.jpg');
    const incidents = await server.count('incidents');
    let saving!: Promise<ApiResponse>;
    let sweeping!: { done: Promise<number> };
    // Held: the save has checked that its file exists and waits to write its record; then the sweep runs.
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE incidents IN EXCLUSIVE MODE`);
      saving = client.post('/api/incidents', incident([photo]));
      await untilWaiting(1);
      sweeping = await sweepWhileHeld();
    });
    const saved = await saving;
    expect([saved.status, saved.body]).toEqual([
      409,
      { title: 'Linked Record Missing', message: `The selected file (${photo}) does not exist. It may have been deleted; choose another.` },
    ]);
    expect(await server.count('incidents')).toBe(incidents);
    expect(await sweeping.done).toBe(1);
  });

  it('keeps an old upload that a save is attaching while the sweep runs', async () => {
    const first = await oldUpload('first.jpg');
    const saved = (await client.post('/api/incidents', incident([first]))).body;
    const second = await oldUpload('second.jpg');
    let saving!: Promise<ApiResponse>;
    let sweeping!: { done: Promise<number> };
    // Held: the save has attached its new photo and waits to let the old one go; then the sweep runs.
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM files WHERE id = ${first} FOR UPDATE`);
      saving = client.put(`/api/incidents/${saved.id}`, { ...incident([second]), version: 1 });
      await untilWaiting(1);
      sweeping = await sweepWhileHeld();
    });
    const res = await saving;
    const swept = await sweeping.done;
    // PostgreSQL lets the sweep run beside the save, which keeps its file; the embedded database runs the
    // sweep before the save (one statement at a time), which then refuses the file. No acknowledged save loses one.
    if (server.database.kind === 'postgres') expect(res.status, res.text).toBe(200);
    if (res.status === 200) {
      expect(swept).toBe(0);
      expect(res.body.imagesFiles).toEqual([{ id: second, name: 'second.jpg' }]);
      expect(await fileStatus(second)).toBe(200);
      expect(await fileStatus(first)).toBe(404);
    } else {
      expect([res.status, res.body.title, swept]).toEqual([409, 'Linked Record Missing', 1]);
      expect((await client.get(`/api/incidents/${saved.id}`)).body).toMatchObject({ version: 1, images: [first] });
      expect(await fileStatus(first)).toBe(200);
    }
    // A later sweep leaves an attached file alone however old it is.
    expect(await sweep()).toBe(0);
    expect(await fileStatus(res.status === 200 ? second : first)).toBe(200);
  });
});
