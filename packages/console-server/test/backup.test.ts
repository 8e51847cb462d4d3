import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import type { Database } from '../src/db/schema.js';
import { seed } from '../src/seed.js';
import { backupFileName, backupKindOf, pruneBackups, scheduleBackups } from '../src/ops/backup.js';
import { readConfig } from '../src/config.js';
import { generateSecretKey, keyringOf, openSecret, sealSecret } from '../src/secrets/index.js';
import { TEST_PASSWORD } from './support/harness.js';
import { freePort } from './support/postgres.js';
import { runServerProcess, startServerProcess } from './support/process.js';
import {
  copyPgliteTemplate,
  createEmptyPostgres,
  createPostgresFromTemplate,
  testRunDir,
} from './support/templates.js';

// The demo database (every master-data row, ADR 027), as the harness's `demoRows: 1` template.
const fillDemo = async ({ db }: { db: Kysely<Database> }) => {
  await seed(db, {
    adminUsername: 'admin',
    adminPassword: TEST_PASSWORD,
    demo: true,
    demoRows: 1,
    log: () => undefined,
  });
};

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

describe('backup and restore (npm run console -- backup / restore)', { timeout: 900_000 }, () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const tmp = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  const cli = (args: string[], env: Record<string, string>) =>
    runServerProcess('cli.ts', args, { ...keyEnv, ...env }, 300_000);
  const runDir = () => {
    const dir = testRunDir();
    if (!dir) throw new Error('backup.test needs the server project global setup (templates, PostgreSQL)');
    return dir;
  };

  it('PostgreSQL: pg_dump while in use, restore into an empty database, every row and the sealed secret there; a non-empty target refused', async () => {
    const source = await createPostgresFromTemplate(runDir(), 'server_rows_1', fillDemo);
    cleanups.push(source.drop);
    const opened = await openDatabase({ databaseUrl: source.url });
    let before: Record<string, string>;
    try {
      await addSealedSecret(opened.db);
      before = await fingerprint(opened.db);
      // In use while pg_dump runs: its snapshot is taken at its start, and this connection stays open.
      const file = path.join(tmp('console-backup-pg-'), 'console.dump');
      const backedUp = await cli(['backup', file], { DATABASE_URL: source.url });
      expect(backedUp.stderr).toBe('');
      expect(backedUp.code).toBe(0);
      expect(backedUp.stdout).toMatch(
        /Backed up PostgreSQL to .*console\.dump \(pg_dump, [\d.]+ MB, [\d.]+ s\)/,
      );
      expect(backedUp.stdout).toContain('The secrets key is not in the backup');
      console.info(`PostgreSQL demo database backup: ${figure(backedUp.stdout)}`);

      const target = await createEmptyPostgres(runDir());
      cleanups.push(target.drop);
      const restored = await cli(['restore', file], { DATABASE_URL: target.url });
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(/Restored .* \(schema version \d+, [\d.]+ s\)/);
      const copy = await openDatabase({ databaseUrl: target.url });
      try {
        expect(await fingerprint(copy.db)).toEqual(before);
        expect(await readSealedSecret(copy.db)).toBe('backup-api-key-42');
      } finally {
        await copy.close();
      }

      const again = await cli(['restore', file], { DATABASE_URL: target.url });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/is not empty \(it has tables: public\.\w+/);
      // A PostgreSQL backup is not restored into an embedded folder.
      const wrong = await cli(['restore', file], {
        DATABASE_URL: '',
        CONSOLE_DATA_DIR: tmp('console-wrong-'),
      });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain('is a PostgreSQL backup (pg_dump): set DATABASE_URL');
    } finally {
      await opened.close();
    }
  });

  it('PGlite: backup through the running server, restore into an empty folder, every row and the sealed secret there; a non-empty folder refused', async () => {
    const dataDir = await copyPgliteTemplate(runDir(), 'server_rows_1', fillDemo);
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let database = await openDatabase({ dataDir });
    try {
      await addSealedSecret(database.db);
    } finally {
      await database.close();
    }
    const server = await startServerProcess(
      {
        ...keyEnv,
        CONSOLE_DATA_DIR: dataDir,
        DATABASE_URL: '',
        CONSOLE_DEMO: '0',
        // Its scheduled writers off (courier tracking, Mayar reconciliation, session pruning): the rows compared
        // after the stop are then those of the copy's moment. The copy under writes is PGlite's crash-consistent
        // tarball; what this test checks is that nothing of it is lost on the way.
        CONSOLE_TRACKING_EVERY_MINUTES: '0',
        CONSOLE_MAYAR_RECONCILE_MINUTES: '0',
        CONSOLE_SESSION_PRUNE_MINUTES: '0',
        // …and the node registry's heartbeat (cluster_nodes).
        CONSOLE_HEARTBEAT_SECONDS: '0',
      },
      await freePort(),
    );
    const file = path.join(tmp('console-backup-pglite-'), 'console.tar.gz');
    try {
      const backedUp = await cli(['backup', file], { DATABASE_URL: '', CONSOLE_DATA_DIR: dataDir });
      expect(backedUp.stderr).toBe('');
      expect(backedUp.code).toBe(0);
      expect(backedUp.stdout).toMatch(
        /through the running server, [\d.]+ MB, [\d.]+ s; queries held [\d.]+ s while/,
      );
      console.info(`PGlite demo database backup while running: ${figure(backedUp.stdout)}`);
      // Still serving after the copy.
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    database = await openDatabase({ dataDir });
    let before: Record<string, string>;
    try {
      before = await fingerprint(database.db);
    } finally {
      await database.close();
    }

    const target = tmp('console-restore-');
    const restored = await cli(['restore', file], { DATABASE_URL: '', CONSOLE_DATA_DIR: target });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Restored .* \(schema version \d+, [\d.]+ s\)/);
    expect(fs.existsSync(path.join(target, 'console.lock'))).toBe(false);
    const copy = await openDatabase({ dataDir: target });
    try {
      const after = await fingerprint(copy.db);
      // job_leases moves while a server runs (its jobs' last runs after the copy); every other table is equal.
      const leases = 'public.job_leases';
      expect(Object.keys(after)).toEqual(Object.keys(before));
      expect({ ...after, [leases]: '' }).toEqual({ ...before, [leases]: '' });
      expect(await readSealedSecret(copy.db)).toBe('backup-api-key-42');
    } finally {
      await copy.close();
    }

    const again = await cli(['restore', file], { DATABASE_URL: '', CONSOLE_DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds a database .*restore only into an empty folder/);

    // With the server stopped the CLI opens the folder itself; nothing moves, so job_leases is equal too.
    const offline = path.join(path.dirname(file), 'offline.tar.gz');
    const direct = await cli(['backup', offline], { DATABASE_URL: '', CONSOLE_DATA_DIR: dataDir });
    expect(direct.stderr).toBe('');
    expect(direct.stdout).toMatch(/through the folder, [\d.]+ MB/);
    const second = tmp('console-restore-offline-');
    expect((await cli(['restore', offline], { DATABASE_URL: '', CONSOLE_DATA_DIR: second })).code).toBe(0);
    const secondCopy = await openDatabase({ dataDir: second });
    try {
      expect(await fingerprint(secondCopy.db)).toEqual(before);
    } finally {
      await secondCopy.close();
    }
  });

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

  it('the schedule takes one backup across two nodes; a failed run is logged, not thrown, and leaves no file', async () => {
    const source = await createPostgresFromTemplate(runDir(), 'server_rows_1', fillDemo);
    cleanups.push(source.drop);
    const nodes = [
      await openDatabase({ databaseUrl: source.url }),
      await openDatabase({ databaseUrl: source.url }),
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
    const failing = scheduleBackups(nodes[0]!, { dir, keep: 3, everyHours: 24, pgBin: '/nonexistent' }, log);
    await failing.runNow();
    await failing.stop();
    expect(lines.map((line) => line.msg)).toEqual(['scheduled backup failed']);
    expect(String(lines[0]!.obj.err)).toContain('PG_BIN is /nonexistent, which holds no pg_dump');
    const failed = (await recorded()).rows[1]!;
    expect(failed).toMatchObject({ ok: false, file: null });
    expect(failed.error).toContain('PG_BIN is /nonexistent, which holds no pg_dump');
    expect(fs.readdirSync(dir)).toHaveLength(1);
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
