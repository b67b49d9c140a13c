import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../db/client';
import { resources } from '../resources';
import { deleteOrphanFiles, fileColumns } from './orphans';
import { localDiskStorage, type FileStorage } from './storage';

let database: Database;
let storage: FileStorage;
let dir: string;

async function storeFile(id: string, key: string, ageHours: number) {
  await storage.put(key, new TextEncoder().encode('%PDF-1.4 test'));
  await database.query(
    `INSERT INTO files (id, storage_key, original_name, content_type, size_bytes, sha256, created_at)
     VALUES ($1, $2, 'aadhaar.pdf', 'application/pdf', 13, 'x', now() - make_interval(hours => $3))`,
    [id, key, ageHours],
  );
}

const storedKeys = async () => (await readdir(dir, { recursive: true })).filter((name) => name.includes('key'));

// The sweep's SQL is plain PostgreSQL; it runs here on its own embedded database.
describe('orphaned uploads', () => {
  beforeAll(async () => {
    database = await openDatabase({});
    dir = await mkdtemp(join(tmpdir(), 'raahi-orphans-'));
    storage = localDiskStorage(dir);
  });
  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('deletes old files no record names, and keeps named and recent ones', async () => {
    await storeFile('FILorphanOld0001', 'orphan-old-key-0001', 48);
    await storeFile('FILorphanNew0001', 'orphan-new-key-0001', 1);
    await storeFile('FILnamedOld00001', 'named-old-key-00001', 48);
    await database.query(
      `INSERT INTO drivers (id, name, license, contact, email, status, aadhar_card_file) VALUES ('DRV0001AA', 'Ramesh Kumar', 'L1', '98', 'r@x.in', 'Active', 'FILnamedOld00001')`,
    );
    // A file among an incident's several photos is named too.
    await storeFile('FILphotoOld00001', 'photo-old-key-00001', 48);
    await database.query(`INSERT INTO incidents (id, type, severity, location, description, status, images) VALUES ('INC00001AAA', 'Other', 'Low', 'NH 48', 'x', 'Open', '{FILphotoOld00001}')`);
    expect(fileColumns(resources).map((c) => c.name).sort()).toEqual(['aadhar_card_file', 'attachments', 'certification_file', 'document_file', 'document_file', 'images', 'report_file', 'scanned_copy']);

    expect(await deleteOrphanFiles(database, storage, fileColumns(resources))).toBe(1);
    const left = (await database.query<{ id: string }>('SELECT id FROM files ORDER BY id')).map((r) => r.id);
    expect(left).toEqual(['FILnamedOld00001', 'FILorphanNew0001', 'FILphotoOld00001']);
    expect((await storedKeys()).sort()).toEqual(['na/named-old-key-00001', 'or/orphan-new-key-0001', 'ph/photo-old-key-00001']);
  });
});
