import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { loadConfig } from '../config';
import type { S3Config } from '../files/storage-config';
import { localDiskStorage, s3Storage, type FileStorage } from '../files/storage';
import type { Command, CommandContext } from './command';

const HELP = `Move stored files (uses the same database settings as the server).

  npm run files -- migrate --to s3
      Copies every file from the local disk (the data directory's files/) to the bucket named by
      RAAHI_S3_BUCKET (with RAAHI_S3_ENDPOINT, RAAHI_S3_REGION and the credentials, as the server takes them).
      Each file's bytes are checked against its recorded size and SHA-256 before they go, and each object's
      size after; at the end the count and bytes in the bucket are compared with every file the database
      records. It can be stopped and run again at any time: what is already in the bucket is not copied twice.
      Run it while the servers still keep files on disk, then stop them, run it once more (it copies only the
      uploads made meanwhile), set RAAHI_S3_* for the servers and start them.`;

const BATCH = 200;
const PARALLEL = 4;

interface FileRow {
  id: string;
  storage_key: string;
  size_bytes: string | number;
  sha256: string;
}

type Outcome = { kind: 'copied' | 'present'; bytes: number } | { kind: 'missing' | 'damaged' | 'failed'; id: string; why: string };

const readAll = async (stream: ReadableStream<Uint8Array>) => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
};

/** One file from the disk to the bucket, unless the bucket already holds it whole. */
async function copyOne(row: FileRow, from: FileStorage, to: FileStorage): Promise<Outcome> {
  const size = Number(row.size_bytes);
  try {
    if ((await to.size(row.storage_key)) === size) return { kind: 'present', bytes: size };
    const stream = await from.get(row.storage_key);
    if (!stream) return { kind: 'missing', id: row.id, why: 'not on the disk' };
    const bytes = await readAll(stream);
    if (bytes.length !== size) return { kind: 'damaged', id: row.id, why: `${bytes.length} bytes on the disk, ${size} recorded` };
    if (/^[0-9a-f]{64}$/.test(row.sha256) && createHash('sha256').update(bytes).digest('hex') !== row.sha256)
      return { kind: 'damaged', id: row.id, why: 'its SHA-256 differs from the one recorded at upload' };
    await to.put(row.storage_key, bytes);
    const stored = await to.size(row.storage_key);
    if (stored !== size) return { kind: 'failed', id: row.id, why: `the bucket holds ${stored ?? 'no'} bytes after the copy, ${size} expected` };
    return { kind: 'copied', bytes: size };
  } catch (err) {
    return { kind: 'failed', id: row.id, why: (err as Error).message };
  }
}

/** The bucket to copy to: the settings of this terminal (sent along when a running server does the work), else the server's. */
function bucketSettings(argv: string[], context: CommandContext): S3Config | undefined {
  const i = argv.indexOf('--settings');
  if (i >= 0) {
    const parsed = JSON.parse(argv[i + 1] ?? 'null') as S3Config | null;
    return parsed?.kind === 's3' && typeof parsed.bucket === 'string' ? parsed : undefined;
  }
  return context.config.storage.kind === 's3' ? context.config.storage : undefined;
}

export async function migrateFiles(argv: string[], context: CommandContext, target?: FileStorage): Promise<number> {
  const { output, config } = context;
  const say = (text: string) => output.out(`${text}\n`);
  const settings = bucketSettings(argv, context);
  if (!target && !settings) {
    output.err('Error: no bucket to copy to. Set RAAHI_S3_BUCKET (and RAAHI_S3_ENDPOINT, RAAHI_S3_REGION and the credentials) as for the server.\n');
    return 1;
  }
  const to = target ?? s3Storage(settings!);
  const from = localDiskStorage(join(config.dataDir, 'files'));
  try {
    await to.check();
  } catch (err) {
    output.err(`Error: the bucket cannot be reached: ${(err as Error).message}\n`);
    return 1;
  }
  const database = await context.database();
  const problems: Extract<Outcome, { id: string }>[] = [];
  let copied = 0;
  let present = 0;
  let checkedBytes = 0;
  let after = '';
  for (;;) {
    const rows = await database.query<FileRow>('SELECT id, storage_key, size_bytes, sha256 FROM files WHERE id > $1 ORDER BY id LIMIT $2', [after, BATCH]);
    if (rows.length === 0) break;
    for (let i = 0; i < rows.length; i += PARALLEL) {
      for (const outcome of await Promise.all(rows.slice(i, i + PARALLEL).map((row) => copyOne(row, from, to)))) {
        if ('id' in outcome) problems.push(outcome);
        else {
          if (outcome.kind === 'copied') copied++;
          else present++;
          checkedBytes += outcome.bytes;
        }
      }
    }
    after = rows[rows.length - 1].id;
    if (output.isTTY) output.out(`\r${copied + present + problems.length} files looked at…`);
  }
  if (output.isTTY) output.out('\n');
  // Count and bytes: what the bucket now holds of the recorded files against every file recorded.
  const [total] = await database.query<{ n: number; bytes: string | null }>('SELECT count(*)::int AS n, sum(size_bytes)::text AS bytes FROM files');
  const recordedBytes = Number(total.bytes ?? 0);
  const inBucket = copied + present;
  say(`Copied ${copied} file(s) now; ${present} were already in the bucket.`);
  say(`In the bucket: ${inBucket} of ${total.n} recorded files, ${checkedBytes} of ${recordedBytes} bytes.`);
  for (const problem of problems)
    say(`  ${problem.id}: ${problem.kind === 'missing' ? 'missing' : problem.kind === 'damaged' ? 'damaged' : 'not copied'} — ${problem.why}`);
  if (problems.length === 0 && inBucket === total.n && checkedBytes === recordedBytes) {
    say('Every file is in the bucket: count and bytes match.');
    return 0;
  }
  if (problems.length === 0) say('Files were added or removed while copying: run the command again (with the servers stopped it finishes).');
  else
    say(
      `${problems.length} file(s) are not in the bucket. Run the command again for those not copied; a missing or damaged file needs its record's file uploaded again.`,
    );
  return 1;
}

async function run(argv: string[], context: CommandContext): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'migrate') {
    const to = rest[rest.indexOf('--to') + 1];
    if (!rest.includes('--to') || to !== 's3') {
      context.output.err('Error: say where to: npm run files -- migrate --to s3\n');
      return 1;
    }
    return migrateFiles(rest, context);
  }
  context.output.out(`${HELP}\n`);
  return command && command !== 'help' ? 1 : 0;
}

/** Sends this terminal's bucket settings along: a running server (embedded database) may keep its files on disk. */
async function prepare(argv: string[]): Promise<string[]> {
  if (argv[0] !== 'migrate' || argv.includes('--settings')) return argv;
  const storage = loadConfig().storage;
  return storage.kind === 's3' ? [...argv, '--settings', JSON.stringify(storage)] : argv;
}

export const filesCommand: Command = { name: 'files', prepare, run };
