import ExcelJS from 'exceljs';
import type { AnyField } from '@raahi/domain';
import { csvField } from '../http/csv-export';
import type { ResourceDefinition } from '../http/resource';
import { importFields, VERSION_FIELD } from './mapping';

/**
 * An example row per area, as an Indian operator writes it (DD/MM/YYYY, ₹ with Indian grouping, links by plate
 * and licence number), declared as data. Fields without an example here get one from their kind.
 */
const EXAMPLES: Record<string, Record<string, string>> = {
  vehicles: {
    make: 'Tata',
    model: 'Prima 4028.S',
    year: '2022',
    licensePlate: 'MH12AB1234',
    vin: 'MAT448012N3A12345',
    type: 'Truck',
    status: 'Active',
    currentMileage: '84500',
    purchaseDate: '15/03/2022',
  },
  drivers: {
    name: 'Ramesh Kumar',
    license: 'MH1220190012345',
    contact: '+91 98765 43210',
    email: 'ramesh.kumar@example.in',
    status: 'Active',
    joiningDate: '01/04/2021',
    address: 'Plot 12, MIDC Bhosari, Pune 411026',
  },
  trips: {
    origin: 'Pune',
    destination: 'Mumbai',
    vehicleId: 'MH12AB1234',
    driverId: 'MH1220190012345',
    status: 'Scheduled',
    eta: '26/11/2026 18:00',
    startDate: '26/11/2026 06:00',
    endDate: '',
    freight: '₹33,500.00',
    startOdometer: '84500',
    endOdometer: '',
    distanceKm: '150',
    salesOrderId: '',
    notes: 'Steel coils, 24 t',
  },
  'fuel-expenses': {
    type: 'Fuel',
    date: '24/11/2026',
    vehicleId: 'MH12AB1234',
    tripId: '',
    fuelType: 'Diesel',
    quantity: '120',
    pricePerUnit: '₹94.50',
    amount: '₹11,340.00',
    odometer: '84620',
    partialFill: 'No',
    vendor: 'HP Petrol Pump, Khopoli',
    gpsLocation: '',
    description: 'Full tank before the ghat',
  },
  'refueling-logs': {
    vehicleId: 'MH12AB1234',
    driverId: 'MH1220190012345',
    stationId: '',
    fuelType: 'Diesel',
    quantity: '150',
    rate: '94.50',
    totalCost: '₹14,175.00',
    timestamp: '24/11/2026 09:30',
    odometer: '84620',
    partialFill: 'No',
    notes: '',
  },
};

const today = () => {
  const now = new Date();
  return `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
};

/** An example value from a field's kind, where the area declares none. */
function exampleOf(field: AnyField): string {
  switch (field.kind) {
    case 'text':
      return field.format === 'email' ? 'accounts@example.in' : field.format === 'tel' ? '+91 98765 43210' : field.required ? field.label : '';
    case 'number':
    case 'rating':
      return field.required ? '1' : '';
    case 'money':
      return '₹1,000.00';
    case 'date':
      return today();
    case 'datetime':
      return `${today()} 10:00`;
    case 'choice':
      return field.options[0] ? (field.labels?.[field.options[0]] ?? field.options[0]) : '';
    case 'choices':
      return field.options[0] ?? '';
    case 'flag':
      return 'No';
    default:
      return '';
  }
}

/** The template's header (the form's labels, no file fields, no id) and its example row. */
export function templateRows(def: ResourceDefinition, hidden: readonly string[] = []): [string[], string[]] {
  const fields = (def.area as unknown as { fields: Record<string, AnyField> }).fields;
  const columns = importFields(def, hidden).filter((f) => f.field !== 'id' && f.field !== VERSION_FIELD);
  const examples = EXAMPLES[def.area.key] ?? {};
  return [columns.map((c) => c.label), columns.map((c) => examples[c.field] ?? exampleOf(fields[c.field]))];
}

export function templateCsv(def: ResourceDefinition, hidden: readonly string[] = []): string {
  // A byte order mark, as the export writes: Excel then reads ₹ and names in Indian scripts as UTF-8.
  return (
    '\uFEFF' +
    templateRows(def, hidden)
      .map((row) => row.map(csvField).join(',') + '\r\n')
      .join('')
  );
}

export async function templateXlsx(def: ResourceDefinition, hidden: readonly string[] = []): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(def.area.plural);
  const [header, example] = templateRows(def, hidden);
  sheet.addRow(header).font = { bold: true };
  // Every cell as text: a plate or a phone number must not turn into a number, nor a date into a serial.
  sheet.addRow(example).eachCell((cell) => (cell.numFmt = '@'));
  sheet.columns.forEach((column) => (column.width = 20));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
