import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** The compressed copies the build writes beside a file (scripts/compress-web.mjs), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The content codings an Accept-Encoding header accepts, with their weights (RFC 9110 §12.5.3): a coding
 * listed with q=0 is refused, one not listed is accepted only through `*`.
 */
export function acceptedEncodings(header: string | undefined): Map<string, number> {
  const weights = new Map<string, number>();
  // Real headers are a few dozen characters; a longer one is read no further than this.
  for (const part of (header ?? '').slice(0, 1000).split(',')) {
    const [coding, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!coding) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  const any = weights.get('*');
  const accepted = new Map<string, number>();
  for (const { name } of ENCODINGS) {
    const weight = weights.get(name) ?? any ?? 0;
    if (weight > 0) accepted.set(name, weight);
  }
  return accepted;
}

const isFile = (path: string) =>
  stat(path).then(
    (info) => info.isFile(),
    () => false,
  );

/**
 * A file of the build as an answer: its brotli or gzip copy when the client accepts that coding and the
 * build made one (the client's higher weight first, brotli on a tie), the file itself otherwise.
 */
async function fileAnswer(c: Context, file: string, cacheControl: string) {
  const accepted = acceptedEncodings(c.req.header('accept-encoding'));
  const preferred = ENCODINGS.filter(({ name }) => accepted.has(name)).sort((a, b) => accepted.get(b.name)! - accepted.get(a.name)!);
  let encoding: (typeof ENCODINGS)[number] | undefined;
  for (const candidate of preferred) {
    if (await isFile(file + candidate.suffix)) {
      encoding = candidate;
      break;
    }
  }
  const body = await readFile(encoding ? file + encoding.suffix : file);
  const headers: Record<string, string> = {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    'Content-Length': String(body.length),
    // Caches keep one copy per coding: the answer depends on Accept-Encoding even when it is not compressed.
    Vary: 'Accept-Encoding',
  };
  if (encoding) headers['Content-Encoding'] = encoding.name;
  return c.body(body, 200, headers);
}

/**
 * Serves the built single-page app: files under webDir, and index.html for any other path
 * so that client-side routes (and the 404 page) work on reload.
 */
export function spaHandler(webDir: string) {
  const root = normalize(webDir + sep);
  return async (c: Context) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('The address is not valid: it has a malformed percent-encoding.', 400);
    }
    const file = normalize(join(root, path));
    if (file.startsWith(root) && !path.endsWith('/') && (await isFile(file))) {
      // Vite puts a content hash in every asset name, so assets can be cached for good.
      return fileAnswer(c, file, path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    // A missing file (an asset of an older build, /favicon.ico) is not a client-side route: index.html
    // in its place would reach a browser that expects a script, a style sheet or an image.
    if (path.startsWith('/assets/') || extname(path) !== '') return c.text('Not found.', 404);
    const index = join(root, 'index.html');
    if (!(await isFile(index))) return c.text('The web app is not built. Run: npm run build', 503);
    return fileAnswer(c, index, 'no-cache');
  };
}
