import { runCommandLine } from './command';
import { seedDemoCommand } from './seed-demo';

runCommandLine(seedDemoCommand, process.argv.slice(2));
