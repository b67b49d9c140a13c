import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from './storage-config';

/**
 * A real S3-compatible server (s3rver, on a free port over a temporary directory) for the tests and the
 * bench: the SDK speaks HTTP to it exactly as to MinIO or Amazon S3; nothing of the client is mocked.
 */
export interface S3TestServer {
  config: S3Config;
  /** The settings a server process takes (RAAHI_S3_*). */
  env: Record<string, string>;
  /** Stops answering (a blip of the store); `start` brings it back on the same port with the same objects. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its objects. */
  close(): Promise<void>;
}

export const S3_TEST_BUCKET = 'raahi-test';
// s3rver's fixed credentials (it checks each request's signature with them).
const ACCESS_KEY = 'S3RVER';

export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'raahi-s3-'));
  let port = 0;
  let running: S3rver | undefined;
  const start = async () => {
    const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: S3_TEST_BUCKET }] });
    port = (await server.run()).port;
    running = server;
  };
  const stop = async () => {
    const server = running;
    running = undefined;
    if (!server?.httpServer) return;
    const closed = server.close();
    // The SDK keeps connections open; close them so that the port is free at once.
    server.httpServer.closeAllConnections();
    await closed;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    kind: 's3',
    bucket: S3_TEST_BUCKET,
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  };
  return {
    config,
    env: {
      RAAHI_S3_BUCKET: S3_TEST_BUCKET,
      RAAHI_S3_ENDPOINT: endpoint,
      RAAHI_S3_REGION: 'us-east-1',
      RAAHI_S3_ACCESS_KEY_ID: ACCESS_KEY,
      RAAHI_S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    stop,
    start,
    close: async () => {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
