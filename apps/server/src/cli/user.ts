import { createInterface } from 'node:readline/promises';
import { isRole, ROLE_KEYS, roleLabel } from '@raahi/domain';
import { COMMAND_LINE, createUser, findUserByName, setPassword, unknownRoleMessage } from '../auth/users';
import { randomPassword } from '../auth/tokens';
import type { Command, CommandContext } from './command';

const HELP = `Manage Raahi accounts (uses the same database settings as the server; while Raahi runs on the
data directory, the command runs inside the server).

  npm run user -- create NAME [--role ROLE] [--name "Full Name"] [--email E] [--phone P] [--password P]
  npm run user -- reset-password NAME [--password P]

ROLE is one of: ${ROLE_KEYS.join(', ')} (without --role: administrator).
Without --password, a random password is generated and printed once.
With --password -, the password is read from standard input.`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** `--password -` is read here, where standard input is, before the command runs (perhaps in the server). */
async function readPasswordFromStdin(argv: string[]): Promise<string[]> {
  const i = argv.indexOf('--password');
  if (i < 0 || argv[i + 1] !== '-') return argv;
  const rl = createInterface({ input: process.stdin });
  const line = (await rl[Symbol.asyncIterator]().next()).value ?? '';
  rl.close();
  return [...argv.slice(0, i + 1), String(line), ...argv.slice(i + 2)];
}

async function run(argv: string[], { output, database: open }: CommandContext): Promise<number> {
  const say = (text: string) => output.out(`${text}\n`);
  const [command, username, ...rest] = argv;
  if (!command || command === 'help' || !username) {
    say(HELP);
    return command && command !== 'help' ? 1 : 0;
  }
  if (command !== 'create' && command !== 'reset-password') {
    say(HELP);
    return 1;
  }
  try {
    const database = await open();
    const given = option(rest, 'password');
    const password = given ?? randomPassword();
    if (command === 'create') {
      const role = option(rest, 'role');
      // Checked before the database is touched, so a typo costs nothing.
      if (role !== undefined && !isRole(role)) throw new Error(unknownRoleMessage(role));
      const user = await createUser(database, {
        username,
        password,
        role,
        name: option(rest, 'name'),
        email: option(rest, 'email'),
        phone: option(rest, 'phone'),
      });
      say(`Created user "${user.username}" (${roleLabel(user.role)}).`);
    } else {
      const user = await findUserByName(database, username);
      if (!user) throw new Error(`There is no user named "${username}".`);
      // Whoever runs the command owns the server and hands the password on (no forced change); every session ends.
      await setPassword(database, user, password, { actor: COMMAND_LINE, reset: true, mustChangePassword: false });
      say(`Reset the password of "${user.username}" and signed out their sessions.`);
    }
    if (given === undefined) say(`Password (shown once): ${password}`);
    return 0;
  } catch (err) {
    output.err(`Error: ${(err as Error).message}\n`);
    return 1;
  }
}

export const userCommand: Command = { name: 'user', prepare: readPasswordFromStdin, run };
