// Builds the web app (Vite, then its brotli and gzip copies: scripts/compress-web.mjs) and the server (scripts/build-server.mjs), then records a hash of every input in
// apps/server/dist/build-stamp.json.
//   node scripts/build.mjs                        always builds (npm run build, npm run test:e2e)
//   node scripts/build.mjs --if-changed --quiet   what npm start runs: builds only when an input changed since
//                                                 the last build, and shows no build warnings (errors still show)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ifChanged = process.argv.includes('--if-changed');
const quiet = process.argv.includes('--quiet');
const stampFile = join(root, 'apps/server/dist/build-stamp.json');
const outputs = ['apps/web/dist/index.html', 'apps/server/dist/main.js', 'apps/server/dist/report-worker.js'].map((path) => join(root, path));

/** What the built web app and server are made of; tests are not bundled, so they do not count. */
const inputs = [
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/src',
  'apps/server/src',
  'packages',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/build-server.mjs',
  'scripts/compress-web.mjs',
];
const skipped = (name) => name === 'node_modules' || name === 'dist' || /\.test\.tsx?$/.test(name);

async function* files(path) {
  let entries;
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch (err) {
    if (err.code === 'ENOTDIR') yield path;
    else if (err.code !== 'ENOENT') throw err;
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (skipped(entry.name)) continue;
    if (entry.isDirectory()) yield* files(join(path, entry.name));
    else if (entry.isFile()) yield join(path, entry.name);
  }
}

async function inputHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for await (const file of files(join(root, input)))
      hash
        .update(relative(root, file))
        .update('\0')
        .update(await readFile(file))
        .update('\0');
  }
  return hash.digest('hex');
}

const hash = await inputHash();
const built = outputs.every((file) => existsSync(file));
const stamp = await readFile(stampFile, 'utf8').then(JSON.parse, () => undefined);
if (ifChanged && built && stamp?.hash === hash) process.exit(0);

if (quiet)
  console.log(
    built && stamp
      ? 'The sources changed since the last build: building the web app and the server again ...'
      : 'Building the web app and the server (the first time takes a little while) ...',
  );
const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const started = Date.now();
run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', quiet ? 'error' : 'warn']);
run(process.execPath, [join(root, 'scripts/compress-web.mjs')]);
run(process.execPath, [join(root, 'scripts/build-server.mjs'), ...(quiet ? ['--quiet'] : [])]);
// The hash of the inputs as they were before the build: a file changed during it is built next time.
await writeFile(stampFile, JSON.stringify({ hash, builtAt: new Date().toISOString() }) + '\n');
if (quiet) console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
