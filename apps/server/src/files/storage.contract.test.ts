import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../auth/tokens';
import { startS3TestServer, type S3TestServer } from './s3-test-server';
import { localDiskStorage, s3Client, s3Storage, type FileStorage } from './storage';

/**
 * One contract for every place files are kept: the local disk, and a real S3-compatible server (s3rver)
 * started here, spoken to by the AWS SDK over HTTP as Amazon S3 or MinIO would be.
 */
interface Backend {
  storage: FileStorage;
  /** Writes something into the directory or bucket that is not one of our objects (another tool's, a stray file). */
  writeForeign(): Promise<void>;
  /** The same store reached in a way that makes every put fail (a path taken, credentials refused). */
  failingPut(key: string): Promise<FileStorage>;
  /** Everything in the directory or bucket, ours or not (to prove a failed put left nothing). */
  everything(): Promise<string[]>;
  close(): Promise<void>;
}

async function diskBackend(): Promise<Backend> {
  const root = await mkdtemp(join(tmpdir(), 'raahi-contract-'));
  const storage = localDiskStorage(root);
  const all = async () =>
    (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(root.length + 1));
  return {
    storage,
    async writeForeign() {
      await mkdir(join(root, 'ab'), { recursive: true });
      await writeFile(join(root, 'README.txt'), 'not a file of ours');
      await writeFile(join(root, 'ab', 'notes.txt'), 'not a file of ours');
      // A well-formed key in the wrong shard is not where the store puts it: not ours either.
      await writeFile(join(root, 'ab', 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz'), 'misplaced');
    },
    async failingPut(key) {
      // A directory where the file must go: the bytes are written aside, and the final rename fails.
      await mkdir(join(root, key.slice(0, 2), key, 'taken'), { recursive: true });
      return storage;
    },
    everything: all,
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3Backend(): Promise<Backend> {
  const server: S3TestServer = await startS3TestServer();
  const storage = s3Storage(server.config);
  const client = s3Client(server.config);
  const list = async () => ((await client.send(new ListObjectsV2Command({ Bucket: server.config.bucket }))).Contents ?? []).map((o) => o.Key!);
  return {
    storage,
    async writeForeign() {
      for (const Key of [
        'backups/zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
        'files/short',
        'files/nested/zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
        'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
      ]) {
        await client.send(new PutObjectCommand({ Bucket: server.config.bucket, Key, Body: 'not ours' }));
      }
    },
    async failingPut() {
      // An access key the store does not know (rotated keys): every request is refused (403).
      return s3Storage({ ...server.config, credentials: { accessKeyId: 'ROTATED-KEY', secretAccessKey: 'S3RVER' } });
    },
    everything: list,
    close: () => server.close(),
  };
}

const key = () => randomToken(24);
const bytesOf = async (stream: ReadableStream<Uint8Array> | null) => {
  expect(stream).not.toBeNull();
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
};
const listed = async (storage: FileStorage) => {
  const found = [];
  for await (const object of storage.list()) found.push(object);
  return found;
};

describe.each([
  ['the local disk', diskBackend],
  ['an S3-compatible server (s3rver)', s3Backend],
])('file storage on %s', (_name, make) => {
  let backend: Backend;
  let storage: FileStorage;
  beforeAll(async () => {
    backend = await make();
    storage = backend.storage;
  }, 60_000);
  afterAll(() => backend?.close());

  it('puts bytes of every value and gets them back as a stream, with their size; the listing names them', async () => {
    const k = key();
    const data = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(1000)]);
    await storage.put(k, data);
    const got = await bytesOf(await storage.get(k));
    expect(got.bytes.equals(data)).toBe(true);
    expect(await storage.size(k)).toBe(data.length);
    const object = (await listed(storage)).find((o) => o.key === k);
    expect(object).toMatchObject({ key: k, size: data.length });
    expect(Math.abs(object!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('answers null for a key it does not hold, and deleting one is no error', async () => {
    const k = key();
    expect(await storage.get(k)).toBeNull();
    expect(await storage.size(k)).toBeNull();
    await expect(storage.delete(k)).resolves.toBeUndefined();
  });

  it('deletes: the bytes are gone and no longer listed', async () => {
    const k = key();
    await storage.put(k, Buffer.from('%PDF-1.4 delete me'));
    await storage.delete(k);
    expect(await storage.get(k)).toBeNull();
    expect(await storage.size(k)).toBeNull();
    expect((await listed(storage)).map((o) => o.key)).not.toContain(k);
  });

  it('refuses a key that is not ours before asking the store, and never lists or serves what is not ours', async () => {
    for (const bad of [
      '../../etc/passwd',
      'short',
      'a/bcdefghijklmnopqrstuvwxyz',
      'x'.repeat(65),
      '',
      'abcdefghijklmnop.partial',
      'files/zzzzzzzzzzzzzzzzzzzz',
    ]) {
      await expect(storage.put(bad, Buffer.from('x')), bad).rejects.toThrow('Invalid storage key');
      await expect(storage.get(bad), bad).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(bad), bad).rejects.toThrow('Invalid storage key');
      await expect(storage.size(bad), bad).rejects.toThrow('Invalid storage key');
    }
    const before = (await listed(storage)).map((o) => o.key);
    await backend.writeForeign();
    expect((await listed(storage)).map((o) => o.key)).toEqual(before);
    // A well-formed key whose bytes sit somewhere else is simply not there.
    expect(await storage.get('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz')).toBeNull();
  });

  it('keeps a 10 MB file exactly and hands it out in chunks (a stream, not one buffer)', async () => {
    const k = key();
    const data = randomBytes(10 * 1024 * 1024);
    await storage.put(k, data);
    expect(await storage.size(k)).toBe(data.length);
    const got = await bytesOf(await storage.get(k));
    expect(got.chunks).toBeGreaterThan(1);
    expect(createHash('sha256').update(got.bytes).digest('hex')).toBe(createHash('sha256').update(data).digest('hex'));
    await storage.delete(k);
  }, 60_000);

  it('leaves nothing behind when a put fails', async () => {
    const k = key();
    const failing = await backend.failingPut(k);
    const before = await backend.everything();
    await expect(failing.put(k, randomBytes(256 * 1024))).rejects.toThrow();
    expect(await storage.get(k)).toBeNull();
    expect((await listed(storage)).map((o) => o.key)).not.toContain(k);
    // Not even a partial file or object beside it.
    expect((await backend.everything()).filter((name) => name.includes(k))).toEqual([]);
    expect((await backend.everything()).length).toBe(before.length);
  });

  it('answers its health check', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});
