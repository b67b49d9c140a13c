import { weightedTable, type Random } from './random';

/**
 * Indian geography for demo data: registration (RTO) codes for number plates and the freight
 * cities that trips will run between. Weights follow where road freight is registered and moves:
 * Maharashtra, Tamil Nadu (Namakkal's truck owners), Gujarat's ports, the NCR and Karnataka lead.
 */
export interface RegistrationState {
  code: string;
  name: string;
  /** Share of the demo fleet registered in this state. */
  weight: number;
  /** Highest district (RTO) number in use; numbers run from `firstDistrict`. */
  firstDistrict: number;
  lastDistrict: number;
  /** Busy RTOs (transport hubs) that register many more commercial vehicles than the rest. */
  hubs: Record<number, number>;
}

export const REGISTRATION_STATES: readonly RegistrationState[] = [
  // Mumbai (01-03, 47), Thane 04, Kolhapur 09, Pune 12, Pimpri-Chinchwad 14, Nashik 15, Aurangabad 20, Nagpur 31/40, Navi Mumbai 43, Panvel 46
  {
    code: 'MH',
    name: 'Maharashtra',
    weight: 18,
    firstDistrict: 1,
    lastDistrict: 51,
    hubs: { 1: 2, 2: 2, 3: 2, 4: 5, 9: 2, 12: 6, 14: 4, 15: 3, 20: 2, 31: 3, 40: 3, 43: 5, 46: 5, 47: 2 },
  },
  // Namakkal 28/88, Salem 30, Chennai 01/09/22, Coimbatore 37/38, Madurai 58, Tiruchirappalli 45
  {
    code: 'TN',
    name: 'Tamil Nadu',
    weight: 11,
    firstDistrict: 1,
    lastDistrict: 99,
    hubs: { 1: 3, 9: 3, 22: 3, 28: 8, 30: 4, 37: 3, 38: 3, 45: 2, 58: 2, 88: 6 },
  },
  // Ahmedabad 01/27, Rajkot 03, Surat 05, Vadodara 06, Kutch (Kandla, Mundra) 12, Gandhinagar 18
  { code: 'GJ', name: 'Gujarat', weight: 10, firstDistrict: 1, lastDistrict: 39, hubs: { 1: 6, 3: 3, 5: 5, 6: 4, 12: 6, 18: 2, 27: 3 } },
  // Bengaluru 01-05, 51, 53; Mysuru 09; Mangaluru 19; Hubballi 25
  { code: 'KA', name: 'Karnataka', weight: 9, firstDistrict: 1, lastDistrict: 70, hubs: { 1: 4, 2: 3, 3: 3, 4: 3, 5: 5, 9: 2, 19: 2, 25: 2, 51: 4, 53: 3 } },
  // Saharanpur 11 ... Ghaziabad 14, Meerut 15, Noida 16, Lucknow 32, Varanasi 65, Prayagraj 70, Kanpur 78, Agra 80
  { code: 'UP', name: 'Uttar Pradesh', weight: 8, firstDistrict: 11, lastDistrict: 96, hubs: { 14: 6, 15: 3, 16: 5, 32: 5, 65: 2, 70: 2, 78: 4, 80: 3 } },
  // Gurugram 26/55, Faridabad 38/51, Rewari 47, Rohtak 46
  { code: 'HR', name: 'Haryana', weight: 6, firstDistrict: 1, lastDistrict: 99, hubs: { 26: 5, 38: 4, 46: 2, 47: 3, 51: 3, 55: 8 } },
  // Ajmer 01, Alwar 02, Bhilwara 06, Chittorgarh 09, Jaipur 14, Jodhpur 19, Udaipur 27
  { code: 'RJ', name: 'Rajasthan', weight: 6, firstDistrict: 1, lastDistrict: 59, hubs: { 1: 2, 2: 3, 6: 2, 9: 2, 14: 7, 19: 4, 27: 3 } },
  { code: 'DL', name: 'Delhi', weight: 5, firstDistrict: 1, lastDistrict: 13, hubs: { 1: 4, 3: 2, 8: 2, 12: 2 } },
  // Amritsar 02, Jalandhar 08, Ludhiana 10, Patiala 11, Mohali 65
  { code: 'PB', name: 'Punjab', weight: 4, firstDistrict: 1, lastDistrict: 91, hubs: { 2: 3, 8: 3, 10: 6, 11: 2, 65: 2 } },
  // Bhopal 04, Gwalior 07, Indore 09, Jabalpur 20
  { code: 'MP', name: 'Madhya Pradesh', weight: 4, firstDistrict: 1, lastDistrict: 71, hubs: { 4: 4, 7: 2, 9: 6, 20: 2 } },
  // Kolkata 02/04/06, Howrah 11, Asansol 39/41, Siliguri 73/74
  { code: 'WB', name: 'West Bengal', weight: 4, firstDistrict: 1, lastDistrict: 98, hubs: { 2: 3, 4: 3, 6: 2, 11: 4, 39: 2, 41: 2, 73: 3, 74: 2 } },
  // Ranga Reddy 07, Medchal 08, Hyderabad 09-13
  { code: 'TS', name: 'Telangana', weight: 4, firstDistrict: 1, lastDistrict: 38, hubs: { 7: 5, 8: 4, 9: 3, 10: 2, 12: 3, 13: 2 } },
  // Vijayawada 16, Visakhapatnam 31, statewide series 39 (since 2019)
  { code: 'AP', name: 'Andhra Pradesh', weight: 4, firstDistrict: 1, lastDistrict: 40, hubs: { 16: 4, 31: 4, 39: 8 } },
  // Thiruvananthapuram 01, Ernakulam 07, Thrissur 08, Kozhikode 11
  { code: 'KL', name: 'Kerala', weight: 3, firstDistrict: 1, lastDistrict: 86, hubs: { 1: 2, 7: 5, 8: 2, 11: 3 } },
  { code: 'OD', name: 'Odisha', weight: 1.5, firstDistrict: 1, lastDistrict: 35, hubs: { 2: 4, 5: 2, 14: 2 } },
  { code: 'CG', name: 'Chhattisgarh', weight: 1.5, firstDistrict: 4, lastDistrict: 30, hubs: { 4: 5, 7: 3 } },
  { code: 'JH', name: 'Jharkhand', weight: 1.5, firstDistrict: 1, lastDistrict: 24, hubs: { 1: 4, 5: 4 } },
  { code: 'BR', name: 'Bihar', weight: 1.5, firstDistrict: 1, lastDistrict: 57, hubs: { 1: 6, 6: 2 } },
  { code: 'AS', name: 'Assam', weight: 1, firstDistrict: 1, lastDistrict: 34, hubs: { 1: 6 } },
  { code: 'UK', name: 'Uttarakhand', weight: 0.8, firstDistrict: 1, lastDistrict: 20, hubs: { 7: 4, 8: 2 } },
  { code: 'HP', name: 'Himachal Pradesh', weight: 0.5, firstDistrict: 1, lastDistrict: 99, hubs: { 1: 2 } },
  { code: 'GA', name: 'Goa', weight: 0.5, firstDistrict: 1, lastDistrict: 12, hubs: { 1: 2, 8: 2 } },
];

