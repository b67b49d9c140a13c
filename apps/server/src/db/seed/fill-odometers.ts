import type { Database } from '../client';
import { vehicleFuelSql } from './vehicle-fuel';

/**
 * The odometers of the seeded fills made to agree with what they hold: each fill tops up what the vehicle burned
 * since its fill before, so the km between two of a vehicle's fills is the later fill's litres (kg, kWh) × the
 * vehicle's economy (a 300 L Prima about 3.6 km/L, a Bolero Pickup about 11, a CNG Eeco about 22 km/kg), give or
 * take a tenth from fill to fill. Walking back from the vehicle's recorded mileage (its latest fill), every fuel
 * expense and refuelling log of the vehicle with a reading gets a new one (a log seeded without a reading, as
 * some are, stays without and out of the count); readings on other expenses (a toll, a meal) are
 * dropped, as drivers rarely note one there, so a vehicle's readings never contradict each other. Without this
 * the fills' odometers were drawn at random and the dashboard's fuel economy said 200 km/L.
 *
 * One statement (set-based, as fast at 100,000 vehicles as at 200); the fuel_fills triggers count the result.
 */
export async function agreeFillOdometers(database: Database): Promise<void> {
  // A number in [0, 1) that stays the same for one text (a vehicle's, a record's id): no generator state to keep.
  const unit = (text: string) => `((hashtext(${text}) & 1023) / 1024.0)`;
  await database.exec(`
    WITH fleet AS (
      SELECT ve.id, ve.current_mileage AS mileage,
             (CASE WHEN f.fuel = 'CNG' THEN 22 WHEN f.fuel = 'Electric' THEN 7
                   WHEN f.tank >= 250 THEN 3.6 WHEN f.tank >= 150 THEN 4.4 WHEN f.tank >= 80 THEN 7
                   WHEN f.tank >= 40 THEN 11 WHEN f.tank >= 20 THEN 14 ELSE 45 END) * (0.9 + 0.2 * ${unit('ve.id')}) AS economy
        FROM vehicles ve, ${vehicleFuelSql('ve')}
       WHERE ve.current_mileage IS NOT NULL),
    fills AS (
      SELECT 'expense' AS source, e.id, e.vehicle_id, e.date::timestamp + interval '12 hours' AS at, e.quantity
        FROM fuel_expenses e WHERE e.type = 'Fuel' AND e.vehicle_id IS NOT NULL AND e.odometer IS NOT NULL AND e.quantity > 0
      UNION ALL
      SELECT 'log', l.id, l.vehicle_id, l."timestamp" AT TIME ZONE 'UTC', l.quantity
        FROM refueling_logs l WHERE l.odometer IS NOT NULL AND l.quantity > 0 AND l."timestamp" IS NOT NULL),
    placed AS (
      SELECT f.source, f.id,
             greatest(0, round(fl.mileage - coalesce(sum(f.quantity * fl.economy * (0.9 + 0.2 * ${unit('f.id')})) OVER later, 0)))::int AS odometer
        FROM fills f JOIN fleet fl ON fl.id = f.vehicle_id
      WINDOW later AS (PARTITION BY f.vehicle_id ORDER BY f.at DESC, f.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)),
    expenses AS (
      UPDATE fuel_expenses e SET odometer = CASE WHEN e.type = 'Fuel' THEN p.odometer END
        FROM fuel_expenses x LEFT JOIN placed p ON p.source = 'expense' AND p.id = x.id
       WHERE e.id = x.id AND e.odometer IS DISTINCT FROM CASE WHEN e.type = 'Fuel' THEN p.odometer END)
    UPDATE refueling_logs l SET odometer = p.odometer
      FROM placed p WHERE p.source = 'log' AND p.id = l.id AND l.odometer IS DISTINCT FROM p.odometer`);
}
