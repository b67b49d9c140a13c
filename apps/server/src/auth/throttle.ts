import { createHmac } from 'node:crypto';
import type { Database } from '../db/client';

/**
 * Password guesses (sign-in, and the current password when changing it) are throttled so that nobody
 * can guess fast, and nobody can lock a user out of their own account:
 *
 * - per client address, a hard limit: at most `maxGuesses` guesses in a window; then 429 until it ends.
 * - per user name, a slow path: after `maxGuesses` guesses in a window, a further guess is checked only
 *   when it comes from an address that has made no other guess in the window, and only after a delay
 *   that doubles with each such guess (1 s, 2 s, then 4 s). A stranger's failures therefore never
 *   stop the owner signing in from their own office or phone; they only slow it.
 *
 * Each guess is reserved (counted) by one atomic statement before the password is checked, so the
 * limits hold whatever the parallelism, on one server or many. A guess that turns out right is given
 * back: the address's count drops by one and the user name's count starts again.
 */
export interface ThrottleSettings {
  maxGuesses: number;
  windowMs: number;
}

/** The slow path's first delay, doubled for each further guess, up to the cap. */
const SLOW_PATH_FIRST_DELAY_MS = 1000;
// Kept short: against many addresses a delay buys little (each waits in parallel), while the owner waits it in full.
const SLOW_PATH_MAX_DELAY_MS = 4000;

export interface AdmittedGuess {
  /** Call once the password was checked: a right guess is not counted against anyone. */
  settle(right: boolean): Promise<void>;
}

const addressKey = (address: string) => 'address:' + address.slice(0, 100);

/**
 * A user name is counted under a keyed hash of it, so that the table never holds a name, least of all one
 * that belongs to nobody. The key is the database's own (migration 0029): every server counts alike.
 */
const secrets = new WeakMap<Database, Promise<string>>();
async function userKey(database: Database, username: string): Promise<string> {
  let secret = secrets.get(database);
  if (!secret) {
    secret = database.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'login_guesses'`).then(([row]) => row.value);
    secrets.set(database, secret);
    secret.catch(() => secrets.delete(database));
  }
  return (
    'user:' +
    createHmac('sha256', await secret)
      .update(username.slice(0, 100))
      .digest('hex')
  );
}

/** Counts one guess for `key` in the current window (a new window when the last one has ended) and returns the count. */
async function reserve(database: Database, key: string, windowMs: number): Promise<number> {
  const [row] = await database.query<{ guesses: number }>(
    `INSERT INTO login_guesses AS g (key, window_started_at, guesses) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       window_started_at = CASE WHEN g.window_started_at > now() - $2 * interval '1 millisecond' THEN g.window_started_at ELSE now() END,
       guesses = CASE WHEN g.window_started_at > now() - $2 * interval '1 millisecond' THEN g.guesses + 1 ELSE 1 END
     RETURNING guesses`,
    [key, windowMs],
  );
  return row.guesses;
}

/**
 * Admits one guess of `username`'s password from `address`, or returns null when it must be refused
 * (429). An admitted guess on the slow path has already waited its delay.
 */
export async function admitGuess(database: Database, address: string, username: string, s: ThrottleSettings): Promise<AdmittedGuess | null> {
  const byAddress = await reserve(database, addressKey(address), s.windowMs);
  if (byAddress > s.maxGuesses) return null;
  const nameKey = await userKey(database, username);
  const byName = await reserve(database, nameKey, s.windowMs);
  if (byName > s.maxGuesses) {
    if (byAddress > 1) return null;
    const excess = byName - s.maxGuesses;
    await new Promise((resolve) => setTimeout(resolve, Math.min(SLOW_PATH_FIRST_DELAY_MS * 2 ** Math.min(excess - 1, 10), SLOW_PATH_MAX_DELAY_MS)));
  }
  return {
    settle: async (right) => {
      if (!right) return;
      await database.query(`UPDATE login_guesses SET guesses = guesses - 1 WHERE key = $1 AND guesses > 0`, [addressKey(address)]);
      await database.query(`DELETE FROM login_guesses WHERE key = $1`, [nameKey]);
    },
  };
}

export async function deleteOldGuesses(database: Database, windowMs: number) {
  await database.query(`DELETE FROM login_guesses WHERE window_started_at <= now() - $1 * interval '1 millisecond'`, [windowMs]);
}