/** Letters used in plate series: I and O are left out because they read as 1 and 0. */
const SERIES_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Per state, a weighted choice of district: every district counts 1, a hub counts 1 + its weight. */
const districtOf = new Map(
  REGISTRATION_STATES.map((state) => {
    const choices: [number, number][] = [];
    for (let d = state.firstDistrict; d <= state.lastDistrict; d++) choices.push([d, 1 + (state.hubs[d] ?? 0) * 4]);
    return [state.code, weightedTable(choices)];
  }),
);
const pickState = weightedTable(REGISTRATION_STATES.map((s) => [s, s.weight] as const));

/** A district (RTO) number of the state, weighted like its vehicle registrations; for driving licences too. */
export function districtIn(random: Random, stateCode: string): number {
  const pick = districtOf.get(stateCode);
  if (!pick) throw new Error(`No RTO districts for the state code ${stateCode}.`);
  return pick(random);
}

/** A registration number as printed on Indian plates, without spaces: MH12AB1234, DL01CA4521, KA05N7788. */
export function licensePlate(random: Random): string {
  const state = pickState(random);
  const district = districtOf.get(state.code)!(random);
  const seriesLength = random.chance(0.9) ? 2 : 1;
  let series = '';
  for (let i = 0; i < seriesLength; i++) series += SERIES_LETTERS[random.int(0, SERIES_LETTERS.length - 1)];
  return state.code + String(district).padStart(2, '0') + series + String(random.int(1, 9999)).padStart(4, '0');
}

/** Freight cities trips will run between (weight: how much traffic starts or ends there). */
export interface City {
  name: string;
  state: string;
  weight: number;
  /** Where it is (degrees), for road distances and so trip durations. */
  lat: number;
  lon: number;
}

