// Per engine, each test on the engine whose copy it tests (a PGlite backup is its folder's tarball, a PostgreSQL
// one pg_dump's file: neither restores into the other); the variables and the retention need no database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import type { Database } from '../src/db/schema.js';
import {
  backupCommand,
  backupFileName,
  backupKindOf,
  pruneBackups,
  restoreCommand,
  restorePglite,
  scheduleBackups,
  startBackupSocket,
} from '../src/ops/backup.js';
import { readConfig } from '../src/config.js';
import { generateSecretKey, keyringOf, openSecret, sealSecret } from '../src/secrets/index.js';
import { copyTestData, type TestDataForProcess } from './support/harness.js';
import { runServerProcess } from './support/process.js';
import { createEmptyPostgres, testRunDir } from './support/templates.js';

/**
 * What it costs (issue 34). Each engine has ONE true CLI round trip: `backup` in a second process while the
 * database is in use, then `restore` in another into an empty target, every row back. The refusals, the copy of
 * a stopped PGlite folder and the lines the operator reads run here, through the functions the CLI calls
 * (backupCommand, restoreCommand); one refused restore goes through the CLI for its exit code and stderr.
 * The running PGlite server is this process: its handle holds the folder lock and answers the CLI on the socket
 * with startBackupSocket, what serve.ts starts (crash.test checks a real server process answers there).
 * Before: a server process and nine CLI processes, four of these ten opening a PGlite folder of the full demo (a
 * template no other file used, a 35 MB tarball); 142 CPU-s alone. Now five CLI processes (two round trips and one
 * refusal), one of them opening a folder (the PGlite restore).
 */

/**
 * Hang guards, not time limits, sized for a 2-core machine at load 50 (two suites and a CPU hog beside it): every
 * process gets about 1/25 of a core there, and a CLI process costs 1–3 CPU-s to start (the build / tsx) and up to
 * 5 CPU-s more to load a PGlite tarball; a test's own work (opening, copying, comparing folders) 20–30 CPU-s.
 * Each wait is for an event (a process's exit, a promise); these only turn a hang into a failure with its stderr.
 */
const CLI_HANG_GUARD_MS = 600_000;
const TEST_HANG_GUARD_MS = 900_000;

// The harness's demo template at 0.1 (≈1 900 master-data rows, shared with secrets.test, reports.demo…): every
// table has rows to compare, and the run builds no template for this file alone.
const DEMO = { demoRows: 0.1 } as const;

