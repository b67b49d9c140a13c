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
  AREAS,
  RECORD_PATHS,
  recordAddressOf,
  type AreaDefinition,
  type AreaKey,
  type DeclaredArea,
} from '@raahi/domain';

/** Where an area's records are shown: its screen, and on a screen of several lists its section (URL prefix). */
export interface RecordScreen {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  area: AreaDefinition<any>;
  path: string;
  section?: string;
}

/** Every area's declaration, by its key: a mapped type over AreaKey, so an area left out (or another's given) does not compile. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const DECLARATIONS: { readonly [K in AreaKey]: DeclaredArea<any, K> } = {
  vehicles: vehiclesArea,
  drivers: driversArea,
  trips: tripsArea,
  'driver-training': trainingArea,
  'driver-health': healthArea,
  'cold-chain': coldChainArea,
  maintenance: maintenanceArea,
  'service-schedules': serviceSchedulesArea,
  'service-partners': servicePartnersArea,
  inventory: inventoryArea,
  incidents: incidentsArea,
  'fuel-expenses': fuelExpensesArea,
  'sales-leads': leadsArea,
  'sales-quotations': quotationsArea,
  'sales-orders': ordersArea,
  'partner-fuel-stations': partnerFuelStationsArea,
  'refueling-logs': refuelingLogsArea,
  'fuel-station-invoices': fuelStationInvoicesArea,
  challans: challansArea,
  'trip-insurance': insuranceArea,
  compliance: complianceArea,
};

/** Every record area's screen and section, as the domain declares them (RECORD_PATHS), with its declaration. */
export const RECORD_SCREENS: ReadonlyMap<string, RecordScreen> = new Map(AREAS.map((key) => [key, { area: DECLARATIONS[key], ...RECORD_PATHS[key] }]));

/**
 * The address of a record's screen with its edit dialog open (`?edit=ID`, or `?section=logs&logs.edit=ID` on a
 * screen of several lists); the screen alone when the record is gone or none is named. Null for an area with no screen.
 */
export function recordAddress(areaKey: string, recordId: string, open = true): string | null {
  // The same addresses the server stores with a notification (domain record-addresses.ts).
  return RECORD_SCREENS.has(areaKey) ? recordAddressOf(areaKey, recordId, open) : null;
}
