import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import type { AfterDelete, AfterWrite } from '../http/resource';

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

/**
 * Adds `change` (rupees, 2 decimals at most) to the trip's stored cost: one statement, which locks the trip's row. With no
 * change the row is locked all the same (the same lock strength), so that a trip edit changing its vehicle waits for this
 * write, or this write sees the trip's new vehicle (checkTripVehicle runs after it).
 */
async function moveCost(tx: Database, tripId: string, change: number): Promise<void> {
  if (change === 0) await tx.query('SELECT 1 FROM trips WHERE id = $1 FOR NO KEY UPDATE', [tripId]);
  else await tx.query('UPDATE trips SET cost = cost + $1::numeric WHERE id = $2', [change.toFixed(2), tripId]);
}

/**
 * Keeps the trips' costs right as a cost record is written: `before` (null on a create) left its trip, `saved` (null
 * on a delete) joins its trip. Trips are updated in the order of their ids, so that two writes moving records
 * between the same trips in opposite directions never wait on each other.
 */
export async function applyCostChange(
  tx: Database,
  record: CostRecord,
  saved: Record<string, unknown> | null,
  before: Record<string, unknown> | null,
): Promise<void> {
  const changes = new Map<string, number>();
  const add = (tripId: unknown, amount: number) => {
    if (typeof tripId !== 'string' || tripId === '') return;
    // In paise, so that sums of rupees with paise stay exact.
    changes.set(tripId, (changes.get(tripId) ?? 0) + Math.round(amount * 100));
  };
  if (before) add(before.tripId, -money(before[record.amount]));
  if (saved) add(saved.tripId, money(saved[record.amount]));
  for (const tripId of [...changes.keys()].sort()) {
    const change = changes.get(tripId)!;
    // A trip the record neither joins nor leaves, with its amount unchanged, is left alone.
    if (change === 0 && saved && before && saved.tripId === before.tripId && saved[record.vehicle ?? 'vehicleId'] === before[record.vehicle ?? 'vehicleId'])
      continue;
    await moveCost(tx, tripId, change / 100);
  }
}

/** A cost record's trip must be of its vehicle (when it names one): checked when the trip or the vehicle changes. */
export async function checkTripVehicle(
  tx: Database,
  record: CostRecord,
  saved: Record<string, unknown>,
  before: Record<string, unknown> | null,
): Promise<void> {
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
      'tripId',
    );
}

/** The hooks of a cost record's area: its trip checked against its vehicle, and the trips' costs moved, in the write's transaction. */
export function tripCostHooks(record: CostRecord): { afterWrite: AfterWrite; afterDelete: AfterDelete } {
  return {
    // The costs first: they lock the trips in order of id, so that the trip's vehicle is then read as it will stay.
    afterWrite: async (tx, saved, before) => {
      await applyCostChange(tx, record, saved, before);
      await checkTripVehicle(tx, record, saved, before);
    },
    afterDelete: async (tx, before) => {
      await applyCostChange(tx, record, null, before);
    },
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

/**
 * A trip whose vehicle changes while records of the old vehicle carry it (their cost is that vehicle's) is refused, in
 * the trip's write transaction (which holds the trip's row: a cost record's write waits for it, see moveCost).
 */
export async function checkTripVehicleChange(tx: Database, saved: Record<string, unknown>, before: Record<string, unknown> | null): Promise<void> {
  if (!before || !before.vehicleId || before.vehicleId === saved.vehicleId) return;
  const [row] = await tx.query<{ expenses: number; logs: number; challans: number; vehicle_label: string | null }>(
    `SELECT (SELECT count(*)::int FROM fuel_expenses WHERE trip_id = $1 AND vehicle_id = $2) AS expenses,
            (SELECT count(*)::int FROM refueling_logs WHERE trip_id = $1 AND vehicle_id = $2) AS logs,
            (SELECT count(*)::int FROM challans WHERE trip_id = $1 AND vehicle_id = $2) AS challans,
            (SELECT vehicle_label(v.make, v.model, v.license_plate, v.id) FROM vehicles v WHERE v.id = $2) AS vehicle_label`,
    [saved.id, before.vehicleId],
  );
  const counted = (n: number, one: string, many: string) => (n === 0 ? [] : [`${n} ${n === 1 ? one : many}`]);
  const parts = [
    ...counted(row.expenses, 'fuel & expense record', 'fuel & expense records'),
    ...counted(row.logs, 'refuelling log', 'refuelling logs'),
    ...counted(row.challans, 'challan', 'challans'),
  ];
  if (parts.length === 0) return;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  const total = row.expenses + row.logs + row.challans;
  throw new ApiError(
    422,
    'Vehicle In Use',
    `${list} of ${row.vehicle_label ?? String(before.vehicleId)} ${total === 1 ? 'carries' : 'carry'} this trip, so its vehicle cannot change: their cost is that vehicle's. Move ${total === 1 ? 'it' : 'them'} to another trip or remove ${total === 1 ? 'its' : 'their'} trip first.`,
    'vehicleId',
  );
}
