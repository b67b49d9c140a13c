import { runCommandLine } from './command';
import { userCommand } from './user';

runCommandLine(userCommand, process.argv.slice(2));
