import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../auth/tokens';
import type { Database } from '../db/client';
import type { StorageConfig } from '../files/storage-config';
import { startS3TestServer, type S3TestServer } from '../files/s3-test-server';
import { localDiskStorage, s3Storage, type FileStorage } from '../files/storage';
import { runScript } from '../testing/server-process';
import { openTestDatabase, prepareEmbeddedDataDir, testConfig } from '../testing/test-server';
import { filesCommand } from './files';

/** npm run files -- migrate --to s3: from the disk to a real S3-compatible server (s3rver). */
let s3: S3TestServer;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let disk: FileStorage;
let bucket: FileStorage;

beforeAll(async () => {
  s3 = await startS3TestServer();
  ({ database, drop } = await openTestDatabase());
  dataDir = await mkdtemp(join(tmpdir(), 'raahi-migrate-'));
  disk = localDiskStorage(join(dataDir, 'files'));
  bucket = s3Storage(s3.config);
}, 60_000);
afterAll(async () => {
  await drop?.();
  await s3?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function files(argv: string[], storage: StorageConfig = s3.config) {
  let out = '';
  let err = '';
  const code = await filesCommand.run(argv, {
    output: { out: (t) => void (out += t), err: (t) => void (err += t), isTTY: false },
    config: testConfig({ dataDir, storage }),
    database: async () => database,
  });
  return { code, out, err };
}

/** A file as an upload leaves it: its bytes on disk and its row. */
async function uploaded(size: number) {
  const key = randomToken(24);
  const bytes = randomBytes(size);
  await disk.put(key, bytes);
  const id = 'FIL' + randomToken(12);
  await database.query(
    `INSERT INTO files (id, storage_key, original_name, content_type, size_bytes, sha256) VALUES ($1, $2, 'scan.pdf', 'application/pdf', $3, $4)`,
    [id, key, size, createHash('sha256').update(bytes).digest('hex')],
  );
  return { id, key, bytes };
}

const objectBytes = async (key: string) => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of (await bucket.get(key)) as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
};

describe('npm run files -- migrate --to s3', () => {
  it('says what it needs: where to, and a bucket', async () => {
    expect(await files(['migrate'])).toMatchObject({ code: 1, err: 'Error: say where to: npm run files -- migrate --to s3\n' });
    expect(await files(['migrate', '--to', 'disk'])).toMatchObject({ code: 1 });
    // The files are on disk and the server's settings name no bucket.
    expect(await files(['migrate', '--to', 's3'], { kind: 'disk' })).toMatchObject({
      code: 1,
      err: 'Error: no bucket to copy to. Set RAAHI_S3_BUCKET (and RAAHI_S3_ENDPOINT, RAAHI_S3_REGION and the credentials) as for the server.\n',
    });
    expect((await files(['help'])).out).toContain('npm run files -- migrate --to s3');
  });

  it('copies every file with its exact bytes and checks count and bytes', async () => {
    const made = [await uploaded(1000), await uploaded(300_000), await uploaded(1)];
    const run = await files(['migrate', '--to', 's3']);
    expect(run.code, run.out + run.err).toBe(0);
    expect(run.out).toContain('Copied 3 file(s) now; 0 were already in the bucket.');
    expect(run.out).toContain('In the bucket: 3 of 3 recorded files, 301001 of 301001 bytes.');
    expect(run.out).toContain('Every file is in the bucket: count and bytes match.');
    for (const file of made) expect((await objectBytes(file.key)).equals(file.bytes)).toBe(true);
  });

  it('is resumable: a second run copies only what is new, and an object cut short is copied again', async () => {
    const later = await uploaded(5000);
    const cut = await uploaded(7000);
    // As if a run had been stopped halfway through this one (a store that kept part of it).
    await bucket.put(cut.key, cut.bytes.subarray(0, 100));
    const run = await files(['migrate', '--to', 's3']);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain('Copied 2 file(s) now; 3 were already in the bucket.');
    expect(run.out).toContain('In the bucket: 5 of 5 recorded files, 313001 of 313001 bytes.');
    expect((await objectBytes(later.key)).equals(later.bytes)).toBe(true);
    expect((await objectBytes(cut.key)).equals(cut.bytes)).toBe(true);
    expect((await files(['migrate', '--to', 's3'])).out).toContain('Copied 0 file(s) now; 5 were already in the bucket.');
  });

  it('names a file missing on the disk and one whose bytes changed, copies neither, and fails', async () => {
    const missing = await uploaded(10);
    await disk.delete(missing.key);
    const damaged = await uploaded(20);
    await writeFile(join(dataDir, 'files', damaged.key.slice(0, 2), damaged.key), randomBytes(20));
    const run = await files(['migrate', '--to', 's3']);
    expect(run.code).toBe(1);
    expect(run.out).toContain(`${missing.id}: missing — not on the disk`);
    expect(run.out).toContain(`${damaged.id}: damaged — its SHA-256 differs from the one recorded at upload`);
    expect(run.out).toContain('In the bucket: 5 of 7 recorded files');
    expect(await bucket.size(missing.key)).toBeNull();
    expect(await bucket.size(damaged.key)).toBeNull();
    await database.query('DELETE FROM files WHERE id = ANY($1)', [[missing.id, damaged.id]]);
  });

  it('refuses at once when the bucket cannot be reached', async () => {
    await s3.stop();
    try {
      const run = await files(['migrate', '--to', 's3']);
      expect(run.code).toBe(1);
      expect(run.err).toMatch(/^Error: the bucket cannot be reached/);
    } finally {
      await s3.start();
    }
  });

  it('runs as its own process with the bucket from its environment (embedded database, no server running)', async () => {
    const own = await mkdtemp(join(tmpdir(), 'raahi-migrate-cli-'));
    try {
      await prepareEmbeddedDataDir(join(own, 'db'));
      const process = runScript('apps/server/src/cli/run-files.ts', ['migrate', '--to', 's3'], own, {
        ...s3.env,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      });
      const { code } = await process.exited;
      expect(process.output()).toContain('In the bucket: 0 of 0 recorded files, 0 of 0 bytes.');
      expect(code, process.output()).toBe(0);
      const half = runScript('apps/server/src/cli/run-files.ts', ['migrate', '--to', 's3'], own, { RAAHI_S3_ENDPOINT: s3.config.endpoint! });
      expect((await half.exited).code).toBe(1);
      expect(half.output()).toContain('RAAHI_S3_BUCKET is not set, but RAAHI_S3_ENDPOINT is');
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  }, 90_000);
});
