import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, readConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { DataDirLockedError } from './db/lock.js';
import { generatePassword } from './auth/passwords.js';
import { passwordProblems } from './admin/passwordPolicy.js';
import { seed } from './seed.js';
import { GENERATE_KINDS, GenerateError, type GenerateKind, generateRows } from './demo/generate.js';
import {
  type SecretKey,
  SecretError,
  generateSecretKey,
  keyringOf,
  loadSecretKeyring,
  readKeyFile,
  resealSecrets,
  setSecretKeyring,
  writeKeyFile,
} from './secrets/index.js';
import { resetTwoFactor } from './auth/twoFactor.js';
import { BackupError, backupCommand, restoreCommand } from './ops/backup.js';
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
  generate <purchases|insights> <N>
                              Write N realistic rows for benchmarks (batched, over the products and
                              campaigns already there; prints rows per second).
  rotate-secrets [--new-key-file PATH]
                              Re-seal every stored secret under a new key, in one transaction. With a key
                              file (the default) a new key is generated and the file rewritten; with
                              CONSOLE_SECRETS_KEY, the new key is read from PATH (or generated into it when
                              it does not exist): set CONSOLE_SECRETS_KEY to it and restart every server.
  backup <FILE>               A consistent copy of the database, taken while the server runs: the embedded
                              folder's tarball (through the running server) or pg_dump's custom format.
                              The secrets key is not in it: keep the key file (or CONSOLE_SECRETS_KEY) apart.
  restore <FILE>              Restore a backup into an empty data folder (CONSOLE_DATA_DIR) or an empty
                              database (DATABASE_URL); a non-empty target is refused. Start the server on it
                              with the same secrets key.

The database is the server's: DATABASE_URL, or the embedded one in CONSOLE_DATA_DIR (default ./data).
The embedded database admits one process at a time: stop the server before using the CLI on it (backup
excepted: a running server takes the copy itself).`;

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      password: { type: 'string' },
      set: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
      'new-key-file': { type: 'string' },
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
  const out = (line: string) => process.stdout.write(`${line}\n`);
  // Before the key and the database: neither command migrates, seeds or makes a key file.
  if (command === 'backup' || command === 'restore') {
    need(1, '<FILE>');
    return command === 'backup'
      ? backupCommand(config, rest[0]!, out)
      : restoreCommand(config, rest[0]!, out);
  }
  // The key before the database: migration 320 seals clear secrets of an older release with it.
  const secrets = loadSecretKeyring({ ...config.secrets, dataDir: config.dataDir });
  setSecretKeyring(secrets.keyring);
  if (secrets.source.kind === 'file' && secrets.source.created)
    out(`Created the secrets key file ${secrets.source.path} (owner-only).`);
  for (const warning of secrets.warnings) process.stderr.write(`console: warning: ${warning}\n`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
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
        if (values.password) refuseWeak(values.password, rest[0]!);
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
        if (values.password) refuseWeak(values.password, rest[0]!);
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
      case 'generate': {
        need(2, `<${GENERATE_KINDS.join('|')}> <N>`);
        const kind = rest[0]! as GenerateKind;
        const count = Number(rest[1]!.replace(/[_,.]/g, ''));
        const result = await generateRows(db, kind, count, {
          onBatch: (done, total) => {
            if (done === total || done % 500_000 === 0) out(`${done} / ${total} ${kind}`);
          },
        });
        out(
          `Generated ${result.rows} ${kind} in ${(result.ms / 1000).toFixed(1)} s (${result.perSecond} rows/s).`,
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
      case 'rotate-secrets': {
        need(0, 'no arguments');
        const old = [secrets.keyring.current, ...secrets.keyring.previous];
        const source = secrets.source;
        let next: SecretKey;
        if (source.kind === 'file') {
          next = generateSecretKey();
          // Both keys while the transaction runs: a crash before the commit leaves every value openable.
          writeKeyFile(source.path, [next, ...old]);
        } else {
          const file = values['new-key-file'];
          if (!file)
            throw new UsageError(
              'The key comes from CONSOLE_SECRETS_KEY: give --new-key-file PATH (read when it exists, else a new key is written there).',
            );
          if (fs.existsSync(file)) next = readKeyFile(file)[0]!;
          else {
            next = generateSecretKey();
            writeKeyFile(file, [next]);
            out(`Wrote a new key to ${file} (owner-only).`);
          }
        }
        const result = await resealSecrets(db, keyringOf(next, old));
        setSecretKeyring(keyringOf(next));
        if (source.kind === 'file') writeKeyFile(source.path, [next]);
        out(
          `Re-sealed ${result.total} secret${result.total === 1 ? '' : 's'} under key ${next.id} (was ${old[0]!.id}).`,
        );
        out(
          source.kind === 'file'
            ? `The key file ${source.path} now holds only the new key; restart the server.`
            : 'Set CONSOLE_SECRETS_KEY to the new key and restart every server (until then they cannot open the re-sealed values).',
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
class PasswordRefused extends Error {}

/** The API's password rules (common passwords, the username, length) for passwords typed at the CLI. */
function refuseWeak(password: string, username: string): void {
  const problems = passwordProblems(password, username);
  if (problems.length > 0) throw new PasswordRefused(`The password is refused: ${problems.join(' ')}`);
}

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
      error instanceof SecretError ||
      error instanceof PasswordRefused ||
      error instanceof NotFoundError ||
      error instanceof ConflictError ||
      error instanceof GenerateError ||
      error instanceof BackupError;
    const message = known
      ? (error as Error).message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
    process.stderr.write(`console: ${message}\n`);
    process.exit(1);
  });
