import { parseArgs } from 'node:util';
import { ConfigError, readConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { DataDirLockedError } from './db/lock.js';
import { generatePassword } from './auth/passwords.js';
import { seed } from './seed.js';
import { resetTwoFactor } from './auth/twoFactor.js';
import {
  ConflictError,
  NotFoundError,
  createUser,
  ensurePermissionKeys,
  findUserByUsername,
  grantSet,
  listUsers,
  setPassword,
  setUserActiveByName,
} from './services/users.js';

const USAGE = `Usage: npm run console -- <command> [options]

Commands:
  create-user <username> --name "Full Name" [--password X] [--set NAME]...
                              Create a user (a password is generated and printed when not given).
  reset-password <username> [--password X]
                              Set a new password (generated when not given); ends the user's sessions.
  grant <username> <set>      Add a permission set to a user.
  disable <username>          Disable a user (their sessions end at once).
  enable <username>           Enable a user again.
  disable-2fa <username>      Turn a user's two-step sign-in off (lost phone and recovery codes); they sign
                              in with their password and may enrol again. Audited with no actor (the CLI).
  list-users                  Users, their state and permission sets.

The database is the server's: DATABASE_URL, or the embedded one in CONSOLE_DATA_DIR (default ./data).
The embedded database admits one process at a time: stop the server before using the CLI on it.`;

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      password: { type: 'string' },
      set: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return command || values.help ? 0 : 2;
  }
  const need = (count: number, what: string) => {
    if (rest.length !== count) throw new UsageError(`${command} expects ${what}`);
  };

  const config = readConfig(process.env, []);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const { db } = database;
    await ensurePermissionKeys(db);
    // A CLI run on an empty database creates the administrator first, as the server would.
    await seed(db, {
      adminUsername: config.adminUsername,
      adminPassword: config.adminPassword,
      demo: false,
      log: out,
    });
    switch (command) {
      case 'create-user': {
        need(1, '<username> --name "Full Name"');
        if (!values.name) throw new UsageError('create-user needs --name "Full Name"');
        const password = values.password ?? generatePassword();
        const user = await createUser(db, {
          username: rest[0]!,
          fullName: values.name,
          password,
          sets: values.set ?? [],
        });
        out(
          `Created user ${user.username} (id ${user.id})${values.set?.length ? ` with ${values.set.join(', ')}` : ''}.`,
        );
        if (!values.password) out(`Generated password: ${password}`);
        return 0;
      }
      case 'reset-password': {
        need(1, '<username>');
        const password = values.password ?? generatePassword();
        const user = await setPassword(db, rest[0]!, password);
        out(`Password of ${user.username} changed; their sessions ended.`);
        if (!values.password) out(`Generated password: ${password}`);
        return 0;
      }
      case 'grant': {
        need(2, '<username> <set>');
        const user = await grantSet(db, rest[0]!, rest[1]!);
        out(`${user.username} now has the permission set "${rest[1]}".`);
        return 0;
      }
      case 'disable':
      case 'enable': {
        need(1, '<username>');
        const user = await setUserActiveByName(db, rest[0]!, command === 'enable');
        out(`${user.username} is ${user.active ? 'enabled' : 'disabled'}.`);
        return 0;
      }
      case 'disable-2fa': {
        need(1, '<username>');
        const user = await findUserByUsername(db, rest[0]!);
        if (!user) throw new NotFoundError('user', rest[0]!);
        // The administrators' reset, audited as `2fa-reset` with a null actor: the operator at the CLI.
        const result = await resetTwoFactor({ db, now: () => new Date() }, user.id, { id: null, ip: null });
        out(
          result.was_enabled
            ? `Two-step sign-in of ${user.username} is off; they sign in with their password alone and may enrol again.`
            : `${user.username} had no two-step sign-in turned on; any unfinished enrolment was cleared.`,
        );
        return 0;
      }
      case 'list-users': {
        const users = await listUsers(db);
        const rows = users.map((user) => [
          user.username,
          user.full_name,
          user.active ? 'active' : 'disabled',
          user.last_login_at?.toISOString() ?? '-',
          user.permission_sets.join(', ') || '-',
        ]);
        const header = ['USERNAME', 'FULL NAME', 'STATE', 'LAST LOGIN', 'PERMISSION SETS'];
        const widths = header.map((title, index) =>
          Math.max(title.length, ...rows.map((row) => row[index]!.length)),
        );
        for (const row of [header, ...rows])
          out(
            row
              .map((cell, index) => cell.padEnd(widths[index]!))
              .join('  ')
              .trimEnd(),
          );
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

run(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    const badFlag = String((error as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
    const known =
      badFlag ||
      error instanceof DataDirLockedError ||
      error instanceof ConfigError ||
      error instanceof NotFoundError ||
      error instanceof ConflictError;
    const message = known
      ? (error as Error).message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
    process.stderr.write(`console: ${message}\n`);
    process.exit(1);
  });
