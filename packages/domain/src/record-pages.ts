import { screenPathOf, type AreaKey } from './areas';

/**
 * A record's whole story (issue 19): the answers behind the vehicle, driver and trip pages and the money of a
 * trip and of a vehicle over a period. Shared by the server (which computes them) and the web (which shows them).
 * Money is rupees with paise (2 decimals); a figure whose input is missing is null (shown "N/A"), never 0.
 */

/** What a vehicle's cost in a period is made of: one line per kind (an expense type, refuelling, job cards, challans). */
export interface CostLine {
  /** 'Fuel', 'Toll', … (a fuel & expense record's type), 'Refuelling', 'Job Cards', 'Challans'. */
  kind: string;
  amount: number;
  /** How many records make it up. */
  records: number;
}

/**
 * A vehicle's costs and km over a period [from, to] (company's calendar days, both included). km is its odometer at
 * the period's end − at its start, each interpolated between the nearest readings by the shared odometer function
 * (packages/domain/src/odometer.ts): null without a reading on both sides of each end. costPerKm is null when km is
 * null or 0.
 */
export interface PeriodCost {
  from: string;
  to: string;
  lines: CostLine[];
  total: number;
  km: number | null;
  costPerKm: number | null;
  /**
   * True when some of the vehicle's costs are left out because the role may not view their area (a workshop user
   * sees job cards only, a dispatcher challans only): the total and cost per km are then those of the lines shown,
   * not the vehicle's whole cost. Absent or false when every kind of cost was counted. Set by the vehicle summary.
   */
  partial?: boolean;
}

/** A chip on a vehicle page: its compliance documents or service schedules in one state, linking to the tab filtered so. */
export interface StateChip {
  /** 'compliance' or 'service-schedules'. */
  area: string;
  state: 'Expired' | 'Overdue' | 'Due Soon';
  count: number;
  /** The screen address of those records (the vehicle page's tab with the state's filter). */
  href: string;
}

/** GET /api/vehicles/:id/summary: the head of the vehicle page. 404 as the vehicle's read when it is not there. */
export interface VehicleSummary {
  id: string;
  licensePlate: string;
  make: string;
  model: string;
  type: string;
  status: string;
  /** The current odometer by the shared odometer function (readings flagged as outliers left out); null without readings. */
  odometerKm: number | null;
  /**
   * The last 90 days: today (company's) and the 89 days before — or, when the vehicle's last odometer reading is
   * before today, the 90 days up to that reading (no reading lies after today, so a km needs the window to end at
   * one; decision 0042). `from` and `to` say which days.
   */
  last90Days: PeriodCost;
  /** km per litre over the same 90 days, as the dashboard computes it (partial fills, litre fuels only); null when none. */
  kmPerLitre: number | null;
  chips: StateChip[];
}

/** GET /api/drivers/:id/summary: the head of the driver page. */
export interface DriverSummary {
  id: string;
  name: string;
  license: string;
  contact: string;
  status: string;
  joiningDate: string | null;
  /** Whether the signed-in user may see the driver's personal data (health records, the Aadhaar card). */
  personalData: boolean;
}

/**
 * The money a trip's read (GET /api/trips/:id and each trip of the list) carries beside its fields (freight,
 * distanceKm, salesOrderId): cost = the sum of its fuel & expense records, refuelling logs and challans (a stored
 * total kept in the write's transaction); margin = freight − cost; per km when the distance is known. Null where an
 * input is missing.
 */
export interface TripMoney {
  cost: number;
  margin: number | null;
  costPerKm: number | null;
  revenuePerKm: number | null;
}

/** Rupees per km to the paisa: null when either input is missing or the km is not above 0 (never a division by 0). */
export function perKm(amount: number | null, km: number | null): number | null {
  if (amount === null || km === null || !(km > 0)) return null;
  return Math.round((amount / km) * 100) / 100;
}

/** The areas whose records have a page of their own (issue 19): their screen's path and the id (`<path>/:id`). */
export const RECORD_PAGE_AREAS = ['vehicles', 'drivers', 'trips'] as const satisfies readonly AreaKey[];
export type RecordPageArea = (typeof RECORD_PAGE_AREAS)[number];

export const hasRecordPage = (area: string): area is RecordPageArea => (RECORD_PAGE_AREAS as readonly string[]).includes(area);

/** The address of a record's page, on one of its tabs (`?tab=documents`) when named. */
export function recordPageOf(area: RecordPageArea, id: string, tab?: string): string {
  const path = `${screenPathOf(area)}/${encodeURIComponent(id)}`;
  return tab ? `${path}?tab=${encodeURIComponent(tab)}` : path;
}
