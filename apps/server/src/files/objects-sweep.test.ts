import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../auth/tokens';
import type { Database } from '../db/client';
import { openTestDatabase } from '../testing/test-server';
import { deleteUnnamedObjects, sweepUnnamedObjects } from './orphans';
import { startS3TestServer } from './s3-test-server';
import { localDiskStorage, s3Storage, type FileStorage } from './storage';

/** The sweep of objects no row names, on both stores. */
async function disk() {
  const root = await mkdtemp(join(tmpdir(), 'raahi-sweep-'));
  return { storage: localDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) };
}
async function bucket() {
  const server = await startS3TestServer();
  return { storage: s3Storage(server.config), close: () => server.close() };
}

describe.each([
  ['the local disk', disk],
  ['an S3-compatible server (s3rver)', bucket],
])('objects no row names, on %s', (_name, make) => {
  let database: Database;
  let drop: () => Promise<void>;
  let storage: FileStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    ({ storage, close } = await make());
  }, 60_000);
  afterAll(async () => {
    await close?.();
    await drop?.();
  });

  const stored = async () => {
    const keys: string[] = [];
    for await (const object of storage.list()) keys.push(object.key);
    return keys.sort();
  };
  const put = async (withRow: boolean) => {
    const key = randomToken(24);
    await storage.put(key, new TextEncoder().encode('%PDF-1.4 sweep'));
    if (withRow) {
      await database.query(
        `INSERT INTO files (id, storage_key, original_name, content_type, size_bytes, sha256) VALUES ($1, $2, 'a.pdf', 'application/pdf', 14, 'x')`,
        ['FIL' + randomToken(12), key],
      );
    }
    return key;
  };

  it('keeps every object within the grace period (an upload between its bytes and its row), and named ones however old', async () => {
    const named = await put(true);
    const fresh = await put(false);
    expect(await deleteUnnamedObjects(database, storage, 60_000)).toBe(0);
    expect(await stored()).toEqual([named, fresh].sort());
  });

  it('deletes the objects past the grace period that no row names, in batches, and only those', async () => {
    const named = await Promise.all([put(true), put(true)]);
    const unnamed = await Promise.all(Array.from({ length: 5 }, () => put(false)));
    const before = await stored();
    // A grace period already over for everything stored (each object looks older than it).
    const deleted = await deleteUnnamedObjects(database, storage, -60_000, 2);
    expect(deleted).toBe(before.length - (await database.query('SELECT 1 FROM files')).length);
    const left = await stored();
    for (const key of named) expect(left).toContain(key);
    for (const key of unnamed) expect(left).not.toContain(key);
    expect(left).toEqual(
      (await database.query<{ storage_key: string }>('SELECT storage_key FROM files ORDER BY storage_key')).map((r) => r.storage_key).sort(),
    );
  });

  it('is swept by one server at a time, at most once per period', async () => {
    const first = await sweepUnnamedObjects(database, storage, 60_000);
    const second = await sweepUnnamedObjects(database, storage, 60_000);
    expect(first).toBe(0);
    expect(second).toBeNull();
  });
});
