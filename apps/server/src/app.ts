import { join } from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { authRoutes } from './auth/routes';
import { requireSession, sameOriginOnly, type AppEnv } from './auth/middleware';
import type { Config } from './config';
import type { Database } from './db/client';
import { ApiError, errorResponse } from './http/errors';
import { buildOpenApiDocument, docsPage } from './http/openapi';
import { ListCache } from './http/list-cache';
import { resourceRoutes } from './http/resource';
import { spaHandler } from './http/static';
import { resources } from './resources';
import { fileRoutes } from './files/routes';
import { localDiskStorage, type FileStorage } from './files/storage';

const JSON_BODY_LIMIT = 256 * 1024;

export function createApp(database: Database, config: Config, storage: FileStorage = localDiskStorage(join(config.dataDir, 'files'))) {
  const app = new Hono<AppEnv>();
  app.onError(errorResponse);

  if (config.logRequests) {
    // Method, path and status only: no query strings, bodies or cookies, which can carry personal data.
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      if (c.req.path.startsWith('/api/')) console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
    });
  }

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  app.get('/livez', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await Promise.race([database.query('SELECT 1'), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
      return c.json({ status: 'ready', database: database.kind });
    } catch {
      return c.json({ status: 'unavailable', database: database.kind }, 503);
    }
  });

  const api = new Hono<AppEnv>();
  // Records and sessions must not linger in browser or proxy caches (a route may say more, e.g. private files).
  api.use(async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  const jsonLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: () => { throw new ApiError(413, 'Request Too Large', 'The request body is too large.'); } });
  // Uploads have their own, larger limit (in files/routes.ts). GET and HEAD carry no body, and looking
  // for one would make the server build a whole Request object for every read.
  api.use((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path === '/api/files' ? next() : jsonLimit(c, next)));
  api.use(sameOriginOnly(config));
  // Lists are cached until records change; any request that may have changed one drops them, once it is done.
  const lists = ListCache.following(database, config.listCacheMs);
  api.use(async (c, next) => {
    try {
      await next();
    } finally {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') lists.invalidate();
    }
  });
  api.route('/auth', authRoutes(database, config));

  // Everything below needs a signed-in user.
  const secured = new Hono<AppEnv>();
  secured.use(requireSession(database, config));
  const openApi = buildOpenApiDocument(resources);
  secured.get('/openapi.json', (c) => c.json(openApi));
  secured.get('/docs', (c) => c.html(docsPage()));
  secured.route('/files', fileRoutes(database, storage, config.uploadMaxBytes));
  for (const resource of resources) secured.route(`/${resource.area.key}`, resourceRoutes(database, resource, lists));
  secured.all('*', () => {
    throw new ApiError(404, 'Not Found', 'There is no such API endpoint.');
  });
  api.route('/', secured);
  app.route('/api', api);

  app.get('*', spaHandler(config.webDir));
  return app;
}
