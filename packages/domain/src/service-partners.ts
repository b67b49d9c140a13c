import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';

export const SERVICE_TYPES = ['Towing', 'Tyres', 'Battery', 'Engine', 'Accident Response', 'General Repair', 'Fuel Delivery'] as const;

const COORDINATE = /^-?\d{1,3}(?:\.\d{1,12})?$/;
/**
 * 'latitude,longitude' (e.g. 19.0760,72.8777) as numbers, or null when the text is not one. The length is
 * checked first and each part is matched by a pattern without nested repeats, so no input can backtrack.
 */
export function parseGeoLocation(text: string): { lat: number; lon: number } | null {
  if (text.length > 60) return null;
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 2 || !parts.every((part) => COORDINATE.test(part))) return null;
  const [lat, lon] = parts.map(Number);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

/** A location as stored: 'latitude,longitude' without spaces around the comma. */
export const tidyGeoLocation = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .join(',');

export const servicePartnersArea = declareArea({
  key: 'service-partners',
  singular: 'service partner',
  plural: 'service partners',
  idFormat: { prefix: 'SP', timeDigits: 5, randomChars: 3 },
  fields: {
    partnerName: field.text({ label: 'Partner Name', required: true, max: 150, sort: true, placeholder: 'e.g. Highway Rescue Towing' }),
    serviceTypes: field.choices(SERVICE_TYPES, { label: 'Service Types', required: true, filter: true }),
    contactInfo: field.text({ label: 'Contact Info', required: true, max: 200, sort: true, placeholder: 'e.g. +91 98220 12345' }),
    availability: field.text({ label: 'Availability', max: 100, default: '24/7', sort: true, placeholder: 'e.g. 24/7 or 8 AM – 8 PM' }),
    geoLocation: field.text({ label: 'Geo Location (lat,long)', max: 60, placeholder: 'e.g. 18.5204,73.8567' }),
    rating: field.rating({ label: 'Rating (0-5)', sort: true }),
    notes: field.text({ label: 'Notes', multiline: true }),
  },
  required: { title: 'Missing Fields', message: 'Partner Name, at least one Service Type, and Contact Info are required.' },
  rules: [
    (v) =>
      v.rating !== null && (v.rating < 0 || v.rating > 5) ? { title: 'Invalid Rating', message: 'Rating must be between 0 and 5.', fields: ['rating'] } : null,
    (v) =>
      v.geoLocation.trim() !== '' && !parseGeoLocation(v.geoLocation)
        ? { title: 'Invalid Location', message: 'Geo Location must be latitude,longitude in degrees, e.g. 18.5204,73.8567.', fields: ['geoLocation'] }
        : null,
  ],
  // A rating of zero (or none) is stored as no rating; a location as 'latitude,longitude' without spaces.
  normalize: (v) => ({ ...v, rating: v.rating === 0 ? null : v.rating, geoLocation: tidyGeoLocation(v.geoLocation) }),
});

export type ServicePartnerInput = InputOf<typeof servicePartnersArea.fields>;
export type ServicePartner = Stored<ServicePartnerInput>;
