/**
 * npx tsx bench/files.ts [--samples N]   (also run by `npm run bench`, --file-samples N; 0 leaves it out)
 *
 * Upload and download throughput of a 1 MB and a 10 MB file on both stores: the local disk (a temporary
 * directory) and an S3-compatible server (s3rver, started here on this machine — a stand-in for MinIO or S3:
 * its figures are of s3rver on the same cores, not of a real object store). The real app is served in this
 * process on a fresh database (with DATABASE_URL a temporary database on that PostgreSQL server), an
 * administrator signed in; N uploads through POST /api/files, one at a time, then N downloads of them.
 * Prints MB/s (total bytes ÷ total time) and the median time per request, with the load average.
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureAdmin } from '../apps/server/src/auth/users';
import type { StorageConfig } from '../apps/server/src/files/storage-config';
import { startS3TestServer } from '../apps/server/src/files/s3-test-server';
import { servedSignedIn, temporaryDatabase } from './in-process';

const SIZES = [1024 * 1024, 10 * 1024 * 1024];
const MB = 1024 * 1024;

interface Options {
  serverUrl?: string;
  samples?: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A PDF of `size` bytes (the service checks the first bytes; the rest is random, so nothing compresses it). */
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);

async function measure(origin: string, cookie: string, csrfToken: string, size: number, samples: number) {
  const body = pdfOf(size);
  const ids: string[] = [];
  const up: number[] = [];
  for (let i = 0; i < samples; i++) {
    const form = new FormData();
    form.append('file', new Blob([body], { type: 'application/pdf' }), `bench-${i}.pdf`);
    const started = performance.now();
    const res = await fetch(`${origin}/api/files`, { method: 'POST', headers: { cookie, 'x-csrf-token': csrfToken }, body: form });
    const answer = (await res.json()) as { id: string };
    up.push(performance.now() - started);
    if (res.status !== 201) throw new Error(`Upload failed: ${res.status} ${JSON.stringify(answer)}`);
    ids.push(answer.id);
  }
  const down: number[] = [];
  for (const id of ids) {
    const started = performance.now();
    const res = await fetch(`${origin}/api/files/${id}`, { headers: { cookie } });
    const bytes = (await res.arrayBuffer()).byteLength;
    down.push(performance.now() - started);
    if (res.status !== 200 || bytes !== size) throw new Error(`Download failed: ${res.status}, ${bytes} bytes`);
  }
  const rate = (times: number[]) => (size * times.length) / MB / (times.reduce((a, b) => a + b, 0) / 1000);
  return { upload: { mbPerS: rate(up), medianMs: median(up) }, download: { mbPerS: rate(down), medianMs: median(down) } };
}

export async function benchFiles({ serverUrl, samples = 10 }: Options): Promise<{ lines: string[] }> {
  const password = 'bench-' + randomBytes(12).toString('hex');
  const { database, label, drop } = await temporaryDatabase(serverUrl, 'files', 4);
  const s3 = await startS3TestServer();
  const lines = [
    `File upload and download (${label}; ${samples} of each, one at a time; load before ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  ];
  try {
    await ensureAdmin(database, password);
    const stores: [string, StorageConfig][] = [
      ['disk', { kind: 'disk' }],
      ['s3rver', s3.config],
    ];
    lines.push('  store    size    upload MB/s  median ms   download MB/s  median ms');
    for (const [name, storage] of stores) {
      const served = await servedSignedIn(database, `files-${name}`, password, { storage });
      try {
        for (const size of SIZES) {
          const { upload, download } = await measure(served.origin, served.cookie, served.csrfToken, size, samples);
          lines.push(
            `  ${name.padEnd(7)} ${`${size / MB} MB`.padStart(5)}   ${upload.mbPerS.toFixed(1).padStart(10)}  ${upload.medianMs.toFixed(1).padStart(9)}   ${download.mbPerS.toFixed(1).padStart(13)}  ${download.medianMs.toFixed(1).padStart(9)}`,
          );
        }
      } finally {
        await served.close();
      }
    }
    lines.push(
      `  (load after ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; s3rver runs on the same cores as the server)`,
    );
  } finally {
    await s3.close();
    await drop();
  }
  return { lines };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { samples: { type: 'string' } } });
  const samples = values.samples === undefined ? 10 : Number(values.samples);
  if (!Number.isInteger(samples) || samples < 1 || samples > 1000) throw new Error('--samples must be a whole number from 1 to 1000');
  const { lines } = await benchFiles({ serverUrl: process.env.DATABASE_URL || undefined, samples });
  console.log(lines.join('\n'));
  process.exit(0);
}
