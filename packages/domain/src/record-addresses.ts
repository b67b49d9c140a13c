/**
 * Where each record area's list is shown in the web app: its screen, and on a screen of several lists its
 * section. The web app builds its links from it (apps/web/src/app/record-screens.ts) and the server the
 * links it stores with a notification (issue 18), so both point at the same place.
 */
export interface RecordPath {
  path: string;
  section?: string;
}

export const RECORD_PATHS: Readonly<Record<string, RecordPath>> = {
  trips: { path: '/fleet-management' },
  vehicles: { path: '/vehicle-management' },
  drivers: { path: '/driver-management' },
  'driver-training': { path: '/driver-training' },
  'driver-health': { path: '/driver-health-report' },
  'cold-chain': { path: '/cold-chain' },
  maintenance: { path: '/maintenance' },
  // Under the maintenance screen's Schedule Preventive Maintenance.
  'service-schedules': { path: '/maintenance', section: 'schedules' },
  'service-partners': { path: '/service-partners' },
  inventory: { path: '/inventory' },
  incidents: { path: '/incident-emergency' },
  'fuel-expenses': { path: '/fuel-expense' },
  'sales-leads': { path: '/sales', section: 'leads' },
  'sales-quotations': { path: '/sales', section: 'quotations' },
  'sales-orders': { path: '/sales', section: 'orders' },
  'partner-fuel-stations': { path: '/partner-fuel-stations', section: 'stations' },
  'refueling-logs': { path: '/partner-fuel-stations', section: 'logs' },
  'fuel-station-invoices': { path: '/partner-fuel-stations', section: 'invoices' },
  challans: { path: '/challan-tracking' },
  'trip-insurance': { path: '/trip-insurance' },
  compliance: { path: '/compliance' },
};

/**
 * The address of a record's screen with its edit dialog open (`?edit=ID`, or `?section=logs&logs.edit=ID` on a
 * screen of several lists); the screen alone when `open` is false or no record is named. Null for an area with no screen.
 */
export function recordAddressOf(areaKey: string, recordId: string, open = true): string | null {
  const screen = Object.hasOwn(RECORD_PATHS, areaKey) ? RECORD_PATHS[areaKey] : undefined;
  if (!screen) return null;
  const params = new URLSearchParams();
  if (screen.section) params.set('section', screen.section);
  if (open && recordId) params.set(screen.section ? `${screen.section}.edit` : 'edit', recordId);
  const query = params.toString();
  return query ? `${screen.path}?${query}` : screen.path;
}
