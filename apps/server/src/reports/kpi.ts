import { can, type KpiAnswer, type KpiMonth } from '@raahi/domain';
import { companyTimeZone } from '../company-time';
import type { Database } from '../db/client';
import { notAllowed } from '../auth/permissions';
import { ApiError } from '../http/errors';
import { ensureRollupZone } from '../rollups/rollups';
import { percentOf } from '../rollups/report-run';
import { costPerKmReport } from './cost-per-km';
import { fuelEconomyReport } from './fuel-economy';
import { tripProfitabilityReport } from './trip-profitability';

/**
 * The KPI dashboard (issue 20, decision 0050): twelve full months, oldest first, each with the fleet's cost per km,
 * km/L, on-time delivery % and margin %, read from what is kept on write (no scan of the records):
 *   cost per km   the cost-per-km report's own chart points over the twelve months (rollup_vehicle_cost and the
 *                 odometer marks): Σcost ÷ Σkm of the vehicle-months with a km;
 *   km/L          Σkm ÷ Σlitres of the counted fills (record_counts 'fuel-fills', decision 0046), a fill counted into
 *                 the month of its expense's day and of its log's day, as the fuel-economy report counts it into a period;
 *   on time %     Delivered trips by the month of their end (company's day) whose end is no later than their ETA ÷
 *                 Delivered trips with an ETA (record_counts 'trips', the keys the dashboard's on-time card reads);
 *   margin %      Σ(freight − cost) ÷ Σfreight of the trips with a freight by their Start Date's month (rollup_trips,
 *                 as trip profitability counts them).
 * A figure whose areas the role may not view is null (with a note); a role that may view none of them gets a 403.
 */

export const KPI_MONTHS = 12;

export const KPI_AREAS = {
  costPerKm: costPerKmReport.areas,
  kmPerLitre: fuelEconomyReport.areas,
  onTimePercent: ['trips'],
  marginPercent: tripProfitabilityReport.areas,
} as const satisfies Record<Exclude<keyof KpiMonth, 'month'>, readonly string[]>;

const KPI_LABELS: Record<keyof typeof KPI_AREAS, string> = {
  costPerKm: 'Cost per km',
  kmPerLitre: 'km/L',
  onTimePercent: 'On-time delivery',
  marginPercent: 'Margin',
};

/**
 * The `to` month of the KPI (YYYY-MM) checked, or the last full month before `today`. Length and shape first, then
 * the month within 1900–2200; a bad one is a 422 that says why.
 */
export function kpiLastMonth(to: string | undefined, today: string): string {
  if (to === undefined || to === '') {
    const [year, month] = today.split('-').map(Number);
    return new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 7);
  }
  const shaped = to.length === 7 && to[4] === '-' && [0, 1, 2, 3, 5, 6].every((i) => to[i] >= '0' && to[i] <= '9');
  const month = shaped ? Number(to.slice(5, 7)) : 0;
  if (!shaped || month < 1 || month > 12) throw new ApiError(422, 'Invalid Period', `to must be a month YYYY-MM (got ${to.slice(0, 40)}).`);
  // The twelve months must lie within 1900–2200: the first one at January 1900 or later.
  if (to < '1900-12' || to > '2200-12')
    throw new ApiError(422, 'Invalid Period', 'The KPI months must lie between 1900 and 2200 (to from 1900-12 to 2200-12).');
  return to;
}

/** The twelve months ending with `last` (YYYY-MM), oldest first. */
export function kpiMonths(last: string): string[] {
  const [year, month] = last.split('-').map(Number);
  return Array.from({ length: KPI_MONTHS }, (_, i) => new Date(Date.UTC(year, month - KPI_MONTHS + i, 1)).toISOString().slice(0, 7));
}

const monthEnd = (month: string) => {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
};

type Figures = Partial<Record<string, number | null>>;

