import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The real server and command-line tools as their own processes (node --import tsx on the sources),
 * on a data directory a test chooses: what `npm start` and `npm run seed:demo` do, without the build.
 */

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface RunningServer extends RunningProcess {
  url: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The embedded database in `dataDir` unless `extra` names a DATABASE_URL (the test's own environment does not count). */
function embeddedEnv(dataDir: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, RAAHI_DATA_DIR: dataDir, RAAHI_LOG_REQUESTS: '0' };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  delete env.RAAHI_OWNER_DATABASE_URL;
  return { ...env, ...extra };
}

/** Runs a TypeScript entry point of the repository as its own process. */
export function runScript(script: string, args: string[], dataDir: string, extra: NodeJS.ProcessEnv = {}, input?: string): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: embeddedEnv(dataDir, extra), stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  child.stdin!.end(input);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/** Starts the server (apps/server/src/main.ts) on the embedded database in `dataDir`; `wait: false` returns without waiting for it to listen. */
export async function startServer(dataDir: string, extra: NodeJS.ProcessEnv = {}, wait = true): Promise<RunningServer> {
  const port = await freePort();
  const running = runScript('apps/server/src/main.ts', [], dataDir, { PORT: String(port), HOST: '127.0.0.1', ...extra });
  const server = { ...running, url: `http://127.0.0.1:${port}` };
  // The start-up message ends with how to sign in (a 'First start' line or 'Sign in with your account').
  if (wait)
    await waitFor(
      () => /Raahi is running at[^]*(First start|Sign in with your account)/.test(server.output()),
      server.exited,
      () => `the server did not start:\n${server.output()}`,
    );
  return server;
}

/** Polls until the condition holds; fails early if the process exits first. */
export async function waitFor(condition: () => boolean, exited: Promise<unknown>, describe: () => string, timeoutMs = 90_000) {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (gone || Date.now() > deadline) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
