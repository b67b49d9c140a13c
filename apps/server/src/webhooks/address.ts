import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Where a webhook may be sent (decision 0054): http or https, to a public address. The host is resolved here,
 * every address it resolves to is checked, and the delivery then connects to exactly the checked address (no
 * second lookup a rebinding DNS server could answer differently). Addresses are parsed by hand into numbers
 * (octets, a 128-bit BigInt): no pattern ever runs on them.
 */

export const MAX_URL_LENGTH = 2000;
const LOOKUP_TIMEOUT_MS = 5000;

export class AddressRefused extends Error {}

/** A parsed, checked webhook URL (the host still to resolve). */
export function checkedUrl(raw: string): URL {
  if (raw.length > MAX_URL_LENGTH) throw new AddressRefused(`The URL is longer than ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AddressRefused('The URL is not a valid address (e.g. https://example.in/raahi-hook).');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AddressRefused('Only http and https addresses can receive webhooks.');
  if (url.username || url.password) throw new AddressRefused('The URL must not hold a user name or password: sign deliveries with the secret instead.');
  if (!url.hostname) throw new AddressRefused('The URL has no host.');
  return url;
}

/** The host as a resolver takes it: an IPv6 literal without its brackets. */
const bareHost = (url: URL) => (url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname);

export interface ResolvedTarget {
  url: URL;
  /** The checked address the delivery connects to. */
  address: string;
  family: 4 | 6;
}

/**
 * Resolves the URL's host (all its addresses) and refuses it if any is not public (unless private addresses are
 * allowed, for tests and closed networks); answers the first address, the one to connect to.
 */
export async function resolveTarget(url: URL, allowPrivate: boolean): Promise<ResolvedTarget> {
  const host = bareHost(url);
  const literal = isIP(host);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new AddressRefused(`The host ${host} did not resolve in time.`)), LOOKUP_TIMEOUT_MS)),
    );
    try {
      addresses = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
    } catch (err) {
      if (err instanceof AddressRefused) throw err;
      throw new AddressRefused(`The host ${host.slice(0, 253)} could not be found.`);
    } finally {
      clearTimeout(timer);
    }
    if (addresses.length === 0) throw new AddressRefused(`The host ${host.slice(0, 253)} has no address.`);
  }
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const reason = refusedAddress(address);
      if (reason) throw new AddressRefused(`The address ${address} is ${reason}: webhooks go only to public addresses.`);
    }
  }
  const [first] = addresses;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** Why an address may not receive webhooks ('private', 'loopback' …), or null for a public one. */
export function refusedAddress(address: string): string | null {
  const zone = address.indexOf('%');
  const bare = zone >= 0 ? address.slice(0, zone) : address;
  const family = isIP(bare);
  if (family === 4) return refusedIpv4(ipv4Octets(bare));
  if (family === 6) return refusedIpv6(ipv6Value(bare));
  return 'not an IP address';
}

function ipv4Octets(address: string): number[] {
  return address.split('.').map(Number);
}

/** IPv4 blocks that are not the public internet (IANA special-purpose registry). */
function refusedIpv4([a, b, c]: number[]): string | null {
  if (a === 0) return 'in 0.0.0.0/8 ("this network")';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local (cloud metadata lives there)';
  if (a === 100 && b >= 64 && b <= 127) return 'shared address space (100.64.0.0/10)';
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return 'reserved';
  if (
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    (a === 192 && b === 88 && c === 99)
  )
    return 'reserved';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a === 255 && b === 255 && c === 255) return 'broadcast';
  if (a >= 240) return 'reserved';
  return null;
}

/** An IPv6 address (net.isIP says it is one) as its 128-bit value. */
function ipv6Value(address: string): bigint {
  const halves = address.toLowerCase().split('::');
  const groups = (part: string): number[] => {
    if (part === '') return [];
    const out: number[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        // An IPv4 tail (::ffff:127.0.0.1): two groups.
        const [a, b, c, d] = ipv4Octets(piece);
        out.push(a * 256 + b, c * 256 + d);
      } else out.push(parseInt(piece, 16));
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = halves.length > 1 ? groups(halves[1]) : [];
  const all = [...head, ...new Array(8 - head.length - tail.length).fill(0), ...tail];
  return all.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

const inBlock = (value: bigint, prefix: bigint, bits: number) => value >> BigInt(128 - bits) === prefix >> BigInt(128 - bits);
const v6 = (address: string) => ipv6Value(address);

const IPV6_REFUSED: [bigint, number, string][] = [
  [v6('::ffff:0:0'), 96, 'an IPv4-mapped IPv6 address'],
  [v6('64:ff9b::'), 96, 'a NAT64 address (it reaches IPv4 space)'],
  [v6('2001::'), 32, 'a Teredo address (reserved)'],
  [v6('2001:db8::'), 32, 'reserved for documentation'],
  [v6('3fff::'), 20, 'reserved for documentation'],
  [v6('2002::'), 16, 'a 6to4 address (it reaches IPv4 space)'],
  [v6('fc00::'), 7, 'private (unique local)'],
  [v6('fe80::'), 10, 'link-local'],
  [v6('fec0::'), 10, 'site-local (reserved)'],
  [v6('ff00::'), 8, 'multicast'],
];

function refusedIpv6(value: bigint): string | null {
  if (value === 0n) return 'unspecified (::)';
  if (value === 1n) return 'loopback';
  for (const [prefix, bits, reason] of IPV6_REFUSED) if (inBlock(value, prefix, bits)) return reason;
  // Only global unicast (2000::/3) is the public internet; the rest (::/96 IPv4-compatible, 100::/64 discard …) is reserved.
  if (!inBlock(value, v6('2000::'), 3)) return 'reserved';
  return null;
}
