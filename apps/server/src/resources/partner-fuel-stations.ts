import { sql } from 'drizzle-orm';
import { fuelStationInvoicesArea, partnerFuelStationsArea, refuelingLogsArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { odometerCheck } from './service-schedules';
import { declaredResource } from './declared';
import { tripCostHooks } from '../money/trip-cost';
import { allHooks } from '../operations/after-write';

// Partner fuel stations (spec 002 §2.2): the directory, refuelling logs at its stations, and their invoices.
const partnerFuelStations = declaredTable('partner_fuel_stations', partnerFuelStationsArea.fields, 'generated');
export const refuelingLogs = declaredTable('refueling_logs', refuelingLogsArea.fields);
const fuelStationInvoices = declaredTable('fuel_station_invoices', fuelStationInvoicesArea.fields);

/** Logs and invoices name a station by its name. */
export const partnerFuelStationsResource = declaredResource(partnerFuelStationsArea, partnerFuelStations, {
  idHeader: 'Station ID',
  label: (c) => sql`${c.stationName}`,
});
// The Vehicle column shows the licence plate (vehiclePlate; the full label on hover), as the expense log does.
// An odometer far above the vehicle's other readings is saved with a warning (decision 0037).
// Its total cost is its trip's cost (decision 0041): the trip must be of its vehicle, and its stored cost moves with each write.
const tripCost = tripCostHooks({ amount: 'totalCost', noun: 'refuelling log' });
export const refuelingLogsResource = declaredResource(refuelingLogsArea, refuelingLogs, {
  idHeader: 'Log ID',
  afterWrite: allHooks(odometerCheck('odometer'), tripCost.afterWrite),
  afterDelete: tripCost.afterDelete,
});
export const fuelStationInvoicesResource = declaredResource(fuelStationInvoicesArea, fuelStationInvoices, { idHeader: 'Invoice ID' });
