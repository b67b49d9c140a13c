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
    if (file.startsWith(root) && !path.endsWith('/')) {
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) {
        const body = await readFile(file);
        // Vite puts a content hash in every asset name, so assets can be cached for good.
        const cache = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
        return c.body(body, 200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': cache });
      }
    }
    // A missing file (an asset of an older build, /favicon.ico) is not a client-side route: index.html
    // in its place would reach a browser that expects a script, a style sheet or an image.
    if (path.startsWith('/assets/') || extname(path) !== '') return c.text('Not found.', 404);
    const index = await readFile(join(root, 'index.html')).catch(() => null);
    if (!index) return c.text('The web app is not built. Run: npm run build', 503);
    return c.body(index, 200, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' });
  };
}
