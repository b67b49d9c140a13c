import { changeLogCommand } from './change-log';
import { runCommandLine } from './command';

runCommandLine(changeLogCommand, process.argv.slice(2));
