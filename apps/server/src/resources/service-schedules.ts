import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { odometerWarning, serviceSchedulesArea, type Actor } from '@raahi/domain';
import { companyToday } from '../company-time';
import type { Database } from '../db/client';
import { declaredTable } from '../db/declared-table';
import { recordChange } from '../history/change-log';
import { ApiError } from '../http/errors';
import type { AfterWriteResult, ResourceDefinition } from '../http/resource';
import { fieldChanges } from '../operations/context';
import { readRecord } from '../operations/stored-record';
import { declaredResource } from './declared';

export const serviceSchedules = declaredTable('service_schedules', serviceSchedulesArea.fields);

type Columns = Record<string, PgColumn | SQL>;

/**
 * A vehicle's current odometer: its kept row (vehicle_odometer() of migration 0041, decision 0045: the odometer
 * rule of packages/domain/src/odometer.ts applied as its readings are written), a primary-key lookup.
 */
export const vehicleOdometer = (vehicleId: SQL | PgColumn) => sql<number | null>`vehicle_odometer(${vehicleId})`;

/**
 * What a schedule's Due state reads, in SQL (the same names as the values returned with it): the next due
 * km (last done km, 0 when never, + every km), the km from which it is Due Soon, the next due date, and the
 * vehicle's current odometer, given as `odometer` (a lookup per row for a list, a join for the reminder run).
 */
export function scheduleDueColumns(c: Columns, odometer: SQL): Record<string, SQL> {
  const nextDueKm = sql`(CASE WHEN ${c.everyKm} IS NULL THEN NULL ELSE coalesce(${c.lastDoneKm}, 0) + ${c.everyKm} END)`;
  return {
    currentOdometer: odometer,
    nextDueKm,
    dueSoonKm: sql`(${nextDueKm} - greatest(1000, ceil(${c.everyKm} / 10.0))::integer)`,
    nextDueDate: sql`((${c.lastDoneDate} + make_interval(months => ${c.everyMonths}))::date)`,
  };
}

const columnsOf = (c: Record<string, PgColumn>) => scheduleDueColumns(c, vehicleOdometer(c.vehicleId));

const km = (n: number) => `${n.toLocaleString('en-IN')} km`;

/** The vehicle's current odometer, read in the transaction (its triggers have kept it: a reading saved in it counts). */
export async function odometerOf(tx: Database, vehicleId: string): Promise<number | null> {
  const [row] = await tx.query<{ km: number | null }>('SELECT km FROM vehicle_odometers WHERE vehicle_id = $1', [vehicleId]);
  return row?.km ?? null;
}

/**
 * The checks a schedule needs beyond its own fields: its last done date not after the company's today, and
 * its last done km not above the vehicle's current odometer. Inside the save's transaction: a refusal rolls it back.
 */
async function checkSchedule(tx: Database, saved: Record<string, unknown>, before: Record<string, unknown> | null): Promise<AfterWriteResult> {
  // A value kept from before stays allowed (a note edited after the odometer's typo was corrected downwards).
  const changed = (field: string) => !before || before[field] !== saved[field] || before.vehicleId !== saved.vehicleId;
  const lastDone = saved.lastDoneDate as string | null;
  const today = companyToday();
  if (lastDone && changed('lastDoneDate') && lastDone > today)
    throw new ApiError(422, 'Invalid Date', `Last Done (${lastDone}) cannot be in the future (today is ${today}).`, 'lastDoneDate');
  const lastKm = saved.lastDoneKm as number | null;
  if (lastKm !== null && changed('lastDoneKm')) {
    const current = await odometerOf(tx, String(saved.vehicleId));
    if (current !== null && lastKm > current)
      throw new ApiError(
        422,
        'Invalid Odometer',
        `Last Done At (${km(lastKm)}) cannot be above the vehicle's current odometer (${km(current)}).`,
        'lastDoneKm',
      );
  }
  return {};
}

/** Other areas (a job card's Schedule) name a schedule by its task and the vehicle's plate. */
export const serviceSchedulesResource = declaredResource(serviceSchedulesArea, serviceSchedules, {
  idHeader: 'Schedule ID',
  label: (c) => sql`service_schedule_label(${c.task}, ${c.vehicleId})`,
  computed: (c) => {
    const due = columnsOf(c);
    return {
      currentOdometer: sql<number | null>`${due.currentOdometer}`,
      nextDueKm: sql<number | null>`${due.nextDueKm}`,
      dueSoonKm: sql<number | null>`${due.dueSoonKm}`,
      nextDueDate: sql<string | null>`to_char(${due.nextDueDate}, 'YYYY-MM-DD')`,
    };
  },
  computedTypes: { currentOdometer: z.number().int().nullable(), nextDueKm: z.number().int().nullable(), dueSoonKm: z.number().int().nullable() },
  derivedColumns: columnsOf,
  afterWrite: (tx, saved, before) => checkSchedule(tx, saved, before),
});

