import { createHmac } from 'node:crypto';

/**
 * The signature of a delivery (decision 0054): `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`,
 * with a second v1 by the previous secret while a rotation's window lasts. A receiver recomputes v1 with its
 * secret, compares in constant time with any v1 given, and refuses a t more than 5 minutes old (replays).
 */
export function signatureHeader(body: string, secrets: readonly string[], unixSeconds: number): string {
  const signed = `${unixSeconds}.${body}`;
  return [`t=${unixSeconds}`, ...secrets.map((secret) => `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`)].join(',');
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant in ISO 8601 with the zone's offset: 2026-11-25T09:15:00.000+05:30 (what a payload's occurredAt says). */
export function isoInZone(instant: Date, timeZone: string): string {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  // 'GMT+05:30', or 'GMT' for UTC itself.
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName.slice(3);
  const ms = String(instant.getUTCMilliseconds()).padStart(3, '0');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${ms}${offset}`;
}
