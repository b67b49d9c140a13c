import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import type { AfterDelete, AfterWrite, AfterWriteResult } from '../http/resource';

/**
 * A trip's stored cost (decision 0041): the sum of the amounts of the records that carry it (fuel & expenses,
 * refuelling logs, challans). Each cost record's write moves it in the write's own transaction, by one statement
 * per trip (`cost = cost + change`), so parallel writes to one trip never lose an update.
 */
export interface CostRecord {
  /** The field holding the record's amount in rupees ('amount', 'totalCost'). */
  amount: string;
  /** The field naming its vehicle, which the trip must be of. */
  vehicle?: string;
  /** The record's noun in messages ('refuelling log'). */
  noun: string;
}

const money = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** Adds `change` (rupees, 2 decimals at most) to the trip's stored cost: one statement, which locks the trip's row. */
async function moveCost(tx: Database, tripId: string, change: number): Promise<void> {
  if (change === 0) return;
  await tx.query('UPDATE trips SET cost = cost + $1::numeric WHERE id = $2', [change.toFixed(2), tripId]);
}

/**
 * Keeps the trips' costs right as a cost record is written: `before` (null on a create) left its trip, `saved` (null
 * on a delete) joins its trip. Trips are updated in the order of their ids, so that two writes moving records
 * between the same trips in opposite directions never wait on each other.
 */
export async function applyCostChange(tx: Database, record: CostRecord, saved: Record<string, unknown> | null, before: Record<string, unknown> | null): Promise<void> {
  const changes = new Map<string, number>();
  const add = (tripId: unknown, amount: number) => {
    if (typeof tripId !== 'string' || tripId === '') return;
    // In paise, so that sums of rupees with paise stay exact.
    changes.set(tripId, (changes.get(tripId) ?? 0) + Math.round(amount * 100));
  };
  if (before) add(before.tripId, -money(before[record.amount]));
  if (saved) add(saved.tripId, money(saved[record.amount]));
  for (const tripId of [...changes.keys()].sort()) await moveCost(tx, tripId, changes.get(tripId)! / 100);
}

/** A cost record's trip must be of its vehicle (when it names one): checked when the trip or the vehicle changes. */
export async function checkTripVehicle(tx: Database, record: CostRecord, saved: Record<string, unknown>, before: Record<string, unknown> | null): Promise<void> {
  const tripId = saved.tripId as string | null;
  const vehicleField = record.vehicle ?? 'vehicleId';
  const vehicleId = saved[vehicleField] as string | null;
  if (!tripId || !vehicleId) return;
  if (before && before.tripId === tripId && before[vehicleField] === vehicleId) return;
  const [trip] = await tx.query<{ vehicle_id: string; label: string; vehicle_label: string | null }>(
    `SELECT t.vehicle_id, trip_label(t.id, t.origin, t.destination) AS label,
            (SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) FROM vehicles v WHERE v.id = t.vehicle_id) AS vehicle_label
       FROM trips t WHERE t.id = $1`,
    [tripId],
  );
  if (trip && trip.vehicle_id !== vehicleId)
    throw new ApiError(
      422,
      'Invalid Trip',
      `The trip ${trip.label} is of another vehicle (${trip.vehicle_label ?? trip.vehicle_id}): ${/^[aeiou]/i.test(record.noun) ? 'an' : 'a'} ${record.noun} can only be linked to a trip of its own vehicle. Choose a trip of this vehicle, or none.`,
    );
}

/** The hooks of a cost record's area: its trip checked against its vehicle, and the trips' costs moved, in the write's transaction. */
export function tripCostHooks(record: CostRecord): { afterWrite: AfterWrite; afterDelete: AfterDelete } {
  return {
    afterWrite: async (tx, saved, before) => {
      await checkTripVehicle(tx, record, saved, before);
      await applyCostChange(tx, record, saved, before);
    },
    afterDelete: async (tx, before) => {
      await applyCostChange(tx, record, null, before);
    },
  };
}

/** Several afterWrite hooks run in order, their warnings and changed records joined. */
export function allHooks(...hooks: AfterWrite[]): AfterWrite {
  return async (tx, saved, before, actor) => {
    const result: Required<AfterWriteResult> = { warnings: [], changed: [] };
    for (const hook of hooks) {
      const one = (await hook(tx, saved, before, actor)) ?? {};
      result.warnings.push(...(one.warnings ?? []));
      result.changed.push(...(one.changed ?? []));
    }
    return result;
  };
}

/** The recomputed costs of trips (tests and checks): the sums of their cost records' amounts, to compare with the stored ones. */
export async function recomputedCosts(database: Pick<Database, 'query'>): Promise<Map<string, { stored: number; recomputed: number }>> {
  const rows = await database.query<{ id: string; stored: string; recomputed: string }>(
    `SELECT t.id, t.cost AS stored,
            coalesce((SELECT sum(amount) FROM fuel_expenses WHERE trip_id = t.id), 0)
          + coalesce((SELECT sum(total_cost) FROM refueling_logs WHERE trip_id = t.id), 0)
          + coalesce((SELECT sum(amount) FROM challans WHERE trip_id = t.id), 0) AS recomputed
       FROM trips t`,
  );
  return new Map(rows.map((row) => [row.id, { stored: Number(row.stored), recomputed: Number(row.recomputed) }]));
}