/**
 * A job card that names a schedule: the schedule must be of the job's vehicle; once the job is Completed, the
 * schedule's Last Done becomes the job's completion date (today when blank) and its km the job's odometer,
 * in the job's transaction, with the schedule's own change entry. A job card's odometer far above the
 * vehicle's trend is saved and answered with a warning.
 */
export async function jobCardAfterWrite(
  def: () => ResourceDefinition,
  tx: Database,
  saved: Record<string, unknown>,
  before: Record<string, unknown> | null,
  actor: Actor,
): Promise<AfterWriteResult> {
  const result: AfterWriteResult = { warnings: [], changed: [] };
  const vehicleId = String(saved.vehicleId);
  const odometer = saved.odometer as number | null;
  let flagged = false;
  if (odometer !== null) {
    const current = await odometerOf(tx, vehicleId);
    flagged = current !== null && odometer > current;
    if (flagged) result.warnings!.push(odometerWarning(odometer, current!));
  }
  const scheduleId = saved.scheduleId as string | null;
  if (!scheduleId) return result;
  const schedules = def();
  const schedule = await readRecord(tx, schedules, scheduleId);
  if (!schedule) return result;
  if (schedule.vehicleId !== vehicleId)
    throw new ApiError(
      422,
      'Invalid Schedule',
      `The schedule ${scheduleId} (${String(schedule.vehicleLabel ?? schedule.vehicleId)}) is for another vehicle: choose a schedule of this job's vehicle.`,
      'scheduleId',
    );
  // (A job card saved by a client that leaves the odometer out keeps its stored one; none, nothing to reset from.)
  if (saved.status !== 'Completed' || odometer === null) return result;
  const today = companyToday();
  const done = (saved.completionDate as string | null) ?? today;
  // The schedule's own checks hold on this path too: no Last Done in the future.
  if (done > today)
    throw new ApiError(
      422,
      'Invalid Date',
      `A scheduled service cannot be completed in the future (completion date ${done}, today is ${today}).`,
      'completionDate',
    );
  // A reading left out as a typo does not become the schedule's last done km (it would never be due by km again).
  if (flagged) {
    result.warnings!.push(`The schedule ${scheduleId} was not reset: correct the odometer, then save again.`);
    return result;
  }
  // A job entered late, older than the schedule's last service, does not move the schedule back.
  const lastDate = schedule.lastDoneDate as string | null;
  const lastKm = schedule.lastDoneKm as number | null;
  if ((lastDate !== null && done < lastDate) || (lastKm !== null && odometer !== null && odometer < lastKm)) return result;
  const unchanged =
    before?.status === 'Completed' && before.scheduleId === scheduleId && before.odometer === odometer && before.completionDate === saved.completionDate;
  if (unchanged || (schedule.lastDoneDate === done && schedule.lastDoneKm === odometer)) return result;
  await tx.query('UPDATE service_schedules SET last_done_date = $1, last_done_km = $2, version = version + 1, updated_at = now() WHERE id = $3', [
    done,
    odometer,
    scheduleId,
  ]);
  const after = (await readRecord(tx, schedules, scheduleId))!;
  const changes = fieldChanges(schedules, schedule, after);
  if (changes.length)
    await recordChange(tx, { actor, area: schedules.area.key, recordId: scheduleId, operation: 'update', batchId: null, changes, data: after });
  result.changed!.push({ area: schedules.area.key, recordId: scheduleId, before: schedule, after });
  return result;
}

/**
 * For the areas whose records carry an odometer reading (fuel expenses, refuelling logs, vehicles): a reading
 * far above the vehicle's trend is saved and answered with a warning.
 */
export const odometerCheck =
  (field: string, vehicleField = 'vehicleId') =>
  async (tx: Database, saved: Record<string, unknown>): Promise<AfterWriteResult> => {
    const reading = saved[field] as number | null;
    const vehicleId = saved[vehicleField] as string | null;
    if (reading === null || reading === undefined || !vehicleId) return {};
    const current = await odometerOf(tx, vehicleId);
    return current !== null && reading > current ? { warnings: [odometerWarning(reading, current)] } : {};
  };
