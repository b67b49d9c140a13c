import type { Context, MiddlewareHandler } from 'hono';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { can, hiddenFieldsOf, linksTo, notAllowedMessage, type Action, type AnyField, type AreaDefinition } from '@raahi/domain';
import type { files } from '../db/schema';
import { ApiError } from '../http/errors';
import type { ResourceDefinition } from '../http/resource';
import type { AppEnv } from './middleware';

/**
 * The roles matrix (packages/domain/src/roles.ts) enforced on the server. Every route of an area is one
 * action on it; a refusal is decided from the session's role before the body is read or anything written.
 * The role is read from the session, which joins users on every request: a changed role applies at once.
 */

/** The signed-in user's role key ('' when there is no session: allowed nothing). */
export const roleOf = (c: Context<AppEnv>): string => c.get('session')?.user.role ?? '';

/** How a refused action reads: "may not delete trips". */
const VERBS: Record<Action, string> = { view: 'view', create: 'add', update: 'edit', delete: 'delete', export: 'export' };

export const notAllowed = (role: string, what: string) => new ApiError(403, 'Not Allowed', notAllowedMessage(role, what));

const fieldsOf = (area: AreaDefinition): Record<string, AnyField> => (area as { fields?: Record<string, AnyField> }).fields ?? {};

const hasFileFields = (area: AreaDefinition) => Object.values(fieldsOf(area)).some((f) => f.kind === 'file' || f.kind === 'files');

/**
 * What one request to an area's routes asks to do, from its method and the path below /api/<area>:
 * reads (list, total, values, a record, its history) are 'view', the CSV 'export', the pick-list 'pick'.
 */
export function routeAction(method: string, rest: string): Action | 'pick' {
  if (method === 'POST') return 'create';
  if (method === 'PUT' || method === 'PATCH') return 'update';
  if (method === 'DELETE') return 'delete';
  const path = rest.endsWith('/') ? rest.slice(0, -1) : rest;
  if (path === '/export') return 'export';
  if (path === '/options') return 'pick';
  return 'view';
}

/**
 * The fields of an area a role may not see and the values computed from them (a file's name), left out
 * of every answer: a driver's Aadhaar card file (aadharCardFile, aadharCardFileName) without personal data.
 */
export function hiddenKeysOf(role: string, area: AreaDefinition): string[] {
  const fields = fieldsOf(area);
  const computedFrom = (name: string) => (fields[name]?.kind === 'files' ? [`${name}Files`] : fields[name]?.kind === 'file' ? [`${name}Name`] : []);
  return hiddenFieldsOf(role, area.key).flatMap((name) => [name, ...computedFrom(name)]);
}

/** A list, export or pick-list sorted by a field the role may not see tells its order: refused, as a filter it may not use. */
export function refuseHiddenSort(role: string, area: AreaDefinition, sort: string | undefined): void {
  if (sort === undefined || !hiddenFieldsOf(role, area.key).includes(sort)) return;
  const label = area.fieldLabels[sort] ?? sort.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
  throw notAllowed(role, `sort ${area.plural} by ${label}: it is computed from records the role may not view`);
}

/** A record (or any object) without the keys a role may not see. */
export function withoutKeys<T extends Record<string, unknown>>(row: T, keys: readonly string[]): T {
  if (keys.length === 0) return row;
  const copy = { ...row };
  for (const key of keys) delete copy[key];
  return copy;
}

/** The access rules that follow from the matrix and the declared areas. */
export function permissionsOf(resources: readonly ResourceDefinition[]) {
  /**
   * Which areas' records name each area (the domain's LINKS_TO), and which areas filter their lists by it: every
   * reference is a filter of its list (`?vehicleId=`), chosen from the linked area's pick-list; its rows already show
   * those records' labels to whoever views the list.
   */
  const linkedFrom = (key: string) => {
    const links = linksTo(key);
    return { editors: links.map((link) => link.from), filters: links.filter((link) => link.kind !== 'entity').map((link) => link.from) };
  };

  /**
   * Whether a role may use an area's pick-list (labels only): it may view the area, or add or edit records
   * that name it (a workshop reporting an incident picks its driver), or filter a list it views by it.
   */
  function canPick(role: string, areaKey: string): boolean {
    if (can(role, areaKey, 'view')) return true;
    const links = linkedFrom(areaKey);
    return links.editors.some((key) => can(role, key, 'create') || can(role, key, 'update')) || links.filters.some((key) => can(role, key, 'view'));
  }

  /** Uploads are for a role that may add or edit records of an area with files. */
  const canUpload = (role: string) => resources.some(({ area }) => hasFileFields(area) && (can(role, area.key, 'create') || can(role, area.key, 'update')));

  /** Refuses a request to an area's routes the role may not make, before anything is read or written. */
  function guard(def: ResourceDefinition): MiddlewareHandler<AppEnv> {
    const { area } = def;
    const base = `/api/${area.key}`;
    return async (c, next) => {
      const role = roleOf(c);
      const action = routeAction(c.req.method, c.req.path.slice(base.length));
      if (action === 'pick') {
        if (!canPick(role, area.key)) throw notAllowed(role, `choose ${area.plural}`);
      } else if (!can(role, area.key, action)) throw notAllowed(role, `${VERBS[action]} ${area.plural}`);
      await next();
    };
  }

  /** Stored files by their record's table: the area, and each file column's field. */
  const byTable = new Map(
    resources.map((def) => {
      const columns = getTableColumns(def.table) as Record<string, PgColumn>;
      return [getTableName(def.table), { area: def.area, fieldOf: new Map(Object.entries(columns).map(([field, column]) => [column.name, field])) }] as const;
    }),
  );

  /**
   * Why a user may not download a stored file, or null when they may: a file is seen by whoever may view
   * the record that holds it (and, for a personal field, see personal data); a file not yet attached only
   * by the one who uploaded it.
   */
  function fileRefusal(role: string, userId: string, file: Pick<typeof files.$inferSelect, 'attachedTable' | 'attachedField' | 'uploadedBy'>): ApiError | null {
    if (file.attachedTable === null)
      return file.uploadedBy === userId ? null : notAllowed(role, 'open a file another user uploaded and has not saved with a record yet');
    const holder = byTable.get(file.attachedTable);
    if (!holder) return notAllowed(role, 'open this file');
    if (!can(role, holder.area.key, 'view')) return notAllowed(role, `view ${holder.area.plural}`);
    const field = holder.fieldOf.get(file.attachedField ?? '') ?? '';
    if (hiddenFieldsOf(role, holder.area.key).includes(field))
      return notAllowed(role, `see personal data (the ${holder.area.fieldLabels[field] ?? field} of ${holder.area.plural})`);
    return null;
  }

  return { canPick, canUpload, guard, fileRefusal };
}

export type Permissions = ReturnType<typeof permissionsOf>;
