/**
 * Outgoing e-mail (the daily digest, decision 0038): an SMTP server named by RAAHI_SMTP_URL
 * (smtp://user:password@host:587, or smtps:// for TLS from the first byte), the sender by RAAHI_MAIL_FROM.
 * Without RAAHI_SMTP_URL the server sends no e-mail and schedules nothing.
 */
export interface MailConfig {
  /** The SMTP server's URL as configured (it may hold a password: never log it). */
  smtpUrl: string;
  /** The From address of every e-mail ('Raahi <raahi@example.in>'). */
  from: string;
  /** The address users open (RAAHI_PUBLIC_URL, without a trailing slash), for links in e-mails; undefined: links are paths. */
  publicUrl: string | undefined;
}

const MAX_URL = 2000;
const MAX_FROM = 320;
/** An address, or a display name and an address in angle brackets; no line breaks (header injection). */
const ADDRESS = /^[^\s<>@]{1,64}@[^\s<>@]{1,255}$/;
const NAMED = /^[^<>\r\n]{0,200}<[^\s<>@]{1,64}@[^\s<>@]{1,255}>$/;

/** The mail settings of an environment, checked: a mistyped one stops the server at start. Undefined when no SMTP server is configured. */
export function mailConfigFrom(env: NodeJS.ProcessEnv): MailConfig | undefined {
  const raw = env.RAAHI_SMTP_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    if (raw.length > MAX_URL) throw new Error('too long');
    url = new URL(raw);
  } catch {
    throw new Error('RAAHI_SMTP_URL must be a URL such as smtp://user:password@mail.example.in:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error('RAAHI_SMTP_URL must start with smtp:// or smtps:// (as smtp://user:password@mail.example.in:587)');
  if (!url.hostname) throw new Error('RAAHI_SMTP_URL names no host');
  let publicUrl = env.RAAHI_PUBLIC_URL || undefined;
  while (publicUrl?.endsWith('/')) publicUrl = publicUrl.slice(0, -1);
  const from = (env.RAAHI_MAIL_FROM ?? '').trim() || `Raahi <raahi@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}>`;
  if (from.length > MAX_FROM || !(ADDRESS.test(from) || NAMED.test(from))) {
    throw new Error(`RAAHI_MAIL_FROM must be an e-mail address such as raahi@example.in or "Raahi <raahi@example.in>" (got "${from.slice(0, 80)}")`);
  }
  return { smtpUrl: raw, from, publicUrl };
}
