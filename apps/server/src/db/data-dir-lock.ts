import { randomBytes } from 'node:crypto';
import { chmod, link, lstat, mkdir, rename, unlink } from 'node:fs/promises';
import net from 'node:net';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * One process at a time opens an embedded data directory: PGlite is PostgreSQL in one process, and a
 * second one writing the same files corrupts them for good. The lock is a Unix socket in the directory
 * (raahi.sock, mode 0600) that its holder listens on: the kernel ends the listening with the process,
 * however it dies, so a socket nobody answers on is stale (a PID file could name a reused PID). The same
 * socket is the holder's administrator channel: only a process of the same OS user can connect, and a
 * server runs the command-line tools' commands (seed, users) there on its own open database.
 * See docs/decisions/0019-one-process-per-data-directory.md.
 */

export const LOCK_SOCKET = 'raahi.sock';

/** What answers on the socket: who holds the directory, and which commands it runs for others. */
export interface DataDirHolder {
  /** "server", or the command that holds the directory ("npm run seed:demo"). */
  holder: string;
  pid: number;
  /** Where the server answers, once it listens. */
  url?: string;
  /** Commands it runs for a command-line client (none for a command-line tool). */
  commands: string[];
}

export interface CommandRequest {
  command: string;
  argv: string[];
  /** Whether the client's output is a terminal (progress lines are for terminals only). */
  tty: boolean;
}

/** Where a command writes: the local console, or a client's socket. */
export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
  isTTY: boolean;
}

/** Runs one command for a client; `signal` aborts when the client goes away or the holder stops. */
export type CommandHandler = (request: CommandRequest, output: CommandOutput, signal: AbortSignal) => Promise<number>;

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder | undefined,
  ) {
    super(busyMessage(dataDir, holder));
  }
}

function busyMessage(dataDir: string, holder: DataDirHolder | undefined): string {
  const data = `the data directory ${dataDir}`;
  if (!holder) return `Another process is using ${data} (it does not say what it is). Stop it first, or use another RAAHI_DATA_DIR.`;
  if (holder.holder === 'server') {
    return `Raahi is already running on ${data} (process ${holder.pid}${holder.url ? `, ${holder.url}` : ''}). Stop it first (Ctrl-C where it runs), or start this one with another RAAHI_DATA_DIR.`;
  }
  return `${holder.holder} (process ${holder.pid}) is using ${data}. Wait until it finishes, or use another RAAHI_DATA_DIR.`;
}

export interface DataDirLock {
  /** Updates what the socket tells (the server's address once it listens). */
  describe(update: Partial<DataDirHolder>): void;
  /** Runs these commands for clients from now on. */
  serve(handlers: Record<string, CommandHandler>): void;
  /** Aborts the commands still running and waits for them (call it before closing the database). */
  stopCommands(): Promise<void>;
  /** Gives the directory up: call it after the database is closed. */
  release(): Promise<void>;
}

/** Socket paths are limited (108 bytes with the final NUL on Linux); a relative path may fit where the absolute one does not. */
const MAX_SOCKET_PATH = 107;
function socketAddress(path: string): string {
  if (Buffer.byteLength(path) <= MAX_SOCKET_PATH) return path;
  const shorter = relative(process.cwd(), path);
  if (Buffer.byteLength(shorter) <= MAX_SOCKET_PATH) return shorter;
  throw new Error(
    `The data directory's path is too long for its lock socket (${path}: ${Buffer.byteLength(path)} bytes, at most ${MAX_SOCKET_PATH}). Use a shorter RAAHI_DATA_DIR, or start from a folder closer to it.`,
  );
}

const errorCode = (err: unknown) => (err as NodeJS.ErrnoException).code;

/**
 * Takes the data directory for this process, or throws DataDirBusyError naming its holder. A socket
 * left by a process that died is taken over. The new socket is bound under a name of its own and then
 * hard-linked to raahi.sock, which fails if the name exists: two processes starting at once cannot
 * both win.
 */
