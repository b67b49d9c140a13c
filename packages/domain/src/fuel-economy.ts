/**
 * Fuel economy (km per litre) as LubeLogger computes it (hargata/lubelog Helper/GasHelper.cs), per vehicle:
 * the fills in odometer order; the vehicle's first fill only sets the start; each later full fill counts the km
 * since the fill before it and its litres, with the km and litres of the partial fills in between carried to it;
 * partial fills after the last full one count nothing yet. A period's figure is that of the full fills made in it
 * (each counting from the fill before it, whenever that was). The fleet's figure is Σkm ÷ Σlitres over every vehicle,
 * never a mean of per-fill or per-vehicle ratios. Only fuels sold by the litre count: CNG (kg) and electric
 * charge (kWh) are left out. Decision 0036.
 */

/** Fuels measured in litres, whose fills fuel economy counts (the fuel types of expenses and refuelling logs). */
export const LITRE_FUELS = ['Diesel', 'Petrol', 'Biofuel'] as const;

export const isLitreFuel = (fuelType: string | null | undefined): boolean => (LITRE_FUELS as readonly string[]).includes(fuelType ?? '');

/** One recorded fill: a fuel expense or a refuelling log with an odometer reading. */
export interface Fill {
  vehicleId: string;
  odometer: number;
  litres: number;
  partial: boolean;
  /** 'expense' or 'log': an expense and a log of one vehicle at the same odometer are one fill, recorded twice. */
  source: 'expense' | 'log';
  fuelType?: string | null;
  /** The company day of the record (an expense's date, a log's timestamp in the company's zone). */
  day?: string | null;
}

export interface FuelEconomy {
  /** Σkm ÷ Σlitres, or null (N/A) when no full fill follows another fill. */
  kmPerLitre: number | null;
  km: number;
  litres: number;
  /** Full fills that counted. */
  fills: number;
  /** Vehicles with at least one counted fill. */
  vehicles: number;
}

/** A fill as counted: one vehicle's records at one odometer reading merged, with what it counts (null: nothing). */
export interface CountedFill {
  odometer: number;
  litres: number;
  partial: boolean;
  /** The earliest day of its expenses and of its logs (company's days), null without one. */
  expenseDay: string | null;
  logDay: string | null;
  /** A full fill after another fill: the km since the last full fill (or the first fill) and the litres since. */
  km: number | null;
  countedLitres: number | null;
}

const earliest = (days: readonly (string | null | undefined)[]): string | null => days.filter((day): day is string => !!day).sort()[0] ?? null;

/**
 * The fills of one vehicle at one odometer reading merged into one: the litres of each source summed (two
 * expenses at one reading are two purchases), then the larger of the two sources taken (an expense and a
 * log of the same purchase are one fill). It is partial only when every record of it says so.
 */
function mergeAtOdometer(fills: readonly Fill[]): Omit<CountedFill, 'km' | 'countedLitres'> {
  const bySource = { expense: 0, log: 0 };
  for (const fill of fills) bySource[fill.source] += fill.litres;
  return {
    odometer: fills[0].odometer,
    litres: Math.max(bySource.expense, bySource.log),
    partial: fills.every((fill) => fill.partial),
    expenseDay: earliest(fills.filter((fill) => fill.source === 'expense').map((fill) => fill.day)),
    logDay: earliest(fills.filter((fill) => fill.source === 'log').map((fill) => fill.day)),
  };
}

/**
 * One vehicle's fills (any order) as counted, in odometer order: the first only sets the start; each later full
 * fill counts the km since the last full fill (or the first fill) and the litres of the fills since, its own
 * included (the partial fills in between carried to it); partial fills count nothing themselves. The database
 * keeps the same figures per fill as the records are written (migration 0039, fuel_fills).
 */
export function countFills(fills: readonly Fill[]): CountedFill[] {
  const usable = fills.filter(
    (fill) => Number.isFinite(fill.odometer) && fill.odometer >= 0 && fill.litres > 0 && (fill.fuelType === undefined || isLitreFuel(fill.fuelType)),
  );
  const byOdometer = new Map<number, Fill[]>();
  for (const fill of usable) byOdometer.set(fill.odometer, [...(byOdometer.get(fill.odometer) ?? []), fill]);
  const ordered = [...byOdometer.values()].map(mergeAtOdometer).sort((a, b) => a.odometer - b.odometer);
  let start = ordered[0]?.odometer ?? 0;
  let carried = 0;
  return ordered.map((fill, i) => {
    if (i === 0) return { ...fill, km: null, countedLitres: null };
    carried += fill.litres;
    if (fill.partial) return { ...fill, km: null, countedLitres: null };
    const counted = { ...fill, km: fill.odometer - start, countedLitres: carried };
    [start, carried] = [fill.odometer, 0];
    return counted;
  });
}

/** Company days, both included: a fill counts in it when the earliest day of its expenses or of its logs does. */
export interface FuelWindow {
  from: string;
  to: string;
}

const inWindow = (fill: CountedFill, window: FuelWindow | undefined) =>
  !window || [fill.expenseDay, fill.logDay].some((day) => day !== null && day >= window.from && day <= window.to);

/** One vehicle's counted km and litres from its fills (any order), of the full fills in the window when one is given. */
export function vehicleEconomy(fills: readonly Fill[], window?: FuelWindow): { km: number; litres: number; fills: number } {
  let [km, litres, counted] = [0, 0, 0];
  for (const fill of countFills(fills)) {
    if (fill.km === null || fill.countedLitres === null || !inWindow(fill, window)) continue;
    km += fill.km;
    litres += fill.countedLitres;
    counted++;
  }
  return { km, litres, fills: counted };
}

/** The fleet's fuel economy: every vehicle's fills computed apart, then Σkm ÷ Σlitres (of the window's full fills when given). */
export function fuelEconomy(fills: Iterable<Fill>, window?: FuelWindow): FuelEconomy {
  const byVehicle = new Map<string, Fill[]>();
  for (const fill of fills) {
    const list = byVehicle.get(fill.vehicleId);
    if (list) list.push(fill);
    else byVehicle.set(fill.vehicleId, [fill]);
  }
  let [km, litres, counted, vehicles] = [0, 0, 0, 0];
  for (const list of byVehicle.values()) {
    const economy = vehicleEconomy(list, window);
    if (economy.fills === 0) continue;
    km += economy.km;
    litres += economy.litres;
    counted += economy.fills;
    vehicles++;
  }
  return { kmPerLitre: litres > 0 ? km / litres : null, km, litres, fills: counted, vehicles };
}

/** As the dashboard shows it: '4.5 km/L', or N/A when there is nothing to compute from. */
export const formatFuelEconomy = (kmPerLitre: number | null): string => (kmPerLitre === null ? 'N/A' : `${kmPerLitre.toFixed(1)} km/L`);
