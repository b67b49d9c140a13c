import { describeDuplicates, findDuplicates } from '../db/duplicates';
import type { Command } from './command';

/**
 * Lists the records that share a value which must be unique (plates, VINs, licence numbers, a vehicle or
 * driver on two trips under way): the ones that stop the server from upgrading the database.
 * Uses the same database settings as the server (through it when it runs); changes nothing. Exits 1 when there are any.
 */
export const checkDuplicatesCommand: Command = {
  name: 'check:duplicates',
  migrate: false,
  async run(_argv, { output, database }) {
    const groups = await findDuplicates(await database());
    if (groups.length === 0) {
      output.out('No duplicates: every license plate, VIN and license number is unique, and no vehicle or driver is on two trips under way.\n');
    } else {
      output.out(`These records share a value that must be unique; change or delete all but one of each line:\n${describeDuplicates(groups)}\n`);
    }
    return groups.length === 0 ? 0 : 1;
  },
};
