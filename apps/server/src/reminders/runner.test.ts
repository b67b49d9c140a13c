import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../testing/test-server';
import { releaseLease, startReminderRunner, takeLease } from './runner';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
}, 60_000);
afterAll(() => drop?.());

describe('the lease of the reminder runs', () => {
  it('one holder at a time: taken in one statement, renewed by its holder, taken over once expired or given up', async () => {
    expect(await takeLease(database, 'test-job', 'a', 60_000)).toBe(true);
    expect(await takeLease(database, 'test-job', 'b', 60_000)).toBe(false);
    expect(await takeLease(database, 'test-job', 'a', 60_000)).toBe(true);
    await releaseLease(database, 'test-job', 'b'); // not b's to give up
    expect(await takeLease(database, 'test-job', 'b', 60_000)).toBe(false);
    await releaseLease(database, 'test-job', 'a');
    expect(await takeLease(database, 'test-job', 'b', 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // b's lease of 1 ms expired: a takes it over.
    expect(await takeLease(database, 'test-job', 'a', 60_000)).toBe(true);
    expect(await database.query(`SELECT holder FROM job_leases WHERE job = 'test-job'`)).toEqual([{ holder: 'a' }]);
  });

  it('a runner whose lease another server holds skips its full runs; it gives its own up when it stops', async () => {
    const log: string[] = [];
    const first = startReminderRunner(database, { intervalMs: 60_000, runOnStart: false, afterWrites: false, log: (m) => log.push(m) });
    const second = startReminderRunner(database, { intervalMs: 60_000, runOnStart: false, afterWrites: false, log: (m) => log.push(m) });
    expect(await first.runAll()).not.toBeNull();
    expect(await second.runAll()).toBeNull();
    await first.stop();
    expect(await second.runAll()).not.toBeNull();
    await second.stop();
    expect(await database.query(`SELECT job FROM job_leases WHERE job = 'reminders' AND expires_at > now()`)).toEqual([]);
  });
});
