import type { VehicleType } from '@raahi/domain';

/** What a vehicle runs on and how much one fill can take at most: litres, kg of CNG, or kWh of battery. */
export interface VehicleFuel {
  fuel: 'Diesel' | 'Petrol' | 'CNG' | 'Electric';
  tank: number;
}

/**
 * By the models of the seed's catalogue (vehicles.ts), from their makers' sheets, rounded: a Tata Ace's
 * 30 L of diesel, a Splendor's 9.8 L of petrol, an Ertiga's 10 kg of CNG. Heavy trucks take the default.
 */
const BY_MODEL: Readonly<Record<string, VehicleFuel>> = {
  'Ace Gold': { fuel: 'Diesel', tank: 30 },
  'Intra V30': { fuel: 'Diesel', tank: 35 },
  'Yodha 2.0': { fuel: 'Diesel', tank: 45 },
  'Ultra T.7': { fuel: 'Diesel', tank: 90 },
  'Ultra 1918.T': { fuel: 'Diesel', tank: 200 },
  'LPT 1613': { fuel: 'Diesel', tank: 225 },
  'Prima 2830.K': { fuel: 'Diesel', tank: 300 },
  'Signa 4825.TK': { fuel: 'Diesel', tank: 300 },
  'Dost+': { fuel: 'Diesel', tank: 40 },
  'Bada Dost i4': { fuel: 'Diesel', tank: 40 },
  'Partner 6 Tyre': { fuel: 'Diesel', tank: 60 },
  'Ecomet 1615': { fuel: 'Diesel', tank: 185 },
  'Boss 1920': { fuel: 'Diesel', tank: 220 },
  'Pro 2049': { fuel: 'Diesel', tank: 60 },
  'Pro 2059XP': { fuel: 'Diesel', tank: 90 },
  'Pro 3015': { fuel: 'Diesel', tank: 190 },
  'Pro 3019': { fuel: 'Diesel', tank: 190 },
  'Blazo X 28': { fuel: 'Diesel', tank: 300 },
  'Furio 14': { fuel: 'Diesel', tank: 165 },
  'Furio 7': { fuel: 'Diesel', tank: 90 },
  'Bolero Pickup': { fuel: 'Diesel', tank: 60 },
  'Bolero Maxx Pik-Up': { fuel: 'Diesel', tank: 60 },
  Jeeto: { fuel: 'Diesel', tank: 17 },
  '1617R': { fuel: 'Diesel', tank: 215 },
  '2823C': { fuel: 'Diesel', tank: 300 },
  '3528C': { fuel: 'Diesel', tank: 300 },
  '1015R': { fuel: 'Diesel', tank: 160 },
  'Super Carry': { fuel: 'CNG', tank: 9 },
  'D-Max S-CAB': { fuel: 'Diesel', tank: 55 },
  'D-Max Regular Cab': { fuel: 'Diesel', tank: 55 },
  'Eeco Cargo': { fuel: 'CNG', tank: 9 },
  Eeco: { fuel: 'Petrol', tank: 32 },
  Winger: { fuel: 'Diesel', tank: 60 },
  'Traveller 3350': { fuel: 'Diesel', tank: 70 },
  Urbania: { fuel: 'Diesel', tank: 80 },
  'Supro Van': { fuel: 'Diesel', tank: 33 },
  'Dzire Tour S': { fuel: 'CNG', tank: 9 },
  'Ertiga Tour': { fuel: 'CNG', tank: 10 },
  'Innova Crysta': { fuel: 'Diesel', tank: 55 },
  'Bolero Neo': { fuel: 'Diesel', tank: 50 },
  'Scorpio-N': { fuel: 'Diesel', tank: 57 },
  'D-Max V-Cross': { fuel: 'Diesel', tank: 55 },
  Starbus: { fuel: 'Diesel', tank: 160 },
  Viking: { fuel: 'Diesel', tank: 185 },
  'Lynx Smart': { fuel: 'Diesel', tank: 160 },
  'Skyline Pro 3011': { fuel: 'Diesel', tank: 120 },
  'Traveller 26': { fuel: 'Diesel', tank: 70 },
  '9600': { fuel: 'Diesel', tank: 480 },
  'Splendor Plus': { fuel: 'Petrol', tank: 9.8 },
  Shine: { fuel: 'Petrol', tank: 10.5 },
  'Pulsar 150': { fuel: 'Petrol', tank: 15 },
  'Apache RTR 160': { fuel: 'Petrol', tank: 12 },
  'Bullet 350': { fuel: 'Petrol', tank: 13 },
  'Ape Xtra LDX': { fuel: 'Diesel', tank: 10.5 },
  'Treo Zor': { fuel: 'Electric', tank: 7.4 },
  'Maxima Cargo': { fuel: 'Diesel', tank: 10 },
};

