// Bundles the API server (and its workspace packages) into apps/server/dist; npm packages stay external.
import { build } from 'esbuild';
import { cp, readFile, rm } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
const out = new URL('../apps/server/dist/', import.meta.url);

await rm(out, { recursive: true, force: true });
await build({
  // The report worker (decision 0060) is its own entry: pdf-renderer.ts starts dist/report-worker.js beside main.js.
  entryPoints: ['apps/server/src/main.ts', 'apps/server/src/cli/run-user.ts', 'apps/server/src/reports/report-worker.ts'],
  outdir: 'apps/server/dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // --quiet (npm start): errors only; a user who only starts Raahi has nothing to do about a warning.
  logLevel: process.argv.includes('--quiet') ? 'error' : 'warning',
});
await cp(new URL('../apps/server/src/db/migrations/', import.meta.url), new URL('migrations/', out), { recursive: true });
await cp(new URL('../apps/server/src/auth/common-passwords.txt', import.meta.url), new URL('common-passwords.txt', out));
