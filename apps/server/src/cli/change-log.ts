import { eraseChangeLog, purgeChangeLog, type ErasureTarget } from '../db/change-log-upkeep';
import type { Command, CommandContext } from './command';

const HELP = `Keep the change log (the history of every record; uses the same database settings as the server,
as the tables' owner when RAAHI_OWNER_DATABASE_URL is set).

  npm run change-log -- purge [--months N]
      Drops the months older than N months (default RAAHI_CHANGE_LOG_MONTHS, or 24).
      The server also does this once a day.
  npm run change-log -- erase --actor USER_ID
  npm run change-log -- erase --record RECORD_ID
      Erases every entry made by that user, or every entry about that record (an erasure request
      under the DPDP Act). It cannot be undone.`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

async function run(argv: string[], { output, config, database: open }: CommandContext): Promise<number> {
  const say = (text: string) => output.out(`${text}\n`);
  const fail = (text: string) => {
    output.err(`Error: ${text}\n`);
    return 1;
  };
  const [command, ...rest] = argv;
  if (command === 'purge') {
    const given = option(rest, 'months');
    const months = given === undefined ? config.changeLogMonths : Number(given);
    if (!Number.isInteger(months) || months < 1 || months > 1200) return fail('--months must be a whole number of months, at least 1.');
    const dropped = await purgeChangeLog(await open(), months);
    say(dropped.length ? `Dropped ${dropped.length} month(s) older than ${months} months: ${dropped.join(', ')}.` : `Nothing older than ${months} months.`);
    return 0;
  }
  if (command === 'erase') {
    const [actor, record] = [option(rest, 'actor'), option(rest, 'record')];
    if ((actor === undefined) === (record === undefined)) return fail('Name either --actor USER_ID or --record RECORD_ID.');
    const value = (actor ?? record)!;
    if (value === '' || value.length > 64 || value.startsWith('--')) return fail('The id must be 1 to 64 characters.');
    const target: ErasureTarget = actor !== undefined ? { actorId: value } : { recordId: value };
    const erased = await eraseChangeLog(await open(), target);
    say(`Erased ${erased} entr${erased === 1 ? 'y' : 'ies'} ${actor !== undefined ? 'made by' : 'about'} ${value}.`);
    return 0;
  }
  say(HELP);
  return command && command !== 'help' ? 1 : 0;
}

export const changeLogCommand: Command = { name: 'change-log', run };
