/**
 * What announcing costs a write when no webhook listens (decision 0054): the announce statement alone, inside
 * a transaction as recordChange runs it, against the change entry written beside it.
 *
 *   node --import tsx apps/server/src/webhooks/measure-announce.ts            (embedded database, in memory)
 *   DATABASE_URL=postgres://… node --import tsx apps/server/src/webhooks/measure-announce.ts
 *
 * On PostgreSQL it works in a temporary database it drops afterwards.
 */
import { openDatabase, type Database } from '../db/client';
import { sql } from 'drizzle-orm';
import { changeLog, recordChange } from '../history/change-log';
import { temporaryPostgresDatabase } from '../testing/test-server';
import { announce } from './announce';

const ROUNDS = 3000;
const BLOCK = 100;
const actor = { type: 'system', id: 'measure', name: 'Measure' } as const;
const record = {
  id: 'VEH12345AB',
  make: 'Tata',
  model: 'Prima 4028.S',
  year: 2022,
  licensePlate: 'MH12AB1234',
  vin: 'MAT448123NKL00001',
  status: 'Active',
  currentMileage: 125000,
};

/**
 * Each variant's mean time per transaction, the variants run in alternating blocks so that a busy machine
 * slows them alike (the figures are for comparing, on a shared machine).
 */
async function timed(database: Database, variants: Record<string, (tx: Database, i: number) => Promise<unknown>>): Promise<Record<string, number>> {
  const total: Record<string, number> = Object.fromEntries(Object.keys(variants).map((name) => [name, 0]));
  for (let done = -BLOCK; done < ROUNDS; done += BLOCK) {
    for (const [name, work] of Object.entries(variants)) {
      const started = performance.now();
      for (let i = 0; i < BLOCK; i++) await database.transaction((tx) => work(tx, done + i));
      // The first block of each warms plans and caches up and is not counted.
      if (done >= 0) total[name] += performance.now() - started;
    }
  }
  return Object.fromEntries(Object.entries(total).map(([name, ms]) => [name, (ms * 1000) / ROUNDS]));
}

const serverUrl = process.env.DATABASE_URL;
const temporary = serverUrl ? await temporaryPostgresDatabase(serverUrl) : undefined;
const database = await openDatabase({ url: temporary?.url });
try {
  // The change entry exactly as recordChange writes it, without the announce.
  const entry = (tx: Database, i: number) =>
    tx.db.insert(changeLog).values({
      id: sql`nextval('change_log_id_seq')`,
      actorType: 'system',
      actorId: 'measure',
      actorName: 'Measure',
      area: 'vehicles',
      recordId: `VEH${i}`,
      operation: 'create',
      snapshot: record,
    });
  const times = await timed(database, {
    empty: async () => undefined,
    entry,
    announce: (tx, i) => announce(tx, { event: 'vehicles.created', actor, subject: `vehicles/VEH${i}`, data: record }),
    both: (tx, i) => recordChange(tx, { actor, area: 'vehicles', recordId: `VEH${i}`, operation: 'create', snapshot: record }),
  });
  const [plan] = await database.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT 1 FROM webhooks w WHERE w.deleted_at IS NULL AND 'vehicles.created' = ANY(w.events)`,
  );
  const written = await database.query<{ n: string }>(`SELECT count(*)::text AS n FROM webhook_events`);
  const us = (value: number) => `${value.toFixed(0)} µs`;
  console.log(`${database.kind}, ${ROUNDS} transactions each, no webhook:`);
  console.log(`  empty transaction                          ${us(times.empty)}`);
  console.log(`  the change entry alone (INSERT change_log)  ${us(times.entry)}  (entry ≈ ${us(times.entry - times.empty)})`);
  console.log(`  announce alone                             ${us(times.announce)}  (announce ≈ ${us(times.announce - times.empty)})`);
  console.log(`  recordChange (entry + announce)            ${us(times.both)}  (announce adds ≈ ${us(times.both - times.entry)} to the entry)`);
  console.log(`  outbox rows written: ${written[0].n}; the webhooks probe: ${plan['QUERY PLAN']}`);
} finally {
  await database.close();
  await temporary?.drop();
}
