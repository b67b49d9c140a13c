import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config';

const MAX_HOST_LENGTH = 300;
const HOST_NAME = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/;
const PORT = /^:\d{1,5}$/;

/**
 * The name in a Host header value: lower case, without port or IPv6 brackets, without a trailing dot
 * (`raahi.example.in.` is the same name). Null when the value is no host at all.
 */
function hostName(header: string): string | null {
  if (header.length > MAX_HOST_LENGTH) return null;
  const value = header.toLowerCase();
  let name: string;
  let port: string;
  if (value.startsWith('[')) {
    const close = value.indexOf(']');
    if (close === -1) return null;
    name = value.slice(1, close);
    port = value.slice(close + 1);
    if (isIP(name) !== 6) return null;
  } else {
    const colon = value.indexOf(':');
    name = colon === -1 ? value : value.slice(0, colon);
    port = colon === -1 ? '' : value.slice(colon);
    if (name.endsWith('.')) name = name.slice(0, -1);
    if (!HOST_NAME.test(name)) return null;
  }
  return port === '' || PORT.test(port) ? name : null;
}

/**
 * Answers only to the configured host names (closes DNS rebinding: a page on another name that now
 * points here is refused). Addresses and localhost are always answered: no DNS name leads to them, and
 * health checks use them. Behind a trusted proxy the name is X-Forwarded-Host when present, the same
 * name sameOriginOnly (auth/middleware.ts) compares Origin with.
 */
export function allowedHostsOnly(config: Config): MiddlewareHandler {
  if (config.allowedHosts === 'any') return (_c, next) => next();
  const allowed = new Set(config.allowedHosts);
  return async (c, next) => {
    const name = hostName((config.trustProxy && c.req.header('x-forwarded-host')) || c.req.header('host') || '');
    if (name !== null && (allowed.has(name) || name === 'localhost' || isIP(name) !== 0)) return next();
    return c.json({ title: 'Unknown Host', message: 'This server does not answer to that host name.' }, 400, { Connection: 'close' });
  };
}
