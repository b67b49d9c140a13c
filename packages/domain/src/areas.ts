/**
 * The record areas, listed once (decision 0064). Every registry of areas — the roles matrix, the server's
 * resources, the web's screens, routes and sidebar, the addresses stored with a notification — is computed from
 * these tables or is a mapped type over `AreaKey`, so an area left out of one is a compile error, not a test.
 */

/** Every record area, by its API key (`/api/<key>`), in the roles matrix's order. */
export const AREAS = [
  'vehicles',
  'drivers',
  'trips',
  'driver-training',
  'driver-health',
  'cold-chain',
  'maintenance',
  'service-schedules',
  'service-partners',
  'inventory',
  'incidents',
  'fuel-expenses',
  'sales-leads',
  'sales-quotations',
  'sales-orders',
  'partner-fuel-stations',
  'refueling-logs',
  'fuel-station-invoices',
  'challans',
  'trip-insurance',
  'compliance',
] as const;
export type AreaKey = (typeof AREAS)[number];
export const isAreaKey = (value: unknown): value is AreaKey => typeof value === 'string' && (AREAS as readonly string[]).includes(value);

/** A screen of record areas: its path and its sidebar label. */
export interface ScreenDeclaration {
  path: string;
  /** The sidebar item's label (the specification's). */
  label: string;
}

/**
 * The screens of record areas, in the sidebar's order (after Dashboard, before Reporting). A screen shows one area's
 * list, or several as sections (tabs) on one page; AREA_SCREENS says which.
 */
export const SCREENS = {
  trips: { path: '/fleet-management', label: 'Fleet & Trips' },
  vehicles: { path: '/vehicle-management', label: 'Vehicles' },
  drivers: { path: '/driver-management', label: 'Drivers' },
  'driver-training': { path: '/driver-training', label: 'Driver Training' },
  'driver-health': { path: '/driver-health-report', label: 'Driver Health' },
  'cold-chain': { path: '/cold-chain', label: 'Cold Chain' },
  maintenance: { path: '/maintenance', label: 'Maintenance' },
  'service-partners': { path: '/service-partners', label: 'Service Partners' },
  inventory: { path: '/inventory', label: 'Inventory' },
  incidents: { path: '/incident-emergency', label: 'Incidents' },
  'fuel-expenses': { path: '/fuel-expense', label: 'Fuel & Expenses' },
  sales: { path: '/sales', label: 'Sales & Orders' },
  'partner-fuel-stations': { path: '/partner-fuel-stations', label: 'Partner Fuel Stations' },
  challans: { path: '/challan-tracking', label: 'Challan Tracking' },
  'trip-insurance': { path: '/trip-insurance', label: 'Trip Insurance' },
  compliance: { path: '/compliance', label: 'Compliance' },
} as const satisfies Record<string, ScreenDeclaration>;
export type ScreenKey = keyof typeof SCREENS;
export const SCREEN_KEYS = Object.keys(SCREENS) as ScreenKey[];

/** Where an area's list is shown: its screen, and on a screen of several lists its section (the URL prefix of its list). */
export interface AreaScreen {
  screen: ScreenKey;
  section?: string;
  /**
   * Shown within another area's list on its screen (service schedules under the maintenance screen's Schedule
   * Preventive Maintenance), not a tab of its own: viewing it alone does not open the screen.
   */
  within?: AreaKey;
}

/** Every area's screen: complete by its type (a new area without a screen does not compile). */
export const AREA_SCREENS: { readonly [K in AreaKey]: AreaScreen } = {
  vehicles: { screen: 'vehicles' },
  drivers: { screen: 'drivers' },
  trips: { screen: 'trips' },
  'driver-training': { screen: 'driver-training' },
  'driver-health': { screen: 'driver-health' },
  'cold-chain': { screen: 'cold-chain' },
  maintenance: { screen: 'maintenance' },
  // Under the maintenance screen's Schedule Preventive Maintenance (any schedules.* parameter opens it).
  'service-schedules': { screen: 'maintenance', section: 'schedules', within: 'maintenance' },
  'service-partners': { screen: 'service-partners' },
  inventory: { screen: 'inventory' },
  incidents: { screen: 'incidents' },
  'fuel-expenses': { screen: 'fuel-expenses' },
  'sales-leads': { screen: 'sales', section: 'leads' },
  'sales-quotations': { screen: 'sales', section: 'quotations' },
  'sales-orders': { screen: 'sales', section: 'orders' },
  'partner-fuel-stations': { screen: 'partner-fuel-stations', section: 'stations' },
  'refueling-logs': { screen: 'partner-fuel-stations', section: 'logs' },
  'fuel-station-invoices': { screen: 'partner-fuel-stations', section: 'invoices' },
  challans: { screen: 'challans' },
  'trip-insurance': { screen: 'trip-insurance' },
  compliance: { screen: 'compliance' },
};

/**
 * The areas whose lists a screen shows (one, or the tabs of a page of several), in AREAS order: a role that may view
 * one of them may open the screen. An area shown within another's list is left out (it follows that one).
 */
export const areasOfScreen = (screen: ScreenKey): AreaKey[] => AREAS.filter((area) => AREA_SCREENS[area].screen === screen && !AREA_SCREENS[area].within);

/** The path of an area's screen ('/vehicle-management'). */
export const screenPathOf = (area: AreaKey): string => SCREENS[AREA_SCREENS[area].screen].path;
