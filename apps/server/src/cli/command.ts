import { join } from 'node:path';
import { loadConfig, type Config } from '../config';
import { abortableDatabase, openDatabase, type Database } from '../db/client';
import { DataDirBusyError, lockDataDir, runInHolder, type CommandHandler, type CommandOutput, type DataDirLock } from '../db/data-dir-lock';

/**
 * A command-line tool that works on the database (npm run seed:demo, npm run user). On the embedded
 * database it runs wherever the data directory is open: inside the running server, through its lock
 * socket, or in its own process when nothing holds the directory (see db/data-dir-lock.ts).
 */
export interface Command {
  /** As in `npm run <name>`. */
  name: string;
  /** Runs where the user typed the command, before it is sent (reads what only this terminal has, such as standard input). */
  prepare?(argv: string[]): Promise<string[]>;
  /** False: the database is opened as it is, without applying migrations (a check that must see it unchanged). */
  migrate?: boolean;
  run(argv: string[], context: CommandContext): Promise<number>;
}

export interface CommandContext {
  output: CommandOutput;
  config: Config;
  /** The database, opened on first use (help and argument errors need none). */
  database(): Promise<Database>;
}

/** The commands a server runs for command-line clients, on its own open database. */
export function commandHandlers(commands: Command[], database: Database, config: Config): Record<string, CommandHandler> {
  return Object.fromEntries(
    commands.map((command) => {
      const handler: CommandHandler = async (request, output, signal) => {
        const started = performance.now();
        let code = 1;
        let failure = '';
        try {
          code = await command.run(request.argv, { output, config, database: async () => abortableDatabase(database, signal) });
          return code;
        } catch (err) {
          failure = ` ${(err as Error).message}`;
          throw err;
        } finally {
          // Its name only: arguments may hold a password.
          console.log(`Ran "npm run ${command.name}" for the command line (exit ${code}, ${((performance.now() - started) / 1000).toFixed(1)} s).${failure}`);
        }
      };
      return [command.name, handler];
    }),
  );
}

const consoleOutput: CommandOutput = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  isTTY: Boolean(process.stdout.isTTY),
};

/** The entry point of a command-line tool: runs the command and exits with its status. */
export function runCommandLine(command: Command, argv: string[]): void {
  commandLine(command, argv).then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}

async function commandLine(command: Command, given: string[]): Promise<number> {
  const config = loadConfig();
  const argv = command.prepare ? await command.prepare(given) : given;
  let database: Database | undefined;
  let lock: DataDirLock | undefined;
  const run = () =>
    command.run(argv, {
      output: consoleOutput,
      config,
      database: async () => {
        if (!database) {
          if (!config.databaseUrl) lock = await lockDataDir(config.dataDir, { holder: `npm run ${command.name}` });
          // The tables' owner when there is one (decision 0063): migrations, the seed's bulk load and the change log's
          // retention and erasure need rights the server's own role (DATABASE_URL) is not given.
          const url = config.ownerDatabaseUrl ?? config.databaseUrl;
          database = await openDatabase({ url, dataDir: join(config.dataDir, 'db'), poolSize: 1, migrate: command.migrate });
        }
        return database;
      },
    });
  if (config.databaseUrl)
    return finish(
      run,
      () => database,
      () => lock,
    );
  // A server on the data directory runs it; else this process opens the directory itself.
  for (let attempt = 0; ; attempt++) {
    const request = { command: command.name, argv, tty: consoleOutput.isTTY };
    const code = await runInHolder(config.dataDir, request, consoleOutput);
    if (code !== undefined) return code;
    try {
      return await finish(
        run,
        () => database,
        () => lock,
      );
    } catch (err) {
      // A server started between the two steps: send it the command instead.
      if (!(err instanceof DataDirBusyError) || !err.holder?.commands.includes(command.name) || attempt > 0) throw err;
    }
  }
}

async function finish(run: () => Promise<number>, database: () => Database | undefined, lock: () => DataDirLock | undefined): Promise<number> {
  try {
    return await run();
  } finally {
    await database()?.close();
    await lock()?.release();
  }
}
