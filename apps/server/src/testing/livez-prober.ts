import { spawn } from 'node:child_process';

/**
 * Asks a server's /livez every `everyMs` from a process of its own, so that what it measures is the server's answer
 * and not the caller's own event loop (a test or bench that also sends fifty downloads and reads their answers).
 * `stop()` ends it and resolves with each probe's latency in ms and when it was sent, and the statuses other than 200.
 */
const PROBER = `
const http = require('node:http');
const [url, every] = process.argv.slice(1);
const latencies = [];
const sentAt = [];
const failures = [];
let stopping = false;
process.stdin.on('data', () => (stopping = true));
(async () => {
  while (!stopping) {
    const started = performance.now();
    sentAt.push(Date.now());
    const status = await new Promise((done) => {
      const req = http.get(url, { agent: false }, (res) => { res.resume(); res.on('end', () => done(res.statusCode)); });
      req.on('error', (err) => done(err.code || 'error'));
    });
    latencies.push(performance.now() - started);
    if (status !== 200) failures.push(status);
    await new Promise((done) => setTimeout(done, Number(every)));
  }
  process.stdout.write(JSON.stringify({ latencies, sentAt, failures }));
  process.exit(0);
})();
process.stdout.write('ready\\n');
`;

export interface LivezProbes {
  latencies: number[];
  /** When each probe was sent (Date.now()). */
  sentAt: number[];
  failures: (number | string)[];
}

export async function startLivezProber(baseUrl: string, everyMs = 20): Promise<{ stop(): Promise<LivezProbes> }> {
  const child = spawn(process.execPath, ['-e', PROBER, `${baseUrl}/livez`, String(everyMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.startsWith('ready\n')) {
        clearInterval(check);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(check);
        reject(new Error('The /livez prober did not start.'));
      }
    }, 5);
  });
  return {
    async stop() {
      child.stdin.end('stop\n');
      await exited;
      return JSON.parse(output.slice('ready\n'.length)) as LivezProbes;
    },
  };
}
