import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from './address';

/** What a receiver's answer is kept as: its start, as text. */
export const RESPONSE_LIMIT_BYTES = 1024;

export interface SendOutcome {
  /** The receiver's status code; null when none came (refused, timed out, reset). */
  statusCode: number | null;
  durationMs: number;
  /** The start of its body as text (≤ 1 KB); null without an answer. */
  response: string | null;
  /** Why it failed, in words (null for a 2xx). */
  error: string | null;
  delivered: boolean;
}

/**
 * POSTs the body to the resolved target, connecting to exactly its checked address: the host name stays in the
 * URL for the Host header and TLS (SNI and the certificate's check), and the lookup the socket asks for answers
 * the checked address instead of asking DNS again. Redirects are not followed (a 3xx is a failure). The whole
 * exchange is cut at `timeoutMs`; of the answer only its first KB is read.
 */
export function postSigned(target: ResolvedTarget, body: string, headers: Record<string, string>, timeoutMs: number): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const pinned: LookupFunction = (_hostname, options, callback) => {
    // Node asks for every address when it may try several families (autoSelectFamily); it gets the one checked.
    if ((options as { all?: boolean }).all)
      (callback as unknown as (err: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const { url } = target;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    // Set once the receiver's status has arrived: a body that then stalls is cut, the status still counts.
    let answered: (() => void) | undefined;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Raahi-Webhooks/1', ...headers },
        lookup: pinned,
        agent: false,
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = Buffer.concat(chunks).subarray(0, RESPONSE_LIMIT_BYTES).toString('utf8');
          const delivered = statusCode >= 200 && statusCode < 300;
          const error = delivered
            ? null
            : statusCode >= 300 && statusCode < 400
              ? `Redirect (${statusCode}) not followed`
              : `The receiver answered ${statusCode}`;
          finish({ statusCode, response: keptText(text), error, delivered });
          response.destroy();
        };
        answered = done;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_LIMIT_BYTES) done();
        });
        response.on('end', done);
        // An answer cut off after its status still counts by its status.
        response.on('error', done);
        response.on('aborted', done);
      },
    );
    const timer = setTimeout(() => {
      if (answered) {
        answered();
        request.destroy();
        return;
      }
      finish({ statusCode: null, response: null, error: `No answer within ${Number((timeoutMs / 1000).toFixed(1))} s (timed out)`, delivered: false });
      request.destroy();
    }, timeoutMs);
    request.on('error', (err: NodeJS.ErrnoException) => finish({ statusCode: null, response: null, error: describeNetworkError(err), delivered: false }));
    request.end(body);
  });
}

/** The receiver's answer as text the database can keep: ≤ 1,024 characters, a character cut in two dropped, no NUL (text cannot hold one). */
function keptText(text: string): string {
  const whole = text.endsWith('\uFFFD') ? text.slice(0, -1) : text;
  return whole.split('\u0000').join('').slice(0, RESPONSE_LIMIT_BYTES);
}

function describeNetworkError(err: NodeJS.ErrnoException): string {
  const known: Record<string, string> = {
    ECONNREFUSED: 'Connection refused',
    ECONNRESET: 'Connection reset by the receiver',
    EHOSTUNREACH: 'Host unreachable',
    ENETUNREACH: 'Network unreachable',
    ETIMEDOUT: 'Connection timed out',
    EPIPE: 'Connection closed by the receiver',
  };
  const words = (err.code && known[err.code]) ?? (err.code?.startsWith('ERR_TLS') || err.code?.includes('CERT') ? `TLS failed (${err.code})` : err.message);
  return words.slice(0, 500);
}
