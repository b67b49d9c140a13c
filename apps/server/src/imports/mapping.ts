import type { AnyField, ImportColumn, ImportField } from '@raahi/domain';
import { badRequest } from '../http/errors';
import type { ResourceDefinition } from '../http/resource';

/**
 * The headers people give their columns, per area and field, beyond the form's labels and the field names
 * (LubeLogger and Fleetbase keep such lists): declared here as data, matched as the labels are.
 */
const VEHICLE_NUMBER = [
  'Vehicle No',
  'Vehicle Number',
  'Reg No',
  'Registration No',
  'Registration Number',
  'Gaadi No',
  'Gadi No',
  'Truck No',
  'Truck Number',
  'Lorry No',
];
export const HEADER_ALIASES: Record<string, Record<string, readonly string[]>> = {
  vehicles: {
    licensePlate: [...VEHICLE_NUMBER, 'Plate', 'Number Plate', 'Plate No', 'RC No'],
    vin: ['Chassis No', 'Chassis Number', 'VIN No'],
    make: ['Manufacturer', 'Brand', 'Company'],
    year: ['Model Year', 'Mfg Year', 'Year of Manufacture', 'Manufacturing Year'],
    type: ['Vehicle Type', 'Body Type'],
    currentMileage: ['Odometer', 'Odometer (km)', 'KM Reading', 'Mileage (km)', 'Kms Run'],
    purchaseDate: ['Date of Purchase', 'Purchased On', 'Bought On'],
  },
  drivers: {
    name: ['Driver Name', 'Driver', 'Full Name'],
    license: ['DL No', 'DL Number', 'Licence No', 'Licence Number', 'License Number', 'Driving Licence', 'Driving License', 'Driving Licence No'],
    contact: ['Mobile', 'Mobile No', 'Mobile Number', 'Phone', 'Phone No', 'Contact No'],
    email: ['E-mail', 'Email ID', 'Mail'],
    joiningDate: ['Date of Joining', 'DOJ', 'Joined On'],
  },
  trips: {
    origin: ['From', 'Source', 'Loading Point', 'From City'],
    destination: ['To', 'Unloading Point', 'To City', 'Destination City'],
    vehicleId: [...VEHICLE_NUMBER, 'Vehicle Plate'],
    driverId: ['Driver Name', 'Driver', 'DL No', 'Driver Licence'],
    freight: ['Freight Amount', 'Freight Charges', 'Bhada', 'Bhaada'],
    eta: ['Expected Arrival', 'ETA Date'],
    startDate: ['Start', 'Dispatch Date', 'Dispatched On', 'Loading Date'],
    endDate: ['End', 'Delivered On', 'Delivery Date', 'Unloading Date'],
    distanceKm: ['Distance', 'KM', 'Kms', 'Distance (KM)'],
  },
  'fuel-expenses': {
    date: ['Bill Date', 'Expense Date', 'Fuel Date'],
    type: ['Expense Type', 'Head'],
    vehicleId: [...VEHICLE_NUMBER],
    tripId: ['Trip No', 'Trip'],
    quantity: ['Litres', 'Liters', 'Ltrs', 'Qty', 'Fuel (L)'],
    pricePerUnit: ['Rate', 'Rate per Litre', 'Rate/Litre', 'Price', 'Price per Litre'],
    amount: ['Bill Amount', 'Total', 'Total Amount', 'Amount (Rs)', 'Amount'],
    vendor: ['Pump', 'Petrol Pump', 'Fuel Station', 'Vendor Name', 'Paid To'],
    odometer: ['KM Reading', 'Odometer Reading', 'Odometer'],
    description: ['Remarks', 'Narration', 'Details'],
  },
  'refueling-logs': {
    vehicleId: [...VEHICLE_NUMBER],
    driverId: ['Driver Name', 'Driver', 'DL No'],
    tripId: ['Trip No', 'Trip'],
    stationId: ['Pump', 'Petrol Pump', 'Fuel Station', 'Station Name'],
    quantity: ['Litres', 'Liters', 'Ltrs', 'Qty'],
    rate: ['Rate per Litre', 'Rate/Litre', 'Price', 'Price per Litre'],
    totalCost: ['Amount', 'Bill Amount', 'Total', 'Total Amount'],
    timestamp: ['Date', 'Date & Time', 'Filled On', 'Date Time'],
    odometer: ['KM Reading', 'Odometer Reading', 'Odometer'],
    notes: ['Remarks', 'Narration'],
  },
};

/**
 * A header as matched: lower case, letters and digits only ('License No.', ' license  no ' and 'LICENSE-NO'
 * are one). One pass over the characters, no pattern.
 */
