import type { Database } from '../db/client';

/** The channel the records' triggers announce changes on (migration 0003). */
export const RECORDS_CHANNEL = 'raahi_records';

/**
 * List answers (whole pages, and totals by search and filters) this server computed recently, reused
 * until any record changes. Whoever changes a record invalidates it: this server after each of its
 * writes, and every other writer (another server, the seed command) through the triggers' notifications
 * (follow()). While those notifications cannot be trusted (not yet listening, or the connection that
 * listens was lost) nothing is cached. Entries also expire after ttlMs, and the least recently used go
 * first when the cache holds maxBytes, counted on what entries really hold (entryBytes).
 *
 * A list query that began before a change must not store what it read: callers take version() before
 * they query and pass it to set(), which ignores a value read under an older version.
 *
 * Keys name the request and, where an answer differs by role, what the role sees: a drivers page with or
 * without the Aadhaar file (the fields left out), a pick-list searched by its labels alone or by the list's
 * search. Rows are never filtered by role (a role views all of an area or none of it), so a total is the
 * same for every role that may ask for it.
 */
/**
 * What an entry really holds, at most: its key and value as two-byte text (V8 keeps most of it in one
 * byte a character, so this errs high), plus the entry object, the Map's slot and the strings' headers.
 * Keys count too: a search of 200 characters makes a key of about 300, often more than its empty page.
 */
const ENTRY_OVERHEAD_BYTES = 200;
export function entryBytes(key: string, value: unknown): number {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return ENTRY_OVERHEAD_BYTES + 2 * (key.length + text.length);
}

export class ListCache {
  private readonly entries = new Map<string, { value: unknown; bytes: number; expires: number }>();
  private currentVersion = 0;
  private bytes = 0;
  private trusted: boolean;
  private readonly maxBytes: number;

  constructor(
    private readonly ttlMs: number,
    options: { trusted?: boolean; maxBytes?: number } = {},
  ) {
    this.trusted = options.trusted ?? true;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  }

  /** Follows the records' change notifications; nothing is cached until they are heard. */
  static following(database: Database, ttlMs: number): ListCache {
    const cache = new ListCache(ttlMs, { trusted: false });
    if (ttlMs > 0) {
      let wasLost = false;
      database.listen(RECORDS_CHANNEL, {
        live: () => {
          cache.setTrusted(true);
          if (wasLost) console.log('Change notifications from the database are back; lists are cached again.');
          wasLost = false;
        },
        notify: () => cache.invalidate(),
        lost: () => {
          cache.setTrusted(false);
          if (!wasLost) console.error('Lost the connection that hears changes from the database; lists are not cached until it is back.');
          wasLost = true;
        },
      });
    }
    return cache;
  }

  version(): number {
    return this.currentVersion;
  }

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires < Date.now()) {
      this.bytes -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry.value as T;
  }

  /** The value kept under `key`, or else what `read` finds, kept unless records changed while it read. */
  async remember<T>(key: string, read: () => Promise<T>): Promise<T> {
    const kept = this.get<T>(key);
    if (kept !== undefined) return kept;
    const readUnder = this.version();
    const value = await read();
    this.set(key, value, readUnder);
    return value;
  }

  /** Stores a value read under `readUnder` (from version()), unless records changed since. */
  set(key: string, value: unknown, readUnder: number) {
    if (!this.trusted || this.ttlMs <= 0 || readUnder !== this.currentVersion) return;
    const bytes = entryBytes(key, value);
    if (bytes > this.maxBytes / 8) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.bytes;
    }
    while (this.bytes + bytes > this.maxBytes && this.entries.size > 0) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.bytes -= oldest.bytes;
    }
    this.entries.set(key, { value, bytes, expires: Date.now() + this.ttlMs });
    this.bytes += bytes;
  }

  /** Records may have changed: nothing read so far is reused, nor stored by queries still running. */
  invalidate() {
    this.currentVersion++;
    this.entries.clear();
    this.bytes = 0;
  }

  private setTrusted(trusted: boolean) {
    this.invalidate();
    this.trusted = trusted;
  }
}
