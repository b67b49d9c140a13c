/**
 * Fuel economy (km per litre) as LubeLogger computes it (hargata/lubelog Helper/GasHelper.cs), per vehicle:
 * the fills in odometer order; the first only sets the start; each later full fill counts the km since the
 * fill before it and its litres, with the km and litres of the partial fills in between carried to it; partial
 * fills after the last full one count nothing yet. The fleet's figure is Σkm ÷ Σlitres over every vehicle,
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

/**
 * The fills of one vehicle at one odometer reading merged into one: the litres of each source summed (two
 * expenses at one reading are two purchases), then the larger of the two sources taken (an expense and a
 * log of the same purchase are one fill). It is partial only when every record of it says so.
 */
function mergeAtOdometer(fills: readonly Fill[]): { odometer: number; litres: number; partial: boolean } {
  const bySource = { expense: 0, log: 0 };
  for (const fill of fills) bySource[fill.source] += fill.litres;
  return { odometer: fills[0].odometer, litres: Math.max(bySource.expense, bySource.log), partial: fills.every((fill) => fill.partial) };
}

/** One vehicle's counted km and litres from its fills (any order). */
export function vehicleEconomy(fills: readonly Fill[]): { km: number; litres: number; fills: number } {
  const usable = fills.filter((fill) => Number.isFinite(fill.odometer) && fill.odometer >= 0 && fill.litres > 0 && (fill.fuelType === undefined || isLitreFuel(fill.fuelType)));
  const byOdometer = new Map<number, Fill[]>();
  for (const fill of usable) byOdometer.set(fill.odometer, [...(byOdometer.get(fill.odometer) ?? []), fill]);
  const ordered = [...byOdometer.values()].map(mergeAtOdometer).sort((a, b) => a.odometer - b.odometer);
  let [km, litres, counted, carriedKm, carriedLitres] = [0, 0, 0, 0, 0];
  for (let i = 1; i < ordered.length; i++) {
    const fill = ordered[i];
    const delta = fill.odometer - ordered[i - 1].odometer;
    if (fill.partial) {
      carriedKm += delta;
      carriedLitres += fill.litres;
      continue;
    }
    km += carriedKm + delta;
    litres += carriedLitres + fill.litres;
    counted++;
    carriedKm = carriedLitres = 0;
  }
  return { km, litres, fills: counted };
}

/** The fleet's fuel economy: every vehicle's fills computed apart, then Σkm ÷ Σlitres. */
export function fuelEconomy(fills: Iterable<Fill>): FuelEconomy {
  const byVehicle = new Map<string, Fill[]>();
  for (const fill of fills) {
    const list = byVehicle.get(fill.vehicleId);
    if (list) list.push(fill);
    else byVehicle.set(fill.vehicleId, [fill]);
  }
  let [km, litres, counted, vehicles] = [0, 0, 0, 0];
  for (const list of byVehicle.values()) {
    const economy = vehicleEconomy(list);
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
