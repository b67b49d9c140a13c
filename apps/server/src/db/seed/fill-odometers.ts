import type { Database } from '../client';
import { withTriggersDisabled } from './bulk-insert';
import { economySql, vehicleFuelSql } from './vehicle-fuel';

/**
 * The odometers of the seeded fills made to agree with what they hold: each fill tops up what the vehicle burned
 * since its fill before, so the km between two of a vehicle's fills is the later fill's litres (kg, kWh) × the
 * vehicle's economy (vehicleEconomy: a 300 L Prima about 3.6 km/L, a Bolero Pickup about 11, a CNG Eeco about
 * 22 km/kg), give or take a tenth from fill to fill. Walking back from the vehicle's recorded mileage (its latest
 * fill), every fuel expense and refuelling log of the vehicle with a reading gets a new one (a log seeded without a
 * reading, as some are, stays without and out of the count); readings on other expenses (a toll, a meal) are
 * dropped, as drivers rarely note one there, so a vehicle's readings never contradict each other. So are the
 * readings of a vehicle without a recorded mileage (nothing to walk back from) and those the walk would put below
 * zero (older fills than the mileage covers): a random or zero reading there made one fill count a hundred
 * thousand km. Without this the fills' odometers were drawn at random and the dashboard's fuel economy said 200 km/L.
 *
 * One statement (set-based, as fast at 100,000 vehicles as at 200); the fuel_fills triggers count the result.
 * `staged`: a bulk load's stage of new fuel expenses (bulkLoad's staged hook), whose fills get their readings before
 * they go in, placed among those stored and the refuelling logs (which are then put right by the call without it):
 * the expenses' kept fills and odometers are then made once, from the readings they keep.
 */
export async function agreeFillOdometers(database: Database, options: { staged?: string } = {}): Promise<void> {
  // A number in [0, 1) that stays the same for one text (a vehicle's, a record's id): no generator state to keep.
  const unit = (text: string) => `((hashtext(${text}) & 1023) / 1024.0)`;
  const expenseFills = (table: string, source: string) =>
    `SELECT '${source}' AS source, e.id, e.vehicle_id, e.date::timestamp + interval '12 hours' AS at, e.quantity
       FROM ${table} e WHERE e.type = 'Fuel' AND e.vehicle_id IS NOT NULL AND e.odometer IS NOT NULL AND e.quantity > 0`;
  const placed = `
    fleet AS (
      SELECT ve.id, ve.current_mileage AS mileage,
             ${economySql('f.fuel', 'f.tank')} * (0.9 + 0.2 * ${unit('ve.id')}) AS economy
        FROM vehicles ve, ${vehicleFuelSql('ve')}
       WHERE ve.current_mileage IS NOT NULL),
    fills AS (
      ${expenseFills('fuel_expenses', 'expense')}
      UNION ALL${
        options.staged
          ? ` ${expenseFills(options.staged, 'staged')}
      UNION ALL`
          : ''
      }
      SELECT 'log', l.id, l.vehicle_id, l."timestamp" AT TIME ZONE 'UTC', l.quantity
        FROM refueling_logs l WHERE l.odometer IS NOT NULL AND l.quantity > 0 AND l."timestamp" IS NOT NULL),
    placed AS (
      SELECT source, id, CASE WHEN km >= 0 THEN km::int END AS odometer
        FROM (SELECT f.source, f.id, round(fl.mileage - coalesce(sum(f.quantity * fl.economy * (0.9 + 0.2 * ${unit('f.id')})) OVER later, 0)) AS km
                FROM fills f JOIN fleet fl ON fl.id = f.vehicle_id
              WINDOW later AS (PARTITION BY f.vehicle_id ORDER BY f.at DESC, f.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)) walked)`;
  if (options.staged) {
    await database.exec(`WITH ${placed}
      UPDATE ${options.staged} e SET odometer = p.odometer FROM placed p WHERE p.source = 'staged' AND p.id = e.id AND e.odometer IS DISTINCT FROM p.odometer`);
    return;
  }
  // The search texts do not read the odometers: their triggers are off while the readings are rewritten.
  const searchOff = (work: () => Promise<void>) =>
    withTriggersDisabled(database, 'fuel_expenses', ['fuel_expenses_search_text'], () =>
      withTriggersDisabled(database, 'refueling_logs', ['refueling_logs_search_text'], work),
    );
  await searchOff(() =>
    database.exec(`
    WITH ${placed},
    expenses AS (
      UPDATE fuel_expenses e SET odometer = CASE WHEN e.type = 'Fuel' THEN p.odometer END
        FROM fuel_expenses x LEFT JOIN placed p ON p.source = 'expense' AND p.id = x.id
       WHERE e.id = x.id AND e.odometer IS DISTINCT FROM CASE WHEN e.type = 'Fuel' THEN p.odometer END)
    UPDATE refueling_logs l SET odometer = p.odometer
      FROM refueling_logs x LEFT JOIN placed p ON p.source = 'log' AND p.id = x.id
     WHERE l.id = x.id AND l.odometer IS DISTINCT FROM p.odometer`),
  );
}
