import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLogCommand } from '../cli/change-log';
import { testConfig, openTestDatabase } from '../testing/test-server';
import { recordChange } from '../history/change-log';
import { changeLogPartitions, ensureChangeLogPartitions, eraseChangeLog, purgeChangeLog } from './change-log-upkeep';
import type { Database } from './client';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
}, 60_000);
afterAll(() => drop?.());

const system = { type: 'system', id: 'test', name: 'Test' } as const;
/** An entry written at `at` (a past month's partition, made first). */
async function entryAt(at: string, actorId: string, recordId: string) {
  await database.query('SELECT change_log_partition_for($1::date)', [at.slice(0, 10)]);
  await database.query(
    `INSERT INTO change_log (at, actor_type, actor_id, actor_name, area, record_id, operation) VALUES ($1, 'user', $2, 'Someone', 'trips', $3, 'update')`,
    [at, actorId, recordId],
  );
}
const count = async (where = 'true', params: unknown[] = []) =>
  (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM change_log WHERE ${where}`, params))[0].n;
const partitionOfThisMonth = () => `change_log_${new Date().toISOString().slice(0, 7).replace('-', '_')}`;

/** Runs `npm run change-log -- …` as the command line would, on the test database. */
async function command(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await changeLogCommand.run(argv, {
    output: { out: (t) => void (out += t), err: (t) => void (err += t), isTTY: false },
    config: testConfig(),
    database: async () => database,
  });
  return { code, out, err };
}

describe('the change log is append-only in the database', () => {
  beforeAll(() => recordChange(database, { actor: system, area: 'trips', recordId: 'TRP00001AAA', operation: 'create', snapshot: { origin: 'Pune' } }));

  it.each([
    ['UPDATE of the table', () => `UPDATE change_log SET actor_name = 'Someone else'`],
    ['DELETE from the table', () => 'DELETE FROM change_log'],
    ['TRUNCATE of the table', () => 'TRUNCATE change_log'],
    ['UPDATE of a partition', () => `UPDATE ${partitionOfThisMonth()} SET actor_name = 'Someone else'`],
    ['DELETE from a partition', () => `DELETE FROM ${partitionOfThisMonth()}`],
    ['TRUNCATE of a partition', () => `TRUNCATE ${partitionOfThisMonth()}`],
    ['TRUNCATE of the default partition', () => 'TRUNCATE change_log_default'],
  ])('refuses %s', async (_what, statement) => {
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await expect(database.exec(statement())).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before);
    expect(await count(`actor_name = 'Test'`)).toBe(before);
  });

  it('refuses an UPDATE even with the erasure setting on: an erasure may only delete', async () => {
    await expect(
      database.transaction(async (tx) => {
        await tx.query(`SELECT set_config('raahi.change_log_erasure', 'on', true)`);
        await tx.query(`UPDATE change_log SET actor_name = 'x'`);
      }),
    ).rejects.toThrow(/append-only/);
    expect(await count(`actor_name = 'x'`)).toBe(0);
  });
});

describe('partitions, retention and erasure', () => {
  it('a database once migrated has the partitions of this month and the next two', async () => {
    const month = (ahead: number) => {
      const day = new Date();
      return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + ahead, 1)).toISOString().slice(0, 7).replace('-', '_');
    };
    const names = (await changeLogPartitions(database)).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining([0, 1, 2].map((ahead) => `change_log_${month(ahead)}`)));
  });

  it('makes the partitions of this month and the next two, once', async () => {
    const made = await ensureChangeLogPartitions(database, new Date('2031-12-15T10:00:00Z'));
    expect(made).toEqual(['change_log_2031_12', 'change_log_2032_01', 'change_log_2032_02']);
    expect(await ensureChangeLogPartitions(database, new Date('2031-12-15T10:00:00Z'))).toEqual(made);
    const names = (await changeLogPartitions(database)).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(made));
    // An entry of that month lands in its partition, not the default one.
    await database.query(
      `INSERT INTO change_log (at, actor_type, actor_id, actor_name, area, operation) VALUES ('2032-01-10T00:00:00Z', 'system', 'test', 'Test', 'trips', 'create')`,
    );
    expect((await database.query<{ n: number }>('SELECT count(*)::int AS n FROM change_log_2032_01'))[0].n).toBe(1);
  });

  it('purge drops the months older than the retention and keeps the rest', async () => {
    await entryAt('2020-03-10T08:00:00Z', 'USR-OLD', 'TRP-OLD');
    await entryAt('2020-04-30T23:00:00Z', 'USR-OLD', 'TRP-OLD');
    await entryAt('2021-06-01T08:00:00Z', 'USR-KEPT', 'TRP-KEPT');
    const now = new Date('2022-05-20T00:00:00Z');
    // 24 months before 20 May 2022 is 20 May 2020: March and April 2020 are wholly older; June 2021 is not.
    expect(await purgeChangeLog(database, 24, now)).toEqual(['change_log_2020_03', 'change_log_2020_04']);
    expect(await count(`actor_id = 'USR-OLD'`)).toBe(0);
    expect(await count(`actor_id = 'USR-KEPT'`)).toBe(1);
    expect((await changeLogPartitions(database)).map((p) => p.name)).not.toContain('change_log_2020_03');
    expect(await purgeChangeLog(database, 24, now)).toEqual([]);
  });

  it('erase removes exactly one person’s entries, or exactly one record’s', async () => {
    await entryAt('2021-07-01T08:00:00Z', 'USR-PRIYA', 'TRP-1');
    await entryAt('2021-07-02T08:00:00Z', 'USR-PRIYA', 'TRP-2');
    await entryAt('2021-07-03T08:00:00Z', 'USR-AMIT', 'TRP-1');
    await entryAt('2021-07-04T08:00:00Z', 'USR-AMIT', 'DRV-9');
    const total = await count();
    expect(await eraseChangeLog(database, { actorId: 'USR-PRIYA' })).toBe(2);
    expect(await count(`actor_id = 'USR-PRIYA'`)).toBe(0);
    expect(await count()).toBe(total - 2);
    expect(await eraseChangeLog(database, { recordId: 'DRV-9' })).toBe(1);
    expect(await count(`actor_id = 'USR-AMIT'`)).toBe(1);
    expect(await count()).toBe(total - 3);
    // The erasure's permission ended with its transaction.
    await expect(database.exec(`DELETE FROM change_log WHERE actor_id = 'USR-AMIT'`)).rejects.toThrow(/append-only/);
  });

  it('npm run change-log: purge and erase, and help for anything else', async () => {
    await entryAt('2019-01-05T08:00:00Z', 'USR-CLI', 'TRP-CLI');
    await entryAt(new Date().toISOString(), 'USR-CLI', 'TRP-CLI2');
    const purged = await command('purge', '--months', '60');
    expect(purged).toMatchObject({ code: 0, err: '' });
    expect(purged.out).toMatch(/^Dropped \d+ month\(s\) older than 60 months: change_log_2019_01, /);
    expect(purged.out).not.toContain(partitionOfThisMonth());
    expect(await command('purge', '--months', '60')).toEqual({ code: 0, out: 'Nothing older than 60 months.\n', err: '' });
    expect(await command('erase', '--actor', 'USR-CLI')).toEqual({ code: 0, out: 'Erased 1 entry made by USR-CLI.\n', err: '' });
    expect(await command('erase', '--record', 'nothing-here')).toEqual({ code: 0, out: 'Erased 0 entries about nothing-here.\n', err: '' });
    expect(await command('erase')).toMatchObject({ code: 1, err: 'Error: Name either --actor USER_ID or --record RECORD_ID.\n' });
    expect(await command('erase', '--actor', 'A', '--record', 'B')).toMatchObject({ code: 1 });
    expect(await command('purge', '--months', '0')).toMatchObject({ code: 1, err: 'Error: --months must be a whole number of months, at least 1.\n' });
    expect(await command('help')).toMatchObject({ code: 0, out: expect.stringContaining('npm run change-log -- erase --actor USER_ID') });
    expect(await command('drop-everything')).toMatchObject({ code: 1 });
  });
});
