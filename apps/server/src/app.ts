import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { authRoutes } from './auth/routes';
import { permissionsOf, roleOf } from './auth/permissions';
import { userRoutes } from './auth/users-routes';
import { bearerKey, isHttps, refuseApiKeysOnAccountRoutes, requireSessionOrApiKey, sameOriginOnly, type AppEnv } from './auth/middleware';
import { apiKeyRoutes } from './api-keys/routes';
import type { Config } from './config';
import type { Database } from './db/client';
import { compressJson } from './http/compress-json';
import { ApiError, errorResponse } from './http/errors';
import { allowedHostsOnly } from './http/hosts';
import { closeAfterUnreadBody } from './http/unread-body';
import { buildOpenApiDocument, docsPage, documentForRole, DOCS_SCRIPT_SOURCE } from './http/openapi';
import { ListCache } from './http/list-cache';
import { resourceRoutes } from './http/resource';
import { moneyRoutes } from './money/routes';
import { dashboardRoutes } from './dashboard/dashboard';
import { reportRoutes } from './reports/routes';
import { recordPageRoutes } from './record-pages/summaries';
import { spaHandler } from './http/static';
import { resources } from './resources';
import { fileRoutes } from './files/routes';
import { historyRoutes } from './history/routes';
import { notificationRoutes } from './reminders/routes';
import { reminderSettingsRoutes } from './reminders/settings-routes';
import { storageFor, type FileStorage } from './files/storage';
import { liveListRoutes } from './lists/live-lists';
import { preferencesRoutes } from './notifications/preferences';
import { webhookRoutes } from './webhooks/routes';
import { importRoutes, isImportUpload } from './imports/routes';

const JSON_BODY_LIMIT = 256 * 1024;

