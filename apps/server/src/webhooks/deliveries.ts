import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { WEBHOOK_SIGNATURE_HEADER, type Actor, type WebhookPayload } from '@raahi/domain';
import { companyTimeZone } from '../company-time';
import type { Database } from '../db/client';
import { AddressRefused, checkedUrl, resolveTarget } from './address';
import { postSigned, type SendOutcome } from './send';
import { isoInZone, signatureHeader } from './signature';

/**
 * Delivering the outbox (decision 0054): at least once, in order per webhook and record, each webhook on its
 * own. Any server claims due deliveries with FOR UPDATE SKIP LOCKED and a lease (so two servers never send one
 * delivery at the same time, and a crashed server's claim is taken over when its lease lapses), sends them
 * outside any transaction (the embedded database is never held during a request to a receiver), and records
 * the answer under its claim's token (a claim taken over cannot be overwritten by the server that lost it).
 */

export interface DeliveryOptions {
  /** RAAHI_WEBHOOKS_ALLOW_PRIVATE: receivers on private and loopback addresses (tests, closed networks). */
  allowPrivate: boolean;
  /** A receiver that has not answered by then is cut (default 10 s). */
  timeoutMs?: number;
  /** The wait before the next attempt after `attempts` failed ones (default: exponential from 10 s, ≤ 1 h, with jitter). */
  backoff?: (attempts: number) => number;
  /** A delivery still failing this long after its event is marked failed (default 24 h). */
  retryForMs?: number;
  /** Deliveries claimed at most per round (default 16) and per webhook at a time across servers (default 4). */
  limit?: number;
  perWebhook?: number;
  /** The zone of occurredAt (default the company's). */
  timeZone?: string;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_RETRY_FOR_MS = 24 * 3_600_000;

/** Exponential backoff with jitter: 10 s, 20 s, 40 s … at most an hour, each between half and all of it. */
export const exponentialBackoff = (attempts: number): number => {
  const full = Math.min(10_000 * 2 ** Math.min(attempts - 1, 20), 3_600_000);
  return Math.round(full / 2 + (Math.random() * full) / 2);
};

interface Claimed {
  id: string;
  attempts: number;
  webhook_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  uid: string;
  event: string;
  occurred_ms: number;
  actor: Actor;
  data: Record<string, unknown>;
}

/**
 * Claims up to `limit` due deliveries for `token`: per live webhook, its due ones whose record has no earlier
 * delivery still pending (in order per record), at most `perWebhook` under claim at once (a receiver that hangs
 * holds that many, never everyone's), locked rows of another server skipped.
 */
async function claimDue(database: Database, token: string, limit: number, perWebhook: number, leaseMs: number): Promise<Claimed[]> {
  return database.query<Claimed>(
    `WITH claimable AS (
       SELECT c.id FROM webhooks w
       CROSS JOIN LATERAL (
         SELECT d.id FROM webhook_deliveries d
         WHERE d.webhook_id = w.id AND d.status = 'pending' AND d.next_attempt_at <= now()
           AND (d.lease_until IS NULL OR d.lease_until < now())
           AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p
                           WHERE p.webhook_id = d.webhook_id AND p.subject = d.subject AND p.status = 'pending' AND p.event_id < d.event_id)
         ORDER BY d.next_attempt_at, d.event_id
         LIMIT greatest(0, $2::int - (SELECT count(*) FROM webhook_deliveries l WHERE l.webhook_id = w.id AND l.status = 'pending' AND l.lease_until >= now()))
         FOR UPDATE OF d SKIP LOCKED
       ) c
       WHERE w.deleted_at IS NULL
       LIMIT $1
     )
     UPDATE webhook_deliveries d
       SET lease_until = now() + $3 * interval '1 millisecond', leased_by = $4, attempts = d.attempts + 1, last_attempt_at = now()
     FROM claimable, webhooks w, webhook_events e
     WHERE d.id = claimable.id AND w.id = d.webhook_id AND e.id = d.event_id
     RETURNING d.id::text AS id, d.attempts, w.id AS webhook_id, w.url, w.secret,
       CASE WHEN w.previous_secret_until > now() THEN w.previous_secret END AS previous_secret,
       e.uid::text AS uid, e.event, (extract(epoch FROM e.occurred_at) * 1000)::float8 AS occurred_ms, e.actor, e.data`,
    [limit, perWebhook, leaseMs, token],
  );
}

/** Records an attempt's outcome, if the claim is still this one's: delivered, or due again after the backoff, or failed for good. */
async function recordOutcome(database: Database, claim: Claimed, token: string, outcome: SendOutcome, backoffMs: number, retryForMs: number) {
  const common = [claim.id, token, outcome.statusCode, outcome.durationMs, outcome.response, outcome.error];
  if (outcome.delivered) {
    await database.query(
      `UPDATE webhook_deliveries SET status = 'delivered', next_attempt_at = NULL, lease_until = NULL, leased_by = NULL,
         status_code = $3, duration_ms = $4, response = $5, error = $6
       WHERE id = $1 AND leased_by = $2`,
      common,
    );
    return;
  }
  await database.query(
    `UPDATE webhook_deliveries SET
       status = CASE WHEN now() + $7 * interval '1 millisecond' > created_at + $8 * interval '1 millisecond' THEN 'failed' ELSE 'pending' END,
       next_attempt_at = CASE WHEN now() + $7 * interval '1 millisecond' > created_at + $8 * interval '1 millisecond' THEN NULL ELSE now() + $7 * interval '1 millisecond' END,
       lease_until = NULL, leased_by = NULL, status_code = $3, duration_ms = $4, response = $5, error = $6
     WHERE id = $1 AND leased_by = $2`,
    [...common, backoffMs, retryForMs],
  );
}

/** The body a receiver gets. */
export function payloadOf(claim: Pick<Claimed, 'uid' | 'event' | 'occurred_ms' | 'actor' | 'data'>, timeZone: string): WebhookPayload {
  return { id: claim.uid, event: claim.event, occurredAt: isoInZone(new Date(claim.occurred_ms), timeZone), actor: claim.actor, data: claim.data };
}

/** One attempt: the address checked again (DNS may have changed since the webhook was made), signed, sent. */
async function attempt(claim: Claimed, options: DeliveryOptions): Promise<SendOutcome> {
  const started = performance.now();
  let target;
  try {
    target = await resolveTarget(checkedUrl(claim.url), options.allowPrivate);
  } catch (err) {
    const error = err instanceof AddressRefused ? err.message : `Address check failed: ${(err as Error).message}`;
    return { statusCode: null, durationMs: Math.round(performance.now() - started), response: null, error: error.slice(0, 500), delivered: false };
  }
  const body = JSON.stringify(payloadOf(claim, options.timeZone ?? companyTimeZone()));
  const secrets = claim.previous_secret ? [claim.secret, claim.previous_secret] : [claim.secret];
  const headers = {
    [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(body, secrets, Math.floor(Date.now() / 1000)),
    'Raahi-Event': claim.event,
    'Raahi-Delivery': claim.id,
  };
  return postSigned(target, body, headers, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
}

export interface DeliveryRound {
  /** Deliveries attempted, and of them delivered. */
  attempted: number;
  delivered: number;
}

const newToken = () => `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;
const leaseFor = (options: DeliveryOptions) => (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) + 60_000;

/** Claims what is due now and sends it, all at once; resolves when every attempt is recorded (tests call this directly). */
export async function deliverDue(database: Database, options: DeliveryOptions): Promise<DeliveryRound> {
  const token = newToken();
  const claims = await claimDue(database, token, options.limit ?? 16, options.perWebhook ?? 4, leaseFor(options));
  const outcomes = await Promise.all(claims.map((claim) => sendAndRecord(database, claim, token, options)));
  return { attempted: claims.length, delivered: outcomes.filter(Boolean).length };
}

async function sendAndRecord(database: Database, claim: Claimed, token: string, options: DeliveryOptions): Promise<boolean> {
  const outcome = await attempt(claim, options);
  await recordOutcome(database, claim, token, outcome, (options.backoff ?? exponentialBackoff)(claim.attempts), options.retryForMs ?? DEFAULT_RETRY_FOR_MS);
  return outcome.delivered;
}

/** Events (and their deliveries) are kept 30 days for the logs; a webhook deleted that long ago goes with its last ones. */
export async function purgeOldEvents(database: Database): Promise<number> {
  const rows = await database.query(`DELETE FROM webhook_events WHERE occurred_at < now() - interval '30 days' RETURNING 1`);
  await database.query(
    `DELETE FROM webhooks w WHERE w.deleted_at < now() - interval '30 days' AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id = w.id)`,
  );
  return rows.length;
}

export interface WebhookWorkerOptions extends DeliveryOptions {
  /** Between looks for due deliveries when idle (default 1 s). */
  pollMs?: number;
  /** Deliveries in flight at once in this server (default 16). */
  concurrency?: number;
}

export interface WebhookWorker {
  /** Stops claiming; resolves when the attempts under way are recorded (each is bounded by the timeout). */
  stop(): Promise<void>;
}

/**
 * The delivery worker of one server: every `pollMs` (and as soon as a slot frees) it claims as many due
 * deliveries as it has free slots, so a slow receiver holds only its own slots while others go on.
 */
export function startWebhookWorker(database: Database, options: WebhookWorkerOptions): WebhookWorker {
  const concurrency = options.concurrency ?? 16;
  const leaseMs = leaseFor(options);
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let claiming: Promise<void> | null = null;
  let lastPurge = 0;
  const failed = (what: string) => (err: unknown) => {
    if (!stopped) console.error(`Webhooks: ${what} failed:`, (err as Error)?.message ?? err);
  };

  const fill = () => {
    if (stopped || claiming || inFlight.size >= concurrency) return;
    claiming = (async () => {
      const token = newToken();
      const claims = await claimDue(database, token, concurrency - inFlight.size, options.perWebhook ?? 4, leaseMs);
      for (const claim of claims) {
        const work = sendAndRecord(database, claim, token, options)
          .catch(failed(`delivery ${claim.id}`))
          .finally(() => {
            inFlight.delete(work);
            // A freed slot takes the next due delivery at once (a later event of the same record among them).
            fill();
          });
        inFlight.add(work);
      }
      if (Date.now() - lastPurge > 3_600_000) {
        lastPurge = Date.now();
        await purgeOldEvents(database);
      }
    })()
      .catch(failed('claiming deliveries'))
      .finally(() => (claiming = null));
  };
  const timer = setInterval(fill, options.pollMs ?? 1000);
  timer.unref();
  fill();

  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await claiming;
      await Promise.allSettled([...inFlight]);
    },
  };
}
