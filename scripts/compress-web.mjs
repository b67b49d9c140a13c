// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the web build, made once here at
// the highest settings, so that the server sends them as they are (apps/server/src/http/static.ts).
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const WEB_DIR = new URL('../apps/web/dist/', import.meta.url).pathname;
/** Files the browser reads as text; images and fonts here are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than a packet's worth of bytes. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

for (const entry of await readdir(WEB_DIR, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const file = join(entry.parentPath ?? entry.path, entry.name);
  if (/\.(?:br|gz)$/.test(file)) await rm(file);
  if (!TEXT.test(file)) continue;
  const data = await readFile(file);
  if (data.length < MIN_BYTES) continue;
  const [br, gz] = await Promise.all([
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file is of no use; the server then sends the file itself.
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
}
