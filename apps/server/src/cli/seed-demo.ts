import { runCommandLine } from './command';
import { seedDemoCommand } from './seed-demo-command';

runCommandLine(seedDemoCommand, process.argv.slice(2));
