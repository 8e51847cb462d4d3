import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerProcess } from './support/process.js';
import { sql } from 'kysely';
import { openDatabase as openDatabaseAt } from '../src/db/database.js';
import { createEmptyPostgres, testRunDir } from './support/templates.js';
import { keyringOf, openSecret, readKeyFile, sealSecret } from '../src/secrets/index.js';

// On an empty PostgreSQL database of the run's shared cluster: each command is a new process, and a PGlite folder
// costs every one of them 15 s and more of WebAssembly start on the 2-core machine (its first start, initdb, 70 s).
// The embedded folder's own first start is tested by demo.start, demo.generate and lock.
describe('operator CLI (npm run console)', { timeout: 600_000 }, () => {
  let dataDir: string;
  let databaseUrl: string;
  let drop: (() => Promise<void>) | undefined;
  const cli = (...args: string[]) =>
    // A hang guard: a start takes over 30 s when the shared machine is busy.
    runServerProcess(
      'cli.ts',
      args,
      { CONSOLE_DATA_DIR: dataDir, DATABASE_URL: databaseUrl, CONSOLE_ADMIN_PASSWORD: '' },
      240_000,
    );
  const openDatabase = () => openDatabaseAt({ databaseUrl });

  beforeAll(async () => {
    // The key file sits beside the data folder, as for the embedded default.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-cli-'));
    const runDir = testRunDir();
    if (!runDir) throw new Error('cli.test needs the server project global setup (its shared PostgreSQL)');
    ({ url: databaseUrl, drop } = await createEmptyPostgres(runDir));
  });
  afterAll(async () => {
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}-secrets.key`, { force: true });
  });

  it('creates a user on an empty database (the administrator first, with a generated password shown once)', async () => {
    const result = await cli('create-user', 'jdoe', '--name', 'Jane Doe', '--set', 'All access');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /created administrator "admin" with the generated password [A-Za-z0-9]{18} /,
    );
    expect(result.stdout).toContain('Created user jdoe');
    expect(result.stdout).toMatch(/Generated password: [A-Za-z0-9]{18}\n/);
  });

  it('grants, resets, disables and lists', async () => {
    expect((await cli('reset-password', 'jdoe', '--password', 'N3w-password')).stdout).toContain(
      'Password of jdoe changed',
    );
    const disabled = await cli('disable', 'jdoe');
    expect(disabled.stdout).toContain('jdoe is disabled');
    const list = await cli('list-users');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^USERNAME\s+FULL NAME\s+STATE\s+LAST LOGIN\s+PERMISSION SETS$/m);
    expect(list.stdout).toMatch(/^admin\s+Administrator\s+active\s+-\s+All access$/m);
    expect(list.stdout).toMatch(/^jdoe\s+Jane Doe\s+disabled\s+-\s+All access$/m);
  });

  it("turns a user's two-step sign-in off (the operator's way back in), audited with the CLI as actor", async () => {
    // Enrolled, with unused recovery codes, as the server's enrolment leaves a user.
    let database = await openDatabase();
    try {
      const { db } = database;
      const admin = await db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('users')
        .set({ totp_secret: 'JBSWY3DPEHPK3PXP', totp_enabled_at: new Date(), totp_last_step: 1 })
        .where('id', '=', admin.id)
        .execute();
      await db
        .insertInto('totp_recovery_codes')
        .values([
          { user_id: admin.id, code_hash: 'a'.repeat(64) },
          { user_id: admin.id, code_hash: 'b'.repeat(64) },
        ])
        .execute();
    } finally {
      await database.close();
    }

    const result = await cli('disable-2fa', 'ADMIN');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'Two-step sign-in of admin is off; they sign in with their password alone',
    );

    database = await openDatabase();
    try {
      const { db } = database;
      const admin = await db
        .selectFrom('users')
        .select(['id', 'totp_secret', 'totp_pending_secret', 'totp_enabled_at', 'totp_last_step'])
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(admin).toMatchObject({
        totp_secret: null,
        totp_pending_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
      });
      const codes = await db
        .selectFrom('totp_recovery_codes')
        .select('id')
        .where('user_id', '=', admin.id)
        .execute();
      expect(codes).toHaveLength(0);
      const audit = await db
        .selectFrom('audit_log')
        .select(['actor_id', 'action', 'entity', 'entity_id', 'before', 'after'])
        .where('action', '=', '2fa-reset')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_id: null, entity: 'user', entity_id: String(admin.id) });
      expect(JSON.parse(JSON.stringify(audit[0]!.before))).toEqual({ enabled: true });
    } finally {
      await database.close();
    }

    const again = await cli('disable-2fa', 'admin');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('admin had no two-step sign-in turned on');
    const unknown = await cli('disable-2fa', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No user named "nobody"');
  });

  it('explains mistakes with a non-zero exit', async () => {
    const unknownSet = await cli('grant', 'jdoe', 'No such set');
    expect(unknownSet.code).toBe(1);
    expect(unknownSet.stderr).toContain('No permission set named "No such set"');
    const usage = await cli('create-user', 'x');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('create-user needs --name');
    const common = await cli('create-user', 'weak', '--name', 'Weak', '--password', 'qwertyuiop');
    expect(common.code).toBe(1);
    expect(common.stderr).toContain('10,000 most used passwords');
    const named = await cli('reset-password', 'jdoe', '--password', 'JDoe-Kopi-2026');
    expect(named.code).toBe(1);
    expect(named.stderr).toContain('must not contain the username');
  });

  it('rotate-secrets re-seals every stored secret under a new key and rewrites the key file', async () => {
    const keyFile = `${dataDir}-secrets.key`;
    const before = readKeyFile(keyFile);
    expect(before).toHaveLength(1);
    const oldKeyring = keyringOf(before[0]!);
    // A secret sealed under the current key, as the server stores one.
    let database = await openDatabase();
    try {
      await sql`insert into mayar_accounts (name, merchant_id, merchant_email, env, api_key, webhook_token, active)
        values ('Akun CLI', 'M-CLI', 'cli@contoh.co.id', 'production', ${sealSecret('cli-api-key-123456', oldKeyring)},
          ${sealSecret('cli-hook-token-7890', oldKeyring)}, true)`.execute(database.db);
    } finally {
      await database.close();
    }
    const result = await cli('rotate-secrets');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Re-sealed 2 secrets under key [0-9a-f]{16} \(was [0-9a-f]{16}\)/);
    const after = readKeyFile(keyFile);
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(before[0]!.id);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    database = await openDatabase();
    try {
      const row = await sql<{
        api_key: string;
        webhook_token: string;
      }>`select api_key, webhook_token from mayar_accounts where merchant_id = 'M-CLI'`.execute(database.db);
      expect(openSecret(row.rows[0]!.api_key, keyringOf(after[0]!))).toBe('cli-api-key-123456');
      expect(openSecret(row.rows[0]!.webhook_token, keyringOf(after[0]!))).toBe('cli-hook-token-7890');
      expect(() => openSecret(row.rows[0]!.api_key, oldKeyring)).toThrow(/not loaded/);
    } finally {
      await database.close();
    }
  });
});