export async function lockDataDir(dataDir: string, holder: Omit<DataDirHolder, 'pid' | 'commands'>): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, LOCK_SOCKET);
  socketAddress(path);
  const described: DataDirHolder = { ...holder, pid: process.pid, commands: [] };
  let handlers: Record<string, CommandHandler> = {};
  const running = new Set<{ abort: AbortController; done: Promise<unknown> }>();

  const server = net.createServer((socket) => {
    socket.on('error', () => undefined); // a client that goes away is not news
    socket.write(JSON.stringify({ type: 'hello', ...described }) + '\n');
    const lines = createInterface({ input: socket });
    lines.once('line', (line) => {
      lines.close();
      socket.resume(); // closing the reader paused the socket: keep reading, so that its end is seen
      let request: CommandRequest;
      try {
        request = parseRequest(line);
      } catch (err) {
        socket.end(JSON.stringify({ type: 'exit', code: 2, error: (err as Error).message }) + '\n');
        return;
      }
      const handler = handlers[request.command];
      if (!handler) {
        socket.end(JSON.stringify({ type: 'exit', code: 2, error: `This process does not run "${request.command}".` }) + '\n');
        return;
      }
      const abort = new AbortController();
      socket.on('close', () => abort.abort(new Error('The command-line client went away.')));
      const send = (message: object) => {
        if (!socket.destroyed) socket.write(JSON.stringify(message) + '\n');
      };
      const output: CommandOutput = { out: (text) => send({ type: 'out', text }), err: (text) => send({ type: 'err', text }), isTTY: request.tty };
      const done = handler(request, output, abort.signal).then(
        (code) => code,
        (err: Error) => {
          send({ type: 'err', text: `${err.message}\n` });
          return 1;
        },
      );
      const entry = { abort, done };
      running.add(entry);
      void done.then((code) => {
        running.delete(entry);
        if (!socket.destroyed) socket.end(JSON.stringify({ type: 'exit', code }) + '\n');
      });
    });
  });

  const ownName = join(dataDir, `.raahi-${process.pid}-${randomBytes(4).toString('hex')}.sock`);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketAddress(ownName), () => {
      server.off('error', reject);
      resolve();
    });
  });
  let ownInode: number;
  try {
    await chmod(ownName, 0o600);
    ownInode = (await lstat(ownName)).ino;
    for (let attempt = 0; ; attempt++) {
      try {
        await link(ownName, path);
        break;
      } catch (err) {
        if (errorCode(err) !== 'EEXIST' || attempt >= 5) throw err;
      }
      const found = await probe(path);
      if (found.state === 'held') throw new DataDirBusyError(dataDir, found.holder);
      if (found.state === 'stale') await removeStale(path, found.inode, dataDir);
    }
  } catch (err) {
    await new Promise((resolve) => server.close(resolve));
    await unlink(ownName).catch(() => undefined);
    throw err;
  }
  await unlink(ownName).catch(() => undefined);

  let released = false;
  const stopCommands = async () => {
    for (const entry of running) entry.abort.abort(new Error('The server is stopping.'));
    await Promise.all([...running].map((entry) => entry.done));
  };
  return {
    describe: (update) => Object.assign(described, update),
    serve: (next) => {
      handlers = next;
      described.commands = Object.keys(next);
    },
    stopCommands,
    release: async () => {
      if (released) return;
      released = true;
      await stopCommands();
      // Only our own socket: never one a later holder bound after ours was taken for stale.
      const current = await lstat(path).catch(() => undefined);
      if (current?.ino === ownInode) await unlink(path).catch(() => undefined);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function parseRequest(line: string): CommandRequest {
  if (line.length > 100_000) throw new Error('The request is too long.');
  const value = JSON.parse(line) as Partial<CommandRequest>;
  if (typeof value.command !== 'string' || !Array.isArray(value.argv) || !value.argv.every((a) => typeof a === 'string')) {
    throw new Error('The request must name a command and its arguments.');
  }
  return { command: value.command, argv: value.argv, tty: value.tty === true };
}

type Probe = { state: 'held'; holder: DataDirHolder | undefined } | { state: 'stale'; inode: number } | { state: 'gone' };

/** Whether a live process answers on the socket, and what it says it is. */
async function probe(path: string): Promise<Probe> {
  const inode = await lstat(path).then(
    (stats) => stats.ino,
    () => undefined,
  );
  if (inode === undefined) return { state: 'gone' };
  const connection = await connect(path);
  if (connection === 'refused') return { state: 'stale', inode };
  if (connection === 'gone') return { state: 'gone' };
  const holder = await readHello(connection, 5_000);
  connection.destroy();
  return { state: 'held', holder };
}

/** Moves a stale socket aside, checking it is the one found stale (not a live one bound meanwhile). */
async function removeStale(path: string, staleInode: number, dataDir: string): Promise<void> {
  const aside = join(dataDir, `.raahi-stale-${process.pid}-${randomBytes(4).toString('hex')}.sock`);
  try {
    await rename(path, aside);
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return;
    throw err;
  }
  if ((await lstat(aside)).ino !== staleInode) await link(aside, path).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

function connect(path: string): Promise<net.Socket | 'refused' | 'gone'> {
  return new Promise((resolve) => {
    const socket = net.connect(socketAddress(path));
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      socket.on('error', () => undefined);
      resolve(socket);
    });
    socket.once('error', (err) => resolve(errorCode(err) === 'ENOENT' ? 'gone' : 'refused'));
  });
}

/** The first line a holder sends. A holder busy in a long synchronous step may answer late: then it is unnamed. */
function readHello(socket: net.Socket, timeoutMs: number): Promise<DataDirHolder | undefined> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: socket });
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    function finish(holder: DataDirHolder | undefined) {
      clearTimeout(timer);
      resolve(holder); // first: closing emits 'close', which finishes again
      lines.close();
    }
    lines.once('line', (line) => {
      try {
        const hello = JSON.parse(line) as DataDirHolder & { type: string };
        finish(hello.type === 'hello' ? { holder: hello.holder, pid: hello.pid, url: hello.url, commands: hello.commands ?? [] } : undefined);
      } catch {
        finish(undefined);
      }
    });
    lines.once('close', () => finish(undefined));
  });
}

