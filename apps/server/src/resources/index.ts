import type { ResourceDefinition } from '../http/resource';
import { linkResources } from './declared';
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
 * Every record area the API serves, mounted at /api/<area.key>, complete with its links to the others (linkResources):
 * who uses whom, labels, existence checks and filters by linked records follow from the areas' reference fields.
 */
export const resources: ResourceDefinition[] = linkResources([
  vehiclesResource,
  driversResource,
  tripsResource,
  trainingResource,
  healthResource,
  inventoryResource,
  complianceResource,
  insuranceResource,
  maintenanceResource,
  serviceSchedulesResource,
  incidentsResource,
  coldChainResource,
  servicePartnersResource,
  fuelExpensesResource,
  leadsResource,
  quotationsResource,
  ordersResource,
  partnerFuelStationsResource,
  refuelingLogsResource,
  fuelStationInvoicesResource,
  challansResource,
]);
registerResources(resources);

/** An area's resource by its key ('vehicles'); its `label` names its records for pick-lists and other areas. */
export function resourceOf(key: string): ResourceDefinition {
  const resource = resources.find((r) => r.area.key === key);
  if (!resource) throw new Error(`No area '${key}' is declared.`);
  return resource;
}
