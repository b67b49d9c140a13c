import type { Database } from './client';

/**
 * Records that break a uniqueness a migration is about to impose. Applying that migration would fail on
 * them with a bare SQL error; instead the server refuses to start and lists them, and
 * `npm run check:duplicates` lists them any time. The expressions are the migrations' own (record_key is
 * written out here because it does not exist before migration 0023).
 */
export interface DuplicateGroup {
  /** What they share: 'License plate MH12AB1234'. */
  what: string;
  /** The records sharing it, as a person finds them: 'VEH1234AB (Tata Prima, MH 12 AB 1234)'. */
  records: string[];
}

interface DuplicateCheck {
  /** The migration that imposes the uniqueness; the check runs before it is applied. */
  migration: string;
  /** Rows of (what, records). */
  sql: string;
}

const KEY = (column: string) => `upper(regexp_replace(${column}, '[[:space:]-]', '', 'g'))`;
/** Groups of rows sharing a key, the records of each in id order, the first 100 groups. */
const grouped = (table: string, key: string, what: string, record: string) => `
  SELECT ${what} AS what, array_agg(${record} ORDER BY id) AS records
  FROM ${table} WHERE ${key} <> ''
  GROUP BY ${key} HAVING count(*) > 1 ORDER BY ${key} LIMIT 100`;
const vehicle = `id || ' (' || make || ' ' || model || ', ' || license_plate || ')'`;

export const DUPLICATE_CHECKS: readonly DuplicateCheck[] = [
  { migration: '0023_unique_plates_vins_licences.sql', sql: grouped('vehicles', KEY('license_plate'), `'License plate ' || ${KEY('license_plate')}`, vehicle) },
  { migration: '0023_unique_plates_vins_licences.sql', sql: grouped('vehicles', KEY('vin'), `'VIN ' || ${KEY('vin')}`, `${vehicle} || ' VIN ' || vin`) },
  {
    migration: '0023_unique_plates_vins_licences.sql',
    sql: grouped('drivers', KEY('license'), `'License No. ' || ${KEY('license')}`, `id || ' (' || name || ', ' || license || ')'`),
  },
  ...(['vehicle', 'driver'] as const).map((noun) => ({
    migration: '0024_one_trip_on_the_road.sql',
    sql: `
      SELECT 'The ${noun} ' || ${noun}_id || ' is on several trips In Transit or Delayed' AS what,
             array_agg(id || ' (' || status || ')' ORDER BY id) AS records
      FROM trips WHERE status IN ('In Transit', 'Delayed')
      GROUP BY ${noun}_id HAVING count(*) > 1 ORDER BY ${noun}_id LIMIT 100`,
  })),
];

/** The duplicates that stop the given migrations (all of them by default) from being applied. */
export async function findDuplicates(database: Database, migrations?: ReadonlySet<string>): Promise<DuplicateGroup[]> {
  const groups: DuplicateGroup[] = [];
  for (const check of DUPLICATE_CHECKS) {
    if (migrations && !migrations.has(check.migration)) continue;
    groups.push(...(await database.query<DuplicateGroup>(check.sql)));
  }
  return groups;
}

/** The list a person resolves: one line per shared value. */
export function describeDuplicates(groups: readonly DuplicateGroup[]): string {
  return groups.map((g) => `  ${g.what}: ${g.records.join(', ')}`).join('\n');
}

/** Thrown instead of applying a migration that the data would break; its message is for the console. */
export class DuplicateRecordsError extends Error {
  constructor(
    readonly migration: string,
    readonly groups: readonly DuplicateGroup[],
  ) {
    super(
      `The database was not upgraded (${migration}): these records share a value that must be unique.\n` +
        `${describeDuplicates(groups)}\n` +
        'Change or delete all but one record of each line, then start again. ' +
        'List them again with: npm run check:duplicates',
    );
    this.name = 'DuplicateRecordsError';
  }
}
