import { checkDuplicatesCommand } from './check-duplicates';
import { runCommandLine } from './command';

runCommandLine(checkDuplicatesCommand, process.argv.slice(2));
