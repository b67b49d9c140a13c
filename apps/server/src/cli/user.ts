import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { endAllSessions } from '../auth/sessions';
import { createUser, findUserByName, setPassword } from '../auth/users';
import { randomPassword } from '../auth/tokens';

const HELP = `Manage Raahi accounts (uses the same database settings as the server).

  npm run user -- create NAME [--name "Full Name"] [--email E] [--phone P] [--password P]
  npm run user -- reset-password NAME [--password P]

Without --password, a random password is generated and printed once.
With --password -, the password is read from standard input.`;

async function readPassword(flag: string | undefined): Promise<{ password: string; generated: boolean }> {
  if (flag === undefined) return { password: randomPassword(), generated: true };
  if (flag !== '-') return { password: flag, generated: false };
  const rl = createInterface({ input: process.stdin });
  const line = (await rl[Symbol.asyncIterator]().next()).value ?? '';
  rl.close();
  return { password: String(line), generated: false };
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(argv: string[]) {
  const [command, username, ...rest] = argv;
  if (!command || command === 'help' || !username) {
    console.log(HELP);
    return command && command !== 'help' ? 1 : 0;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'db') });
  try {
    const { password, generated } = await readPassword(option(rest, 'password'));
    if (command === 'create') {
      const user = await createUser(database, { username, password, name: option(rest, 'name'), email: option(rest, 'email'), phone: option(rest, 'phone') });
      console.log(`Created user "${user.username}".`);
    } else if (command === 'reset-password') {
      const user = await findUserByName(database, username);
      if (!user) throw new Error(`There is no user named "${username}".`);
      await setPassword(database, user, password);
      await endAllSessions(database, user.id);
      console.log(`Reset the password of "${user.username}" and signed out their sessions.`);
    } else {
      console.log(HELP);
      return 1;
    }
    if (generated) console.log(`Password (shown once): ${password}`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(`Error: ${err.message}`);
    process.exit(1);
  },
);
