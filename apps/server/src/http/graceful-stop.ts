import type { Server, ServerResponse } from 'node:http';

/**
 * Stops an HTTP server without cutting off an answer. Node's server.close() stops accepting new
 * connections, but keeps answering new requests on open keep-alive connections; a timer that then cuts
 * those connections can cut a request whose write was committed but not yet answered. So, once stopping:
 * - every answer not yet begun (in flight or newly arrived) says `Connection: close`, and its connection
 *   closes after it: each open connection carries at most one more request;
 * - idle connections are closed at once, and again as in-flight answers finish;
 * - only a request still unanswered after `graceMs` is cut off (a hung one, not one being served).
 */
export function gracefulStop(server: Server) {
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  // Before the app's own listener, so that the flag is set before any answer can begin.
  server.prependListener('request', (_request, response: ServerResponse) => {
    if (stopping) response.shouldKeepAlive = false;
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });

  return {
    get stopping() {
      return stopping;
    },
    /** Resolves once every connection has closed. */
    stop(graceMs: number): Promise<void> {
      stopping = true;
      for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
      return new Promise((resolve) => {
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
