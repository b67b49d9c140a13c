import { driversArea, type DRIVER_STATUSES } from '@raahi/domain';
import type { Database } from '../client';
import { bulkLoad, type BulkColumn, type ColumnBatch } from './bulk-insert';
import { DAY, isoDate, recordKey, seededId, spreadTimestamps, YEAR, type SeedProgress } from './common';
import { districtIn } from './india';
import { address, email, mobile, personName, pickRegion, type HomeTown } from './people';
import { weightedTable, type Random } from './random';

export const DRIVER_COLUMNS: readonly BulkColumn[] = [
  { name: 'id', type: 'text' },
  { name: 'name', type: 'text' },
  { name: 'license', type: 'text' },
  { name: 'contact', type: 'text' },
  { name: 'email', type: 'text' },
  { name: 'status', type: 'text' },
  { name: 'address', type: 'text' },
  { name: 'joining_date', type: 'date' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
  { name: 'version', type: 'integer' },
];

type DriverStatus = (typeof DRIVER_STATUSES)[number];

/** Recently added drivers often still wait for documents; long-serving ones have sometimes left. */
const NEW_DRIVER_STATUS = weightedTable<DriverStatus>([
  ['Active', 60],
  ['Pending Docs', 35],
  ['On Leave', 3],
  ['Inactive', 2],
]);
const DRIVER_STATUS = weightedTable<DriverStatus>([
  ['Active', 84],
  ['On Leave', 6],
  ['Inactive', 8],
  ['Pending Docs', 2],
]);

/**
 * An Indian driving licence number as printed since the 2019 national format, without spaces: state
 * code, RTO number, year of issue and a seven-digit serial (MH12 2019 0012345 → MH1220190012345).
 * Telangana's licences carry TG from 2024 on.
 */
export function licenceNumber(random: Random, state: string, issueYear: number): string {
  const code = state === 'TS' && issueYear >= 2024 ? 'TG' : state;
  const rto = String(districtIn(random, state)).padStart(2, '0');
  return code + rto + issueYear + String(random.int(1, 9_999_999)).padStart(7, '0');
}

export interface DriverSeedOptions {
  count: number;
  random: Random;
  now: number;
  historyYears?: number;
  rebuildFrom?: number;
  /** Filled with the milliseconds of the load's phases (see BulkLoad.timings). */
  phases?: Record<string, number>;
  onProgress?: SeedProgress;
}

export interface DriverSeedResult {
  inserted: number;
  /** Home towns of the new drivers (health checks are done near home). */
  homes: Map<string, HomeTown>;
}

/**
 * Inserts `count` drivers from every region of India, with licences from their home state, +91 mobile
 * numbers, personal emails and home addresses. Ids, licences, numbers and emails are unique, also
 * against the drivers already in the table.
 */
export async function seedDrivers(database: Database, options: DriverSeedOptions): Promise<DriverSeedResult> {
  const { count, random, now } = options;
  const existing = await database.query<{ id: string; license: string; contact: string; email: string }>('SELECT id, license, contact, email FROM drivers');
  const ids = new Set(existing.map((r) => r.id));
  const licences = new Set(existing.map((r) => recordKey(r.license)));
  const phones = new Set(existing.map((r) => r.contact));
  const emails = new Set(existing.map((r) => r.email));
  const homes = new Map<string, HomeTown>();
  const createdTimes = spreadTimestamps(random, count, now - (options.historyYears ?? 4) * YEAR, now - 3_600_000);
  const thisYear = new Date(now).getUTCFullYear();

  const fill = (batch: ColumnBatch, offset: number, size: number) => {
    for (let i = offset; i < offset + size; i++) {
      const createdAt = createdTimes[i];
      const region = pickRegion(random);
      const person = personName(random, region);
      const home = address(random, region);

      // Most are entered in the week they join; long-serving drivers were entered when the records began.
      const joinedAt = createdAt - (random.chance(0.7) ? random.next() * 10 * DAY : random.around(0.3, 14) * YEAR);
      const joinYear = new Date(joinedAt).getUTCFullYear();
      const issueYear = Math.max(1995, Math.min(thisYear, joinYear - Math.round(random.around(0, 12))));
      const status = (now - createdAt < 45 * DAY ? NEW_DRIVER_STATUS : DRIVER_STATUS)(random);

      let id: string;
      do id = seededId(driversArea.idFormat, createdAt, random);
      while (ids.has(id));
      ids.add(id);
      let licence: string;
      do licence = licenceNumber(random, region.state, issueYear);
      while (licences.has(recordKey(licence)));
      licences.add(recordKey(licence));
      let phone: string;
      do phone = mobile(random);
      while (phones.has(phone));
      phones.add(phone);
      let mail = email(random, person);
      while (emails.has(mail)) mail = email(random, person);
      emails.add(mail);
      homes.set(id, home.home);

      const edits = random.chance(0.4) ? random.int(1, 4) : 0;
      const updatedAt = edits ? createdAt + Math.floor(random.next() * (now - createdAt)) : createdAt;
      batch.id.push(id);
      batch.name.push(person.name);
      batch.license.push(licence);
      batch.contact.push(phone);
      batch.email.push(mail);
      batch.status.push(status);
      batch.address.push(home.address);
      batch.joining_date.push(random.chance(0.02) ? null : isoDate(joinedAt));
      batch.created_at.push(new Date(createdAt).toISOString());
      batch.updated_at.push(new Date(updatedAt).toISOString());
      batch.version.push(1 + edits);
    }
  };

  const inserted = await bulkLoad(database, {
    table: 'drivers',
    columns: DRIVER_COLUMNS,
    count,
    existingRows: existing.length,
    rebuildFrom: options.rebuildFrom,
    timings: options.phases,
    fill,
    onProgress: (done, total) => options.onProgress?.('drivers', done, total),
  });
  return { inserted, homes };
}
