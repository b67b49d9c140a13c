import { createReadStream } from 'node:fs';
import { access, constants, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config, StorageConfig } from './storage-config';

/** One stored object, as a listing names it. */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where uploaded bytes live. Keys are made by the server (random, URL-safe), never from user input; a
 * key of another shape is refused before the store is asked (it is not ours). Every backend passes the
 * same contract (storage.contract.test.ts).
 */
export interface FileStorage {
  /** Stores the bytes whole or not at all: a failed put leaves nothing under the key. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes as a web stream, or null when the key is unknown. */
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** The size of a stored object, or null when the key is unknown. */
  size(key: string): Promise<number | null>;
  /** Removes the bytes; removing an unknown key is no error. */
  delete(key: string): Promise<void>;
  /** Every object stored under a key of ours (anything else in the directory or bucket is left out). */
  list(): AsyncIterable<StoredObject>;
  /** Throws when the store cannot be reached or written (for /readyz/storage). */
  check(signal?: AbortSignal): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]{16,64}$/;
const isOurs = (key: string) => key.length <= 64 && SAFE_KEY.test(key);
const checked = (key: string) => {
  if (!isOurs(key)) throw new Error('Invalid storage key');
  return key;
};

/** The store the configuration names: the local disk under the data directory, or an S3-compatible bucket. */
export function storageFor(config: { dataDir: string; storage: StorageConfig }): FileStorage {
  return config.storage.kind === 's3' ? s3Storage(config.storage) : localDiskStorage(join(config.dataDir, 'files'));
}

/** Private storage on local disk, under the data directory: <root>/<first two characters>/<key>. */
export function localDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, checked(key).slice(0, 2), key);
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      // Write, flush to disk, then rename: a crash never leaves a half-written file under the real key,
      // and a failure removes what was written.
      const temporary = `${path}.partial`;
      try {
        const handle = await open(temporary, 'w', 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, path);
      } catch (err) {
        await rm(temporary, { force: true }).catch(() => undefined);
        throw err;
      }
    },
    async get(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
    },
    async size(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list() {
      const shards = await readdir(root, { withFileTypes: true }).catch(() => []);
      for (const shard of shards.filter((entry) => entry.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const names = await readdir(join(root, shard.name)).catch(() => [] as string[]);
        for (const name of names.sort()) {
          if (!isOurs(name) || name.slice(0, 2) !== shard.name) continue;
          const info = await stat(join(root, shard.name, name)).catch(() => null);
          if (info?.isFile()) yield { key: name, size: info.size, modifiedAt: info.mtime };
        }
      }
    },
    async check() {
      await mkdir(root, { recursive: true, mode: 0o700 });
      await access(root, constants.R_OK | constants.W_OK);
    },
  };
}

/** Objects live under this prefix of the bucket; anything else in the bucket is not ours and never listed or swept. */
const PREFIX = 'files/';

/**
 * An S3 client for the configured bucket. For a custom endpoint, checksums only where the API requires
 * them: since SDK 3.729 they are sent by default, in a form several S3-compatible stores refuse.
 */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // MinIO, Ceph and s3rver serve buckets by path; Amazon S3 by host name.
    forcePathStyle: config.endpoint !== undefined,
    credentials: config.credentials,
    ...(config.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const } : {}),
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
  });
}

const notFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

/** Files in an S3-compatible bucket, under files/<key>. The bucket stays private: the server streams each file to whoever may read it. */
export function s3Storage(config: S3Config, client: S3Client = s3Client(config)): FileStorage {
  const Bucket = config.bucket;
  const objectKey = (key: string) => PREFIX + checked(key);
  return {
    async put(key, bytes) {
      // One PUT is atomic: the object appears whole or not at all.
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.length, ContentType: 'application/octet-stream' }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return answer.Body ? (answer.Body.transformToWebStream() as ReadableStream<Uint8Array>) : null;
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: PREFIX, ContinuationToken, MaxKeys: 1000 }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(PREFIX.length) ?? '';
          if (object.Key?.startsWith(PREFIX) && isOurs(key)) yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check(signal) {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: signal });
    },
  };
}
