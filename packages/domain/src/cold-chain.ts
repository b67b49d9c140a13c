import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';

export const COLD_CHAIN_STATUSES = ['Optimal', 'Warning', 'Critical', 'Offline'] as const;

const temperature = (label: string, required: boolean, value: number) =>
  field.number({ label, required, default: value, step: 0.1, min: -100, max: 100, sort: true });

export const coldChainArea = declareArea({
  key: 'cold-chain',
  singular: 'cold chain unit',
  plural: 'cold chain units',
  idFormat: { prefix: 'CCU', timeDigits: 5, randomChars: 3 },
  fields: {
    name: field.text({ label: 'Name', required: true, max: 120, sort: true, placeholder: 'e.g. Reefer Unit 12' }),
    tripId: field.reference('trips', { label: 'Trip ID', required: true }),
    minTemp: temperature('Min Temp (°C)', true, 0),
    maxTemp: temperature('Max Temp (°C)', true, 5),
    currentTemp: temperature('Current Temp (°C)', false, 2.5),
    currentHumidity: field.number({ label: 'Humidity (%)', default: 60, step: 1, min: 0, max: 100, sort: true }),
    status: field.choice(COLD_CHAIN_STATUSES, { label: 'Status', default: 'Optimal', sort: true, filter: true }),
  },
  required: { title: 'Missing Fields', message: 'Please fill in Name, Trip ID, Min Temp, and Max Temp.' },
  rules: [
    (v) =>
      v.minTemp !== null && v.maxTemp !== null && v.minTemp >= v.maxTemp
        ? { title: 'Invalid Temperatures', message: 'Min Temperature must be less than Max Temperature.', fields: ['minTemp', 'maxTemp'] }
        : null,
  ],
});

/** Whether the current temperature lies outside the unit's range (shown red); unknown values are not judged. */
export const outOfRange = (u: { minTemp: number | null; maxTemp: number | null; currentTemp: number | null }) =>
  u.currentTemp !== null && ((u.minTemp !== null && u.currentTemp < u.minTemp) || (u.maxTemp !== null && u.currentTemp > u.maxTemp));

export type ColdChainInput = InputOf<typeof coldChainArea.fields>;
export type ColdChainUnit = Stored<ColdChainInput> & { tripLabel: string | null };