export function headerKey(header: string): string {
  let key = '';
  for (const c of header.slice(0, 200).toLowerCase()) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c > '\u007f' && LETTER_OR_DIGIT.test(c))) key += c;
  }
  return key;
}
/** One character at a time: a name in any script keeps its letters; ₹ and other symbols are not part of it. */
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** A label without its unit in brackets: 'Freight (₹)' also matches 'Freight'. */
const withoutUnit = (label: string) => {
  const open = label.lastIndexOf('(');
  return open > 0 && label.trimEnd().endsWith(')') ? label.slice(0, open).trim() : label;
};

export const fieldsOf = (def: ResourceDefinition): Record<string, AnyField> => (def.area as unknown as { fields: Record<string, AnyField> }).fields;

/** The id column's header (a trip's 'Trip ID'), as the export writes it. */
export const idHeaderOf = (def: ResourceDefinition) => def.exportColumns.find((column) => column.key === 'id')?.header ?? 'ID';

/**
 * The record's version as the list export writes it (its last column, Version): update mode's rows whose record
 * is past it changed since the export (decision 0061). A file without it updates as before.
 */
export const VERSION_FIELD = 'version';

/**
 * The fields a column can fill: every declared field but files (and those the role may not see), then the version
 * and the id for update mode.
 */
export function importFields(def: ResourceDefinition, hidden: readonly string[] = []): ImportField[] {
  const fields = Object.entries(fieldsOf(def))
    .filter(([name, field]) => field.kind !== 'file' && field.kind !== 'files' && !hidden.includes(name))
    .map(([name, field]) => ({ field: name, label: field.label, required: Boolean(field.required) }));
  return [...fields, { field: VERSION_FIELD, label: 'Version', required: false }, { field: 'id', label: idHeaderOf(def), required: false }];
}

/**
 * Each header matched to a field: by the form's label (with or without its unit), the field's name, or one
 * of the area's aliases, ignoring case, spaces and punctuation. A field is filled by one column at most
 * (the first that matches); a header matching nothing is left out ('').
 */
export function matchColumns(def: ResourceDefinition, header: readonly string[], hidden: readonly string[] = []): ImportColumn[] {
  const keys = new Map<string, string>();
  const fields = importFields(def, hidden);
  // Exact labels and names first, then aliases: an alias never takes a header another field is named by.
  for (const { field, label } of fields) for (const name of [label, field]) if (!keys.has(headerKey(name))) keys.set(headerKey(name), field);
  for (const { field, label } of fields) if (!keys.has(headerKey(withoutUnit(label)))) keys.set(headerKey(withoutUnit(label)), field);
  for (const [field, aliases] of Object.entries(HEADER_ALIASES[def.area.key] ?? {})) {
    if (!fields.some((f) => f.field === field)) continue;
    for (const alias of aliases) for (const name of [alias, withoutUnit(alias)]) if (!keys.has(headerKey(name))) keys.set(headerKey(name), field);
  }
  keys.set('id', 'id');
  const taken = new Set<string>();
  return header.map((text) => {
    const field = keys.get(headerKey(text)) ?? '';
    if (field === '' || taken.has(field)) return { header: text, field: '' };
    taken.add(field);
    return { header: text, field };
  });
}

/**
 * The mapping a user gave, checked against the file's header and the area: one entry per column in order,
 * each naming a field that can be imported (or '' to leave the column out), no field twice. 400 in words.
 */
export function checkedMapping(def: ResourceDefinition, header: readonly string[], given: unknown, hidden: readonly string[] = []): ImportColumn[] {
  if (!Array.isArray(given)) throw badRequest('The mapping must be a list of { header, field }, one per column of the file.');
  if (given.length !== header.length) throw badRequest(`The mapping names ${given.length} columns; the file has ${header.length}.`);
  const fields = new Map(importFields(def, hidden).map((f) => [f.field, f]));
  const declared = fieldsOf(def);
  const used = new Set<string>();
  const columns = header.map((text, index) => {
    const entry: unknown = given[index];
    const field = entry === undefined || entry === null ? '' : typeof entry === 'object' ? (entry as { field?: unknown }).field : undefined;
    if (typeof field !== 'string' || field.length > 100) throw badRequest(`The mapping of column ${index + 1} (${text}) must name a field.`);
    if (field !== '' && !fields.has(field)) {
      const kind = declared[field]?.kind;
      if (kind === 'file' || kind === 'files')
        throw badRequest(`The column ${text} is mapped to ${declared[field].label}, a file field: files cannot be imported.`);
      throw badRequest(
        `The column ${text} is mapped to "${field}", which is not a field of ${def.area.plural}. Choose one of: ${[...fields.values()].map((f) => f.label).join(', ')}.`,
      );
    }
    if (field !== '' && used.has(field)) throw badRequest(`Two columns are mapped to ${fields.get(field)!.label}. Map each field from one column at most.`);
    if (field !== '') used.add(field);
    return { header: text, field };
  });
  return columns;
}
