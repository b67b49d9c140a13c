import { join } from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { describeDuplicates, findDuplicates } from '../db/duplicates';

/**
 * Lists the records that share a value which must be unique (plates, VINs, licence numbers, a vehicle or
 * driver on two trips under way): the ones that stop the server from upgrading the database.
 * Uses the same database settings as the server; changes nothing. Exits 1 when there are any.
 */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'db'), migrate: false });
try {
  const groups = await findDuplicates(database);
  if (groups.length === 0) {
    console.log('No duplicates: every license plate, VIN and license number is unique, and no vehicle or driver is on two trips under way.');
  } else {
    console.log(`These records share a value that must be unique; change or delete all but one of each line:\n${describeDuplicates(groups)}`);
  }
  process.exitCode = groups.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