export function createApp(database: Database, config: Config, storage: FileStorage = storageFor(config)) {
  const app = new Hono<AppEnv>();
  app.onError(errorResponse);
  app.use(allowedHostsOnly(config));

  if (config.logRequests) {
    // Method, path and status only: no query strings, bodies or cookies, which can carry personal data.
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      if (c.req.path.startsWith('/api/')) console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
    });
  }

  // A body left unread (413, or a refusal before reading) must not cost the client its next request.
  app.use(closeAfterUnreadBody());

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // The web app's scripts are files; the API docs page's one inline script is allowed by its hash.
        scriptSrc: ["'self'", DOCS_SCRIPT_SOURCE],
        // Radix UI adds <style> elements at run time (Select's scrollbar rule, the dialogs' scroll lock).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      xFrameOptions: 'DENY',
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      // The app uses none of these (an upload is a file input, which needs no permission).
      permissionsPolicy: {
        accelerometer: false,
        camera: false,
        displayCapture: false,
        geolocation: false,
        gyroscope: false,
        hid: false,
        idleDetection: false,
        magnetometer: false,
        microphone: false,
        midi: false,
        payment: false,
        serial: false,
        usb: false,
        xrSpatialTracking: false,
      },
    }),
  );
  // HSTS only on an answer that came over HTTPS: over plain HTTP it promises a certificate this server
  // may not have. No includeSubDomains: the other names under the public one are not Raahi's.
  app.use(async (c, next) => {
    await next();
    if (isHttps(c, config)) c.res.headers.set('Strict-Transport-Security', 'max-age=31536000');
  });

  app.get('/livez', (c) => c.json({ status: 'ok' }));
  // Ready when the database answers: a blip of the object store must not take every server out of the
  // balancer. The store's health is its own check; neither says which database or store it is.
  const readiness = async (probe: (signal: AbortSignal) => Promise<unknown>) => {
    const timeout = AbortSignal.timeout(2000);
    const timedOut = new Promise((_, reject) => timeout.addEventListener('abort', () => reject(new Error('timeout'))));
    try {
      await Promise.race([probe(timeout), timedOut]);
      return true;
    } catch {
      return false;
    }
  };
  app.get('/readyz', async (c) => ((await readiness(() => database.query('SELECT 1'))) ? c.json({ status: 'ready' }) : c.json({ status: 'unavailable' }, 503)));
  app.get('/readyz/storage', async (c) =>
    (await readiness((signal) => storage.check(signal))) ? c.json({ status: 'ready' }) : c.json({ status: 'unavailable' }, 503),
  );

  const api = new Hono<AppEnv>();
  // Records and sessions must not linger in browser or proxy caches (a route may say more, e.g. private files).
  api.use(async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new ApiError(413, 'Request Too Large', 'The request body is too large.');
    },
  });
  // Uploads have their own, larger limit (in files/routes.ts). GET and HEAD carry no body, and looking
  // for one would make the server build a whole Request object for every read.
  api.use((c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path === '/api/files' || isImportUpload(c.req.path) ? next() : jsonLimit(c, next),
  );
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
  // An API key reaches no account route (the sign-in routes below included): refused before any runs.
  api.use(refuseApiKeysOnAccountRoutes());
  api.route('/auth', authRoutes(database, config));

  // Everything below needs a signed-in user or an API key (decision 0053).
  const secured = new Hono<AppEnv>();
  secured.use(requireSessionOrApiKey(database, config));
  // Records and the API document, never the sign-in routes above (they answer the CSRF token).
  secured.use(compressJson());
  const permissions = permissionsOf(resources);
  // The API document lists the routes the reader's role may use: built once per role, when first asked.
  const fullOpenApi = buildOpenApiDocument(resources);
  const openApi = new Map<string, ReturnType<typeof buildOpenApiDocument>>();
  secured.get('/openapi.json', (c) => {
    const role = roleOf(c);
    const apiKey = bearerKey(c) !== null;
    const cacheKey = `${role}${apiKey ? ' (API key)' : ''}`;
    let doc = openApi.get(cacheKey);
    if (!doc) openApi.set(cacheKey, (doc = documentForRole(fullOpenApi, resources, role, permissions, { apiKey })));
    return c.json(doc);
  });
  secured.get('/docs', (c) => c.html(docsPage()));
  secured.route('/files', fileRoutes(database, storage, config.uploadMaxBytes, permissions));
  secured.route('/users', userRoutes(database));
  secured.route('/api-keys', apiKeyRoutes(database));
  // Webhooks and their deliveries (decision 0054): administrators only.
  secured.route('/webhooks', webhookRoutes(database, { allowPrivate: config.webhooksAllowPrivate }));
  secured.route('/notifications', notificationRoutes(database));
  secured.route('/reminders', reminderSettingsRoutes(database));
  secured.route('/notification-preferences', preferencesRoutes(database, config));
  // The dashboard's numbers: list totals (sharing the lists' cache) of the areas the role may view.
  secured.route('/dashboard', dashboardRoutes(database, lists));
  // Reports (decision 0047): each checks that the role may view (for a file, export) every area it reads.
  secured.route('/reports', reportRoutes(database));
  // Each request to an area is checked against the roles matrix before any route (its history too) reads a
  // body or writes anything.
  for (const resource of resources) {
    const guard = permissions.guard(resource);
    secured.use(`/${resource.area.key}`, guard);
    secured.use(`/${resource.area.key}/*`, guard);
  }
  // Import (/<area>/import…, /imports…, decision 0051), under the areas' guards, before the areas' /:id.
  secured.route('/', importRoutes(database, resources, { maxBytes: config.importMaxBytes, maxRows: config.importMaxRows, atOnce: config.importsAtOnce }));
  // A record's history (/<area>/:id/history) and the Activity Log (/activity), before the areas' own routes.
  secured.route('/', historyRoutes(database, resources));
  // Track Pending Actions and View Reorder Suggestions, under their areas' guards, before the areas' /:id.
  secured.route('/', liveListRoutes(database));
  // The vehicle and driver pages' heads (/vehicles/:id/summary, /drivers/:id/summary), under those areas' guards.
  secured.route('/', recordPageRoutes(database));
  // The vehicle's trip at a time (GET /trips/at, decision 0041), under the trips guard, before the trips' /:id.
  secured.route('/', moneyRoutes(database));
  for (const resource of resources) secured.route(`/${resource.area.key}`, resourceRoutes(database, resource, lists, storage));
  secured.all('*', () => {
    throw new ApiError(404, 'Not Found', 'There is no such API endpoint.');
  });
  api.route('/', secured);
  app.route('/api', api);

  app.get('*', spaHandler(config.webDir));
  return app;
}
