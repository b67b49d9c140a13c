import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';
import { todayIso } from './fields';
import { parseGeoLocation, tidyGeoLocation } from './service-partners';

export const STATION_STATUSES = ['Active', 'Inactive'] as const;
export const STATION_PAYMENT_MODES = ['Postpaid', 'Prepaid'] as const;
export const SETTLEMENT_CYCLES = ['Daily', 'Weekly', 'Monthly', 'Bi-Monthly'] as const;
/** What a partner station sells; a refuelling log names one of these. */
export const STATION_FUEL_TYPES = ['Diesel', 'Petrol', 'Biofuel', 'CNG', 'Electric'] as const;

export const partnerFuelStationsArea = declareArea({
  key: 'partner-fuel-stations',
  singular: 'station',
  plural: 'stations',
  idFormat: { prefix: 'FS', timeDigits: 5, randomChars: 3 },
  fields: {
    stationName: field.text({ label: 'Station Name', required: true, max: 150, sort: true, placeholder: 'e.g. IOCL COCO Vashi, NH48' }),
    address: field.text({
      label: 'Address',
      required: true,
      max: 300,
      sort: true,
      wide: true,
      placeholder: 'e.g. Sector 17, Vashi, Navi Mumbai, Maharashtra 400703',
    }),
    gpsLocation: field.text({ label: 'GPS Location (lat,lng)', max: 60, placeholder: 'e.g. 19.0771,72.9986' }),
    contactPerson: field.text({ label: 'Contact Person', max: 150, sort: true, placeholder: 'e.g. Sunil Patil' }),
    phone: field.phone({ label: 'Phone', required: true, placeholder: 'e.g. +91 98200 12345' }),
    email: field.email({ label: 'Email', required: true, placeholder: 'e.g. vashi.nh48@iocl-partner.in' }),
    status: field.choice(STATION_STATUSES, { label: 'Status', default: 'Active', sort: true, filter: true }),
    paymentMode: field.choice(STATION_PAYMENT_MODES, { label: 'Payment Mode', default: 'Postpaid' }),
    creditLimit: field.money({ label: 'Credit Limit (₹)', default: 0 }),
    fuelTypes: field.choices(STATION_FUEL_TYPES, { label: 'Fuel Types', default: () => ['Diesel'] }),
    partnerSince: field.date({ label: 'Partner Since', default: todayIso }),
    contractStartDate: field.date({ label: 'Contract Start Date' }),
    contractEndDate: field.date({ label: 'Contract End Date' }),
    pricingStructure: field.text({ label: 'Pricing Structure', multiline: true, wide: true, max: 1000, default: 'Standard rates apply.' }),
    settlementCycle: field.choice(SETTLEMENT_CYCLES, { label: 'Settlement Cycle', default: 'Monthly' }),
  },
  required: { title: 'Missing Fields', message: 'Station Name, Address, Phone, and Email are required.' },
  rules: [
    (v) =>
      v.contractStartDate && v.contractEndDate && v.contractStartDate > v.contractEndDate
        ? { title: 'Invalid Contract Dates', message: 'Contract Start Date cannot be after End Date.', fields: ['contractStartDate', 'contractEndDate'] }
        : null,
    (v) =>
      v.creditLimit !== null && v.creditLimit < 0
        ? { title: 'Invalid Credit Limit', message: 'Credit Limit cannot be negative.', fields: ['creditLimit'] }
        : null,
    (v) =>
      v.gpsLocation.trim() !== '' && !parseGeoLocation(v.gpsLocation)
        ? { title: 'Invalid Location', message: 'GPS Location must be latitude,longitude in degrees, e.g. 19.0771,72.9986.', fields: ['gpsLocation'] }
        : null,
  ],
  // A location is stored as 'latitude,longitude' without spaces.
  normalize: (v) => ({ ...v, gpsLocation: tidyGeoLocation(v.gpsLocation) }),
});

export type PartnerFuelStationInput = InputOf<typeof partnerFuelStationsArea.fields>;
export type PartnerFuelStation = Stored<PartnerFuelStationInput>;
