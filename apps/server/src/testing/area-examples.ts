import { leadsArea, ordersArea, partnerFuelStationsArea, quotationsArea, type AnyField } from '@raahi/domain';
import type { ResourceDefinition } from '../http/resource';
import { declaredBody, type Links } from './declared-body';
import { driverBody, tripBody, vehicleBody, type TestClient } from './test-server';

/** Bodies for areas whose rules refuse the plain values of a declaration (a VIN's form, dates in order). */
const EXAMPLES: Record<string, (links: Links) => Record<string, unknown>> = {
  // Plates and VINs are unique: each body has its own.
  vehicles: () => vehicleBody(),
  drivers: () => driverBody(),
  // Issue 19's money: the distance follows from the odometers (280 km).
  trips: (links) =>
    tripBody(links.vehicles, links.drivers, {
      freight: 33500,
      startOdometer: 184250,
      endOdometer: 184530,
      distanceKm: null,
      salesOrderId: links['sales-orders'] ?? null,
    }),
  compliance: () => ({ issueDate: null, expiryDate: '2030-01-01' }),
  'service-partners': () => ({ geoLocation: '18.5204,73.8567' }),
  'partner-fuel-stations': () => ({ gpsLocation: '19.0771,72.9986' }),
  // An interval, a last done date in the past and no last done km (it may not pass the vehicle's odometer).
  'service-schedules': () => ({ everyKm: 20000, everyMonths: 6, lastDoneDate: '2026-01-15', lastDoneKm: 0 }),
};

const fieldsOf = (resource: ResourceDefinition) => (resource.area as unknown as { fields: Record<string, AnyField> }).fields;

/** A complete, valid body for any area, from its declaration, linking the records in `links`; override any field. */
export function exampleBody(resource: ResourceDefinition, links: Links, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...declaredBody(fieldsOf(resource), links), ...EXAMPLES[resource.area.key]?.(links), ...overrides };
}

/** One record of each area others link to, made through the API by `client`: their ids by area key. */
export async function linkedRecords(client: TestClient): Promise<Links> {
  const links: Links = {};
  const made = async (path: string, body: Record<string, unknown>) => {
    const res = await client.post(path, body);
    if (res.status !== 201) throw new Error(`Could not make a record for ${path}: ${res.status} ${res.text}`);
    return res.body.id as string;
  };
  links.vehicles = await made('/api/vehicles', vehicleBody({ licensePlate: 'MH12CT0001' }));
  links.drivers = await made('/api/drivers', driverBody());
  // Sales: a quotation links to a lead, an order to a quotation (an Approved one); a trip to an order.
  links['sales-leads'] = await made('/api/sales-leads', declaredBody(leadsArea.fields, links));
  links['sales-quotations'] = await made('/api/sales-quotations', declaredBody(quotationsArea.fields, links, { status: 'Approved' }));
  links['sales-orders'] = await made('/api/sales-orders', declaredBody(ordersArea.fields, links));
  links.trips = await made('/api/trips', tripBody(links.vehicles, links.drivers));
  links['partner-fuel-stations'] = await made(
    '/api/partner-fuel-stations',
    declaredBody(partnerFuelStationsArea.fields, links, EXAMPLES['partner-fuel-stations'](links)),
  );
  return links;
}
