import type { AREA_DECLARATIONS } from './area-declarations';
import { AREAS, isAreaKey, type AreaKey } from './areas';

/** The names of an area's declared fields: a misspelt one in a list below does not compile. */
type FieldOf<K extends AreaKey> = keyof (typeof AREA_DECLARATIONS)[K]['fields'] & string;

/**
 * Who may do what: roles, and for each a grant per record area and action, declared once here and read
 * by the server (which enforces it on every route) and the web app (which shows only what a user may use).
 */

export const ROLES = {
  administrator: 'Administrator',
  fleet_manager: 'Fleet Manager',
  dispatcher: 'Dispatcher',
  workshop: 'Workshop',
  accounts: 'Accounts',
  viewer: 'Viewer',
} as const;
export type Role = keyof typeof ROLES;
export const ROLE_KEYS = Object.keys(ROLES) as Role[];
export const isRole = (value: unknown): value is Role => typeof value === 'string' && Object.hasOwn(ROLES, value);
/** A role's label ('Fleet Manager'); an unknown key as it is. */
export const roleLabel = (role: string): string => (isRole(role) ? ROLES[role] : role);

export const ACTIONS = ['view', 'create', 'update', 'delete', 'export'] as const;
export type Action = (typeof ACTIONS)[number];
export const ACTION_LABELS: Record<Action, string> = { view: 'View', create: 'Add', update: 'Edit', delete: 'Delete', export: 'Export' };

/** Every record area, by its API key (`/api/<key>`): the areas of areas.ts. */
export const PERMISSION_AREAS = AREAS;
export type PermissionArea = AreaKey;
export const isPermissionArea = isAreaKey;

/**
 * Personal data: areas whose every record is personal (a driver's health reports), and files of other
 * areas that are (a driver's Aadhaar card). Only a role with `personalData` sees them, whatever else it may.
 */
export const PERSONAL_AREAS: readonly PermissionArea[] = ['driver-health'];
export const PERSONAL_FIELDS: { readonly [K in AreaKey]?: readonly FieldOf<K>[] } = { drivers: ['aadharCardFile'] };

type Grants = Readonly<Partial<Record<PermissionArea, readonly Action[]>>>;

export interface RolePermissions {
  areas: Grants;
  /** Aadhaar card files, driver health records and their files. */
  personalData: boolean;
  /** Users, their roles and passwords (Settings → Users). */
  manageUsers: boolean;
  /** The Activity Log of every change. */
  activityLog: boolean;
}

const ALL: readonly Action[] = ACTIONS;
const VIEW: readonly Action[] = ['view'];
const grant = (areas: readonly PermissionArea[], actions: readonly Action[]): Grants => Object.fromEntries(areas.map((area) => [area, actions]));
const everyArea = (actions: readonly Action[], except: readonly PermissionArea[] = []) =>
  grant(
    PERMISSION_AREAS.filter((area) => !except.includes(area)),
    actions,
  );

/**
 * The defaults. A list "X, Y and Z (view)" grants view alone on that group: a dispatcher checks a truck's
 * papers, a workshop looks a vehicle up, accounts read the trips they bill; each edits only its own areas.
 */
export const PERMISSIONS: Readonly<Record<Role, RolePermissions>> = {
  administrator: { areas: everyArea(ALL), personalData: true, manageUsers: true, activityLog: true },
  fleet_manager: { areas: everyArea(ALL), personalData: true, manageUsers: false, activityLog: false },
  dispatcher: {
    areas: { ...grant(['trips', 'cold-chain', 'incidents', 'trip-insurance', 'challans'], ALL), ...grant(['vehicles', 'drivers', 'compliance'], VIEW) },
    personalData: false,
    manageUsers: false,
    activityLog: false,
  },
  workshop: {
    areas: { ...grant(['maintenance', 'service-schedules', 'inventory', 'service-partners', 'incidents'], ALL), ...grant(['vehicles', 'compliance'], VIEW) },
    personalData: false,
    manageUsers: false,
    activityLog: false,
  },
  accounts: {
    areas: {
      ...grant(
        [
          'fuel-expenses',
          'partner-fuel-stations',
          'refueling-logs',
          'fuel-station-invoices',
          'sales-leads',
          'sales-quotations',
          'sales-orders',
          'challans',
          'trip-insurance',
        ],
        ALL,
      ),
      ...grant(['vehicles', 'trips'], VIEW),
    },
    personalData: false,
    manageUsers: false,
    activityLog: false,
  },
  viewer: { areas: everyArea(['view', 'export'], PERSONAL_AREAS), personalData: false, manageUsers: false, activityLog: false },
};