/** Every table's row count and a hash of its rows' text, in a stable order. */
async function fingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
    where schemaname not in ('pg_catalog', 'information_schema') order by 1`.execute(db);
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ n: number; h: string }>`
      select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as h
      from ${sql.raw(name)} t`.execute(db);
    out[name] = `${rows[0]!.n} ${rows[0]!.h}`;
  }
  return out;
}

/** A copy's fingerprint: opened, compared, closed. */
async function fingerprintOf(options: { dataDir: string } | { databaseUrl: string }) {
  const copy = await openDatabase(options);
  try {
    return { rows: await fingerprint(copy.db), secret: await readSealedSecret(copy.db) };
  } finally {
    await copy.close();
  }
}

const key = generateSecretKey();
const keyring = keyringOf(key);
const keyEnv = { CONSOLE_SECRETS_KEY: key.key.toString('hex') };

async function addSealedSecret(db: Kysely<Database>) {
  await sql`insert into mayar_accounts (name, merchant_id, merchant_email, env, api_key, webhook_token, active)
    values ('Akun Backup', 'M-BAK', 'backup@contoh.co.id', 'production', ${sealSecret('backup-api-key-42', keyring)},
      ${sealSecret('backup-hook-token-42', keyring)}, true)`.execute(db);
}

async function readSealedSecret(db: Kysely<Database>) {
  const row = await sql<{ api_key: string }>`
    select api_key from mayar_accounts where merchant_id = 'M-BAK'`.execute(db);
  return openSecret(row.rows[0]!.api_key, keyring);
}

const figure = (stdout: string) => /\(([^()]*MB[^()]*)\)/.exec(stdout)?.[1] ?? stdout;

/** The CLI in a second process (the build under `npm test`, else the sources through tsx), awaited to its exit. */
const cli = (args: string[], env: Record<string, string>) =>
  runServerProcess('cli.ts', args, { ...keyEnv, ...env }, CLI_HANG_GUARD_MS);

/** What the CLI's command printed, called here as the CLI calls it. */
async function command(run: (out: (line: string) => void) => Promise<number>) {
  const lines: string[] = [];
  const code = await run((line) => lines.push(line));
  return { code, stdout: lines.map((line) => `${line}\n`).join('') };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});
const tmp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const runDir = () => {
  const dir = testRunDir();
  if (!dir) throw new Error('backup.test needs the server project global setup (templates, PostgreSQL)');
  return dir;
};

// PostgreSQL: pg_dump and pg_restore are this engine's own copy, and the schedule's two nodes need one database
// that two processes share. One seeded database for both tests: the round trip only reads it (pg_dump), and the
// schedule's writes (job_leases, backup_runs) come after the round trip has compared its rows.
describe('backup and restore on PostgreSQL (npm run console -- backup / restore)', () => {
  let source: TestDataForProcess;
  let opened: DatabaseHandle;
  let before: Record<string, string>;
  beforeAll(async () => {
    source = await copyTestData('postgres', DEMO);
    cleanups.push(() => source.close());
    opened = await openDatabase({ databaseUrl: source.databaseUrl! });
    cleanups.push(() => opened.close());
    await addSealedSecret(opened.db);
    before = await fingerprint(opened.db);
  }, TEST_HANG_GUARD_MS);

  it(
    'pg_dump while in use, restore into an empty database, every row and the sealed secret there; a non-empty ' +
      'target and a folder refused',
    async () => {
      // In use while pg_dump runs: its snapshot is taken at its start, and `opened`'s pool stays connected.
      await sql`select 1`.execute(opened.db);
      const file = path.join(tmp('console-backup-pg-'), 'console.dump');
      const backedUp = await cli(['backup', file], { DATABASE_URL: source.databaseUrl! });
      expect(backedUp.stderr).toBe('');
      expect(backedUp.code).toBe(0);
      expect(backedUp.stdout).toMatch(
        /Backed up PostgreSQL to .*console\.dump \(pg_dump, [\d.]+ MB, [\d.]+ s\)/,
      );
      expect(backedUp.stdout).toContain('The secrets key is not in the backup');
      console.info(`PostgreSQL demo database (0.1) backup: ${figure(backedUp.stdout)}`);

      const target = await createEmptyPostgres(runDir());
      cleanups.push(target.drop);
      const restored = await cli(['restore', file], { DATABASE_URL: target.url });
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(/Restored .* \(schema version \d+, [\d.]+ s\)/);
      expect(restored.stdout).toContain('Start the server on it with the secrets key');
      expect(await fingerprintOf({ databaseUrl: target.url })).toEqual({
        rows: before,
        secret: 'backup-api-key-42',
      });

      // Refused: the restore the CLI runs, here; the database it would overwrite is named with its tables.
      await expect(
        command((out) =>
          restoreCommand({ databaseUrl: target.url, dataDir: '', pgBin: undefined }, file, out),
        ),
      ).rejects.toThrow(/is not empty \(it has tables: public\.\w+/);
      // …and once through the CLI: a refusal exits 1 with the reason on stderr, nothing on stdout. A PostgreSQL
      // backup is not restored into an embedded folder.
      const wrong = await cli(['restore', file], {
        DATABASE_URL: '',
        CONSOLE_DATA_DIR: tmp('console-wrong-'),
      });
      expect(wrong).toMatchObject({
        code: 1,
        stdout: '',
        stderr: `console: ${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to an empty database to restore it there\n`,
      });
    },
    TEST_HANG_GUARD_MS,
  );

  it(
    'the schedule takes one backup across two nodes; a failed run is logged, not thrown, and leaves no file',
    async () => {
      const nodes = [
        await openDatabase({ databaseUrl: source.databaseUrl! }),
        await openDatabase({ databaseUrl: source.databaseUrl! }),
      ];
      cleanups.push(() => Promise.all(nodes.map((node) => node.close())).then(() => undefined));
      const dir = tmp('console-scheduled-');
      const lines: { msg: string; obj: Record<string, unknown> }[] = [];
      const log = {
        info: (obj: object, msg: string) => lines.push({ msg, obj: obj as Record<string, unknown> }),
        warn: (obj: object, msg: string) => lines.push({ msg, obj: obj as Record<string, unknown> }),
      };
      // Both nodes' first check runs at once; the lease lets one of them back up.
      const jobs = nodes.map((node) => scheduleBackups(node, { dir, keep: 3, everyHours: 24 }, log));
      await Promise.all(jobs.map((job) => job.runNow()));
      await Promise.all(jobs.map((job) => job.stop()));
      expect(lines.map((line) => line.msg)).toEqual(['backup written']);
      expect(fs.readdirSync(dir)).toEqual([expect.stringMatching(/^console-postgres-\d{8}T\d{6}Z\.dump$/)]);
      // Recorded for the Operations page (backup_runs): the file and its size.
      const recorded = () =>
        sql<{ ok: boolean; file: string | null; bytes: string | null; error: string | null }>`
          select ok, file, bytes, error from backup_runs order by id`.execute(nodes[0]!.db);
      const written = path.join(dir, fs.readdirSync(dir)[0]!);
      expect((await recorded()).rows).toEqual([
        { ok: true, file: written, bytes: String(fs.statSync(written).size), error: null },
      ]);

      // Due again (the lease row reset), with no pg_dump to be found.
      await sql`delete from job_leases where name = 'backup'`.execute(nodes[0]!.db);
      lines.length = 0;
      const failing = scheduleBackups(
        nodes[0]!,
        { dir, keep: 3, everyHours: 24, pgBin: '/nonexistent' },
        log,
      );
      await failing.runNow();
      await failing.stop();
      expect(lines.map((line) => line.msg)).toEqual(['scheduled backup failed']);
      expect(String(lines[0]!.obj.err)).toContain('PG_BIN is /nonexistent, which holds no pg_dump');
      const failed = (await recorded()).rows[1]!;
      expect(failed).toMatchObject({ ok: false, file: null });
      expect(failed.error).toContain('PG_BIN is /nonexistent, which holds no pg_dump');
      expect(fs.readdirSync(dir)).toHaveLength(1);
    },
    TEST_HANG_GUARD_MS,
  );
});

// PGlite: its backup is the folder's tarball taken inside the process that holds the folder (the running server's
// socket, or the CLI's own open of a stopped folder), its restore PGlite's loadDataDir under the folder lock.
// One seeded folder for both tests: the first copies it while this process holds it open, the second after.
describe('backup and restore on PGlite (npm run console -- backup / restore)', () => {
  let data: TestDataForProcess;
  let dataDir: string;
  /** This process as the running server: it holds the folder's lock, and its PGlite answers the socket. */
  let running: DatabaseHandle | undefined;
  const stopRunning = async () => {
    const handle = running;
    running = undefined;
    await handle?.close();
  };
  let before: Record<string, string>;
  beforeAll(async () => {
    data = await copyTestData('pglite', DEMO);
    dataDir = data.dataDir!;
    cleanups.push(() => data.close());
    running = await openDatabase({ dataDir });
    cleanups.push(stopRunning);
    await addSealedSecret(running.db);
    // No writer runs here (no scheduled job), so every table, job_leases included, must come back as it is now.
    before = await fingerprint(running.db);
  }, TEST_HANG_GUARD_MS);

  it(
    'backup through the running server, restore into an empty folder, every row and the sealed secret there; a ' +
      'non-empty folder and a DATABASE_URL refused',
    async () => {
      const handle = running!;
      const served: string[] = [];
      const socket = await startBackupSocket(dataDir, handle.pglite!, {
        info: (_obj, msg) => served.push(msg),
        warn: (_obj, msg) => served.push(msg),
      });
      const file = path.join(tmp('console-backup-pglite-'), 'console.tar.gz');
      try {
        // The CLI finds the folder locked by a live process and asks it on the socket.
        const backedUp = await cli(['backup', file], { DATABASE_URL: '', CONSOLE_DATA_DIR: dataDir });
        expect(backedUp.stderr).toBe('');
        expect(backedUp.code).toBe(0);
        expect(backedUp.stdout).toMatch(
          /through the running server, [\d.]+ MB, [\d.]+ s; queries held [\d.]+ s while/,
        );
        expect(backedUp.stdout).toContain('The secrets key is not in the backup');
        console.info(`PGlite demo database (0.1) backup while running: ${figure(backedUp.stdout)}`);
        expect(served).toEqual(['backup served on the socket']);
        // Still serving after the copy.
        expect(await handle.ping()).toBeGreaterThanOrEqual(0);
      } finally {
        await socket.close();
      }
      expect(fs.existsSync(path.join(dataDir, 'console-backup.sock'))).toBe(false);

      const target = tmp('console-restore-');
      const restored = await cli(['restore', file], { DATABASE_URL: '', CONSOLE_DATA_DIR: target });
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(/Restored .* \(schema version \d+, [\d.]+ s\)/);
      expect(fs.existsSync(path.join(target, 'console.lock'))).toBe(false);
      expect(await fingerprintOf({ dataDir: target })).toEqual({ rows: before, secret: 'backup-api-key-42' });

      // Refused, by the restore the CLI runs (its exit code and stderr: the PostgreSQL test's CLI refusal).
      const config = { databaseUrl: undefined, dataDir: target, pgBin: undefined };
      await expect(command((out) => restoreCommand(config, file, out))).rejects.toThrow(
        /already holds a database .*restore only into an empty folder/,
      );
      await expect(
        command((out) => restoreCommand({ ...config, databaseUrl: 'postgres://localhost/none' }, file, out)),
      ).rejects.toThrow(`${file} is a backup of the embedded database (PGlite), but DATABASE_URL is set`);
    },
    TEST_HANG_GUARD_MS,
  );

  it(
    'with no server on the folder the backup opens it itself, and restores with every table equal',
    async () => {
      await stopRunning();
      const offline = path.join(tmp('console-backup-offline-'), 'offline.tar.gz');
      const config = { databaseUrl: undefined, dataDir, pgBin: undefined };
      const direct = await command((out) => backupCommand(config, offline, out));
      expect(direct.code).toBe(0);
      expect(direct.stdout).toMatch(/through the folder, [\d.]+ MB/);
      // The folder is free again: its lock was released with the copy.
      expect(fs.existsSync(path.join(dataDir, 'console.lock'))).toBe(false);
      const second = tmp('console-restore-offline-');
      await restorePglite(offline, second);
      expect(await fingerprintOf({ dataDir: second })).toEqual({ rows: before, secret: 'backup-api-key-42' });
    },
    TEST_HANG_GUARD_MS,
  );
});

// No database: the variables and the schedule's retention.
describe('backup settings and retention', () => {
  it('reads the backup variables, and names what is wrong in a bad value or file', () => {
    const config = readConfig(
      { CONSOLE_BACKUP_DIR: 'backups', CONSOLE_BACKUP_KEEP: '3' },
      [],
      '/srv/console',
    );
    expect(config.backup).toEqual({ dir: '/srv/console/backups', keep: 3, everyHours: 24 });
    expect(readConfig({}, [], '/srv').backup).toBeUndefined();
    expect(() => readConfig({ CONSOLE_BACKUP_DIR: '/b', CONSOLE_BACKUP_KEEP: '0' })).toThrow(
      'CONSOLE_BACKUP_KEEP must be a positive integer, got "0"',
    );
    expect(() => readConfig({ CONSOLE_BACKUP_DIR: '/b', CONSOLE_BACKUP_EVERY_HOURS: 'daily' })).toThrow(
      'CONSOLE_BACKUP_EVERY_HOURS must be a positive number, got "daily"',
    );
    const notABackup = path.join(tmp('console-not-'), 'notes.txt');
    fs.writeFileSync(notABackup, 'hello');
    expect(() => backupKindOf(notABackup)).toThrow(`${notABackup} is not a console backup`);
    expect(() => backupKindOf('/nonexistent/x.dump')).toThrow('Cannot read the backup /nonexistent/x.dump');
  });

  it('keeps the newest CONSOLE_BACKUP_KEEP of its own backups and touches no other file', () => {
    const dir = tmp('console-backups-');
    const names = [0, 1, 2, 3].map((day) =>
      backupFileName('postgres', new Date(Date.UTC(2026, 10, 20 + day, 2))),
    );
    for (const name of [...names, 'notes.txt', `${names[0]}.partial`])
      fs.writeFileSync(path.join(dir, name), 'x');
    expect(pruneBackups(dir, 2)).toEqual([names[1], names[0]]);
    expect(fs.readdirSync(dir).sort()).toEqual(
      [names[2], names[3], `${names[0]}.partial`, 'notes.txt'].sort(),
    );
    expect(names[0]).toBe('console-postgres-20261120T020000Z.dump');
  });
});