/** Any other model (one entered by hand) by its type. A trailer has no engine: it is never refuelled. */
const BY_TYPE: Readonly<Record<VehicleType, VehicleFuel | null>> = {
  Truck: { fuel: 'Diesel', tank: 400 },
  Van: { fuel: 'Diesel', tank: 60 },
  Trailer: null,
  Car: { fuel: 'Petrol', tank: 45 },
  Bus: { fuel: 'Diesel', tank: 200 },
  Motorcycle: { fuel: 'Petrol', tank: 15 },
  Other: { fuel: 'Diesel', tank: 12 },
};

export function vehicleFuel(type: string, model: string): VehicleFuel | null {
  if (type === 'Trailer') return null;
  return BY_MODEL[model] ?? BY_TYPE[type as VehicleType] ?? BY_TYPE.Other;
}

/**
 * How far a vehicle runs on one unit of its fuel (km per litre, kg of CNG or kWh), by its fuel and tank: a 300 L
 * Prima about 3.6 km/L, a 200 L Ultra 1918 4.4, a 60 L Bolero Pickup 11, a CNG Eeco 22 km/kg. The seed's fills
 * and odometers agree on it (fill-odometers.ts, in SQL: economySql), and a trip's diesel is what its km take.
 */
const ECONOMY_BY_FUEL: Readonly<Partial<Record<VehicleFuel['fuel'], number>>> = { CNG: 22, Electric: 7 };
const ECONOMY_BY_TANK: readonly (readonly [minTank: number, km: number])[] = [
  [250, 3.6],
  [150, 4.4],
  [80, 7],
  [40, 11],
  [20, 14],
  [0, 45],
];

export function vehicleEconomy(runsOn: VehicleFuel): number {
  return ECONOMY_BY_FUEL[runsOn.fuel] ?? ECONOMY_BY_TANK.find(([minTank]) => runsOn.tank >= minTank)![1];
}

/** vehicleEconomy in SQL, of the columns (or expressions) `fuel` and `tank`. */
export function economySql(fuel: string, tank: string): string {
  const byFuel = Object.entries(ECONOMY_BY_FUEL).map(([name, km]) => `WHEN ${fuel} = '${name}' THEN ${km}`);
  const byTank = ECONOMY_BY_TANK.map(([minTank, km]) => `WHEN ${tank} >= ${minTank} THEN ${km}`);
  return `(CASE ${[...byFuel, ...byTank].join(' ')} END)`;
}

/**
 * A vehicle's class for what a trip on it earns and pays at the toll plazas: heavy (a 150 L tank or more, a
 * trailer, a bus), medium (80–150 L: a 7-tonne Ultra T.7 or Furio 7) or light (a Tata Ace, a pickup, a van).
 */
export type VehicleClass = 'light' | 'medium' | 'heavy';

export function vehicleClass(type: string, model: string): VehicleClass {
  if (type === 'Trailer' || type === 'Bus') return 'heavy';
  const runsOn = vehicleFuel(type, model)!;
  if (runsOn.fuel === 'CNG' || runsOn.fuel === 'Electric') return 'light';
  return runsOn.tank >= 150 ? 'heavy' : runsOn.tank >= 80 ? 'medium' : 'light';
}

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The same in SQL, for the set-based seeds: `(SELECT fuel, tank ...)` of the vehicle row `alias`, as a
 * LATERAL subquery giving f.fuel and f.tank (no row for a trailer).
 */
export function vehicleFuelSql(alias: string): string {
  const models = Object.entries(BY_MODEL).map(([model, f]) => `(${quoted(model)}, ${quoted(f.fuel)}, ${f.tank})`);
  const types = Object.entries(BY_TYPE).flatMap(([type, f]) => (f ? [`(${quoted(type)}, ${quoted(f.fuel)}, ${f.tank})`] : []));
  return `LATERAL (
    SELECT coalesce(m.fuel, t.fuel, 'Diesel') AS fuel, coalesce(m.tank, t.tank, ${BY_TYPE.Other!.tank})::float8 AS tank
    FROM (SELECT 1) AS one
    LEFT JOIN (VALUES ${models.join(', ')}) AS m(model, fuel, tank) ON m.model = ${alias}.model
    LEFT JOIN (VALUES ${types.join(', ')}) AS t(type, fuel, tank) ON t.type = ${alias}.type
    WHERE ${alias}.type <> 'Trailer'
  ) AS f`;
}
