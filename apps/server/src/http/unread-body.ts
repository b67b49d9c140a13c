import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';

/** An unread body up to this size is read off after the answer, so that its connection can be kept. */
const DRAINED_BODY_LIMIT = 64 * 1024;
const DRAIN_WAIT_MS = 1000;

/**
 * A body refused as too large (413), or answered before it was read (401, 403, 404, 415) while more of it is
 * still on its way, leaves the connection unable to carry another request in time: the answer says it
 * closes (the client then sends its next request on a new one instead of losing it). A small body is read
 * off first, and its connection kept.
 */
export function closeAfterUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    const hasBody = c.req.header('content-length') !== undefined || c.req.header('transfer-encoding') !== undefined;
    const unread = hasBody && incoming?.complete === false;
    if (unread && Number(c.req.header('content-length')) <= DRAINED_BODY_LIMIT && (await bodyArrived(incoming, DRAIN_WAIT_MS))) return;
    if (c.res.status === 413 || unread) c.res.headers.set('Connection', 'close');
  };
}

/** Reads off (and drops) the rest of a request body: true once it has all arrived, false after `ms` or an error. */
function bodyArrived(incoming: IncomingMessage, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (arrived: boolean) => {
      clearTimeout(timer);
      incoming.off('end', ended).off('error', failed);
      resolve(arrived);
    };
    const ended = () => done(true);
    const failed = () => done(false);
    const timer = setTimeout(failed, ms);
    incoming.on('end', ended).on('error', failed).resume();
  });
}
