import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Hono, type Context } from 'hono';
import { can, DEFAULT_PAGE_SIZE, lastReachablePage, MAX_PAGE_SIZE, notAllowedMessage, PAGE_OUT_OF_REACH } from '@raahi/domain';
import type { AppEnv } from '../auth/middleware';
import { companyTimeZone, companyToday } from '../company-time';
import type { Database } from '../db/client';
import { csvStream, exportRows, firstBatchFetched, isTimeZone, type ExportColumn } from '../http/csv-export';
import { ApiError, badRequest } from '../http/errors';
import { inventoryResource } from '../resources/inventory';

/**
 * Two lists the specification's inert buttons asked for (issue 18, decision 0038), each paged by the server:
 * - incidents' Track Pending Actions: incidents neither Resolved nor Closed, oldest first, with their age in
 *   days by the company's today (`GET /api/incidents/pending-actions`);
 * - inventory's View Reorder Suggestions: items at or below their reorder level with a suggested order of
 *   2 × reorder level − quantity (`GET /api/inventory/reorder-suggestions`, and `/export` as CSV).
 * Both sit under their area's path, so the roles guard lets through exactly who may view that area.
 */

/** Incidents still needing action: neither Resolved nor Closed (the dashboard's Open Incidents). */
export const PENDING_INCIDENT_STATUSES = ['Open', 'Investigating', 'Action Pending'] as const;
/** Counted exactly up to this many; above it the answer says "more than". */
const COUNT_CAP = 50_000;

/** The suggested order quantity of an item at or below its reorder level: back up to twice the level. */
export const suggestedOrderQuantity = (quantity: number, reorderLevel: number): number => Math.max(0, 2 * reorderLevel - quantity);

