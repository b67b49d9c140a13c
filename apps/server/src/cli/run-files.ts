import { runCommandLine } from './command';
import { filesCommand } from './files';

runCommandLine(filesCommand, process.argv.slice(2));
