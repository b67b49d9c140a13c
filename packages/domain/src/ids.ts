/** A record id as the specification shows it: prefix, trailing digits of the time in ms, random capitals. */
export interface IdFormat {
  prefix: string;
  timeDigits: number;
  randomChars: number;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomIndex(max: number): number {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0] % max;
}

export function generateId(format: IdFormat, now: number = Date.now()): string {
  const digits = String(now).slice(-format.timeDigits).padStart(format.timeDigits, '0');
  let random = '';
  for (let i = 0; i < format.randomChars; i++) random += ALPHANUMERIC[randomIndex(ALPHANUMERIC.length)];
  return format.prefix + digits + random;
}

export function idPattern(format: IdFormat): RegExp {
  return new RegExp(`^${format.prefix}\\d{${format.timeDigits}}[A-Z0-9]{${format.randomChars}}$`);
}