/**
 * Runs a command in the process that holds the data directory, when that process runs it: its output
 * is written here as it comes, and the answer is its exit status. Undefined when nobody holds the
 * directory; DataDirBusyError when its holder does not run this command.
 */
export async function runInHolder(dataDir: string, request: CommandRequest, output: CommandOutput): Promise<number | undefined> {
  const path = join(dataDir, LOCK_SOCKET);
  const connection = await connect(path).catch(() => 'gone' as const);
  if (typeof connection === 'string') return undefined;
  const lines = createInterface({ input: connection });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await Promise.race([iterator.next(), new Promise<undefined>((resolve) => setTimeout(resolve, 30_000, undefined))]);
  let hello: DataDirHolder | undefined;
  try {
    hello = first && !first.done ? (JSON.parse(first.value) as DataDirHolder) : undefined;
  } catch {
    hello = undefined;
  }
  if (!hello?.commands?.includes(request.command)) {
    connection.destroy();
    // A server takes commands once its database is open.
    if (hello?.holder === 'server')
      throw new Error(`Raahi is starting on ${dataDir} (process ${hello.pid}): run the command again when it says "Raahi is running".`);
    throw new DataDirBusyError(dataDir, hello);
  }
  output.out(`Raahi is running on ${dataDir} (process ${hello.pid}${hello.url ? `, ${hello.url}` : ''}): the command runs in it.\n`);
  connection.write(JSON.stringify(request) + '\n');
  for await (const line of { [Symbol.asyncIterator]: () => iterator }) {
    const message = JSON.parse(line) as { type: string; text?: string; code?: number; error?: string };
    if (message.type === 'out') output.out(message.text ?? '');
    else if (message.type === 'err') output.err(message.text ?? '');
    else if (message.type === 'exit') {
      if (message.error) output.err(`${message.error}\n`);
      connection.end();
      return message.code ?? 1;
    }
  }
  output.err('The server stopped before the command finished; nothing it had not finished was kept.\n');
  return 1;
}