export const FREIGHT_CITIES: readonly City[] = [
  { name: 'Mumbai', state: 'MH', weight: 10, lat: 19.08, lon: 72.88 },
  { name: 'Nhava Sheva (JNPT)', state: 'MH', weight: 6, lat: 18.95, lon: 72.95 },
  { name: 'Pune', state: 'MH', weight: 7, lat: 18.52, lon: 73.86 },
  { name: 'Nagpur', state: 'MH', weight: 5, lat: 21.15, lon: 79.09 },
  { name: 'Nashik', state: 'MH', weight: 3, lat: 20.0, lon: 73.79 },
  { name: 'Aurangabad', state: 'MH', weight: 2, lat: 19.88, lon: 75.34 },
  { name: 'Delhi', state: 'DL', weight: 10, lat: 28.7, lon: 77.1 },
  { name: 'Gurugram', state: 'HR', weight: 5, lat: 28.46, lon: 77.03 },
  { name: 'Faridabad', state: 'HR', weight: 3, lat: 28.41, lon: 77.32 },
  { name: 'Noida', state: 'UP', weight: 4, lat: 28.54, lon: 77.39 },
  { name: 'Lucknow', state: 'UP', weight: 4, lat: 26.85, lon: 80.95 },
  { name: 'Kanpur', state: 'UP', weight: 3, lat: 26.45, lon: 80.33 },
  { name: 'Agra', state: 'UP', weight: 2, lat: 27.18, lon: 78.01 },
  { name: 'Varanasi', state: 'UP', weight: 2, lat: 25.32, lon: 82.97 },
  { name: 'Jaipur', state: 'RJ', weight: 4, lat: 26.91, lon: 75.79 },
  { name: 'Jodhpur', state: 'RJ', weight: 2, lat: 26.24, lon: 73.02 },
  { name: 'Udaipur', state: 'RJ', weight: 1, lat: 24.59, lon: 73.71 },
  { name: 'Ahmedabad', state: 'GJ', weight: 7, lat: 23.02, lon: 72.57 },
  { name: 'Surat', state: 'GJ', weight: 4, lat: 21.17, lon: 72.83 },
  { name: 'Vadodara', state: 'GJ', weight: 3, lat: 22.31, lon: 73.18 },
  { name: 'Rajkot', state: 'GJ', weight: 2, lat: 22.3, lon: 70.8 },
  { name: 'Mundra', state: 'GJ', weight: 4, lat: 22.84, lon: 69.72 },
  { name: 'Kandla', state: 'GJ', weight: 3, lat: 23.03, lon: 70.22 },
  { name: 'Chennai', state: 'TN', weight: 8, lat: 13.08, lon: 80.27 },
  { name: 'Coimbatore', state: 'TN', weight: 4, lat: 11.02, lon: 76.96 },
  { name: 'Madurai', state: 'TN', weight: 2, lat: 9.93, lon: 78.12 },
  { name: 'Namakkal', state: 'TN', weight: 2, lat: 11.22, lon: 78.17 },
  { name: 'Tiruppur', state: 'TN', weight: 2, lat: 11.11, lon: 77.34 },
  { name: 'Bengaluru', state: 'KA', weight: 8, lat: 12.97, lon: 77.59 },
  { name: 'Mysuru', state: 'KA', weight: 2, lat: 12.3, lon: 76.64 },
  { name: 'Hubballi', state: 'KA', weight: 2, lat: 15.36, lon: 75.12 },
  { name: 'Mangaluru', state: 'KA', weight: 2, lat: 12.91, lon: 74.86 },
  { name: 'Hyderabad', state: 'TS', weight: 7, lat: 17.39, lon: 78.49 },
  { name: 'Vijayawada', state: 'AP', weight: 3, lat: 16.51, lon: 80.65 },
  { name: 'Visakhapatnam', state: 'AP', weight: 3, lat: 17.69, lon: 83.22 },
  { name: 'Kochi', state: 'KL', weight: 3, lat: 9.93, lon: 76.27 },
  { name: 'Thiruvananthapuram', state: 'KL', weight: 1, lat: 8.52, lon: 76.94 },
  { name: 'Kolkata', state: 'WB', weight: 7, lat: 22.57, lon: 88.36 },
  { name: 'Siliguri', state: 'WB', weight: 2, lat: 26.73, lon: 88.4 },
  { name: 'Ludhiana', state: 'PB', weight: 4, lat: 30.9, lon: 75.86 },
  { name: 'Amritsar', state: 'PB', weight: 2, lat: 31.63, lon: 74.87 },
  { name: 'Indore', state: 'MP', weight: 4, lat: 22.72, lon: 75.86 },
  { name: 'Bhopal', state: 'MP', weight: 2, lat: 23.26, lon: 77.41 },
  { name: 'Raipur', state: 'CG', weight: 2, lat: 21.25, lon: 81.63 },
  { name: 'Bhubaneswar', state: 'OD', weight: 2, lat: 20.3, lon: 85.82 },
  { name: 'Ranchi', state: 'JH', weight: 1, lat: 23.34, lon: 85.31 },
  { name: 'Jamshedpur', state: 'JH', weight: 2, lat: 22.8, lon: 86.2 },
  { name: 'Patna', state: 'BR', weight: 2, lat: 25.59, lon: 85.14 },
  { name: 'Guwahati', state: 'AS', weight: 2, lat: 26.14, lon: 91.74 },
];

/** Road distance between two cities (km): the great-circle distance and a detour factor for Indian highways. */
export function roadKm(a: City, b: City): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 1.25) + 5;
}
