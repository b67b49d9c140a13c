import { addDays, addMonths, serviceDueSoonKm, serviceSchedulesArea } from '@raahi/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { bulkLoad, type BulkColumn, type ComputedColumns } from './bulk-insert';
import { isoDate, seededId, type SeedOptions } from './common';

const COLUMNS: readonly BulkColumn[] = [
  { name: 'id', type: 'text' },
  { name: 'vehicle_id', type: 'text' },
  { name: 'task', type: 'text' },
  { name: 'every_km', type: 'integer' },
  { name: 'every_months', type: 'integer' },
  { name: 'last_done_date', type: 'date' },
  { name: 'last_done_km', type: 'integer' },
  { name: 'notes', type: 'text' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
  { name: 'version', type: 'integer' },
];

/** As the service_schedules_search_text trigger (migration 0034) computes it. */
const SEARCH_TEXT: ComputedColumns = {
  values: { search_text: `lower(concat_ws(E'\\n', u.id, u.task, vehicle_label(v.make, v.model, v.license_plate, v.id), u.notes))` },
  joins: 'LEFT JOIN vehicles v ON v.id = u.vehicle_id',
};

/** What an Indian fleet's workshop plans per truck: by km and months, or by months alone. */
const PLANS: readonly (readonly [task: string, everyKm: number | null, everyMonths: number | null, notes: string])[] = [
  ['Oil & Filter Change', 20000, 6, 'Engine oil 15W-40, oil and fuel filters'],
  ['General Service', 40000, 12, 'Full service at the authorised workshop'],
  ['Tyre Rotation', 10000, null, 'Rotate and check tread; retread candidates marked'],
  ['Brake Inspection', null, 6, 'Liners, slack adjusters and air lines'],
  ['Air Filter', 30000, 12, ''],
  ['Battery Check', null, 6, 'Terminals, electrolyte and charging'],
  ['Coolant Flush', 60000, 24, ''],
  ['Clutch Service', 50000, null, ''],
];

type Target = 'ok' | 'soon' | 'overdue';

/**
 * Service schedules for the vehicles without any (newest first, Sold ones left out), two per vehicle: the oil
 * change and one other plan, last done so that most are OK, about one in six Due Soon and one in twelve
 * Overdue by today and each vehicle's current odometer (kept from its readings, which the earlier
 * steps seeded). `count`: the schedules to add.
 */
export async function seedSchedules(database: Database, options: SeedOptions): Promise<{ inserted: number; ids: string[] }> {
  const { count, random, now } = options;
  if (count === 0) return { inserted: 0, ids: [] };
  // Each vehicle's odometer as the reminder run reads it (kept by migration 0041's triggers).
  const result = (await database.db.execute(sql`
    WITH targets AS (
      SELECT v.id, v.created_at FROM vehicles v
      WHERE v.status <> 'Sold' AND NOT EXISTS (SELECT 1 FROM service_schedules s WHERE s.vehicle_id = v.id)
      ORDER BY v.created_at DESC, v.id LIMIT ${Math.ceil(count / 2)}
    )
    SELECT t.id, (extract(epoch FROM t.created_at) * 1000)::float8 AS created, o.km
    FROM targets t LEFT JOIN vehicle_odometers o ON o.vehicle_id = t.id
    ORDER BY t.created_at, t.id`)) as unknown as
    { rows: { id: string; km: number | null; created: number }[] } | { id: string; km: number | null; created: number }[];
  const vehicles = Array.isArray(result) ? result : result.rows;
  const today = isoDate(now);
  type Row = {
    vehicle: string;
    created: number;
    task: string;
    everyKm: number | null;
    everyMonths: number | null;
    lastDate: string | null;
    lastKm: number | null;
    notes: string;
  };
  const rows: Row[] = [];
  for (const v of vehicles) {
    const odometer = v.km ?? 0;
    for (const plan of [PLANS[0], random.pick(PLANS.slice(1))]) {
      if (rows.length >= count) break;
      const [task, everyKm, everyMonths, notes] = plan;
      const target: Target = random.weighted<Target>([
        ['ok', 75],
        ['soon', 17],
        ['overdue', 8],
      ]);
      let lastKm: number | null = null;
      let lastDate: string | null = null;
      if (everyKm !== null && odometer > everyKm) {
        const soon = serviceDueSoonKm(everyKm);
        // The km left to the due km: OK well before the Due Soon distance, Due Soon within it, Overdue past it.
        const left =
          target === 'ok'
            ? random.int(soon + 500, Math.max(soon + 500, Math.round(everyKm * 0.9)))
            : target === 'soon'
              ? random.int(50, soon - 50)
              : -random.int(200, Math.round(everyKm * 0.25));
        lastKm = Math.max(0, Math.min(odometer, odometer - everyKm + left));
      }
      if (everyMonths !== null) {
        const months = -everyMonths;
        // By date: a km plan keeps its date well inside the interval unless the date is what makes it due.
        const byDate = lastKm === null ? target : 'ok';
        const days = byDate === 'ok' ? -random.int(20, Math.max(21, everyMonths * 30 - 45)) : byDate === 'soon' ? random.int(0, 13) : -random.int(1, 40);
        lastDate = byDate === 'ok' ? addDays(today, days) : addDays(addMonths(today, months), days);
        if (lastDate > today) lastDate = today;
      }
      // A schedule by km starts somewhere: a new truck's first service counts from 0 km.
      if (everyKm !== null && lastKm === null) lastKm = 0;
      rows.push({
        vehicle: v.id,
        created: Math.floor(Math.max(Number(v.created), now - 30 * 86_400_000 * random.next())),
        task,
        everyKm,
        everyMonths,
        lastDate,
        lastKm,
        notes,
      });
    }
  }
  rows.sort((a, b) => a.created - b.created);
  const taken = new Set((await database.query<{ id: string }>('SELECT id FROM service_schedules')).map((r) => r.id));
  const ids: string[] = [];
  const iso = (ms: number) => new Date(ms).toISOString();
  const inserted = await bulkLoad(database, {
    table: 'service_schedules',
    columns: COLUMNS,
    count: rows.length,
    existingRows: taken.size,
    fill: (batch, offset, size) => {
      for (const row of rows.slice(offset, offset + size)) {
        let id: string;
        do id = seededId(serviceSchedulesArea.idFormat, row.created, random);
        while (taken.has(id));
        taken.add(id);
        ids.push(id);
        batch.id.push(id);
        batch.vehicle_id.push(row.vehicle);
        batch.task.push(row.task);
        batch.every_km.push(row.everyKm);
        batch.every_months.push(row.everyMonths);
        batch.last_done_date.push(row.lastDate);
        batch.last_done_km.push(row.lastKm);
        batch.notes.push(row.notes);
        batch.created_at.push(iso(Math.floor(row.created)));
        batch.updated_at.push(iso(Math.floor(row.created)));
        batch.version.push(1);
      }
    },
    computed: SEARCH_TEXT,
    disableTriggers: ['service_schedules_search_text'],
    rebuildFrom: options.rebuildFrom,
    timings: options.phases,
    onProgress: (done, total) => options.onProgress?.('schedules', done, total),
  });
  return { inserted, ids };
}
