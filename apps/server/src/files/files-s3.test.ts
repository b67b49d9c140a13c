import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverBody, startTestServer, type TestClient, type TestServer } from '../testing/test-server';
import { startS3TestServer, type S3TestServer } from './s3-test-server';
import { deleteUnnamedObjects } from './orphans';
import { s3Storage, type FileStorage } from './storage';

/** The upload service with files in an S3-compatible bucket (a real s3rver), as several app servers run it. */
let s3: S3TestServer;
let server: TestServer;
let client: TestClient;
let bucket: FileStorage;

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300_000), Buffer.from('\n%%EOF\n')]);
const STORE_FAILED = { title: 'Upload Failed', message: 'The file could not be stored. Nothing was saved; please try again in a moment.' };

const inBucket = async () => {
  const keys: string[] = [];
  for await (const object of bucket.list()) keys.push(object.key);
  return keys.sort();
};
const keyOf = async (id: string) => (await server.database.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE id = $1', [id]))[0]?.storage_key;

beforeAll(async () => {
  s3 = await startS3TestServer();
  bucket = s3Storage(s3.config);
  server = await startTestServer({ storage: s3.config });
  client = await server.signedIn();
}, 60_000);
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

describe('files in an S3-compatible bucket', () => {
  it('stores an upload in the bucket, not on the disk, and streams it back as an attachment with its original name', async () => {
    const res = await client.upload('आधार कार्ड.pdf', PDF);
    expect(res.status, res.text).toBe(201);
    const key = await keyOf(res.body.id);
    expect(await inBucket()).toContain(key);
    expect(await bucket.size(key)).toBe(PDF.length);

    const download = await client.get(`/api/files/${res.body.id}`);
    expect(download.status).toBe(200);
    expect(download.bytes.equals(PDF)).toBe(true);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-length')).toBe(String(PDF.length));
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="____ _____.pdf"; filename*=UTF-8''${encodeURIComponent('आधार कार्ड.pdf')}`);
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    // Only to a signed-in user: the bucket itself is never handed out.
    expect((await server.client().get(`/api/files/${res.body.id}`)).status).toBe(401);
  });

  it('deletes the row in the record’s transaction and the object after it commits', async () => {
    const file = (await client.upload('licence.pdf', PDF)).body;
    const key = await keyOf(file.id);
    const driver = await client.post('/api/drivers', driverBody({ aadharCardFile: file.id }));
    expect(driver.status, driver.text).toBe(201);
    expect((await client.del(`/api/drivers/${driver.body.id}`)).status).toBeLessThan(300);
    expect(await keyOf(file.id)).toBeUndefined();
    expect(await inBucket()).not.toContain(key);
    expect((await client.get(`/api/files/${file.id}`)).status).toBe(404);
  });

  it('answers 404 for a row whose object is missing from the bucket, never a server error', async () => {
    const file = (await client.upload('gone.pdf', PDF)).body;
    await bucket.delete(await keyOf(file.id));
    const res = await client.get(`/api/files/${file.id}`);
    expect([res.status, res.body]).toEqual([404, { title: 'Not Found', message: 'This file does not exist. It may have been removed.' }]);
  });

  it('while the store is down: an upload is refused in words and writes no row; /readyz stays ready, /readyz/storage is not', async () => {
    const rows = await server.count('files');
    const keys = await inBucket();
    await s3.stop();
    try {
      const res = await client.upload('during-outage.pdf', PDF);
      expect([res.status, res.body]).toEqual([503, STORE_FAILED]);
      expect(await server.count('files')).toBe(rows);
      expect([(await server.client().get('/readyz')).status, (await server.client().get('/readyz')).body]).toEqual([200, { status: 'ready' }]);
      const storage = await server.client().get('/readyz/storage');
      // Which store it is stays unsaid.
      expect([storage.status, storage.body]).toEqual([503, { status: 'unavailable' }]);
    } finally {
      await s3.start();
    }
    expect((await server.client().get('/readyz/storage')).body).toEqual({ status: 'ready' });
    expect(await inBucket()).toEqual(keys);
    const again = await client.upload('after-outage.pdf', PDF);
    expect(again.status, again.text).toBe(201);
  }, 60_000);

  it('a delete while the store is down still deletes the record and its file row; the object left behind goes with the sweep', async () => {
    const file = (await client.upload('insurance.pdf', PDF)).body;
    const key = await keyOf(file.id);
    const driver = (await client.post('/api/drivers', driverBody({ aadharCardFile: file.id }))).body;
    await s3.stop();
    try {
      const res = await client.del(`/api/drivers/${driver.id}`);
      expect(res.status, res.text).toBeLessThan(300);
    } finally {
      await s3.start();
    }
    expect(await keyOf(file.id)).toBeUndefined();
    expect((await client.get(`/api/files/${file.id}`)).status).toBe(404);
    // Unreadable (no row names it) until the sweep, which a grace period past for everything here lets take it.
    expect(await inBucket()).toContain(key);
    expect(await deleteUnnamedObjects(server.database, bucket, -60_000)).toBe(1);
    expect(await inBucket()).not.toContain(key);
    // What stays is named by a row, every object of it.
    const named = (await server.database.query<{ storage_key: string }>('SELECT storage_key FROM files')).map((r) => r.storage_key);
    for (const left of await inBucket()) expect(named).toContain(left);
  }, 60_000);
});

describe('files on the local disk when the disk refuses', () => {
  it('an upload is refused in words and writes no row; /readyz/storage says unavailable', async () => {
    // A data directory whose files/ is a file: nothing can be stored under it.
    const blocked = join(server.dataDir, 'blocked');
    await writeFile(blocked, 'not a directory');
    const onDisk = await server.listen({ storage: { kind: 'disk' }, dataDir: blocked });
    const c = await onDisk.signedIn();
    const rows = await server.count('files');
    const res = await c.upload('scan.pdf', PDF);
    expect([res.status, res.body]).toEqual([503, STORE_FAILED]);
    expect(await server.count('files')).toBe(rows);
    expect((await onDisk.client().get('/readyz')).status).toBe(200);
    expect([(await onDisk.client().get('/readyz/storage')).status, (await onDisk.client().get('/readyz/storage')).body]).toEqual([
      503,
      { status: 'unavailable' },
    ]);
    expect((await server.listen({ storage: { kind: 'disk' } }).then((l) => l.client().get('/readyz/storage'))).body).toEqual({ status: 'ready' });
  });
});
