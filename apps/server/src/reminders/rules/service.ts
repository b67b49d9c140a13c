import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SERVICE_DUE } from '@raahi/domain';
import { derivedValue } from '../../http/derived-sql';
import { scheduleDueColumns, serviceSchedules } from '../../resources/service-schedules';
import type { ReminderRule } from '../rule';
import { shownDate } from './common';

/** '2026-12-07 or 20000 km' as a notification says it: '7 Dec 2026 or 20,000 km'. */
const shownDue = (due: string): string =>
  due
    .split(' or ')
    .map((part) => (part.endsWith(' km') ? `${Number(part.slice(0, -3)).toLocaleString('en-IN')} km` : shownDate(part)))
    .join(' or ');

/**
 * Service schedules (issue 18, rule 4; decision 0037): the Due state the list's badge and filter show, from the
 * same declaration (SERVICE_DUE) in SQL, with each vehicle's current odometer read from its kept row
 * (vehicle_odometers, migration 0041: the rule of odometer_from applied as readings are written, outliers left
 * out): one join, no reading recomputed per run. A Sold vehicle's schedules are not reminded.
 */
export const serviceRule: ReminderRule = {
  kind: 'service',
  area: 'service-schedules',
  states(today: string, ids: readonly string[] | null): SQL {
    const s = getTableColumns(serviceSchedules) as Record<string, PgColumn>;
    const due = scheduleDueColumns(s, sql`odo.km`);
    const state = derivedValue(SERVICE_DUE, { ...s, ...due } as Record<string, PgColumn>, today);
    return sql`SELECT ${s.id} AS record_id,
        CASE ${state} WHEN 'Overdue' THEN 'overdue' WHEN 'Due Soon' THEN 'due_soon' ELSE 'ok' END AS state,
        ${s.task} || ' of ' || coalesce(nullif(v.license_plate, ''), v.id) AS label,
        nullif(concat_ws(' or ', to_char(${due.nextDueDate}, 'YYYY-MM-DD'), ${due.nextDueKm} || ' km'), '') AS due
      FROM service_schedules JOIN vehicles v ON v.id = ${s.vehicleId} LEFT JOIN vehicle_odometers odo ON odo.vehicle_id = ${s.vehicleId}
      WHERE v.status <> 'Sold' ${
        ids
          ? sql`AND ${s.id} IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }`;
  },
  notice({ state, label, due }) {
    const when = due ? ` (due ${shownDue(due)})` : '';
    if (state === 'overdue') return { title: 'Service overdue', message: `${label} is overdue${when}.`, type: 'critical' };
    if (state === 'due_soon') return { title: 'Service due soon', message: `${label} is due soon${when}.`, type: 'warning' };
    return { title: 'Service done', message: `${label} is up to date${when ? `; next${when.replace('(due', '').replace(')', '')}` : ''}.`, type: 'success' };
  },
};
