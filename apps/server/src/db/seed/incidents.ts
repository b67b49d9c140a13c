import { incidentsArea, type INCIDENT_SEVERITIES, type INCIDENT_STATUSES, type INCIDENT_TYPES } from '@raahi/domain';
import type { Database } from '../client';
import { bulkLoad, type BulkColumn, type ComputedColumns } from './bulk-insert';
import { DAY, HOUR, seededId, YEAR, type SeedOptions } from './common';
import { weightedTable } from './random';

type IncidentType = (typeof INCIDENT_TYPES)[number];
type Severity = (typeof INCIDENT_SEVERITIES)[number];
type Status = (typeof INCIDENT_STATUSES)[number];

// Photos (images) are left empty: demo data carries no files.
export const INCIDENT_COLUMNS: readonly BulkColumn[] = [
  { name: 'id', type: 'text' },
  { name: 'type', type: 'text' },
  { name: 'severity', type: 'text' },
  { name: 'date_time', type: 'timestamptz' },
  { name: 'location', type: 'text' },
  { name: 'description', type: 'text' },
  { name: 'vehicle_id', type: 'text' },
  { name: 'driver_id', type: 'text' },
  { name: 'reported_by', type: 'text' },
  { name: 'status', type: 'text' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
  { name: 'version', type: 'integer' },
];

/** As the incidents_search_text trigger (migration 0010) computes it, over the batch's row `u`. */
export const INCIDENT_SEARCH_TEXT: ComputedColumns = {
  values: {
    search_text: `lower(concat_ws(E'\\n', u.id, u.type, u.location, u.description, vehicle_label(v.make, v.model, v.license_plate, v.id), driver_label(d.name, d.id)))`,
  },
  joins: 'LEFT JOIN vehicles v ON v.id = u.vehicle_id LEFT JOIN drivers d ON d.id = u.driver_id',
};
export const INCIDENT_SEARCH_TRIGGER = 'incidents_search_text';

/** Stretches of Indian highways where freight incidents happen. */
const PLACES = [
  'NH 48, near Khalapur toll plaza, Raigad (MH)',
  'Mumbai–Pune Expressway, Khandala ghat, km 42 (MH)',
  'NH 48, Vapi check post (GJ)',
  'NH 48, Kishangarh bypass, Ajmer (RJ)',
  'NH 48, Manesar, near the Maruti plant (HR)',
  'NH 44, Panipat toll plaza (HR)',
  'NH 44, Krishnagiri–Hosur stretch (TN)',
  'NH 44, Nagpur outer ring road, Jamtha (MH)',
  'NH 44, Adilabad ghat section (TS)',
  'NH 19, Dhanbad bypass (JH)',
  'NH 19, Aurangabad–Dehri stretch (BR)',
  'NH 16, Vijayawada–Eluru stretch (AP)',
  'NH 16, Kharagpur bypass (WB)',
  'NH 27, Guwahati–Nalbari stretch (AS)',
  'NH 52, Kota bypass (RJ)',
  'NH 66, Kasaragod (KL)',
  'Yamuna Expressway, km 118, Mathura (UP)',
  'Agra–Lucknow Expressway, km 210, Kannauj (UP)',
  'Samruddhi Expressway, km 305, Washim (MH)',
  'Bhiwandi warehouse zone, Mankoli naka (MH)',
  'JNPT container yard gate 3, Nhava Sheva (MH)',
  'Mundra port, CFS gate (GJ)',
];

/** What happened, by type, with how bad such incidents usually are. */
const EVENTS: Record<IncidentType, readonly (readonly [string, Severity])[]> = {
  'Minor Accident': [
    ['Rear-ended by a car in slow traffic; rear bumper and tail lamp damaged', 'Low'],
    ['Side mirror hit by an overtaking bus', 'Low'],
    ['Scraped the divider while avoiding a two-wheeler; no injuries', 'Medium'],
    ['Reversing at the dock, hit the loading platform', 'Low'],
  ],
  'Major Accident': [
    ['Collision with a stationary trailer at night in fog; cabin damaged, driver injured and taken to hospital', 'Critical'],
    ['Overturned on the ghat after the brakes faded; cargo spilled on the road', 'Critical'],
    ['Head-on collision with a wrong-side tractor; police FIR registered', 'High'],
  ],
  'Vehicle Breakdown': [
    ['Engine overheated on the climb; stopped on the shoulder', 'Medium'],
    ['Clutch failed; vehicle towed to the nearest workshop', 'Medium'],
    ['Tyre burst on the left rear; spare fitted on the spot', 'Low'],
    ['Air pressure dropped, brakes locked; waiting for a mechanic', 'High'],
    ['Reefer unit stopped; temperature rising above 8 °C', 'High'],
  ],
  'Cargo Damage': [
    ['Tarpaulin torn in the rain; 40 cement bags wet', 'Medium'],
    ['Cartons crushed by shifting load after sudden braking', 'Medium'],
    ['Marble slabs cracked on the broken stretch', 'High'],
    ['Seal found tampered at the consignee; shortage of 12 cartons', 'High'],
  ],
  'Theft/Vandalism': [
    ['Diesel siphoned from the tank overnight at a dhaba halt', 'Medium'],
    ['Battery stolen from a parked truck', 'Low'],
    ['Windscreen smashed during a local protest', 'Medium'],
    ['Cargo stolen after the container lock was cut; FIR filed', 'Critical'],
  ],
  'Traffic Violation': [
    ['Challan for overloading at the weighbridge', 'Low'],
    ['Stopped for entering the city during no-entry hours', 'Low'],
    ['Overspeeding caught on the expressway camera', 'Low'],
    ['Driving without a valid permit for the state; vehicle detained', 'High'],
  ],
  Other: [
    ['Driver fell ill on the route; relief driver sent', 'Medium'],
    ['Road blocked by a landslide; vehicle held for 14 hours', 'Medium'],
    ['Held at the state border for e-way bill verification', 'Low'],
  ],
};

const pickType = weightedTable<IncidentType>([
  ['Minor Accident', 3],
  ['Major Accident', 0.6],
  ['Vehicle Breakdown', 4],
  ['Cargo Damage', 1.5],
  ['Theft/Vandalism', 1],
  ['Traffic Violation', 2],
  ['Other', 0.8],
]);
const REPORTERS = ['Control Room (Pune)', 'Control Room (Gurugram)', 'Fleet Supervisor', 'Highway patrol', 'Consignee', 'Branch Manager'];

/** Inserts `count` incidents over the last 18 months, most naming a vehicle and its driver; recent ones are still open. */
export async function seedIncidents(database: Database, options: SeedOptions): Promise<{ inserted: number; ids: string[] }> {
  const { count, random, now } = options;
  if (count === 0) return { inserted: 0, ids: [] };
  const vehicles = await database.query<{ id: string }>('SELECT id FROM vehicles ORDER BY created_at, id');
  const drivers = await database.query<{ id: string; name: string }>('SELECT id, name FROM drivers ORDER BY created_at, id');
  const times = Array.from({ length: count }, () => Math.floor(now - random.next() ** 1.3 * 1.5 * YEAR)).sort((a, b) => a - b);

  const taken = new Set((await database.query<{ id: string }>('SELECT id FROM incidents')).map((r) => r.id));
  const ids: string[] = [];
  const iso = (ms: number) => new Date(ms).toISOString();
  const inserted = await bulkLoad(database, {
    table: 'incidents',
    columns: INCIDENT_COLUMNS,
    count,
    existingRows: taken.size,
    fill: (batch, offset, size) => {
      for (const happened of times.slice(offset, offset + size)) {
        const type = pickType(random);
        const [description, severity] = random.pick(EVENTS[type]);
        const created = Math.min(now, happened + Math.floor(random.around(0.1, 6) * HOUR));
        const age = now - created;
        const status: Status =
          age < 3 * DAY
            ? random.pick(['Open', 'Open', 'Investigating'] as const)
            : age < 30 * DAY
              ? random.pick(['Investigating', 'Action Pending', 'Resolved'] as const)
              : random.weighted<Status>([
                  ['Closed', 70],
                  ['Resolved', 22],
                  ['Action Pending', 8],
                ]);
        const driver = drivers.length > 0 && random.chance(0.8) ? random.pick(drivers) : null;
        let id: string;
        do id = seededId(incidentsArea.idFormat, created, random);
        while (taken.has(id));
        taken.add(id);
        ids.push(id);
        const edited = status !== 'Open';
        batch.id.push(id);
        batch.type.push(type);
        batch.severity.push(severity);
        batch.date_time.push(iso(Math.floor(happened / 60_000) * 60_000));
        batch.location.push(random.pick(PLACES));
        batch.description.push(description);
        batch.vehicle_id.push(vehicles.length > 0 && random.chance(0.9) ? random.pick(vehicles).id : null);
        batch.driver_id.push(driver?.id ?? null);
        batch.reported_by.push(driver && random.chance(0.4) ? driver.name : random.pick(REPORTERS));
        batch.status.push(status);
        batch.created_at.push(iso(created));
        batch.updated_at.push(iso(edited ? Math.floor(created + random.next() * (now - created)) : created));
        batch.version.push(edited ? 2 : 1);
      }
    },
    computed: INCIDENT_SEARCH_TEXT,
    disableTriggers: [INCIDENT_SEARCH_TRIGGER],
    rebuildFrom: options.rebuildFrom,
    timings: options.phases,
    onProgress: (done, total) => options.onProgress?.('incidents', done, total),
  });
  return { inserted, ids };
}
