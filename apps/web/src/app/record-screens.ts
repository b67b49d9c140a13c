import {
  challansArea,
  coldChainArea,
  complianceArea,
  driversArea,
  fuelExpensesArea,
  fuelStationInvoicesArea,
  healthArea,
  incidentsArea,
  insuranceArea,
  inventoryArea,
  leadsArea,
  maintenanceArea,
  ordersArea,
  partnerFuelStationsArea,
  quotationsArea,
  refuelingLogsArea,
  servicePartnersArea,
  serviceSchedulesArea,
  trainingArea,
  tripsArea,
  vehiclesArea,
  recordAddressOf,
  type AreaDefinition,
} from '@raahi/domain';

/** Where an area's records are shown: its screen, and on a screen of several lists its section (URL prefix). */
export interface RecordScreen {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  area: AreaDefinition<any>;
  path: string;
  section?: string;
}

/** Every record area's screen (the routes in routes.tsx, the sections in the sales and partner fuel station pages). */
const SCREENS: RecordScreen[] = [
  { area: tripsArea, path: '/fleet-management' },
  { area: vehiclesArea, path: '/vehicle-management' },
  { area: driversArea, path: '/driver-management' },
  { area: trainingArea, path: '/driver-training' },
  { area: healthArea, path: '/driver-health-report' },
  { area: coldChainArea, path: '/cold-chain' },
  { area: maintenanceArea, path: '/maintenance' },
  // Shown on the maintenance screen under Schedule Preventive Maintenance (any schedules.* parameter opens it).
  { area: serviceSchedulesArea, path: '/maintenance', section: 'schedules' },
  { area: servicePartnersArea, path: '/service-partners' },
  { area: inventoryArea, path: '/inventory' },
  { area: incidentsArea, path: '/incident-emergency' },
  { area: fuelExpensesArea, path: '/fuel-expense' },
  { area: leadsArea, path: '/sales', section: 'leads' },
  { area: quotationsArea, path: '/sales', section: 'quotations' },
  { area: ordersArea, path: '/sales', section: 'orders' },
  { area: partnerFuelStationsArea, path: '/partner-fuel-stations', section: 'stations' },
  { area: refuelingLogsArea, path: '/partner-fuel-stations', section: 'logs' },
  { area: fuelStationInvoicesArea, path: '/partner-fuel-stations', section: 'invoices' },
  { area: challansArea, path: '/challan-tracking' },
  { area: insuranceArea, path: '/trip-insurance' },
  { area: complianceArea, path: '/compliance' },
];

export const RECORD_SCREENS: ReadonlyMap<string, RecordScreen> = new Map(SCREENS.map((screen) => [screen.area.key, screen]));

/**
 * The address of a record's screen with its edit dialog open (`?edit=ID`, or `?section=logs&logs.edit=ID` on a
 * screen of several lists); the screen alone when the record is gone or none is named. Null for an area with no screen.
 */
export function recordAddress(areaKey: string, recordId: string, open = true): string | null {
  // The same addresses the server stores with a notification (domain record-addresses.ts).
  return RECORD_SCREENS.has(areaKey) ? recordAddressOf(areaKey, recordId, open) : null;
}
