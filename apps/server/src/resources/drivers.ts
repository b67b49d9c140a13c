import { sql } from 'drizzle-orm';
import { driversArea } from '@raahi/domain';
import { declaredTable } from '../db/declared-table';
import { declaredResource } from './declared';
import { uniqueKey } from './unique-values';

export const drivers = declaredTable('drivers', driversArea.fields, 'generated');

/** Other areas name a driver as 'Name (id)' (driver_label, as their search text does), or by name alone. */
export const driversResource = declaredResource(driversArea, drivers, {
  idHeader: 'Driver ID',
  label: (c) => sql`driver_label(${c.name}, ${c.id})`,
  shortLabel: { of: (c) => sql`${c.name}` },
  uniqueValues: [
    uniqueKey(
      'drivers_license_unique',
      'license',
      'Duplicate License No.',
      (d, license) => `The license number ${license} is already held by driver ${String(d.name)} (${String(d.id)}, ${String(d.license)}).`,
    ),
  ],
  // Active Drivers and the list's totals by status (migration 0042, decision 0046).
  keptCounts: { name: 'drivers', fields: ['status'], answers: ['status'] },
  // Neither the address nor the Aadhaar card leaves in a spreadsheet.
  exportColumns: ['id', 'name', 'license', 'contact', 'email', 'joiningDate', 'status'],
});

/** A driver's name alone (the Driver column of challans, training and health records). */
export const driverNameOf = driversResource.shortLabel!.byId;
