import type { IdFormat } from '@raahi/domain';
import type { Random } from './random';

/** Reports progress of one area: rows done out of the total. */
export type SeedProgress = (area: string, done: number, total: number) => void;

/** What a seeder of one area is given: how many rows, the seed's random source and its "now" (ms). */
export interface SeedOptions {
  count: number;
  random: Random;
  now: number;
  /** See BulkLoad.rebuildFrom. */
  rebuildFrom?: number;
  /** Filled with the milliseconds of the load's phases (see BulkLoad.timings). */
  phases?: Record<string, number>;
  onProgress?: SeedProgress;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const YEAR = 365.25 * DAY;

/** India Standard Time is UTC+05:30 all year; calendar dates of records are Indian dates. */
const IST_OFFSET = 5.5 * HOUR;

/** The Indian calendar date (YYYY-MM-DD) of a moment in ms. */
export const isoDate = (ms: number) => new Date(ms + IST_OFFSET).toISOString().slice(0, 10);

/** Midnight IST that starts the Indian calendar date of a moment. */
export const startOfIndianDay = (ms: number) => Math.floor((ms + IST_OFFSET) / DAY) * DAY - IST_OFFSET;

const ID_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A record id in the area's visible format (prefix, last digits of the creation time in ms, random
 * characters), drawn from the seed's random source so a seeded run is reproducible. Same shape as the
 * domain's generateId; the caller keeps ids unique.
 */
export function seededId(format: IdFormat, createdAt: number, random: Random): string {
  let id = format.prefix + String(createdAt).slice(-format.timeDigits).padStart(format.timeDigits, '0');
  for (let i = 0; i < format.randomChars; i++) id += ID_CHARACTERS[random.int(0, ID_CHARACTERS.length - 1)];
  return id;
}

/**
 * `count` distinct, ascending timestamps (ms) spread over [from, to): one per equal slot, at a random
 * point inside it, so the newest-first order of a list is well defined and records arrive steadily.
 */
export function spreadTimestamps(random: Random, count: number, from: number, to: number): number[] {
  const slot = (to - from) / Math.max(count, 1);
  if (slot < 1) throw new Error(`Cannot spread ${count} distinct timestamps over ${to - from} ms.`);
  const times = new Array<number>(count);
  for (let i = 0; i < count; i++) times[i] = Math.floor(from + i * slot + random.next() * slot);
  for (let i = 1; i < count; i++) if (times[i] <= times[i - 1]) times[i] = times[i - 1] + 1;
  return times;
}

/** A plate, VIN or licence number as the unique indexes compare it (SQL record_key, migration 0023). */
export const recordKey = (value: string) => value.toUpperCase().replace(/[\s-]/g, '');
