import type { PgColumn } from 'drizzle-orm/pg-core';
import { getTableColumns } from 'drizzle-orm';
import type { AnyField } from '@raahi/domain';
import { usedByRows, type ResourceDefinition } from '../http/resource';
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
import { leadsResource, ordersResource, quotationsResource } from './sales';
import { fuelStationInvoicesResource, partnerFuelStationsResource, refuelingLogsResource } from './partner-fuel-stations';
import { servicePartnersResource } from './service-partners';
import { tripsResource } from './trips';
import { vehiclesResource } from './vehicles';

const areas: ResourceDefinition[] = [
  vehiclesResource,
  driversResource,
  tripsResource,
  trainingResource,
  healthResource,
  inventoryResource,
  complianceResource,
  insuranceResource,
  maintenanceResource,
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
];

/**
 * Every record area the API serves, mounted at /api/<area.key>. A record that others link to cannot be
 * deleted while they do: who uses whom follows from the areas' reference fields.
 */
export const resources: ResourceDefinition[] = areas.map((resource) => ({
  ...resource,
  usedBy: areas.flatMap((user) =>
    Object.entries((user.area as { fields?: Record<string, AnyField> }).fields ?? {})
      .filter(([, field]) => ((field.kind === 'reference' || field.kind === 'references') && field.area === resource.area.key) || (field.kind === 'entity' && field.areas.includes(resource.area.key)))
      .map(([name, field]) =>
        usedByRows(user.area.singular, user.area.plural, user.table, (getTableColumns(user.table) as Record<string, PgColumn>)[name], field.kind === 'references' ? 'list' : 'one'),
      ),
  ),
}));
