import { AREAS, type AreaKey } from './areas';
import { linkedAreasOfField, type AnyField, type DeclaredArea } from './declare';
import { challansArea } from './challans';
import { coldChainArea } from './cold-chain';
import { complianceArea } from './compliance';
import { healthArea } from './driver-health';
import { trainingArea } from './driver-training';
import { driversArea } from './drivers';
import { fuelExpensesArea } from './fuel-expenses';
import { fuelStationInvoicesArea } from './fuel-station-invoices';
import { incidentsArea } from './incidents';
import { inventoryArea } from './inventory';
import { maintenanceArea } from './maintenance';
import { partnerFuelStationsArea } from './partner-fuel-stations';
import { refuelingLogsArea } from './refueling-logs';
import { leadsArea, ordersArea, quotationsArea } from './sales';
import { servicePartnersArea } from './service-partners';
import { serviceSchedulesArea } from './service-schedules';
import { insuranceArea } from './trip-insurance';
import { tripsArea } from './trips';
import { vehiclesArea } from './vehicles';

/**
 * Every area's declaration, by its key: a mapped type over AreaKey, so an area left out (or another's declaration
 * given) does not compile (decision 0064). `satisfies`, not a type annotation: each keeps its own fields' types, so a
 * field named by another list of the domain (PERSONAL_FIELDS) is checked against its area's declaration.
 */
export const AREA_DECLARATIONS = {
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
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
} as const satisfies { readonly [K in AreaKey]: DeclaredArea<any, K> };

/** A field of one area that names records of another: a reference, a list of references, or an entity of several areas. */
export interface AreaLink {
  from: AreaKey;
  field: string;
  kind: 'reference' | 'references' | 'entity';
}

/** Who links to whom, computed once: for each area, every field of every area that names its records (in AREAS order, then field order). */
export const LINKS_TO: Readonly<Record<string, readonly AreaLink[]>> = (() => {
  const links: Record<string, AreaLink[]> = {};
  for (const from of AREAS) {
    for (const [field, declaration] of Object.entries(AREA_DECLARATIONS[from].fields as Record<string, AnyField>)) {
      for (const target of linkedAreasOfField(declaration)) (links[target] ??= []).push({ from, field, kind: declaration.kind as AreaLink['kind'] });
    }
  }
  return links;
})();

/** The links to an area's records (none for an area no field names). */
export const linksTo = (key: string): readonly AreaLink[] => (Object.hasOwn(LINKS_TO, key) ? LINKS_TO[key] : []);
