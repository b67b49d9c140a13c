import type { AreaKey } from '@raahi/domain';
import type { ResourceDefinition } from '../http/resource';
import { linkResources, type DeclaredResource } from './declared';
import { registerResources } from './registry';
import { coldChainResource } from './cold-chain';
import { healthResource } from './driver-health';
import { trainingResource } from './driver-training';
import { complianceResource } from './compliance';
import { driversResource } from './drivers';
import { incidentsResource } from './incidents';
import { fuelExpensesResource } from './fuel-expenses';
import { challansResource } from './challans';
import { inventoryResource } from './inventory';
import { insuranceResource } from './trip-insurance';
import { maintenanceResource } from './maintenance';
import { serviceSchedulesResource } from './service-schedules';
import { leadsResource, ordersResource, quotationsResource } from './sales';
import { fuelStationInvoicesResource, partnerFuelStationsResource, refuelingLogsResource } from './partner-fuel-stations';
import { servicePartnersResource } from './service-partners';
import { tripsResource } from './trips';
import { vehiclesResource } from './vehicles';

/**
 * Every record area's declared resource, by its key: a mapped type over AreaKey, so an area left out, or given
 * another area's resource, does not compile. In the order the API has always mounted and documented them.
 */
const DECLARED: { readonly [K in AreaKey]: DeclaredResource<K> } = {
  vehicles: vehiclesResource,
  drivers: driversResource,
  trips: tripsResource,
  'driver-training': trainingResource,
  'driver-health': healthResource,
  inventory: inventoryResource,
  compliance: complianceResource,
  'trip-insurance': insuranceResource,
  maintenance: maintenanceResource,
  'service-schedules': serviceSchedulesResource,
  incidents: incidentsResource,
  'cold-chain': coldChainResource,
  'service-partners': servicePartnersResource,
  'fuel-expenses': fuelExpensesResource,
  'sales-leads': leadsResource,
  'sales-quotations': quotationsResource,
  'sales-orders': ordersResource,
  'partner-fuel-stations': partnerFuelStationsResource,
  'refueling-logs': refuelingLogsResource,
  'fuel-station-invoices': fuelStationInvoicesResource,
  challans: challansResource,
};

/**
 * Every record area the API serves, mounted at /api/<area.key>, complete with its links to the others (linkResources):
 * who uses whom, labels, existence checks and filters by linked records follow from the areas' reference fields.
 */
export const resources: ResourceDefinition[] = linkResources(Object.values(DECLARED));
registerResources(resources);

const BY_KEY = new Map(resources.map((resource) => [resource.area.key, resource]));

/** An area's resource by its key ('vehicles'); its `label` names its records for pick-lists and other areas. */
export function resourceOf(key: AreaKey): ResourceDefinition {
  return BY_KEY.get(key)!;
}
