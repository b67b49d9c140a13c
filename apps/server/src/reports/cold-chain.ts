import { sql } from 'drizzle-orm';
import { COLD_CHAIN_STATUSES, type ReportRow } from '@raahi/domain';
import { companyTimeZone } from '../company-time';
import type { ReportDefinition } from './report';
import { counted, numberOrNull, runSql } from './sql';

/**
 * Cold chain's Export Reports (issue 20): every unit with its range (min–max °C), its last readings (temperature,
 * humidity, when the unit was last updated) and status, flagged when the reading lies outside the range (the list's
 * red, outOfRange in packages/domain/src/cold-chain.ts: an unknown value is not judged). Units out of range first.
 * Filtered by vehicle: the units on its trips. No period: the units as they are now.
 */
const OUT_OF_RANGE = sql.raw(`coalesce(u.current_temp < u.min_temp OR u.current_temp > u.max_temp, false)`);

export const coldChainReport: ReportDefinition = {
  description: {
    key: 'cold-chain',
    title: 'Cold Chain Units',
    description: 'Every cold chain unit with its temperature range, its last readings and status, those out of range first.',
    period: false,
    filters: ['vehicle'],
    columns: [
      { key: 'id', label: 'Unit ID', kind: 'text' },
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'trip', label: 'Trip', kind: 'text' },
      { key: 'vehicle', label: 'Vehicle', kind: 'text' },
      { key: 'minTemp', label: 'Min Temp (°C)', kind: 'celsius' },
      { key: 'maxTemp', label: 'Max Temp (°C)', kind: 'celsius' },
      { key: 'currentTemp', label: 'Current Temp (°C)', kind: 'celsius' },
      { key: 'humidity', label: 'Humidity (%)', kind: 'percent' },
      { key: 'status', label: 'Status', kind: 'text' },
      { key: 'outOfRange', label: 'Out of Range', kind: 'flag' },
      { key: 'updated', label: 'Last Updated', kind: 'date' },
    ],
    // Counts, not the flag column: keys of their own, so the chart does not read them as flags.
    chart: { type: 'stacked-bar', x: 'status', series: ['unitsInRange', 'unitsOutOfRange'] },
  },
  areas: ['cold-chain', 'trips', 'vehicles'],
  async run(database, { filters, offset, limit }) {
    const vehicle = filters.vehicle === undefined ? sql`true` : sql`t.vehicle_id = ${filters.vehicle}`;
    const from = sql`FROM cold_chain_units u JOIN trips t ON t.id = u.trip_id LEFT JOIN vehicles v ON v.id = t.vehicle_id WHERE ${vehicle}`;
    const [units, byStatus] = await Promise.all([
      runSql<Record<string, unknown>>(
        database,
        sql`SELECT u.id, u.name, trip_label(t.id, t.origin, t.destination) AS trip,
                   CASE WHEN v.id IS NULL THEN NULL ELSE vehicle_label(v.make, v.model, v.license_plate, v.id) END AS vehicle,
                   u.min_temp AS "minTemp", u.max_temp AS "maxTemp", u.current_temp AS "currentTemp", u.current_humidity AS humidity, u.status,
                   ${OUT_OF_RANGE} AS "outOfRange", to_char((u.updated_at AT TIME ZONE ${companyTimeZone()})::date, 'YYYY-MM-DD') AS updated
              ${from}
             ORDER BY ${OUT_OF_RANGE} DESC, u.name, u.id LIMIT ${limit} OFFSET ${offset}`,
      ),
      runSql<{ status: string; unitsInRange: number; unitsOutOfRange: number }>(
        database,
        sql`SELECT u.status, count(*) FILTER (WHERE NOT ${OUT_OF_RANGE})::int AS "unitsInRange", count(*) FILTER (WHERE ${OUT_OF_RANGE})::int AS "unitsOutOfRange"
              ${from} GROUP BY u.status`,
      ),
    ]);
    const order = (status: string) => ((COLD_CHAIN_STATUSES as readonly string[]).indexOf(status) + 100) % 100;
    const points: ReportRow[] = byStatus.sort((a, b) => order(a.status) - order(b.status) || a.status.localeCompare(b.status)).map((row) => ({ ...row }));
    const unitCount = byStatus.reduce((sum, row) => sum + row.unitsInRange + row.unitsOutOfRange, 0);
    const outside = byStatus.reduce((sum, row) => sum + row.unitsOutOfRange, 0);
    const num = (row: Record<string, unknown>, key: string) => numberOrNull(row[key]);
    return {
      rows: units.map((row) => ({
        ...(row as ReportRow),
        minTemp: num(row, 'minTemp'),
        maxTemp: num(row, 'maxTemp'),
        currentTemp: num(row, 'currentTemp'),
        humidity: num(row, 'humidity'),
      })),
      totals: { id: 'Total', name: counted(unitCount, 'unit'), outOfRange: null },
      points,
      notes: [
        `${outside.toLocaleString('en-IN')} of ${counted(unitCount, 'unit')} read outside their range (flagged); a unit without a current reading is not judged.`,
      ],
    };
  },
};
