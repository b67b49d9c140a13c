import type { Database } from './client';

/**
 * The change log's upkeep (migration 0027): its month partitions made ahead, old months dropped after
 * the retention period, and one person's entries erased on request (DPDP Act). Entries are otherwise
 * never changed or deleted: the table's trigger refuses UPDATE, DELETE and TRUNCATE.
 */

const PARTITION = /^change_log_(\d{4})_(\d{2})$/;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** The first day of the month `months` after (or before) the month of `date`, in UTC. */
const monthStart = (date: Date, months = 0) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));

/** Makes the partitions of this month and the next two if missing (at start and daily, so that no entry lands in the default partition). */
export async function ensureChangeLogPartitions(database: Pick<Database, 'query'>, now = new Date()): Promise<string[]> {
  const names: string[] = [];
  for (let month = 0; month < 3; month++) {
    const [row] = await database.query<{ name: string }>('SELECT change_log_partition_for($1::date) AS name', [isoDay(monthStart(now, month))]);
    names.push(row.name);
  }
  return names;
}

/** The month partitions that exist, oldest first, with the first day of their month. */
export async function changeLogPartitions(database: Pick<Database, 'query'>): Promise<{ name: string; month: string }[]> {
  const rows = await database.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'change_log'::regclass`,
  );
  return rows
    .flatMap(({ name }) => {
      const match = PARTITION.exec(name);
      return match ? [{ name, month: `${match[1]}-${match[2]}-01` }] : [];
    })
    .sort((a, b) => a.month.localeCompare(b.month));
}

/**
 * The retention purge: drops each month partition whose every entry is older than `months` months
 * (a whole month at once, no row-by-row delete; the trigger does not stand in the way of DROP, which only
 * the table's owner may run). Returns the partitions dropped. Entries in the default partition (a clock far
 * off) are left to the erasure command.
 */
export async function purgeChangeLog(database: Pick<Database, 'query'>, months: number, now = new Date()): Promise<string[]> {
  if (!Number.isInteger(months) || months < 1) throw new Error('The change log keeps at least one month.');
  // A month is gone when its end (the next month's first day) is at or before the cutoff.
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const dropped: string[] = [];
  for (const { name, month } of await changeLogPartitions(database)) {
    if (monthStart(new Date(`${month}T00:00:00Z`), 1) > cutoff) continue;
    await database.query(`DROP TABLE IF EXISTS "${name}"`);
    dropped.push(name);
  }
  return dropped;
}

/** Whose entries an erasure removes: those a user made (their actor id), or those about one record. */
export type ErasureTarget = { actorId: string } | { recordId: string };

/**
 * Erases one person's entries (an erasure request under India's DPDP Act): the only path that may delete
 * from the change log, by setting raahi.change_log_erasure for its own transaction alone. Returns how many
 * entries went.
 */
export async function eraseChangeLog(database: Pick<Database, 'transaction'>, target: ErasureTarget): Promise<number> {
  const [column, value] = 'actorId' in target ? ['actor_id', target.actorId] : ['record_id', target.recordId];
  if (!value) throw new Error('Name the actor or the record whose entries to erase.');
  return database.transaction(async (tx) => {
    await tx.query(`SELECT set_config('raahi.change_log_erasure', 'on', true)`);
    const rows = await tx.query<{ count: number }>(
      `WITH erased AS (DELETE FROM change_log WHERE ${column} = $1 RETURNING 1) SELECT count(*)::int AS count FROM erased`,
      [value],
    );
    return rows[0].count;
  });
}