/** page and pageSize of a query, checked: 1 ≤ pageSize ≤ 200, pages no deeper than the lists' reach. */
export function pagingOf(query: Record<string, string>, allowed: readonly string[] = []): { page: number; pageSize: number } {
  const unknown = Object.keys(query).filter((key) => key !== 'page' && key !== 'pageSize' && !allowed.includes(key));
  if (unknown.length) throw badRequest(`Unknown parameter: ${unknown[0].slice(0, 40)}. This list takes page and pageSize.`);
  const int = (name: string, raw: string | undefined, fallback: number, max: number) => {
    if (raw === undefined) return fallback;
    if (raw.length > 6 || !/^\d+$/.test(raw)) throw badRequest(`${name} must be a whole number.`);
    const value = Number(raw);
    if (value < 1 || value > max) throw badRequest(`${name} must be between 1 and ${max}.`);
    return value;
  };
  const pageSize = int('pageSize', query.pageSize, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const page = int('page', query.page, 1, 1_000_000);
  if (page > lastReachablePage(pageSize)) throw new ApiError(400, PAGE_OUT_OF_REACH.title, PAGE_OUT_OF_REACH.message);
  return { page, pageSize };
}

/** A count that stops at the cap (a list's total over a very large table costs no more than the cap). */
async function cappedCount(database: Database, from: string, params: unknown[]): Promise<{ total: number; totalIsCapped: boolean }> {
  const [{ n }] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ${COUNT_CAP + 1}) AS capped`, params);
  return { total: Math.min(n, COUNT_CAP), totalIsCapped: n > COUNT_CAP };
}

export interface PendingIncident {
  id: string;
  type: string;
  severity: string;
  dateTime: string | null;
  location: string;
  status: string;
  /** The incident's vehicle (its page's address), null without one. */
  vehicleId: string | null;
  vehicleLabel: string | null;
  /** Null when the incident has no date-time. */
  ageDays: number | null;
}

export interface ReorderSuggestion {
  id: string;
  name: string;
  partNumber: string;
  quantity: number;
  reorderLevel: number;
  suggestedQuantity: number;
  supplier: string | null;
  location: string | null;
}

const PENDING_WHERE = `i.status IN ('Open', 'Investigating', 'Action Pending')`;
const PENDING_FROM = `FROM incidents i WHERE ${PENDING_WHERE}`;
const REORDER_FROM = `FROM inventory_items WHERE quantity - reorder_level <= 0`;

export function liveListRoutes(database: Database) {
  const routes = new Hono<AppEnv>();

  routes.get('/incidents/pending-actions', async (c) => {
    const { page, pageSize } = pagingOf(c.req.query());
    const today = companyToday();
    const [items, count] = await Promise.all([
      database.query<PendingIncident>(
        `SELECT i.id, i.type, i.severity, i.date_time AS "dateTime", i.location, i.status, v.id AS "vehicleId",
                CASE WHEN v.id IS NULL THEN NULL ELSE v.license_plate || ' (' || v.make || ' ' || v.model || ')' END AS "vehicleLabel",
                CASE WHEN i.date_time IS NULL THEN NULL ELSE GREATEST(0, $1::date - (i.date_time AT TIME ZONE $2)::date) END::int AS "ageDays"
           FROM incidents i LEFT JOIN vehicles v ON v.id = i.vehicle_id
          WHERE ${PENDING_WHERE}
          ORDER BY i.date_time, i.id
          LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
        [today, companyTimeZone()],
      ),
      cappedCount(database, PENDING_FROM, []),
    ]);
    // An incident stored without a date-time (before the form required one) comes last, its age unknown.
    return c.json({
      items: items.map((row) => ({ ...row, dateTime: row.dateTime === null ? null : new Date(row.dateTime).toISOString() })),
      ...count,
      page,
      pageSize,
      today,
    });
  });

  routes.get('/inventory/reorder-suggestions', async (c) => {
    const { page, pageSize } = pagingOf(c.req.query());
    const [items, count] = await Promise.all([
      database.query<ReorderSuggestion>(
        `SELECT id, name, part_number AS "partNumber", quantity, reorder_level AS "reorderLevel",
                GREATEST(0, 2 * reorder_level - quantity) AS "suggestedQuantity", supplier, location
           ${REORDER_FROM}
          ORDER BY quantity - reorder_level, id
          LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      ),
      cappedCount(database, REORDER_FROM, []),
    ]);
    return c.json({ items, ...count, page, pageSize });
  });

  routes.get('/inventory/reorder-suggestions/export', async (c: Context<AppEnv>) => {
    const { role } = c.get('session').user;
    if (!can(role, 'inventory', 'export')) throw new ApiError(403, 'Not Allowed', notAllowedMessage(role, 'export inventory items'));
    const query = c.req.query();
    const unknown = Object.keys(query).filter((key) => key !== 'tz');
    if (unknown.length) throw badRequest(`Unknown parameter: ${unknown[0].slice(0, 40)}. The export takes tz.`);
    const zone = query.tz ?? companyTimeZone();
    if (!isTimeZone(zone)) throw badRequest('tz must be a time zone such as Asia/Kolkata.');
    const table = inventoryResource.table;
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const selected = {
      id: columns.id,
      name: columns.name,
      partNumber: columns.partNumber,
      quantity: columns.quantity,
      reorderLevel: columns.reorderLevel,
      supplier: columns.supplier,
      location: columns.location,
    };
    const exportColumns: ExportColumn[] = [
      { header: 'Item ID', value: (row) => row.id },
      { header: 'Name', value: (row) => row.name },
      { header: 'Part No.', value: (row) => row.partNumber },
      { header: 'Quantity', kind: 'number', value: (row) => row.quantity },
      { header: 'Reorder Lvl', kind: 'number', value: (row) => row.reorderLevel },
      { header: 'Suggested Order Qty', kind: 'number', value: (row) => suggestedOrderQuantity(Number(row.quantity), Number(row.reorderLevel)) },
      { header: 'Supplier', value: (row) => row.supplier },
      { header: 'Location', value: (row) => row.location },
    ];
    const shortfall = sql`(${columns.quantity} - ${columns.reorderLevel})`;
    const batches = await firstBatchFetched(
      exportRows(database, selected, table, { where: sql`${shortfall} <= 0`, sortColumn: shortfall, idColumn: columns.id, order: 'asc' }),
    );
    const today = companyToday();
    return new Response(csvStream(exportColumns, batches, zone, 'reorder suggestions', today), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="reorder-suggestions-${today}.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  });

  return routes;
}