export async function kpiAnswer(database: Database, role: string, last: string, today: string): Promise<KpiAnswer> {
  const allowed = Object.fromEntries(Object.entries(KPI_AREAS).map(([figure, areas]) => [figure, areas.every((area) => can(role, area, 'view'))])) as Record<
    keyof typeof KPI_AREAS,
    boolean
  >;
  if (!Object.values(allowed).some(Boolean)) {
    throw notAllowed(role, `view the KPI dashboard: its figures read ${[...new Set(Object.values(KPI_AREAS).flat())].join(', ')}`);
  }
  const months = kpiMonths(last);
  const from = `${months[0]}-01`;
  const to = monthEnd(months[KPI_MONTHS - 1]);
  const notes: string[] = [];

  const [cost, kept] = await Promise.all([
    allowed.costPerKm ? costPerKmReport.run(database, { from, to, filters: {}, today, role, offset: 0, limit: 1 }) : Promise.resolve(null),
    allowed.kmPerLitre || allowed.onTimePercent || allowed.marginPercent ? keptFigures(database, from, to) : Promise.resolve(null),
  ]);

  const costPerKm: Figures = {};
  if (cost) {
    for (const point of cost.points) costPerKm[String(point.month)] = (point.costPerKm as number | null) ?? null;
    notes.push(
      "Cost per km: the fleet's cost ÷ km of the vehicle-months with a km (odometer readings on both sides of the month); the cost of a vehicle-month without a km is left out.",
    );
    notes.push(...cost.notes.map((note) => `Cost per km: ${note}`));
  }
  const zoneNote = kept && !kept.inZone ? " (the kept counts are being made again in the company's time zone: try again shortly)" : '';
  for (const [figure, allowedNow] of Object.entries(allowed) as [keyof typeof KPI_AREAS, boolean][]) {
    if (!allowedNow) notes.push(`${KPI_LABELS[figure]}: not shown — your role may not view ${KPI_AREAS[figure].join(', ')}.`);
  }
  if (allowed.kmPerLitre)
    notes.push(
      `km/L: Σkm ÷ Σlitres of the month's counted fills (full fills, partial ones carried to the next full one; fuels sold by the litre), as the fuel-economy report counts them${zoneNote}.`,
    );
  if (allowed.onTimePercent)
    notes.push(
      `On-time delivery: Delivered trips of the month (by their end day) ending no later than their ETA ÷ Delivered trips with an ETA; trips without an ETA are left out${zoneNote}.`,
    );
  if (allowed.marginPercent)
    notes.push(
      'Margin: Σ(freight − cost) ÷ Σfreight of the trips with a freight, by the month of their Start Date, as trip profitability counts them; a trip without a freight is left out.',
    );

  const byMonth = new Map((kept?.rows ?? []).map((row) => [row.month, row]));
  const inZone = kept?.inZone ?? false;
  return {
    months: months.map((month) => {
      const row = byMonth.get(month);
      return {
        month,
        costPerKm: allowed.costPerKm ? (costPerKm[month] ?? null) : null,
        kmPerLitre: allowed.kmPerLitre && inZone && row && Number(row.litres) > 0 ? Math.round((Number(row.km) / Number(row.litres)) * 10) / 10 : null,
        onTimePercent: allowed.onTimePercent && inZone && row ? percentOf(row.on_time, row.with_eta) : null,
        marginPercent: allowed.marginPercent && row ? percentOf(row.margin, row.freight) : null,
      };
    }),
    notes,
  };
}

interface KeptRow {
  month: string;
  km: string | null;
  litres: string | null;
  on_time: string | null;
  with_eta: string | null;
  margin: string | null;
  freight: string | null;
}

/**
 * km and litres of the fills, on-time and with-ETA deliveries and the trips' margin and freight per month, one
 * statement over the kept counts (a few rows per day) and the trip rollup (rows per month and group). The kept
 * counts' days are in the zone they were kept in: read only when it is the company's.
 */
async function keptFigures(database: Database, from: string, to: string): Promise<{ inZone: boolean; rows: KeptRow[] }> {
  await ensureRollupZone(database);
  const zone = companyTimeZone();
  const rows = await database.query<KeptRow & { zoned: boolean }>(
    `WITH fills AS (
        -- A fill is a month's when its expense's day or its log's day is in it (once when both are).
        SELECT DISTINCT ON (k.key, m.month) m.month, k.sums[1] AS km, k.sums[2] AS litres
          FROM record_counts k
          CROSS JOIN LATERAL (VALUES (date_trunc('month', (k.key->>'expense_day')::date)::date), (date_trunc('month', (k.key->>'log_day')::date)::date)) m(month)
         WHERE k.counted = 'fuel-fills' AND m.month BETWEEN $1::date AND $2::date
           AND ((k.key->>'expense_day')::date BETWEEN $1::date AND $2::date OR (k.key->>'log_day')::date BETWEEN $1::date AND $2::date)),
      f AS (SELECT month, sum(km) AS km, sum(litres) AS litres FROM fills GROUP BY month),
      d AS (
        -- A Delivered trip's key: its end day's first instant (UTC text) and its ETA: absent, equal (on time) or before (late).
        SELECT date_trunc('month', ((k.key->>'end_date')::timestamptz AT TIME ZONE $3))::date AS month,
               sum(k.n) FILTER (WHERE k.key->>'eta' = k.key->>'end_date') AS on_time, sum(k.n) FILTER (WHERE k.key ? 'eta' AND k.key->>'eta' IS NOT NULL) AS with_eta
          FROM record_counts k
         WHERE k.counted = 'trips' AND k.key->>'status' = 'Delivered' AND k.key ? 'end_date'
           AND (k.key->>'end_date')::timestamptz >= ($1::date)::timestamp AT TIME ZONE $3
           AND (k.key->>'end_date')::timestamptz < ($2::date + 1)::timestamp AT TIME ZONE $3
         GROUP BY 1),
      t AS (SELECT month, sum(margin) AS margin, sum(freight) AS freight FROM rollup_trips WHERE month BETWEEN $1::date AND $2::date GROUP BY month),
      months AS (SELECT month FROM f UNION SELECT month FROM d UNION SELECT month FROM t)
     SELECT to_char(months.month, 'YYYY-MM') AS month, f.km, f.litres, d.on_time, d.with_eta, t.margin, t.freight,
            (SELECT time_zone FROM record_counts_zone) = $3 AS zoned
       FROM months LEFT JOIN f ON f.month = months.month LEFT JOIN d ON d.month = months.month LEFT JOIN t ON t.month = months.month
      ORDER BY 1`,
    [from, to, zone],
  );
  return { inZone: rows.every((row) => row.zoned !== false), rows };
}
