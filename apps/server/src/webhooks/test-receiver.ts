import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_TOLERANCE_SECONDS, type WebhookPayload } from '@raahi/domain';

/** One request a receiver got. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  payload: WebhookPayload;
  at: number;
}

/** What the receiver answers a request with: a status and body, or 'hang' (never answers). */
export type Answer = { status: number; body?: string } | 'hang';

/**
 * A real HTTP receiver on 127.0.0.1 for tests: it records every POST and answers as `answer` says (200 by
 * default). A hanging answer keeps its connection open until the receiver closes.
 */
export async function startReceiver(answer: (request: Received, index: number) => Answer = () => ({ status: 200, body: 'ok' })) {
  const received: Received[] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request: Received = { headers: req.headers, body, payload: JSON.parse(body), at: Date.now() };
      received.push(request);
      const reply = answer(request, received.length - 1);
      if (reply === 'hang') {
        open.add(res);
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'text/plain' });
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Verifies a delivery exactly as the API document tells receivers to: the header's t and every v1, the HMAC of
 * "<t>.<raw body>" with the secret compared in constant time, and t no older than the tolerance.
 */
export function verifySignature(header: string | undefined, rawBody: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!header || header.length > 1000) return false;
  let t = NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (key === 't') t = Number(value);
    else if (key === 'v1') signatures.push(value);
  }
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return signatures.some((hex) => {
    const given = Buffer.from(hex, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