/** Whether a role may take an action on an area's records. An unknown role may do nothing. */
export function can(role: string, area: string, action: Action): boolean {
  if (!isRole(role) || !isPermissionArea(area)) return false;
  const permissions = PERMISSIONS[role];
  if (PERSONAL_AREAS.includes(area) && !permissions.personalData) return false;
  return permissions.areas[area]?.includes(action) ?? false;
}

export const canSeePersonalData = (role: string): boolean => isRole(role) && PERMISSIONS[role].personalData;
export const canManageUsers = (role: string): boolean => isRole(role) && PERMISSIONS[role].manageUsers;
export const canReadActivityLog = (role: string): boolean => isRole(role) && PERMISSIONS[role].activityLog;

/**
 * Whether everything `inner` may do, `outer` may do too: every action on every area, personal data, users and
 * the Activity Log. An API key's role must stay within its creator's (decision 0062): a role change of the
 * creator revokes the keys it no longer covers. (The fields a role may not see follow from these.)
 */
export function roleWithin(inner: string, outer: string): boolean {
  if (!isRole(inner) || !isRole(outer)) return false;
  if (PERMISSIONS[inner].personalData && !PERMISSIONS[outer].personalData) return false;
  if (canManageUsers(inner) && !canManageUsers(outer)) return false;
  if (canReadActivityLog(inner) && !canReadActivityLog(outer)) return false;
  return PERMISSION_AREAS.every((area) => ACTIONS.every((action) => !can(inner, area, action) || can(outer, area, action)));
}

/**
 * Values of an area computed from other areas' records, shown only to a role that may view every one of those
 * areas: a trip's cost is the sum of its fuel & expenses, refuelling logs and challans (decision 0041), and its
 * margin and cost per km follow from it. A dispatcher, who may view trips but not fuel expenses, sees neither.
 */
export const TRIP_COST_AREAS: readonly PermissionArea[] = ['fuel-expenses', 'refueling-logs', 'challans'];
export const FIELDS_FROM_AREAS: Readonly<Partial<Record<PermissionArea, Readonly<Record<string, readonly PermissionArea[]>>>>> = {
  trips: { cost: TRIP_COST_AREAS, margin: TRIP_COST_AREAS, costPerKm: TRIP_COST_AREAS },
};

/**
 * The fields of an area that a role may not see (left out of its answers, its exports and its forms, and refused as a
 * sort): personal fields without personal data, and values computed from areas it may not view (FIELDS_FROM_AREAS).
 */
export const hiddenFieldsOf = (role: string, area: string): readonly string[] => {
  const personal = canSeePersonalData(role) ? [] : (PERSONAL_FIELDS[area as PermissionArea] ?? []);
  const fromAreas = Object.entries(FIELDS_FROM_AREAS[area as PermissionArea] ?? {}).filter(([, areas]) => !areas.every((other) => can(role, other, 'view')));
  return fromAreas.length ? [...personal, ...fromAreas.map(([name]) => name)] : personal;
};

/** The message of a refused request, naming what is missing: "Your role (Dispatcher) may not delete trips." */
export function notAllowedMessage(role: string, what: string): string {
  return `Your role (${roleLabel(role)}) may not ${what}. Ask an administrator if you need it.`;
}

/**
 * One choice of a pick-list (GET /api/<area>/options): a record's label and, where pickers mark unusable
 * records, its status. Nothing else of the record: a role that may not view an area still names its records.
 */
export interface PickOption {
  id: string;
  label: string;
  status?: string;
}
export interface PickList {
  items: PickOption[];
  hasMore: boolean;
}
