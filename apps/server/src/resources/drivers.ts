import { driversArea } from '@raahi/domain';
import { drivers, files } from '../db/schema';
import type { ResourceDefinition } from '../http/resource';
import { fieldColumn } from '../http/csv-export';
import { fileNameOf } from './labels';
import { uniqueKey } from './unique-values';

export const driversResource: ResourceDefinition = {
  area: driversArea,
  table: drivers,
  computed: (c) => ({ aadharCardFileName: fileNameOf(c.aadharCardFile) }),
  references: [{ field: 'aadharCardFile', table: files, noun: 'file' }],
  uniqueValues: [
    uniqueKey('drivers_license_unique', 'license', 'Duplicate License No.', (d, license) => `The license number ${license} is already held by driver ${String(d.name)} (${String(d.id)}, ${String(d.license)}).`),
  ],
  exportColumns: [
    fieldColumn('Driver ID', 'id'),
    fieldColumn('Name', 'name'),
    fieldColumn('License No.', 'license'),
    fieldColumn('Contact', 'contact', 'phone'),
    fieldColumn('Email', 'email'),
    fieldColumn('Joining Date', 'joiningDate', 'date'),
    fieldColumn('Status', 'status'),
  ],
};
