import { runCommandLine } from './command';
import { userCommand } from './user-command';

runCommandLine(userCommand, process.argv.slice(2));
